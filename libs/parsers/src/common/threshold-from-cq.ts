import type { ParsedRun } from '@amplio/domain';

/**
 * The instrument's threshold, recovered from its own Cq where the export leaves it out (Bio-Rad
 * CFX; the 7500 SDS results text). The Cq is where the baseline-corrected reads cross one
 * threshold per channel and well group: each well with a Cq gives T = y(k) + (Cq - k)(y(k + 1) -
 * y(k)), k = floor(Cq). When the wells of a group agree on T (within `agreement`, relative to their
 * median), the median is the instrument's threshold, kept on every well of the group as
 * `instrumentThreshold` (a kit's own threshold still comes first). A group whose wells disagree (an
 * RDML of a per-well "regression" Cq, docs/interpretation.md) or with fewer than MIN_WELLS Cqs
 * keeps none. CFX interpolates its reads linearly (exact on every CFX Manager run measured: agree
 * within 0.1 %); the SDS software smooths them first (its wells agree within a few per cent).
 */
export interface ThresholdGroup {
  dye: string;
  positions: readonly string[];
}

const MIN_WELLS = 2;
/** At least this share of the group's wells with a Cq must agree with the median. */
const MIN_AGREEING_SHARE = 2 / 3;

function thresholdAtCq(cycles: readonly number[], reads: readonly number[], cq: number): number | null {
  const k = Math.floor(cq);
  const i = cycles.indexOf(k);
  if (i < 0) return null;
  if (cq === k) return reads[i];
  if (i + 1 >= reads.length || cycles[i + 1] !== k + 1) return null;
  return reads[i] + (cq - k) * (reads[i + 1] - reads[i]);
}

/** Sets each agreeing group's threshold on its wells; returns the notes saying what was recovered. */
export function recoverThresholdsFromCq(
  run: ParsedRun,
  groups: readonly ThresholdGroup[],
  options: { agreement: number; instrument: string },
): string[] {
  const notes: string[] = [];
  const wells = new Map(run.wells.map((well) => [well.position, well]));
  for (const group of groups) {
    const values: number[] = [];
    for (const position of group.positions) {
      const channel = wells.get(position)?.channels[group.dye];
      const curve = channel?.curve;
      if (!channel || channel.instrumentCq === null || !curve || curve.kind !== 'baseline-corrected')
        continue;
      const value = thresholdAtCq(curve.cycles, curve.fluorescence, channel.instrumentCq);
      if (value !== null && Number.isFinite(value)) values.push(value);
    }
    if (values.length < MIN_WELLS) continue;
    const sorted = [...values].sort((left, right) => left - right);
    const median = sorted[sorted.length >> 1];
    if (!(median > 0)) continue;
    const agreeing = values.filter((value) => Math.abs(value - median) <= options.agreement * median).length;
    if (agreeing < MIN_AGREEING_SHARE * values.length) continue;
    for (const position of group.positions) {
      const channel = wells.get(position)?.channels[group.dye];
      if (channel && channel.instrumentThreshold === null) channel.instrumentThreshold = median;
    }
    notes.push(
      `${options.instrument} threshold for ${group.dye} recovered from the Cq of ${agreeing} of ${values.length} wells: ${median.toPrecision(6)}`,
    );
  }
  return notes;
}
