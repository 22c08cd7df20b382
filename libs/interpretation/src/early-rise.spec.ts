import fc from 'fast-check';
import { amplifyingBaselineWindow } from './baseline';
import { interpretRun, type WellInput } from './interpret';
import { configuration, cqOrReviewWithEveryMethod, logisticCurve } from './test-factories';

/**
 * Curves whose rise is under way from the first reads (a large template: Cq 2 to 6), seen on
 * QuantStudio Dx and LightCycler 480 plates outside the fixtures (rdmlpython's
 * large_DNA_dilutions.rdml, docs/interpretation.md "Rises from the first reads"). Before, the
 * 3-read window from cycle 3 lay inside the rise and its line, carried over the run, tilted the
 * whole curve: the corrected plateau fell by up to its full height over 50 cycles and Cy0 found
 * no Cq.
 */
const early = fc.record({
  /** Cycles after the point where the rise is at 5 % of its height at cycle 3 (3 + ln 19 / k). */
  lateBy: fc.double({ min: 0, max: 2, noNaN: true }),
  steepness: fc.double({ min: 0.6, max: 1.1, noNaN: true }),
  amplitude: fc.constantFrom(1, 12, 500, 30_000, 470_000),
  baselineRatio: fc.double({ min: 0.05, max: 3, noNaN: true }),
  noiseRatio: fc.double({ min: 0.0005, max: 0.01, noNaN: true }),
  seed: fc.integer({ min: 1, max: 10_000 }),
});
type Early = typeof early extends fc.Arbitrary<infer T> ? T : never;

/** The logistic's midpoint: at cycle 3 the rise stands at 5 % of its height or less. */
const midpointOf = (f: Early): number => 3 + Math.log(19) / f.steepness + f.lateBy;

const CYCLES = 50;

/** The early curve in A1, beside later amplifications and negatives at its noise (a plate's threshold). */
function plate(f: Early): WellInput[] {
  const noise = f.noiseRatio * f.amplitude;
  const baseline = f.baselineRatio * f.amplitude;
  const well = (position: string, midpoint: number, amplitude: number, seed: number): WellInput => ({
    position,
    sampleType: 'SAMPLE',
    channels: [
      {
        dye: 'SYBR',
        curve: logisticCurve({
          cycles: CYCLES,
          midpoint,
          amplitude,
          steepness: f.steepness,
          baseline,
          noise,
          seed,
        }),
      },
    ],
  });
  return [
    well('A1', midpointOf(f), f.amplitude, f.seed),
    ...[18, 22, 26, 30].map((m, i) => well(`B${i + 1}`, m, f.amplitude, f.seed + i + 1)),
    ...[1, 2, 3, 4].map((i) => well(`C${i}`, 0, 0, f.seed + 10 + i)),
  ];
}

describe('rises under way from the first reads', () => {
  it('the threshold method gives a Cq before the midpoint and an end RFU within 15 % of the rise', () => {
    // The rise stands at up to 5 % at cycle 3 and 10 % of it is passed by cycle 5: the automatic
    // 3-read window (cycles 3 to 5) lies in the rise.
    fc.assert(
      fc.property(early, (f) => {
        const [well] = interpretRun(plate(f), configuration(), { chartPoints: false });
        const channel = well.channels[0];
        expect(channel.cq).not.toBeNull();
        expect(channel.cq ?? Infinity).toBeLessThan(midpointOf(f));
        expect(channel.endRfu ?? 0).toBeGreaterThan(0.85 * f.amplitude);
        expect(channel.endRfu ?? Infinity).toBeLessThan(1.05 * f.amplitude);
      }),
      { numRuns: 150, seed: 71 },
    );
  });

  it('every Cq method gives a Cq or flags the well for review', () => {
    fc.assert(
      fc.property(early, (f) => cqOrReviewWithEveryMethod(plate(f))),
      { numRuns: 80, seed: 73 },
    );
  });

  it('the window keeps only the reads under 10 % of the rise, and no slope is carried over the run', () => {
    const curve = logisticCurve({ cycles: CYCLES, midpoint: 5, amplitude: 470_000, baseline: 20_000 });
    const window = amplifyingBaselineWindow(curve.cycles, curve.fluorescence);
    expect(window.start).toBe(3);
    expect(window.end).toBeLessThanOrEqual(4);
    const [well] = interpretRun(
      [{ position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'SYBR', curve }] }],
      configuration({ cqMethod: 'cy0' }),
      { chartPoints: false },
    );
    expect(well.channels[0].cq).not.toBeNull();
  });
});
