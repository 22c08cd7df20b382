import { AMPLIFICATION_MAX_RISE_CYCLES, AMPLIFICATION_MIN_SNR } from './amplification-check';
import { deceleratedCycle, fittedAmplification, fittedFractionCycle } from './amplification-fit';
import { noiseSource, pcrCurve } from './test-factories';

/** 45 reads: baseline + slope x + A / (1 + exp(-k (x - midpoint))) + extra(x) + noise. */
function reads(
  f: { amplitude: number; midpoint: number; steepness: number; noise: number; slope?: number; seed?: number },
  extra: (cycle: number) => number = () => 0,
): { cycles: number[]; values: number[] } {
  const random = noiseSource(f.seed ?? 7);
  const cycles: number[] = [];
  const values: number[] = [];
  for (let c = 1; c <= 45; c++) {
    cycles.push(c);
    const signal = f.amplitude / (1 + Math.exp(-f.steepness * (c - f.midpoint)));
    values.push(0.5 + (f.slope ?? 0) * c + signal + extra(c) + f.noise * random());
  }
  return { cycles, values };
}

const fitted = ({ cycles, values }: { cycles: number[]; values: number[] }) =>
  fittedAmplification(cycles, values, 2, AMPLIFICATION_MIN_SNR, AMPLIFICATION_MAX_RISE_CYCLES);

describe('fittedAmplification (the safety net’s second opinion)', () => {
  it('sees an early shallow rise of 28 noise SDs and places its 10 % and 90 % reads around the true ones', () => {
    // 10 % and 90 % of the rise at 15 -/+ ln 9 / 0.5 = 10.6 and 19.4.
    const result = fitted(reads({ amplitude: 8.5, midpoint: 15, steepness: 0.5, noise: 0.3, slope: 0.01 }));
    expect(result).not.toBeNull();
    expect(result?.snr).toBeGreaterThan(AMPLIFICATION_MIN_SNR);
    expect(result?.riseStartCycle).toBeGreaterThanOrEqual(9);
    expect(result?.riseStartCycle).toBeLessThanOrEqual(11);
    expect(result?.riseEndCycle).toBeGreaterThanOrEqual(19);
    expect(result?.riseEndCycle).toBeLessThanOrEqual(21);
  });

  it('sees nothing in a drifting baseline, a parabola bending up into the last reads, or a rise of 10 noise SDs', () => {
    expect(fitted(reads({ amplitude: 0, midpoint: 20, steepness: 0.5, noise: 0.3, slope: 0.05 }))).toBeNull();
    const bending = reads(
      { amplitude: 0, midpoint: 20, steepness: 0.5, noise: 0.01 },
      (c) => 2e-3 * (c - 10) ** 2,
    );
    expect(fitted(bending)).toBeNull();
    expect(fitted(reads({ amplitude: 3, midpoint: 20, steepness: 0.6, noise: 0.3 }))).toBeNull();
  });

  it('sees a late rise past its steepest point when the run ends, from its take-off to the last read', () => {
    // 10 % of the rise at 40 - ln 9 / 0.7 = 36.9; the inflection at 40, five reads before the end.
    const result = fitted(reads({ amplitude: 8.5, midpoint: 40, steepness: 0.7, noise: 0.1 }));
    expect(result).not.toBeNull();
    expect(result?.riseStartCycle).toBeGreaterThanOrEqual(36);
    expect(result?.riseStartCycle).toBeLessThanOrEqual(37);
    expect(result?.riseEndCycle).toBe(45);
  });

  it('sees no rise whose steepest point is in the last three reads, nor a bend or a decay', () => {
    expect(fitted(reads({ amplitude: 8.5, midpoint: 43.5, steepness: 0.7, noise: 0.1 }))).toBeNull();
    // Accelerating to the last read (an exponential bend), and a start-up decay flattening out.
    const exponential = reads({ amplitude: 0, midpoint: 20, steepness: 0.5, noise: 0.05 }, (c) =>
      Math.exp((c - 45) / 5),
    );
    expect(fitted(exponential)).toBeNull();
    const decay = reads(
      { amplitude: 0, midpoint: 20, steepness: 0.5, noise: 0.05 },
      (c) => 3 * Math.exp(-c / 6),
    );
    expect(fitted(decay)).toBeNull();
  });

  it('sees no late rise whose fitted baseline line moves more than a quarter of the height it reached', () => {
    // lc96_bACTXY.rdml's E7 HEX (Roche: Negative), its reads to 4 decimals: a decay of 0.003 over
    // 35 reads, then a step of 0.0013 in reads 37 to 46. The symmetric fit puts it past its steepest
    // point (20 residual SDs) on a line that falls by 0.002 over the run: 0.84 of the height reached.
    const values = [
      343, 333, 330, 327, 325, 324, 323, 322, 322, 322, 321, 321, 320, 319, 319, 319, 319, 318, 317, 318, 318,
      317, 317, 317, 316, 316, 316, 316, 316, 316, 315, 315, 315, 315, 315, 315, 316, 316, 316, 318, 320, 322,
      324, 326, 327, 328, 328, 328, 329, 328,
    ].map((read) => read / 10_000);
    expect(fitted({ cycles: values.map((_, i) => i + 1), values })).toBeNull();
  });

  it('places the 10 %, 50 % and 90 % points and the end of the rise of an asymmetric curve', () => {
    const symmetric = { e: 20, s: 2, f: 1 };
    expect(fittedFractionCycle(symmetric, 0.1)).toBeCloseTo(20 - 2 * Math.log(9), 10);
    expect(fittedFractionCycle(symmetric, 0.9)).toBeCloseTo(20 + 2 * Math.log(9), 10);
    // The slope of a logistic is 4 g (1 - g) of its maximum: a third of it at g = 0.908.
    const end = deceleratedCycle(symmetric, 1 / 3);
    const g = 1 / (1 + Math.exp(-(end - 20) / 2));
    expect(4 * g * (1 - g)).toBeCloseTo(1 / 3, 8);
    expect(g).toBeGreaterThan(0.5);
    const sharp = { e: 5, s: 12, f: 8 };
    for (const p of [0.1, 0.5, 0.9])
      expect(Math.pow(1 + Math.exp(-(fittedFractionCycle(sharp, p) - 5) / 12), -8)).toBeCloseTo(p, 10);
    // Taking off at a rate f / s and creeping up at 1 / s, its slope falls to a third before 90 %.
    expect(deceleratedCycle(sharp, 1 / 3)).toBeLessThan(fittedFractionCycle(sharp, 0.9));
    expect(deceleratedCycle(sharp, 1 / 3)).toBeGreaterThan(fittedFractionCycle(sharp, 0.5));
  });

  it('sees a rise that takes off sharply and creeps to its plateau, which the symmetric logistic leaves to a baseline slope', () => {
    const { curve } = pcrCurve({
      efficiency: 0.9,
      saturation: 3,
      takeOffCycle: 14,
      rise: 8,
      creep: 0.4,
      noise: 0.25,
      baseline: 1,
      quantum: 0.13,
      seed: 12,
    });
    const result = fitted({ cycles: curve.cycles, values: curve.fluorescence });
    expect(result).not.toBeNull();
    expect(result?.riseStartCycle).toBeGreaterThanOrEqual(11);
    expect(result?.riseStartCycle).toBeLessThanOrEqual(15);
  });
});
