import type { ParsedRun, ParsedWell } from '@amplio/domain';
import { recoverThresholdsFromCq } from './threshold-from-cq';

const CFX = { agreement: 1e-3, instrument: 'CFX' };

const CYCLES = Array.from({ length: 10 }, (_value, index) => index + 1);

/** A well whose reads climb 10 per cycle from 0 (so the threshold at Cq c is 10 (c - 1)). */
function well(position: string, cq: number | null, slope = 10): ParsedWell {
  return {
    position,
    sampleName: null,
    sampleRole: null,
    channels: {
      SYBR: {
        dye: 'SYBR',
        curve: {
          kind: 'baseline-corrected',
          cycles: CYCLES,
          fluorescence: CYCLES.map((c) => slope * (c - 1)),
        },
        instrumentCq: cq,
        instrumentThreshold: null,
        instrumentBaseline: null,
        instrumentCall: null,
      },
    },
  };
}

function run(wells: ParsedWell[]): ParsedRun {
  return {
    format: 'biorad-cfx-csv',
    plateType: 'RECTANGULAR_96',
    cycleCount: 10,
    channels: [{ dye: 'SYBR', originalName: 'SYBR' }],
    wells,
    instrumentName: null,
    serialNumber: null,
    runDate: null,
  };
}

const thresholds = (parsed: ParsedRun) => parsed.wells.map((w) => w.channels.SYBR.instrumentThreshold);

describe('CFX threshold recovered from the Cq', () => {
  it('wells that agree give their threshold to every well of the group, those without a Cq too', () => {
    const parsed = run([well('A1', 5.5), well('A2', 5.5), well('A3', null)]);
    const notes = recoverThresholdsFromCq(parsed, [{ dye: 'SYBR', positions: ['A1', 'A2', 'A3'] }], CFX);
    expect(thresholds(parsed)).toEqual([45, 45, 45]);
    expect(notes[0]).toMatch(/recovered from the Cq of 2 of 2 wells: 45/);
  });

  it('wells within the agreement given (the SDS smooths its reads: a few per cent) agree', () => {
    const parsed = run([well('A1', 5.5), well('A2', 5.5, 10.3), well('A3', 5.5, 9.8)]);
    expect(recoverThresholdsFromCq(parsed, [{ dye: 'SYBR', positions: ['A1', 'A2', 'A3'] }], CFX)).toEqual(
      [],
    );
    recoverThresholdsFromCq(parsed, [{ dye: 'SYBR', positions: ['A1', 'A2', 'A3'] }], {
      agreement: 0.05,
      instrument: '7500',
    });
    expect(thresholds(parsed)).toEqual([45, 45, 45]);
  });

  it('wells that disagree (a per-well "regression" Cq) or a single Cq give none', () => {
    const disagreeing = run([well('A1', 5.5), well('A2', 5.5, 12), well('A3', 5.5, 14)]);
    expect(
      recoverThresholdsFromCq(disagreeing, [{ dye: 'SYBR', positions: ['A1', 'A2', 'A3'] }], CFX),
    ).toEqual([]);
    expect(thresholds(disagreeing)).toEqual([null, null, null]);
    const single = run([well('A1', 5.5), well('A2', null)]);
    recoverThresholdsFromCq(single, [{ dye: 'SYBR', positions: ['A1', 'A2'] }], CFX);
    expect(thresholds(single)).toEqual([null, null]);
  });

  it('each well group keeps its own threshold', () => {
    const parsed = run([well('A1', 3.5), well('A2', 3.5), well('D1', 6.5), well('D2', 6.5)]);
    recoverThresholdsFromCq(
      parsed,
      [
        { dye: 'SYBR', positions: ['A1', 'A2'] },
        { dye: 'SYBR', positions: ['D1', 'D2'] },
      ],
      CFX,
    );
    expect(thresholds(parsed)).toEqual([25, 25, 55, 55]);
  });
});
