import type { AmplificationCurve } from '@amplio/domain';
import { median } from './curve-math';

/**
 * Why a curve cannot be read (docs/interpretation.md, "Bad input"). A channel with one of these gets
 * no Cq and its well is INVALID with the same reason code: never a crash, never a silent Cq.
 */
export type CurveIssue =
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

/**
 * The first defect of a curve, in this order, or null when the engine can read it:
 * - CURVE_NOT_NUMERIC: a cycle or a reading that is not a finite number (NaN, Infinity, missing),
 *   or fewer readings than cycles;
 * - CURVE_TOO_SHORT: fewer than 10 cycles;
 * - CURVE_DUPLICATE_CYCLES: a cycle number read twice;
 * - CURVE_NEGATIVE: a raw (not baseline-corrected) curve whose median reading is below zero: raw
 *   detector counts are not negative (a few noisy reads just under zero on a low curve are
 *   tolerated; baseline-corrected curves legitimately sit around zero);
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
  if (curve.kind === 'raw' && min < 0 && median(values) < 0) return 'CURVE_NEGATIVE';
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
