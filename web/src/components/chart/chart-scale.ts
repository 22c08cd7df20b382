import { normalizeDyeName } from '@amplio/domain';

/** SPEC 9 chart constants. */
export const FAM_COLOUR = '#2e9d3a';
export const OTHER_CHANNEL_COLOUR = '#1f6fd1';
export const THRESHOLD_COLOUR = '#e5484d';
export const THRESHOLD_HEADROOM = 50;
export const LOG_AXIS_MIN = 1;

export function channelColour(channelName: string): string {
  return normalizeDyeName(channelName) === 'FAM' ? FAM_COLOUR : OTHER_CHANNEL_COLOUR;
}

/**
 * SPEC 9: y max = threshold + 50. Applied only when it keeps every curve in view (above the data
 * maximum) without squashing them (the data reach at least half of it); instruments that write
 * normalised values (ΔRn around 1) would otherwise be flattened at the bottom. Without the rule the
 * axis follows the data and still shows the threshold line.
 */
export function yAxisMax(
  maxThreshold: number,
  maxY: number,
): { yMax: number | undefined; ySuggestedMax: number | undefined } {
  if (!Number.isFinite(maxThreshold)) return { yMax: undefined, ySuggestedMax: undefined };
  const ruleMax = maxThreshold + THRESHOLD_HEADROOM;
  if (!Number.isFinite(maxY) || (ruleMax >= maxY && maxY >= ruleMax / 2)) {
    return { yMax: ruleMax, ySuggestedMax: undefined };
  }
  return { yMax: undefined, ySuggestedMax: maxThreshold * 1.1 };
}

/**
 * SPEC 9 log axis minimum 1, lowered to the power of ten under the lowest positive threshold when
 * that threshold is below 1 (normalised instruments: 0.1), so the threshold line stays visible.
 */
export function logAxisMin(minThreshold: number): number {
  if (!Number.isFinite(minThreshold) || minThreshold <= 0 || minThreshold >= LOG_AXIS_MIN)
    return LOG_AXIS_MIN;
  return 10 ** Math.floor(Math.log10(minThreshold) - 1e-9);
}
