import { fitLine, residualSd, stepNoiseSd } from './curve-math';
import { fitLogistic } from './logistic-fit';

/**
 * The safety net's second opinion (docs/interpretation.md, "Safety net"): a symmetric logistic
 * with a linear baseline, F(x) = b + m x + A / (1 + exp(-(x - e)/s)), fitted by least squares
 * (Levenberg-Marquardt of logistic-fit.ts, at most FIT_ITERATIONS iterations: a clear rise converges
 * in 3 to 7) to the reads from `from` on. The rule tests of amplification-check.ts each read a few
 * reads (one step, the crossing of 10 % of the rise, a short baseline before an early rise); at a
 * signal-to-noise near their limit (an 8-unit rise in noise 0.3, LightCycler 480) one unlucky read
 * fails one of them. The fit weighs every read. The curve amplifies by the fit when all hold:
 * - the reads stray from their least-squares line: its residual SD is at least
 *   FIT_MIN_LINE_RESIDUAL_RATIO step-noise SDs (1.4826 MAD of the steps around their median,
 *   / sqrt 2). A straight or drifting baseline in white noise gives about 1, a rise of 16 noise SDs
 *   inside the reads 2.7 or more; this only spares the fit on drifting negatives;
 * - the fitted amplitude A is at least `minSnr` residual SDs of the fit (sqrt(RSS / (n - 5))):
 *   the noise that counts is what the model cannot explain, a wandering baseline included;
 * - the rise from 10 % to 90 % of A (2 s ln 9 cycles) takes between MIN_RISE_CYCLES and
 *   `maxRiseCycles` (a level jump is faster, a bending baseline slower);
 * - the whole sigmoid lies inside the reads: FIT_BASELINE_READS reads at or before its 10 % point
 *   (it takes off from a baseline) and FIT_PLATEAU_READS at or after its 90 % point (it reaches a
 *   plateau). A baseline that bends up into the last reads is left to the rules: a fit cannot tell
 *   it from the start of a late rise.
 */
export const FIT_BASELINE_READS = 3;
export const FIT_PLATEAU_READS = 3;
export const FIT_MIN_LINE_RESIDUAL_RATIO = 2;
const FIT_ITERATIONS = 15;
const MIN_RISE_CYCLES = 2;
const LN9 = Math.log(9);

export interface FittedAmplification {
  /** Fitted amplitude over the residual SD of the fit. */
  snr: number;
  /** Last read at or before the fitted 10 % point. */
  riseStartCycle: number;
  /** First read at or after the fitted 90 % point. */
  riseEndCycle: number;
}

/** Reused copies of the reads (the engine is synchronous). */
let xs = new Float64Array(64);
let ys = new Float64Array(64);

function straysFromLine(x: Float64Array, y: Float64Array): boolean {
  const n = x.length;
  const lineSd = residualSd(x, y, fitLine(x, y, 0, n - 1), 0, n - 1);
  return lineSd >= FIT_MIN_LINE_RESIDUAL_RATIO * stepNoiseSd(y);
}

/**
 * The smallest non-zero step between reads: the reading quantum of instruments that round their
 * reads (LightCycler: 0.01), 0 for continuous reads. A fit to rounded reads leaves residuals smaller
 * than the rounding, so, as in the rules, the noise is at least half of it: a rise of 3 quanta is
 * not a measured amplification however well a sigmoid runs through it.
 */
function readingQuantum(y: Float64Array): number {
  let quantum = Infinity;
  const scale = 1e-12 * Math.max(Math.abs(y[0]), Math.abs(y[y.length - 1]));
  for (let i = 0; i + 1 < y.length; i++) {
    const step = Math.abs(y[i + 1] - y[i]);
    if (step > scale && step < quantum) quantum = step;
  }
  return Number.isFinite(quantum) ? quantum : 0;
}

/** The fitted rise of the reads from index `from` on, or null when the fit does not show one (above). */
export function fittedAmplification(
  cycles: ArrayLike<number>,
  values: ArrayLike<number>,
  from: number,
  minSnr: number,
  maxRiseCycles: number,
): FittedAmplification | null {
  const n = Math.min(cycles.length, values.length) - from;
  if (n < FIT_BASELINE_READS + FIT_PLATEAU_READS + 4) return null;
  if (xs.length < n) {
    xs = new Float64Array(n * 2);
    ys = new Float64Array(n * 2);
  }
  const x = xs.subarray(0, n);
  const y = ys.subarray(0, n);
  for (let i = 0; i < n; i++) {
    x[i] = cycles[from + i];
    y[i] = values[from + i];
  }
  if (!straysFromLine(x, y)) return null;
  const fit = fitLogistic(x, y, FIT_ITERATIONS, true, false);
  if (!fit || !(fit.amplitude > 0)) return null;
  const snr = fit.amplitude / Math.max(Math.sqrt(fit.rss / (n - 5)), readingQuantum(y) / 2, 1e-300);
  const half = fit.s * LN9;
  const riseStart = fit.e - half;
  const riseEnd = fit.e + half;
  if (!(snr >= minSnr) || 2 * half < MIN_RISE_CYCLES || 2 * half > maxRiseCycles) return null;
  if (!(riseStart >= x[FIT_BASELINE_READS - 1]) || !(riseEnd <= x[n - FIT_PLATEAU_READS])) return null;
  let k = 0;
  while (k + 1 < n && x[k + 1] <= riseStart) k++;
  let j = n - 1;
  while (j > 0 && x[j - 1] >= riseEnd) j--;
  return { snr, riseStartCycle: x[k], riseEndCycle: x[j] };
}
