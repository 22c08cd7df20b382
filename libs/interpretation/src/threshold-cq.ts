/**
 * Cq by threshold: the fractional cycle where the corrected curve first crosses the threshold upward
 * at or after `fromIndex`, by linear interpolation between the two bracketing reads. A read exactly
 * on the threshold counts as crossed. Null when the curve never crosses (or the threshold is not a
 * positive finite number).
 */
export function thresholdCq(
  cycles: ArrayLike<number>,
  corrected: ArrayLike<number>,
  threshold: number,
  fromIndex = 0,
): number | null {
  if (!Number.isFinite(threshold)) return null;
  const n = Math.min(cycles.length, corrected.length);
  for (let i = Math.max(1, fromIndex + 1); i < n; i++) {
    const before = corrected[i - 1];
    const after = corrected[i];
    if (before < threshold && after >= threshold) {
      return cycles[i - 1] + ((threshold - before) / (after - before)) * (cycles[i] - cycles[i - 1]);
    }
  }
  return null;
}

/** Automatic threshold: this many baseline-noise SDs (see docs/interpretation.md). */
export const AUTO_THRESHOLD_NOISE_SDS = 10;

/**
 * Automatic threshold from baseline noise SDs: 10 x the median of the given SDs (one per well of the
 * channel; a single well uses its own). Null when there is no usable SD.
 */
export function autoThreshold(noiseSds: ArrayLike<number>): number | null {
  const usable: number[] = [];
  for (let i = 0; i < noiseSds.length; i++)
    if (Number.isFinite(noiseSds[i]) && noiseSds[i] > 0) usable.push(noiseSds[i]);
  if (usable.length === 0) return null;
  usable.sort((a, b) => a - b);
  const half = usable.length >> 1;
  const mid = usable.length % 2 === 1 ? usable[half] : (usable[half - 1] + usable[half]) / 2;
  return AUTO_THRESHOLD_NOISE_SDS * mid;
}
