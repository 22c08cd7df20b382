import fc from 'fast-check';
import { CQ_METHODS } from '@amplio/domain';
import { interpretRun } from './interpret';
import type { WellInput } from './interpret-types';
import { configuration, noiseSource, rawPlate } from './test-factories';

/**
 * Negatives whose raw reads drift in a straight line (docs/interpretation.md, "Drifting
 * negatives"): the automatic window's steepest-step test read a noise step plus the drift it had
 * accumulated as a take-off, ended the window after 3 to 6 reads, dropped that short window's slope
 * (not clear of the noise), and the drift left above the window's level crossed the threshold: a
 * Cq on a straight line.
 */
interface Drift {
  cycles: number;
  /** Drift per cycle in noise SDs, up or down. */
  drift: number;
  /** Level of the reads in noise SDs (raw reads stay positive). */
  level: number;
  noise: number;
  seed: number;
}

/** The curve in A1 beside 23 flat wells at the same level and noise. */
function plate(shape: Drift, first: number[]): WellInput[] {
  const random = noiseSource(shape.seed + 1);
  return rawPlate(first, 23, () => (shape.level + random()) * shape.noise);
}

function driftingLine(shape: Drift): number[] {
  const random = noiseSource(shape.seed);
  return Array.from(
    { length: shape.cycles },
    (_, i) => (shape.level + shape.drift * (i + 1) + random()) * shape.noise,
  );
}

const drifts = fc.record({
  cycles: fc.constantFrom(35, 40, 45, 50),
  drift: fc.oneof(
    fc.double({ min: 0.2, max: 1, noNaN: true }),
    fc.double({ min: -1, max: -0.2, noNaN: true }),
  ),
  level: fc.constantFrom(100, 1_000, 10_000),
  noise: fc.constantFrom(0.002, 0.3, 2),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

describe('negatives drifting in a straight line', () => {
  it('at most 1 % get a Cq or the review flag with any Cq method (drift 0.2 to 1 noise SD a cycle, up or down)', () => {
    let seen = 0;
    const runs = 400;
    fc.assert(
      fc.property(drifts, (shape) => {
        const wells = plate(shape, driftingLine(shape));
        const called = CQ_METHODS.some((cqMethod) => {
          const [well] = interpretRun(wells, configuration({ cqMethod }), { chartPoints: false });
          return well.channels[0].cq !== null || well.requiresReview;
        });
        if (called) seen++;
      }),
      { numRuns: runs, seed: 20261128 },
    );
    expect(seen / runs).toBeLessThanOrEqual(0.01);
  });

  it('negatives with a slow wave (2 noise SDs, period 19 cycles) on the drift: at most 7.5 % get a Cq, at most 3 % only the flag', () => {
    let cq = 0;
    let flagged = 0;
    const runs = 400;
    fc.assert(
      fc.property(drifts, fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), (shape, phase) => {
        const wavy = driftingLine(shape).map(
          (read, i) => read + 2 * shape.noise * Math.sin((i + 1) / 3 + phase),
        );
        const [well] = interpretRun(plate(shape, wavy), configuration(), { chartPoints: false });
        if (well.channels[0].cq !== null) cq++;
        else if (well.requiresReview) flagged++;
      }),
      { numRuns: runs, seed: 20261129 },
    );
    expect(cq / runs).toBeLessThanOrEqual(0.075);
    expect(flagged / runs).toBeLessThanOrEqual(0.03);
  });

  it('a weak amplification on a drift still gets its Cq (12 noise SDs, under the safety net’s bar)', () => {
    const shape = { cycles: 40, drift: 0.1, level: 2_000, noise: 0.3, seed: 10 };
    const rising = driftingLine(shape).map(
      (read, i) => read + (12 * shape.noise) / (1 + Math.exp(-0.8 * (i + 1 - 28))),
    );
    const [well] = interpretRun(plate(shape, rising), configuration(), { chartPoints: false });
    expect(well.channels[0].cq).toBeGreaterThan(27);
    expect(well.channels[0].cq).toBeLessThan(33);
  });
});
