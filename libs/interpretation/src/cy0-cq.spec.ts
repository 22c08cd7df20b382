import { cy0Cq, cy0OfFit } from './cy0-cq';
import { interpretRun, type WellInput } from './interpret';
import { configuration } from './test-factories';

/** Deterministic noise, uniform in [-0.5, 0.5) (LCG). */
function uniformSource(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  };
}

interface Richards {
  baseline: number;
  drift: number;
  amplitude: number;
  e: number;
  s: number;
  f: number;
  noise: number;
  seed: number;
}

function richards(p: Richards): { cycles: number[]; fluorescence: number[] } {
  const random = uniformSource(p.seed);
  const cycles = Array.from({ length: 45 }, (_, i) => i + 1);
  const fluorescence = cycles.map(
    (x) =>
      p.baseline +
      p.drift * x +
      p.amplitude * Math.pow(1 + Math.exp(-(x - p.e) / p.s), -p.f) +
      p.noise * random(),
  );
  return { cycles, fluorescence };
}

/** Cy0 found numerically: tangent at the numerically found steepest point of the noiseless curve. */
function numericCy0(p: Pick<Richards, 'amplitude' | 'e' | 's' | 'f'>): number {
  const g = (x: number) => p.amplitude * Math.pow(1 + Math.exp(-(x - p.e) / p.s), -p.f);
  const h = 1e-4;
  let best = 0;
  let bestSlope = -Infinity;
  for (let x = -20; x <= 80; x += 0.001) {
    const slope = (g(x + h) - g(x - h)) / (2 * h);
    if (slope > bestSlope) {
      bestSlope = slope;
      best = x;
    }
  }
  return best - g(best) / bestSlope;
}

describe('Cy0 (Guescini 2008): tangent at the inflection point meets the baseline', () => {
  it.each([
    [20, 1.5, 1],
    [25, 2, 0.5],
    [30, 1.2, 3],
  ])('the closed form equals the numerical tangent (e %s, s %s, f %s)', (e, s, f) => {
    expect(cy0OfFit({ e, s, f })).toBeCloseTo(numericCy0({ amplitude: 1, e, s, f }), 2);
    if (f === 1) expect(cy0OfFit({ e, s, f })).toBeCloseTo(e - 2 * s, 10);
  });

  it('finds the known Cy0 of noiseless Richards curves on any baseline level', () => {
    for (const [e, s, f, baseline] of [
      [22, 1.6, 1, 100],
      [28, 2.2, 0.7, 5000],
      [18, 1.1, 2.5, 0.5],
    ]) {
      const p = { baseline, drift: 0, amplitude: 1000, e, s, f, noise: 0, seed: 1 };
      const { cycles, fluorescence } = richards(p);
      expect(cy0Cq(cycles, fluorescence)).toBeCloseTo(cy0OfFit(p), 3);
    }
  });

  it('stays within 0.15 cycle of the known Cy0 with 1 % noise, on 40 curves of every shape', () => {
    const errors: number[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const p = {
        baseline: 50 + seed,
        drift: 0,
        amplitude: 200 + 50 * seed,
        e: 15 + (seed % 17),
        s: 1 + ((seed * 7) % 11) / 10,
        f: [0.6, 1, 1.8][seed % 3],
        noise: 0,
        seed,
      };
      p.noise = 0.01 * p.amplitude;
      const { cycles, fluorescence } = richards(p);
      const cq = cy0Cq(cycles, fluorescence);
      errors.push(cq === null ? Infinity : Math.abs(cq - cy0OfFit(p)));
    }
    expect(Math.max(...errors)).toBeLessThan(0.15);
  });

  it('the engine (cqMethod cy0) removes a drifting baseline first and finds Cy0 per reaction', () => {
    const params = [0, 1, 2, 3, 4, 5].map((i) => ({
      baseline: 300,
      drift: i % 2 === 0 ? 4 : -3,
      amplitude: 2000,
      e: 18 + 2 * i,
      s: 1.4 + 0.1 * i,
      f: 1,
      noise: 4,
      seed: i + 7,
    }));
    const wells: WellInput[] = params.map((p, i) => ({
      position: `A${i + 1}`,
      sampleType: 'SAMPLE',
      channels: [{ dye: 'SYBR', curve: { kind: 'raw', ...richards(p) } }],
    }));
    const results = interpretRun(wells, configuration({ cqMethod: 'cy0' }));
    results.forEach((result, i) => {
      expect(result.channels[0].cq).not.toBeNull();
      expect(Math.abs((result.channels[0].cq ?? 0) - cy0OfFit(params[i]))).toBeLessThan(0.2);
    });
  });

  it('gives no Cq to a flat noisy curve and none when the tangent meets the baseline outside the run', () => {
    const random = uniformSource(3);
    const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
    const flat = cycles.map(() => 100 + 2 * random());
    const well: WellInput = {
      position: 'A1',
      sampleType: 'SAMPLE',
      channels: [{ dye: 'SYBR', curve: { kind: 'raw', cycles, fluorescence: flat } }],
    };
    const result = interpretRun([well], configuration({ cqMethod: 'cy0' }))[0];
    expect(result.channels[0].cq).toBeNull();
    expect(result.requiresReview).toBe(false);
    // Rising from the first read: the tangent meets the baseline before cycle 1.
    const early = richards({ baseline: 0, drift: 0, amplitude: 1000, e: 2, s: 1.5, f: 1, noise: 0, seed: 1 });
    expect(cy0Cq(early.cycles, early.fluorescence)).toBeNull();
    expect(cy0Cq([1, 2, 3], [1, 2, 3])).toBeNull();
  });
});
