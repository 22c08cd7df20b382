import type { AmplificationCurve } from '@amplio/domain';
import { median } from './curve-math';

/**
 * Why a curve cannot be read (docs/interpretation.md, "Bad input"). A channel with one of these gets
 * no Cq and its well is INVALID with the same reason code: never a crash, never a silent Cq.
 */
export type CurveIssue =
  | 'CURVE_MISSING'
  | 'CURVE_NOT_NUMERIC'
  | 'CURVE_TOO_SHORT'
  | 'CURVE_DUPLICATE_CYCLES'
  | 'CURVE_NEGATIVE'
  | 'CURVE_SATURATED'
  | 'CURVE_CONSTANT';

/** Fewest reads a curve needs for a baseline (3 reads from cycle 3) and a Cq after it. */
export const MIN_CURVE_CYCLES = 10;
/** A flat top of this many consecutive reads exactly at the curve's maximum is a clipped detector. */
export const SATURATED_RUN_READS = 4;
/** ... after a rise of more than this many reading quanta. */
export const SATURATION_MIN_RISE_QUANTA = 100;

/** True when a cycle number appears twice (cycles not ascending; the common ascending case never gets here). */
function hasDuplicateCycles(cycles: ArrayLike<number>): boolean {
  const seen = new Set<number>();
  for (let i = 0; i < cycles.length; i++) {
    if (seen.has(cycles[i])) return true;
    seen.add(cycles[i]);
  }
  return false;
}

/** Reads before this index are lamp warm-up (the automatic baseline window also starts there). */
const FIRST_BASELINE_READ = 2;
/** Baseline level: the median of this many reads from FIRST_BASELINE_READ on. */
const BASELINE_READS = 8;
/** A fall below the baseline counts only beyond this many step-noise SDs. */
export const NEGATIVE_FALL_MIN_NOISE_SDS = 20;

function ordered(cycles: ArrayLike<number>, values: ArrayLike<number>): number[] {
  return [...Array.from(cycles).keys()].sort((a, b) => cycles[a] - cycles[b]).map((i) => values[i]);
}

/**
 * True when a curve (reads in cycle order, at least 10) falls below its baseline by more than it
 * rises above it and by more than 20 step-noise SDs. From the third read on (warm-up reads are
 * ignored): baseline = median of 8 reads, fall = baseline - lowest read, rise = highest read -
 * baseline, step noise = 1.4826 x the median absolute deviation of the read-to-read steps.
 */
export function fallsBelowBaseline(values: ArrayLike<number>): boolean {
  const n = values.length;
  const from = FIRST_BASELINE_READ;
  const base = median(values, from, Math.min(n - 1, from + BASELINE_READS - 1));
  let lowest = Infinity;
  let highest = -Infinity;
  for (let i = from; i < n; i++) {
    if (values[i] < lowest) lowest = values[i];
    if (values[i] > highest) highest = values[i];
  }
  const fall = base - lowest;
  if (!(fall > highest - base)) return false;
  const steps = new Float64Array(n - from - 1);
  for (let i = from + 1; i < n; i++) steps[i - from - 1] = values[i] - values[i - 1];
  const typical = median(steps);
  for (let i = 0; i < steps.length; i++) steps[i] = Math.abs(steps[i] - typical);
  return fall > NEGATIVE_FALL_MIN_NOISE_SDS * 1.4826 * median(steps);
}

/**
 * The first defect of a curve, in this order, or null when the engine can read it:
 * - CURVE_NOT_NUMERIC: a cycle or a reading that is not a finite number (NaN, Infinity, missing),
 *   or fewer readings than cycles;
 * - CURVE_TOO_SHORT: fewer than 10 cycles;
 * - CURVE_DUPLICATE_CYCLES: a cycle number read twice;
 * - CURVE_NEGATIVE: a raw (not baseline-corrected) curve with reads below zero that falls below
 *   its own baseline by more than it rises above it, and by more than 20 step-noise SDs
 *   (`fallsBelowBaseline`): a mirrored amplification, a sentinel such as -99999 for a missing
 *   read, corrupted reads. A curve that merely sits below zero (software that subtracted a
 *   constant background: StepOne RDML "LinRegPCR, constant" curves start near -5,000 and rise
 *   through zero) is a baseline offset: it is read like any other curve, since the baseline
 *   correction removes the level anyway;
 * - CURVE_CONSTANT: every reading equal (a dead channel or a placeholder);
 * - CURVE_SATURATED: 4 or more consecutive readings exactly equal to the curve's maximum after
 *   the curve rose to it by more than 100 reading quanta (the smallest non-zero difference
 *   between two reads): a clipped detector. A real plateau is noisy, and a flat curve rounded to
 *   0.01 (LightCycler) that repeats its maximum is not saturated.
 */
export function curveIssue(curve: AmplificationCurve): CurveIssue | null {
  const { cycles, fluorescence: values } = curve;
  if (values.length < cycles.length) return 'CURVE_NOT_NUMERIC';
  const n = cycles.length;
  // One pass: finite reads, ascending cycles, range, and the longest run of consecutive reads at
  // the running maximum (the flat top). The reading quantum is needed only when a flat top exists.
  let ascending = true;
  let min = Infinity;
  let max = -Infinity;
  let run = 0;
  let longestRun = 0;
  for (let i = 0; i < n; i++) {
    const value = values[i];
    if (!Number.isFinite(cycles[i]) || !Number.isFinite(value)) return 'CURVE_NOT_NUMERIC';
    if (value < min) min = value;
    if (value > max) {
      max = value;
      run = longestRun = 1;
    } else if (value === max) {
      run = i > 0 && values[i - 1] === max ? run + 1 : 1;
      if (run > longestRun) longestRun = run;
    }
    if (i > 0 && !(cycles[i] > cycles[i - 1])) ascending = false;
  }
  if (n < MIN_CURVE_CYCLES) return 'CURVE_TOO_SHORT';
  if (!ascending && hasDuplicateCycles(cycles)) return 'CURVE_DUPLICATE_CYCLES';
  if (curve.kind === 'raw' && min < 0 && fallsBelowBaseline(ascending ? values : ordered(cycles, values)))
    return 'CURVE_NEGATIVE';
  if (max === min) return 'CURVE_CONSTANT';
  if (values[0] >= max) return null;
  const flatTop = longestRun >= SATURATED_RUN_READS;
  if (!flatTop) return null;
  let quantum = Infinity;
  for (let i = 1; i < n; i++) {
    const step = Math.abs(values[i] - values[i - 1]);
    if (step > 0 && step < quantum) quantum = step;
  }
  return max - min > SATURATION_MIN_RISE_QUANTA * quantum ? 'CURVE_SATURATED' : null;
}
