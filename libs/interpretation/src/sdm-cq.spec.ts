import { LIGHTCYCLER_CP_FRACTION, fittedDerivativeMaxima, fittedLevelCycle, sdmCq } from './sdm-cq';
import { interpretRun, type WellInput } from './interpret';
import { configuration, noiseSource } from './test-factories';

interface LowAmplitude {
  cycles: number[];
  fluorescence: number[];
  /** Exact second- and third-derivative maxima of the noiseless curve. */
  sdm: number;
  tdm: number;
  /** The LightCycler Cp of the noiseless curve: its third-derivative maximum or, when earlier, its 9.5 % level. */
  lightcycler: number;
}

/**
 * A LightCycler-like low-amplitude curve: 0.5 rising to about 9 units, noise SD 0.3, a logistic of
 * midpoint e and scale s (optionally asymmetric, f != 1) on a slight drift.
 */
function lowAmplitude(seed: number, f = 1): LowAmplitude {
  const random = noiseSource(seed);
  const e = 16 + (seed % 17);
  const s = 1 + ((seed * 7) % 13) / 10;
  const drift = (((seed * 3) % 5) - 2) * 0.005;
  const model = { amplitude: 8.5, e, s, f, b: 0, m: 0, rss: 0, iterations: 0 };
  const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
  const fluorescence = cycles.map(
    (c) => 0.5 + drift * c + 8.5 * Math.pow(1 + Math.exp(-(c - e) / s), -f) + 0.3 * random(),
  );
  const { sdm, tdm } = fittedDerivativeMaxima(model, -10, 50);
  const lightcycler = Math.min(tdm, fittedLevelCycle(model, LIGHTCYCLER_CP_FRACTION));
  return { cycles, fluorescence, sdm, tdm, lightcycler };
}

function errors(f: number, variant: 'fitted' | 'lightcycler'): number[] {
  const out: number[] = [];
  for (let seed = 1; seed <= 60; seed++) {
    const curve = lowAmplitude(seed, f);
    const cq = sdmCq(curve.cycles, curve.fluorescence, 0, variant);
    out.push(cq === null ? Infinity : Math.abs(cq - (variant === 'fitted' ? curve.sdm : curve.lightcycler)));
  }
  return out.sort((a, b) => a - b);
}

describe('second-derivative maximum on low-amplitude curves (0.5 -> 9 units, noise 0.3)', () => {
  // Measured figures (docs/interpretation.md); the bounds pin them with a small margin.
  it.each<[number, 'fitted' | 'lightcycler', number, number]>([
    [1, 'fitted', 0.3, 1.6],
    [1, 'lightcycler', 0.35, 2.1],
    [0.6, 'fitted', 0.6, 3.5],
    [0.6, 'lightcycler', 0.7, 4.5],
    [2, 'fitted', 0.5, 1.5],
    [2, 'lightcycler', 0.6, 2.0],
  ])('asymmetry f = %s, %s maximum: median error <= %s, max <= %s cycles', (f, variant, median, max) => {
    const e = errors(f, variant);
    console.log(`f=${f} ${variant}: median ${e[e.length >> 1].toFixed(3)} max ${e[e.length - 1].toFixed(3)}`);
    expect(e[e.length >> 1]).toBeLessThanOrEqual(median);
    expect(e[e.length - 1]).toBeLessThanOrEqual(max);
  });

  it('the engine (cqMethod sdm) gives every such well a Cq, threshold crossing or not', () => {
    const wells: WellInput[] = Array.from({ length: 40 }, (_, i) => {
      const curve = lowAmplitude(i + 1);
      return {
        position: `A${i + 1}`,
        sampleType: 'SAMPLE',
        channels: [
          { dye: 'SYBR', curve: { kind: 'raw', cycles: curve.cycles, fluorescence: curve.fluorescence } },
        ],
      };
    });
    const results = interpretRun(wells, configuration({ cqMethod: 'sdm' }));
    expect(results.filter((r) => r.channels[0].cq === null).map((r) => r.position)).toEqual([]);
    expect(results.every((r) => !r.requiresReview)).toBe(true);
  });

  it('a flat curve has no second-derivative maximum inside the run', () => {
    const random = noiseSource(5);
    const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
    const flat = cycles.map(() => 0.5 + 0.3 * random());
    const result = interpretRun(
      [
        {
          position: 'A1',
          sampleType: 'SAMPLE',
          channels: [{ dye: 'SYBR', curve: { kind: 'raw', cycles, fluorescence: flat } }],
        },
      ],
      configuration({ cqMethod: 'sdm' }),
    )[0];
    expect(result.channels[0].cq).toBeNull();
    expect(result.requiresReview).toBe(false);
  });
});

describe('the LightCycler Cp: the third-derivative maximum, or the 9.5 % level when that comes first', () => {
  const cycles = Array.from({ length: 45 }, (_, i) => i + 1);
  const curve = (f: number, e: number, s: number): number[] =>
    cycles.map((c) => 0.2 + 0.001 * c + 10 * Math.pow(1 + Math.exp(-(c - e) / s), -f));

  it('a slow approach to the plateau (f = 0.5 to 0.8): at the 9.5 % level, before the third-derivative maximum', () => {
    for (const f of [0.5, 0.6, 0.7, 0.8])
      for (const [e, s] of [
        [22, 1.2],
        [28, 1.6],
        [33, 1],
      ]) {
        const model = { amplitude: 10, e, s, f };
        const level = fittedLevelCycle(model, LIGHTCYCLER_CP_FRACTION);
        const { tdm } = fittedDerivativeMaxima({ ...model, b: 0, m: 0, rss: 0, iterations: 0 }, -10, 60);
        expect(tdm - level).toBeGreaterThan(0.2);
        expect(sdmCq(cycles, curve(f, e, s))).toBeCloseTo(level, 1);
      }
  });

  it('a symmetric or sharp-topped curve (f >= 1): at its third-derivative maximum', () => {
    for (const f of [1, 1.5, 2]) {
      const model = { amplitude: 10, e: 25, s: 1.3, f, b: 0, m: 0, rss: 0, iterations: 0 };
      const { tdm } = fittedDerivativeMaxima(model, -10, 60);
      expect(tdm).toBeLessThanOrEqual(fittedLevelCycle(model, LIGHTCYCLER_CP_FRACTION));
      expect(sdmCq(cycles, curve(f, 25, 1.3))).toBeCloseTo(tdm, 1);
    }
  });

  it('the level cycle is where the sigmoid reaches that fraction of its amplitude', () => {
    const model = { amplitude: 7, e: 20, s: 1.4, f: 0.65 };
    const x = fittedLevelCycle(model, 0.095);
    expect(7 * Math.pow(1 + Math.exp(-(x - 20) / 1.4), -0.65)).toBeCloseTo(0.095 * 7, 10);
  });
});
