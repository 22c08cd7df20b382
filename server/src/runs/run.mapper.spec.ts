import type { LotView, RunEntity, WellEntity, WellInterpretationEntity } from '@amplio/db';
import { CHART_DIGITS, chartValue, toChartDto, toRunDto, toRunSummary } from './run.mapper';

describe('chartValue', () => {
  it.each([
    [1234.5678901234, 1234.57],
    [0.00123456789, 0.00123457],
    [-0.0000123456789, -0.0000123457],
    [98765432.1, 98765400],
    [2, 2],
    [0, 0],
  ])('%p -> %p', (value, expected) => {
    expect(chartValue(value)).toBe(expected);
  });

  it(`keeps ${CHART_DIGITS} significant digits at every scale (relative error at most 5e-6)`, () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 10_000; i += 1) {
      const value = (random() - 0.2) * 10 ** (Math.floor(random() * 12) - 4);
      if (value === 0) continue;
      expect(Math.abs(chartValue(value) - value) / Math.abs(value)).toBeLessThanOrEqual(5e-6);
    }
  });
});

describe('toChartDto', () => {
  it('rounds the points of each channel and keeps the cycles, threshold and Cq as they are', () => {
    const wells = [{ id: 'w1', position: 'A1' }] as WellEntity[];
    const interpretations = [
      {
        wellId: 'w1',
        channels: [
          {
            dye: 'FAM',
            cq: 24.123456789,
            endRfu: 1,
            threshold: 0.123456789,
            points: [
              { x: 1, y: 0.0123456789 },
              { x: 2, y: 1234.56789 },
            ],
          },
        ],
      },
    ] as WellInterpretationEntity[];
    expect(toChartDto(wells, interpretations).wells).toEqual([
      {
        position: 'A1',
        channels: [
          {
            name: 'FAM',
            threshold: 0.123456789,
            cq: 24.123456789,
            instrumentCq: null,
            points: [
              { x: 1, y: 0.0123457 },
              { x: 2, y: 1234.57 },
            ],
          },
        ],
      },
    ]);
  });
});

const run = {
  id: 'r1',
  businessId: 'R000001',
  fileName: 'run.xlsx',
  instrumentName: 'QS7',
  interpretationRunByName: null,
  createdAt: new Date('2026-11-28T08:00:00Z'),
  status: 'RUN_TO_INTERPRET',
  runDate: new Date('2026-11-27T15:30:00Z'),
  ftpSent: null,
  laboratoryId: 'lab1',
  analyserId: 'a1',
} as RunEntity;

describe('toRunSummary', () => {
  it("gives SPEC 3's run fields: runImportDate (the run date), kitName and lotName (distinct, comma-separated)", () => {
    const summary = toRunSummary(run, [
      { kitName: 'Kit A', lotName: 'Lot 1' },
      { kitName: 'Kit A', lotName: 'Lot 2' },
      { kitName: 'Kit B', lotName: 'Lot 3' },
    ]);
    expect(summary.runImportDate).toBe('2026-11-27T15:30:00.000Z');
    expect(summary.runImportDate).toBe(summary.runDate);
    expect(summary.created).toBe('2026-11-28T08:00:00.000Z');
    expect(summary.kitName).toBe('Kit A, Kit B');
    expect(summary.lotName).toBe('Lot 1, Lot 2, Lot 3');
  });

  it('leaves them null before any well has a lot, and without a run date', () => {
    const summary = toRunSummary({ ...run, runDate: null }, []);
    expect(summary).toMatchObject({ runImportDate: null, runDate: null, kitName: null, lotName: null });
  });
});

describe('toRunDto wells', () => {
  const lot = { id: 'lot1', name: 'L-001', kitId: 'kit1', kitName: 'Kit A', kitVersionId: 'v1' } as LotView;
  const well = (position: string, lotId: string | null, sampleType: WellEntity['sampleType']) =>
    ({
      id: `w-${position}`,
      position,
      name: null,
      sampleType,
      lotId,
      kitVersionId: lotId ? 'v1' : null,
    }) as WellEntity;

  it("gives SPEC 3's well fields: analyseWell, kit and lot beside the flat names", () => {
    const dto = toRunDto(
      run,
      [],
      null,
      [well('A1', 'lot1', 'SAMPLE'), well('A2', 'lot1', null), well('A3', null, null)],
      [lot],
      new Map([['v1', '1.2']]),
      'Lab',
    );
    expect(dto.wells.A1).toMatchObject({
      analyseWell: true,
      kit: { id: 'kit1', name: 'Kit A' },
      lot: { id: 'lot1', name: 'L-001' },
      kitName: 'Kit A',
      lotName: 'L-001',
      lotId: 'lot1',
      kitVersion: '1.2',
    });
    expect(dto.wells.A2).toMatchObject({ analyseWell: false, kit: { id: 'kit1' }, lot: { id: 'lot1' } });
    expect(dto.wells.A3).toMatchObject({ analyseWell: false, kit: null, lot: null, kitVersion: null });
    expect(dto.laboratory).toEqual({ id: 'lab1', name: 'Lab' });
  });
});
