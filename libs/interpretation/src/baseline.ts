import { amplificationEvidence, type AmplificationEvidence } from './amplification-check';
import {
  fitLine,
  indexAtOrAfter,
  indexAtOrBefore,
  mean,
  median,
  residualSd,
  lineAndStepNoise,
  significantLine,
  type Line,
} from './curve-math';

/** Baseline window in cycle numbers (1-based, inclusive) and the matching array indices. */
export interface BaselineWindow {
  start: number;
  end: number;
  startIndex: number;
  endIndex: number;
  /**
   * Subtract the window's mean level, not a line (amplifyingBaselineWindow: reads just before a rise
   * under way from the first reads, too near it to tell a drift from the rise's foot).
   */
  level?: true;
}

/** First cycle of the automatic window: the first two reads are skipped (lamp warm-up, bubbles). */
export const AUTO_BASELINE_FIRST_CYCLE = 3;
/** Fewest reads a baseline window keeps. */
export const MIN_BASELINE_POINTS = 3;
/** A curve amplifies when its largest cycle-to-cycle step exceeds the drift by this many step-noise SDs... */
export const AMPLIFICATION_STEP_SDS = 3;
/** ... and its highest read after that step rises this many step-noise SDs above the flat level. */
export const AMPLIFICATION_RISE_SDS = 10;
/** Walking back from the steepest step, the rise starts where a step falls under this fraction of it. */
export const TAKE_OFF_STEP_FRACTION = 0.02;
/** ... or under this many noise SDs, whichever is larger. */
export const TAKE_OFF_STEP_SDS = 3;

/**
 * Reads left between the automatic window's end and the safety net's rise start (the last read under
 * 10 % of the rise) when the safety net corrects the window (see amplifyingBaselineWindow).
 */
export const RISE_START_MARGIN_READS = 2;
/**
 * Reads the curve must keep after reaching 90 % of its rise for the safety net to correct the window:
 * a climb that runs into the last reads may be a bending baseline (a decay flattening, a parabola),
 * which the safety net flags for review but which must not become a Cq.
 */
export const PLATEAU_READS = 3;

/** A window with fewer reads than this keeps its line's slope only when it is clear of the noise... */
export const SHORT_WINDOW_READS = 8;
/** ... by this many standard errors (see shortWindowLine). */
export const SHORT_WINDOW_SLOPE_SES = 3;

/** Scratch buffers reused across calls (the engine is synchronous and single-threaded). */
let stepScratch = new Float64Array(64);
let deviationScratch = new Float64Array(64);

function makeWindow(cycles: ArrayLike<number>, startIndex: number, endIndex: number): BaselineWindow {
  return { start: cycles[startIndex], end: cycles[endIndex], startIndex, endIndex };
}

/**
 * Automatic baseline window (documented in docs/interpretation.md):
 * 1. the window starts at cycle 3 (cycle 1 on curves shorter than 10 reads);
 * 2. the steps d[i] = y[i+1] - y[i] are taken from there on; over the flat part (the first half of
 *    the steps before the largest one) their median m is the baseline drift per cycle and
 *    1.4826 x their median absolute deviation is the step noise s (at least the smallest non-zero
 *    deviation, for instruments that round their reads);
 * 3. when the largest step exceeds m by more than 3 s and the highest read after it stands more than
 *    10 s above the median read of the flat part, the curve amplifies: walking back from the
 *    largest step, the rise starts at the first step whose excess over m falls under
 *    max(3 s, 2 % of the largest excess); the window ends one read before that step's first read;
 * 4. otherwise the curve does not amplify and the window is the whole curve from cycle 3, as
 *    QuantStudio does for its "No Amp" wells (baseline 3 to last cycle): the Cq search starts after
 *    the window, so such a curve has no Cq, and a drifting or decaying baseline is not extrapolated
 *    into a false late crossing;
 * 5. the window keeps at least 3 reads and never passes the last read.
 */
export function autoBaselineWindow(cycles: ArrayLike<number>, values: ArrayLike<number>): BaselineWindow {
  const n = Math.min(cycles.length, values.length);
  if (n === 0) return { start: 0, end: 0, startIndex: 0, endIndex: -1 };
  let startIndex = n >= 10 ? indexAtOrAfter(cycles, AUTO_BASELINE_FIRST_CYCLE) : 0;
  if (startIndex > n - MIN_BASELINE_POINTS) startIndex = Math.max(0, n - MIN_BASELINE_POINTS);
  const minEnd = Math.min(n - 1, startIndex + MIN_BASELINE_POINTS - 1);
  const stepCount = n - 1 - startIndex;
  if (stepCount < 3) return makeWindow(cycles, startIndex, n - 1);

  if (stepScratch.length < stepCount) {
    stepScratch = new Float64Array(stepCount * 2);
    deviationScratch = new Float64Array(stepCount * 2);
  }
  const steps = stepScratch.subarray(0, stepCount);
  for (let i = 0; i < stepCount; i++) steps[i] = values[startIndex + i + 1] - values[startIndex + i];
  let steepest = 0;
  for (let i = 1; i < stepCount; i++) if (steps[i] > steps[steepest]) steepest = i;
  // Drift and noise from the flat part: the first half of the steps before the steepest one (all of
  // them when that leaves fewer than 4), so that a long rise or plateau does not bias them.
  const flatEnd = steepest >= 8 ? (steepest >> 1) - 1 : Math.max(0, steepest - 1);
  const flatTo = steepest >= 3 ? flatEnd : stepCount - 1;
  const drift = median(steps, 0, flatTo);
  const deviations = deviationScratch.subarray(0, flatTo + 1);
  for (let i = 0; i <= flatTo; i++) deviations[i] = Math.abs(steps[i] - drift);
  // Instruments that round their reads (LightCycler: 0.01) give steps of exactly 0: the smallest
  // non-zero step deviation (over the whole curve) then floors the noise. With an odd number of
  // flat deviations whose median is clearly non-zero, that median is itself one of the deviations,
  // so the floor cannot exceed 1.4826 x MAD and is not computed (same result, less work).
  const mad = median(deviations);
  let noise = 1.4826 * mad;
  if (
    (flatTo + 1) % 2 === 0 ||
    !(mad > 1e-12 * Math.max(1, maxAbsolute(values, startIndex, startIndex + stepCount - 1)))
  ) {
    let quantum = Infinity;
    for (let i = 0; i < stepCount; i++) {
      const deviation = Math.abs(steps[i] - drift);
      if (deviation > 1e-12 * Math.max(1, Math.abs(values[startIndex + i])) && deviation < quantum)
        quantum = deviation;
    }
    if (Number.isFinite(quantum)) noise = Math.max(noise, quantum);
  }

  const excess = steps[steepest] - drift;
  const level = median(values, startIndex, startIndex + flatTo);
  let highest = -Infinity;
  for (let i = startIndex + steepest + 1; i < n; i++) if (values[i] > highest) highest = values[i];
  const rise = highest - level;
  if (excess > 0 && excess > AMPLIFICATION_STEP_SDS * noise && rise > AMPLIFICATION_RISE_SDS * noise) {
    const limit = Math.max(TAKE_OFF_STEP_SDS * noise, TAKE_OFF_STEP_FRACTION * excess);
    let k = steepest;
    while (k > 0 && steps[k - 1] - drift > limit) k--;
    // steps[k] is the first step of the rise: reads startIndex + k and before are flat.
    const endIndex = Math.max(minEnd, Math.min(n - 1, startIndex + k - 1));
    return makeWindow(cycles, startIndex, endIndex);
  }
  return makeWindow(cycles, startIndex, n - 1);
}

/**
 * The automatic window, checked against the safety net (amplification-check.ts), whose rise is the
 * largest drift-free climb of the curve and so holds up in noise where the single steepest step of
 * autoBaselineWindow does not (a low-amplitude curve whose steps are within a few noise SDs):
 * when the safety net sees the curve amplify and the automatic window ends at or after the read
 * after the read where the rise starts (the last read under 10 % of the rise) — the whole curve for a rise the
 * steepest-step test missed, or a window that took in the start of the rise —, the window ends
 * RISE_START_MARGIN_READS reads before that read instead (keeping at least 3 reads); when that margin
 * leaves no 3-read window (a rise under way from the first reads), the reads up to that read (at
 * most 3) with `level` set: their mean is subtracted, not a line. A window that ends at or before
 * that read is kept as it is (exact agreement with CFX and QuantStudio).
 * When the safety net sees no amplification and the reads from the window's start to the last read
 * are a straight line within their noise (`straightLine`), the window is the whole curve, as for a
 * curve the steepest-step test finds flat: on a drifting negative that test can read a noise step
 * plus the drift it accumulated as a take-off, and the short window it then ends, whose slope is
 * dropped as not clear of the noise, leaves the drift to cross the threshold (docs/interpretation.md,
 * "Drifting negatives").
 */
export function amplifyingBaselineWindow(
  cycles: ArrayLike<number>,
  values: ArrayLike<number>,
  evidence: AmplificationEvidence = amplificationEvidence(cycles, values),
): BaselineWindow {
  const window = autoBaselineWindow(cycles, values);
  if (
    !evidence.amplifies &&
    window.endIndex < cycles.length - 1 &&
    straightLine(cycles, values, window.startIndex)
  )
    return makeWindow(cycles, window.startIndex, cycles.length - 1);
  if (!evidence.amplifies || evidence.riseStartCycle === null || evidence.riseEndCycle === null)
    return window;
  const riseStart = indexAtOrAfter(cycles, evidence.riseStartCycle);
  const riseEnd = indexAtOrAfter(cycles, evidence.riseEndCycle);
  if (window.endIndex <= riseStart) return window;
  if (riseEnd > cycles.length - 1 - PLATEAU_READS && !climbsLessInSecondHalf(values, riseStart))
    return window;
  const minEnd = Math.min(cycles.length - 1, window.startIndex + MIN_BASELINE_POINTS - 1);
  // A rise under way from the window's first reads (a large template: the margin before the last
  // read under 10 % of the rise does not leave a 3-read window) leaves no baseline to fit a slope
  // on: a line through the rise's foot, carried over the run, would tilt the whole curve. The
  // window keeps the reads under 10 % of the rise (at most 3) and their mean level is subtracted.
  if (riseStart - RISE_START_MARGIN_READS < minEnd)
    return {
      ...makeWindow(cycles, window.startIndex, Math.max(window.startIndex, Math.min(minEnd, riseStart))),
      level: true,
    };
  return makeWindow(cycles, window.startIndex, Math.max(minEnd, riseStart - RISE_START_MARGIN_READS));
}

/**
 * Reads whose least-squares line leaves a residual SD of at most this many step-noise SDs (1.4826
 * MAD of the steps / sqrt 2) count as a straight line here: about 1 for a line in white noise, 1.7
 * for one with a slow wave of 2 noise SDs (a negative the threshold would otherwise read a Cq on).
 * A rise the safety net misses gives more; from 2.0 on, random sweeps lose the Cq of some rises of 16
 * to 20 noise SDs, at 1.8 none (about 1 in 300 under 16 SDs: docs/interpretation.md, "Waves on a
 * drift").
 */
export const STRAIGHT_LINE_NOISE_RATIO = 1.8;

/** Whether the reads from `from` to the last (at least 9) are a straight line within their noise. */
function straightLine(cycles: ArrayLike<number>, values: ArrayLike<number>, from: number): boolean {
  const to = Math.min(cycles.length, values.length) - 1;
  if (to - from < 8) return false;
  const { lineSd, stepSd } = lineAndStepNoise(cycles, values, from, to);
  return lineSd <= STRAIGHT_LINE_NOISE_RATIO * stepSd;
}

/**
 * True when the reads from `from` to the last read gain at least as much over their first half as
 * over their second (3-read means at the start, the middle and the end; single reads when fewer
 * than 9).
 * A rise that is still climbing at the last read after a take-off (a linear phase, a slow approach
 * to the plateau) passes; a baseline bending up into the last reads, a parabola or the exponential
 * start of a rise cut off by the end of the run, gains more in its second half and does not.
 */
export function climbsLessInSecondHalf(values: ArrayLike<number>, from: number): boolean {
  const last = values.length - 1;
  const span = last - from;
  if (span < 4) return false;
  const reads = span >= 8 ? 1 : 0;
  const level = (at: number) => mean(values, at - reads, at + reads);
  const start = level(from + reads);
  const end = level(last - reads);
  // The middle of the two centres, between two reads when their distance is odd.
  const centre = (from + last) / 2;
  const middle = (level(Math.floor(centre)) + level(Math.ceil(centre))) / 2;
  return middle - start >= end - middle && end > start;
}

function maxAbsolute(values: ArrayLike<number>, from: number, to: number): number {
  let largest = 0;
  for (let i = from; i <= to; i++) largest = Math.max(largest, Math.abs(values[i]));
  return largest;
}

/** The window fixed by the configuration (1-based cycles), clipped to the curve. */
export function fixedBaselineWindow(
  cycles: ArrayLike<number>,
  window: { start: number; end: number },
): BaselineWindow {
  const n = cycles.length;
  let startIndex = Math.min(indexAtOrAfter(cycles, window.start), Math.max(0, n - 1));
  let endIndex = Math.max(indexAtOrBefore(cycles, window.end), startIndex);
  if (endIndex - startIndex + 1 < 2 && n >= 2) {
    endIndex = Math.min(n - 1, startIndex + 1);
    startIndex = Math.max(0, endIndex - 1);
  }
  return makeWindow(cycles, startIndex, endIndex);
}

export interface BaselineCorrection {
  window: BaselineWindow;
  /** The subtracted line; slope 0 / intercept 0 when the curve was already corrected. */
  line: Line;
  /** SD of the corrected values in the window (the baseline noise). */
  noiseSd: number;
  corrected: Float64Array;
}

/**
 * The line of a window shorter than SHORT_WINDOW_READS: its least-squares slope when that differs
 * from 0 by more than SHORT_WINDOW_SLOPE_SES standard errors, else the window's mean (slope 0). The
 * standard error is the curve's step noise (stepNoiseSd, from every read: a few reads cannot say
 * how noisy they are) over sqrt(sum (x - mean x)^2). Four noisy reads before an early rise give a
 * slope that is mostly noise (SE 0.13 per cycle on noise 0.3), and the line carries it 8 to 10
 * cycles on to the crossing: 1 to 6 cycles of Cq error on LightCycler 480 curves rising at cycle
 * 9-12 (docs/interpretation.md, "Threshold Cq on drifting baselines"). A drift clear of the noise
 * keeps its line.
 */
function shortWindowLine(cycles: ArrayLike<number>, values: ArrayLike<number>, window: BaselineWindow): Line {
  const count = window.endIndex - window.startIndex + 1;
  if (count >= SHORT_WINDOW_READS || count < 2)
    return fitLine(cycles, values, window.startIndex, window.endIndex);
  return significantLine(cycles, values, window.startIndex, window.endIndex, SHORT_WINDOW_SLOPE_SES);
}

/**
 * Fits a straight line over the window and subtracts it from every read. Curves the instrument
 * already corrected (`alreadyCorrected`) are copied as they are; the window still bounds the Cq
 * search and the noise estimate.
 */
export function correctBaseline(
  cycles: ArrayLike<number>,
  values: ArrayLike<number>,
  window: BaselineWindow,
  alreadyCorrected: boolean,
  flattenShortWindow = false,
): BaselineCorrection {
  const n = Math.min(cycles.length, values.length);
  const corrected = new Float64Array(n);
  const line = alreadyCorrected
    ? { slope: 0, intercept: 0 }
    : window.level
      ? { slope: 0, intercept: mean(values, window.startIndex, window.endIndex) }
      : flattenShortWindow
        ? shortWindowLine(cycles, values, window)
        : fitLine(cycles, values, window.startIndex, window.endIndex);
  for (let i = 0; i < n; i++) corrected[i] = values[i] - (line.slope * cycles[i] + line.intercept);
  const noiseLine = alreadyCorrected
    ? fitLine(cycles, corrected, window.startIndex, window.endIndex)
    : { slope: 0, intercept: 0 };
  const noiseSd = residualSd(cycles, corrected, noiseLine, window.startIndex, window.endIndex);
  return { window, line, noiseSd, corrected };
}
