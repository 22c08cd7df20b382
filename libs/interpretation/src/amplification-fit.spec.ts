import { AMPLIFICATION_MAX_RISE_CYCLES, AMPLIFICATION_MIN_SNR } from './amplification-check';
import { fittedAmplification } from './amplification-fit';
import { noiseSource } from './test-factories';

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

  it('sees no rise that has not reached its plateau three reads before the end', () => {
    expect(fitted(reads({ amplitude: 8.5, midpoint: 40, steepness: 0.7, noise: 0.1 }))).toBeNull();
  });
});
