import { fitLogistic, logisticSignal, type LogisticFit } from './logistic-fit';

/**
 * Second-derivative-maximum Cq (the LightCycler's Cp). Three variants, measured against Roche's own
 * Cp on two LightCycler 480 data sets (docs/interpretation.md):
 * - 'discrete': maximum of the discrete second difference of the corrected reads, refined by a
 *   parabola (lands about 3.3 cycles after Roche's Cp);
 * - 'fitted': maximum of the second derivative of a fitted five-parameter logistic (about 2.4 late);
 * - 'lightcycler' (default): where the fitted curve's second derivative rises fastest, i.e. the
 *   maximum of its third derivative, searched in the 8 cycles before the second-derivative maximum,
 *   or, when it comes first, where the fitted curve reaches LIGHTCYCLER_CP_FRACTION of its amplitude
 *   (docs/interpretation.md, "The LightCycler 480 Cp at a tenth of the amplitude").
 */
export type SdmVariant = 'discrete' | 'fitted' | 'lightcycler';

/**
 * Roche's LightCycler 480 Cp lies where the amplification has climbed this fraction of its fitted
 * amplitude above the baseline: 9.5 % on the AMC plate of volume_machine.rdml (27 wells) and, median,
 * on the 960 reactions of the Vermeulen benchmark (interquartile range 9.0-10.0 %). A symmetric
 * logistic's third derivative peaks at 1 / (6 + 2 sqrt 6) = 9.2 % of its amplitude, so on symmetric
 * curves the two readings agree; an asymmetric fit (a slow approach to the plateau, f < 1) moves its
 * third-derivative maximum up the curve (14 % at f = 0.6) while Roche's Cp stays at this level.
 */
export const LIGHTCYCLER_CP_FRACTION = 0.095;

/** The cycle where the fitted sigmoid reaches `fraction` of its amplitude above the baseline. */
export function fittedLevelCycle(fit: Pick<LogisticFit, 'e' | 's' | 'f'>, fraction: number): number {
  return fit.e - fit.s * Math.log(Math.pow(fraction, -1 / fit.f) - 1);
}

/** Grid step (cycles) of the numerical derivatives of the fitted curve. */
const GRID_STEP = 0.05;

export function discreteSdmCq(
  cycles: ArrayLike<number>,
  corrected: ArrayLike<number>,
  fromIndex = 0,
): number | null {
  const n = Math.min(cycles.length, corrected.length);
  if (n < 5) return null;
  let best = -1;
  let bestValue = -Infinity;
  const second = new Float64Array(n);
  for (let i = Math.max(1, fromIndex); i < n - 1; i++) {
    second[i] = corrected[i + 1] - 2 * corrected[i] + corrected[i - 1];
    if (second[i] > bestValue) {
      bestValue = second[i];
      best = i;
    }
  }
  if (best < 0 || bestValue <= 0) return null;
  if (best <= Math.max(1, fromIndex) || best >= n - 2) return cycles[best];
  const a = second[best - 1];
  const b = second[best];
  const c = second[best + 1];
  const denominator = a - 2 * b + c;
  const shift = denominator === 0 ? 0 : (0.5 * (a - c)) / denominator;
  return cycles[best] + shift * (cycles[best + 1] - cycles[best]);
}

/** Index of the largest value in values[from..to], refined by a parabola; returns a grid position. */
function refinedPeak(values: Float64Array, from: number, to: number): number {
  let best = from;
  for (let i = from + 1; i <= to; i++) if (values[i] > values[best]) best = i;
  if (best > from && best < to) {
    const a = values[best - 1];
    const b = values[best];
    const c = values[best + 1];
    const denominator = a - 2 * b + c;
    if (denominator < 0) return best + (0.5 * (a - c)) / denominator;
  }
  return best;
}

/** The second- and third-derivative maxima of a fitted curve, in cycles. */
export function fittedDerivativeMaxima(
  fit: LogisticFit,
  firstCycle: number,
  lastCycle: number,
): { sdm: number; tdm: number } {
  const count = Math.floor((lastCycle - firstCycle) / GRID_STEP) + 1;
  const g = new Float64Array(count);
  for (let i = 0; i < count; i++) g[i] = logisticSignal(fit, firstCycle + i * GRID_STEP);
  const h2 = GRID_STEP * GRID_STEP;
  const second = new Float64Array(count).fill(-Infinity);
  for (let i = 1; i < count - 1; i++) second[i] = (g[i + 1] - 2 * g[i] + g[i - 1]) / h2;
  const sdmIndex = refinedPeak(second, 1, count - 2);
  const third = new Float64Array(count).fill(-Infinity);
  const to = Math.min(count - 3, Math.floor(sdmIndex));
  const from = Math.max(2, Math.floor(sdmIndex - 8 / GRID_STEP));
  for (let i = from; i <= to; i++) third[i] = (second[i + 1] - second[i - 1]) / (2 * GRID_STEP);
  const tdmIndex = to > from ? refinedPeak(third, from, to) : sdmIndex;
  return { sdm: firstCycle + sdmIndex * GRID_STEP, tdm: firstCycle + tdmIndex * GRID_STEP };
}

/**
 * The fitted curve of a well: a four-parameter logistic (f = 1) and a five-parameter one, each
 * with a linear baseline, fitted on the curve; the five-parameter fit is kept only when Akaike's
 * criterion prefers it (n ln(RSS/n) + 2k, k = 5 or 6), as Spiess et al. (2008) propose: on noisy,
 * low-amplitude curves the asymmetry f is not determined by the data and would move the
 * derivative maxima by cycles.
 */
export function fitAmplification(cycles: ArrayLike<number>, values: ArrayLike<number>): LogisticFit | null {
  const n = Math.min(cycles.length, values.length);
  const four = fitLogistic(cycles, values, 200, true, false);
  const five = fitLogistic(cycles, values, 200, true, true);
  const aic = (fit: LogisticFit, k: number) => n * Math.log(Math.max(fit.rss, 1e-300) / n) + 2 * k;
  const usable = (fit: LogisticFit | null): fit is LogisticFit => fit !== null && fit.amplitude > 0;
  if (usable(four) && usable(five)) return aic(five, 6) < aic(four, 5) ? five : four;
  return usable(four) ? four : usable(five) ? five : null;
}

/**
 * Cq by second-derivative maximum, in the chosen variant, from fitAmplification on the curve.
 * Null when the curve is too short, the fit fails, the fitted amplitude is not positive, or the
 * maximum falls outside the reads (within half a cycle of either end: no maximum was seen).
 */
export function sdmCq(
  cycles: ArrayLike<number>,
  corrected: ArrayLike<number>,
  fromIndex = 0,
  variant: SdmVariant = 'lightcycler',
): number | null {
  if (variant === 'discrete') return discreteSdmCq(cycles, corrected, fromIndex);
  const n = Math.min(cycles.length, corrected.length);
  if (n < 8) return null;
  const fit = fitAmplification(cycles, corrected);
  if (!fit) return null;
  const first = cycles[0];
  const last = cycles[n - 1];
  const { sdm, tdm } = fittedDerivativeMaxima(fit, first - 10, last + 10);
  const inside = (x: number): boolean => x > first + 0.5 && x < last - 0.5;
  const level = fittedLevelCycle(fit, LIGHTCYCLER_CP_FRACTION);
  const cq = variant === 'fitted' ? sdm : inside(level) ? Math.min(tdm, level) : tdm;
  return inside(cq) ? cq : null;
}
