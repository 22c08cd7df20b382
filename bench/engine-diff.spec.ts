import type { AnalysedChannel, AnalysedRun, AnalysedWell } from '../libs/cli/src/analyse';
import { diffAnalysedRuns, formatChange } from './engine-diff';

const channel = (cq: number | null, instrumentCq: number | null = null): AnalysedChannel => ({
  cq,
  endRfu: null,
  threshold: null,
  instrumentCq,
  instrumentThreshold: null,
});

const well = (
  position: string,
  channels: Record<string, AnalysedChannel>,
  requiresReview = false,
  reasonCode: string | null = null,
): AnalysedWell => ({
  position,
  sampleName: null,
  channels,
  ratio: null,
  suggestedResult: null,
  reasonCode,
  requiresReview,
});

const run = (wells: AnalysedWell[]): AnalysedRun => ({
  analyser: 'test',
  plateType: 'PLATE_96',
  cycles: 40,
  channels: ['FAM', 'HEX'],
  wells,
});

describe('diffAnalysedRuns', () => {
  it('reports nothing for the same analysis', () => {
    const same = run([well('A1', { FAM: channel(20.5, 20.4), HEX: channel(null) })]);
    expect(diffAnalysedRuns(same, same)).toEqual([]);
  });

  it('names each kind of change, per channel, with the instrument Cq', () => {
    const before = run([
      well('A1', { FAM: channel(20.5, 20.4), HEX: channel(null) }),
      well('A2', { FAM: channel(30), HEX: channel(31) }, false, 'NO_DIAGNOSTIC_MATCHED'),
    ]);
    const after = run([
      well('A1', { FAM: channel(20.505, 20.4), HEX: channel(33.2) }),
      well('A2', { FAM: channel(null), HEX: channel(32) }, true, 'AMPLIFICATION_WITHOUT_CQ'),
    ]);
    const changes = diffAnalysedRuns(before, after);
    expect(changes.map((c) => [c.position, c.dye, c.kinds])).toEqual([
      ['A1', 'FAM', ['cq moved slightly']],
      ['A1', 'HEX', ['cq gained']],
      ['A2', 'FAM', ['cq lost', 'review gained', 'reason changed']],
      ['A2', 'HEX', ['cq moved', 'review gained', 'reason changed']],
    ]);
    expect(formatChange(changes[0])).toBe(
      'A1 FAM: cq moved slightly: Cq 20.500 -> Cq 20.505 (instrument 20.400)',
    );
    expect(formatChange(changes[2])).toBe(
      'A2 FAM: cq lost, review gained, reason changed: Cq 30.000, NO_DIAGNOSTIC_MATCHED -> Cq none, review, AMPLIFICATION_WITHOUT_CQ (instrument none)',
    );
  });

  it('refuses analyses of different plates', () => {
    const before = run([well('A1', { FAM: channel(20) })]);
    const after = run([well('B1', { FAM: channel(20) })]);
    expect(() => diffAnalysedRuns(before, after)).toThrow('well A1 is missing');
  });
});
