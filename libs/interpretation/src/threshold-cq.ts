/**
 * Reads after the crossing read that must also be at or above the threshold for the crossing to
 * count: a one-read excursion (a spike, or noise crossing into the very last read) is not a Cq.
 */
export const CONFIRMING_READS = 1;

/**
 * Cq by threshold: the fractional cycle where the corrected curve first crosses the threshold upward
 * at or after `fromIndex`, by linear interpolation between the two bracketing reads. A read exactly
 * on the threshold counts as crossed. A crossing counts only when the next `confirmingReads` reads
 * stay at or above the threshold (so a crossing into the last read gives no Cq). Null when there is
 * no such crossing (or the threshold is not finite). 'log-linear' interpolates log(fluorescence)
 * instead (used for QuantStudio emulation; falls back to linear when the lower read is <= 0).
 */
export function thresholdCq(
  cycles: ArrayLike<number>,
  corrected: ArrayLike<number>,
  threshold: number,
  fromIndex = 0,
  confirmingReads = CONFIRMING_READS,
  interpolation: 'linear' | 'log-linear' = 'linear',
): number | null {
  if (!Number.isFinite(threshold)) return null;
  const n = Math.min(cycles.length, corrected.length);
  search: for (let i = Math.max(1, fromIndex + 1); i < n; i++) {
    const before = corrected[i - 1];
    const after = corrected[i];
    if (before < threshold && after >= threshold) {
      if (i + confirmingReads >= n) return null;
      for (let j = i + 1; j <= i + confirmingReads; j++) if (corrected[j] < threshold) continue search;
      const fraction =
        interpolation === 'log-linear' && before > 0 && threshold > 0
          ? Math.log(threshold / before) / Math.log(after / before)
          : (threshold - before) / (after - before);
      return cycles[i - 1] + fraction * (cycles[i] - cycles[i - 1]);
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
