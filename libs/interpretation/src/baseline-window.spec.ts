import { CQ_METHODS, type AmplificationCurve } from '@amplio/domain';
import { climbsLessInSecondHalf } from './baseline';
import { interpretRun } from './interpret';
import type { WellInput } from './interpret-types';
import { configuration, noiseSource, pcrCurve } from './test-factories';

/**
 * The automatic baseline window at its two edges (docs/interpretation.md, "Per channel" 1 and 2):
 * a short window a noise step ended, and a rise still climbing at the last read.
 */
function noisyFlat(seed: number, level = 1, noise = 0.25): AmplificationCurve {
  const random = noiseSource(seed);
  const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
  const fluorescence = cycles.map(() => Math.round((level + noise * random()) / 0.13) * 0.13);
  return { kind: 'raw', cycles, fluorescence };
}

/** The curve on a LightCycler 480 plate with six flat negatives (which set the automatic threshold). */
function plateWith(curve: AmplificationCurve): WellInput[] {
  const channel = (c: AmplificationCurve) => ({
    dye: 'SYBR',
    curve: c,
    signalProcessing: 'lightcycler-480' as const,
  });
  const wells: WellInput[] = [{ position: 'A1', sampleType: 'SAMPLE', channels: [channel(curve)] }];
  for (let i = 1; i <= 6; i++)
    wells.push({ position: `B${i}`, sampleType: 'SAMPLE', channels: [channel(noisyFlat(100 + i))] });
  return wells;
}

function cqOf(curve: AmplificationCurve, cqMethod: (typeof CQ_METHODS)[number]): number | null {
  return interpretRun(plateWith(curve), configuration({ cqMethod }), { chartPoints: false })[0].channels[0]
    .cq;
}

describe('automatic baseline window', () => {
  it('a flat noisy well whose first window reads happen to fall in a line gets no Cq with any method (the short window keeps no slope the noise explains)', () => {
    // Reads 3 to 6 fall by 0.12 a cycle, read 7 is a low outlier: the steepest-step rule ends the
    // window at read 6, and the line through four reads, carried to cycle 23, stood 2 units under
    // the reads (a LightCycler 480 negative outside the fixtures had Cq 23.2, threshold, and 9.8, sdm).
    const curve = noisyFlat(7);
    [1.2, 1.08, 0.96, 0.84, 0.24, 0.96].forEach((value, i) => (curve.fluorescence[2 + i] = value));
    for (const method of CQ_METHODS) expect(cqOf(curve, method)).toBeNull();
  });

  it('a rise still climbing at the last read after its take-off gets a Cq between its take-off and its 50 % point, with every method', () => {
    const { curve, halfCycle } = pcrCurve({
      efficiency: 0.8,
      saturation: 3,
      takeOffCycle: 21,
      rise: 8,
      creep: 1,
      noise: 0.25,
      baseline: 1,
      seed: 9,
    });
    expect(curve.fluorescence[39] - curve.fluorescence[36]).toBeGreaterThan(0.5);
    for (const method of CQ_METHODS) {
      const cq = cqOf(curve, method);
      expect(cq).toBeGreaterThan(19);
      expect(cq).toBeLessThanOrEqual(halfCycle);
    }
  });

  it('a baseline bending up into the last reads gets no threshold Cq', () => {
    const curve = noisyFlat(11, 1, 0.05);
    curve.fluorescence = curve.fluorescence.map((value, i) => value + 4e-3 * Math.max(0, i - 12) ** 2);
    expect(cqOf(curve, 'threshold')).toBeNull();
  });
});

describe('climbsLessInSecondHalf', () => {
  const line = Array.from({ length: 20 }, (_, i) => i);
  it('passes a straight or slowing climb, not one that steepens', () => {
    expect(climbsLessInSecondHalf(line, 4)).toBe(true);
    expect(
      climbsLessInSecondHalf(
        line.map((x) => Math.sqrt(x)),
        4,
      ),
    ).toBe(true);
    expect(
      climbsLessInSecondHalf(
        line.map((x) => x * x),
        4,
      ),
    ).toBe(false);
    expect(
      climbsLessInSecondHalf(
        line.map((x) => Math.exp(x / 4)),
        4,
      ),
    ).toBe(false);
  });
  it('needs a climb of at least 5 reads that ends higher than it starts', () => {
    expect(climbsLessInSecondHalf(line, 16)).toBe(false);
    expect(
      climbsLessInSecondHalf(
        line.map((x) => -x),
        4,
      ),
    ).toBe(false);
  });
});
