import { lineAndStepNoise, significantLine } from './curve-math';
import { fitLogistic, logisticSignal, type LogisticFit } from './logistic-fit';

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
 * - the whole sigmoid lies inside the reads: its 10 % point at or after the first read fitted (it
 *   takes off inside the reads: a slow rise under way from the first reads counts, docs/
 *   interpretation.md "Early slow rises"; a start-up that rises and settles is steepest at its
 *   first reads and puts its 10 % point before them; under twice the bar, such an early rise may not
 *   sit on a fitted line that falls by more than a quarter of its amplitude, an arch: "Arches") and
 *   FIT_PLATEAU_READS reads at or after its 90 % point (it reaches a plateau). A baseline that
 *   bends up into the last reads is left to the rules and to the late-rise reading below, which
 *   asks for FIT_BASELINE_READS reads before the take-off.
 * A curve the symmetric logistic does not pass is fitted again with the asymmetry f free (the
 * five-parameter Richards curve, 10 % and 90 % points at e - s ln(p^(-1/f) - 1)) and judged by the
 * same tests. Real curves often take off sharply and creep to their plateau (LightCycler 480 SYBR
 * curves of 4 to 10 units in noise 0.25 to 0.3: a step of 1.4 units out of the baseline, then 15
 * cycles of slowing steps). The symmetric curve cannot follow both ends: its residual SD doubles,
 * its baseline slope takes a third of the rise, and its 10 to 90 % span runs past the reads, so
 * such a rise of 25 to 45 noise SDs was seen by neither the rules nor this fit.
 *
 * A late rise, cut by the end of the run before its plateau, is a sigmoid the fits above refuse (its
 * 90 % point is not inside the reads). It amplifies when a fit (symmetric, then asymmetric) shows it
 * past its steepest point: the fitted inflection at least LATE_RISE_READS_AFTER_INFLECTION reads before
 * the last read (the reads have started to slow down: a baseline bending up into the last reads
 * accelerates to the end, its fitted inflection lies beyond them), the height the curve reached at
 * the last read at least `minSnr` residual SDs, the take-off inside the reads as above, and the
 * fitted baseline line changing over the reads by at most LATE_RISE_MAX_BASELINE_FRACTION of that
 * height (a decay flattening out cannot pass as a falling line under a rising sigmoid). Found by a
 * random sweep of synthetic plates: rises of 20 to 30 noise SDs whose midpoint lies 3 to 8 cycles
 * before the last read got neither a Cq nor a flag (docs/interpretation.md, "Late rises").
 */
export const FIT_BASELINE_READS = 3;
export const FIT_PLATEAU_READS = 3;
export const FIT_MIN_LINE_RESIDUAL_RATIO = 1.5;
/** The rise has ended where the fitted slope has fallen to this fraction of its maximum (or at 90 %). */
export const FIT_END_SLOPE_RATIO = 1 / 3;
/** Reads before the fitted 10 % point that show the baseline's own slope (for the bounded-slope refit). */
export const FIT_SLOPE_BASELINE_READS = 5;
/** ... and keeps when it stands this many standard errors from 0 (as a short baseline window does). */
export const FIT_BASELINE_SLOPE_SES = 3;
/** Reads a late rise keeps after its fitted inflection (see above). */
export const LATE_RISE_READS_AFTER_INFLECTION = 3;
/** Largest change of a late rise's fitted baseline line over the reads, as a fraction of the height reached. */
export const LATE_RISE_MAX_BASELINE_FRACTION = 0.25;
/** A whole sigmoid that takes off within its first reads and stands this many times the bar needs no flat baseline line. */
export const EARLY_RISE_SNR_FACTOR = 2;
/** Under that, the largest fall of its fitted baseline line over the reads, as a fraction of its amplitude. */
export const EARLY_RISE_MAX_FALL_FRACTION = 0.25;
const FIT_ITERATIONS = 15;
const MIN_RISE_CYCLES = 2;

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
  const { lineSd, stepSd } = lineAndStepNoise(x, y, 0, x.length - 1);
  return lineSd >= FIT_MIN_LINE_RESIDUAL_RATIO * stepSd;
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

/**
 * The cycle where a fitted curve reaches the fraction p of its amplitude: for
 * A / (1 + exp(-(x - e)/s))^f, x = e - s ln(p^(-1/f) - 1) (e -/+ s ln 9 at 10 % and 90 % for f = 1).
 */
export function fittedFractionCycle(fit: Pick<LogisticFit, 'e' | 's' | 'f'>, p: number): number {
  return fit.e - fit.s * Math.log(Math.pow(p, -1 / fit.f) - 1);
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
  const quantum = readingQuantum(y);
  const symmetricFit = fitLogistic(x, y, FIT_ITERATIONS, true, false);
  const symmetric = judgeFit(symmetricFit, x, quantum, minSnr, maxRiseCycles);
  if (symmetric) return symmetric;
  const asymmetric = fitLogistic(x, y, FIT_ITERATIONS, true, true);
  const judged = judgeFit(asymmetric, x, quantum, minSnr, maxRiseCycles);
  if (judged) return judged;
  const late =
    judgeLateRise(symmetricFit, x, quantum, minSnr, maxRiseCycles) ??
    judgeLateRise(asymmetric, x, quantum, minSnr, maxRiseCycles);
  if (late || !asymmetric || !(asymmetric.amplitude > 0)) return late;
  // A rise that saturates slowly or creeps on after its take-off lends its slope to the fitted
  // baseline line, which then takes a third or more of the rise. The baseline's slope is the one
  // the reads before the take-off show (the fitted 10 % point): the fit is done again with m kept
  // between 0 and that slope (0 unless it stands FIT_BASELINE_SLOPE_SES standard errors clear of the
  // noise), so that what the curve gains after its take-off belongs to the rise.
  // A decaying baseline keeps its (negative) slope within reach, and nothing steeper.
  const riseStart = fittedFractionCycle(asymmetric, 0.1);
  let baselineEnd = -1;
  while (baselineEnd + 1 < n && x[baselineEnd + 1] <= riseStart) baselineEnd++;
  if (baselineEnd + 1 < FIT_SLOPE_BASELINE_READS) return null;
  const baselineSlope = significantLine(x, y, 0, baselineEnd, FIT_BASELINE_SLOPE_SES).slope;
  if (!(asymmetric.m > Math.max(0, baselineSlope))) return null;
  const slopeRange = [Math.min(0, baselineSlope), Math.max(0, baselineSlope)] as const;
  return judgeFit(fitLogistic(x, y, FIT_ITERATIONS, slopeRange, true), x, quantum, minSnr, maxRiseCycles);
}

/**
 * The cycle after the inflection point where the fitted curve's slope has fallen to `ratio` of its
 * maximum. The slope of A (1 + u)^-f, u = exp(-(x - e)/s), is proportional to
 * h(u) = u (1 + u)^(-f-1), largest at u = 1/f; past it u falls towards 0 and h with it, so the
 * cycle is found by bisection on u in (0, 1/f) and x = e - s ln u.
 */
export function deceleratedCycle(fit: Pick<LogisticFit, 'e' | 's' | 'f'>, ratio: number): number {
  const h = (u: number) => u * Math.pow(1 + u, -fit.f - 1);
  const target = ratio * h(1 / fit.f);
  let low = 0;
  let high = 1 / fit.f;
  for (let i = 0; i < 60; i++) {
    const middle = (low + high) / 2;
    if (h(middle) > target) high = middle;
    else low = middle;
  }
  return fit.e - fit.s * Math.log((low + high) / 2);
}

function residualNoise(fit: LogisticFit, n: number, quantum: number): number {
  return Math.max(Math.sqrt(fit.rss / (n - (fit.f === 1 ? 5 : 6))), quantum / 2, 1e-300);
}

/**
 * The fitted 10 % point, when the fit stands `minSnr` residual SDs clear (`snr`) and climbs from
 * 10 % to 50 % in MIN_RISE_CYCLES / 2 to `maxRiseCycles` / 2 cycles; else null.
 */
function clearTakeOff(fit: LogisticFit, snr: number, minSnr: number, maxRiseCycles: number): number | null {
  const riseStart = fittedFractionCycle(fit, 0.1);
  const takeOff = fittedFractionCycle(fit, 0.5) - riseStart;
  if (!(snr >= minSnr) || !(takeOff >= MIN_RISE_CYCLES / 2) || takeOff > maxRiseCycles / 2) return null;
  return riseStart;
}

/** The index of the last read at or before `cycle`. */
function lastReadAtOrBefore(x: Float64Array, cycle: number): number {
  let k = 0;
  while (k + 1 < x.length && x[k + 1] <= cycle) k++;
  return k;
}

/** A rise past its steepest point when the run ends (see the comment at the top), or null. */
function judgeLateRise(
  fit: LogisticFit | null,
  x: Float64Array,
  quantum: number,
  minSnr: number,
  maxRiseCycles: number,
): FittedAmplification | null {
  const n = x.length;
  if (!fit || !(fit.amplitude > 0) || n <= LATE_RISE_READS_AFTER_INFLECTION) return null;
  const last = x[n - 1];
  const reached = logisticSignal(fit, last);
  const snr = reached / residualNoise(fit, n, quantum);
  const riseStart = clearTakeOff(fit, snr, minSnr, maxRiseCycles);
  // The steepest point of A (1 + exp(-(x - e)/s))^-f is at x = e + s ln f.
  const inflection = fit.e + fit.s * Math.log(fit.f);
  if (riseStart === null || !(riseStart >= x[FIT_BASELINE_READS - 1])) return null;
  if (!(inflection <= x[n - 1 - LATE_RISE_READS_AFTER_INFLECTION])) return null;
  if (!(Math.abs(fit.m) * (last - x[0]) <= LATE_RISE_MAX_BASELINE_FRACTION * reached)) return null;
  return { snr, riseStartCycle: x[lastReadAtOrBefore(x, riseStart)], riseEndCycle: last };
}

/**
 * A sigmoid that takes off within its first FIT_BASELINE_READS reads has no baseline of its own
 * before it. Under EARLY_RISE_SNR_FACTOR times the bar, its fitted baseline line may fall over the
 * reads by at most EARLY_RISE_MAX_FALL_FRACTION of its amplitude: an arch (a curve corrected by the
 * instrument with a straight line through a bowed background, low at both ends) fits as a falling
 * line under a rising sigmoid. A rising line is a plateau that creeps on, and stays allowed
 * (docs/interpretation.md, "Arches").
 */
function linesUpWithItsBaseline(fit: LogisticFit, x: Float64Array, snr: number, minSnr: number): boolean {
  if (snr >= EARLY_RISE_SNR_FACTOR * minSnr) return true;
  return -fit.m * (x[x.length - 1] - x[0]) <= EARLY_RISE_MAX_FALL_FRACTION * fit.amplitude;
}

function judgeFit(
  fit: LogisticFit | null,
  x: Float64Array,
  quantum: number,
  minSnr: number,
  maxRiseCycles: number,
): FittedAmplification | null {
  const n = x.length;
  if (!fit || !(fit.amplitude > 0)) return null;
  const snr = fit.amplitude / residualNoise(fit, n, quantum);
  const riseStart = clearTakeOff(fit, snr, minSnr, maxRiseCycles);
  const riseEnd = Math.min(fittedFractionCycle(fit, 0.9), deceleratedCycle(fit, FIT_END_SLOPE_RATIO));
  if (riseStart === null) return null;
  if (!(riseStart >= x[0]) || !(riseEnd <= x[n - FIT_PLATEAU_READS])) return null;
  if (riseStart < x[FIT_BASELINE_READS - 1] && !linesUpWithItsBaseline(fit, x, snr, minSnr)) return null;
  const k = lastReadAtOrBefore(x, riseStart);
  let j = n - 1;
  while (j > 0 && x[j - 1] >= riseEnd) j--;
  return { snr, riseStartCycle: x[k], riseEndCycle: x[j] };
}
