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
      return interpolate(cycles, corrected, threshold, i, interpolation);
    }
  }
  return null;
}

/**
 * Bio-Rad CFX's Cq: the fractional cycle of the last upward crossing of the threshold anywhere on the
 * curve, by linear interpolation between the two bracketing reads (a read exactly on the threshold
 * counts as crossed), with no confirming read. A curve that crosses, falls back under the threshold
 * and crosses again has its Cq at the last crossing: of 175 such wells in 11 public CFX96 RDML
 * exports, CFX Maestro's Cq is the last crossing on 172 (docs/interpretation.md, "Bio-Rad CFX: the
 * last crossing"). Null when the curve never crosses upward.
 */
export function lastThresholdCq(
  cycles: ArrayLike<number>,
  corrected: ArrayLike<number>,
  threshold: number,
): number | null {
  if (!Number.isFinite(threshold)) return null;
  const n = Math.min(cycles.length, corrected.length);
  for (let i = n - 1; i >= 1; i--)
    if (corrected[i - 1] < threshold && corrected[i] >= threshold)
      return interpolate(cycles, corrected, threshold, i, 'linear');
  return null;
}

/**
 * The fallback of the threshold method for a curve the search after the baseline window does not
 * cross (docs/interpretation.md, "Threshold Cq"): a curve already at or above the threshold at
 * `fromIndex` (the window's last read, before the window's last read of the curve) that never comes
 * back under it crossed inside the window: a curved baseline (a decay flattening, as on LightCycler
 * 96 probe curves) leaves the line fitted over the window under the window's last reads, and a low
 * automatic threshold lies within that bend. The crossing is then the one into the first read of
 * the final run of reads at or above the threshold, which must start after `startIndex` (the
 * window's first read) and hold at least `confirmingReads` reads after it. Null otherwise. The
 * caller applies it only to a curve the safety net sees amplify.
 */
export function crossingBeforeWindowEnd(
  cycles: ArrayLike<number>,
  corrected: ArrayLike<number>,
  threshold: number,
  fromIndex: number,
  startIndex: number,
  confirmingReads = CONFIRMING_READS,
  interpolation: 'linear' | 'log-linear' = 'linear',
): number | null {
  const n = Math.min(cycles.length, corrected.length);
  if (!Number.isFinite(threshold) || fromIndex < 0 || fromIndex >= n - 1) return null;
  for (let j = fromIndex; j < n; j++) if (!(corrected[j] >= threshold)) return null;
  let first = fromIndex;
  while (first > startIndex && corrected[first - 1] >= threshold) first--;
  if (first <= startIndex || first + confirmingReads >= n) return null;
  return interpolate(cycles, corrected, threshold, first, interpolation);
}

function interpolate(
  cycles: ArrayLike<number>,
  corrected: ArrayLike<number>,
  threshold: number,
  i: number,
  interpolation: 'linear' | 'log-linear',
): number {
  const before = corrected[i - 1];
  const after = corrected[i];
  const fraction =
    interpolation === 'log-linear' && before > 0 && threshold > 0
      ? Math.log(threshold / before) / Math.log(after / before)
      : (threshold - before) / (after - before);
  return cycles[i - 1] + fraction * (cycles[i] - cycles[i - 1]);
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
