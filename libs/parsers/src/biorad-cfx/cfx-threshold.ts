import type { ParsedRun } from '@amplio/domain';

/**
 * Bio-Rad CFX does not export its threshold, but its Cq is the linear interpolation of the
 * baseline-subtracted reads at one threshold per fluorophore and well group (fixtures README;
 * exact on every CFX Manager run measured): each well with a Cq gives
 * T = y(k) + (Cq - k)(y(k + 1) - y(k)), k = floor(Cq). When the wells of a group agree on T, that
 * is the instrument's threshold, kept on every well of the group as `instrumentThreshold` (a kit's
 * own threshold still comes first). A group whose wells disagree (an RDML of a per-well "regression"
 * Cq, docs/interpretation.md) or with fewer than MIN_WELLS Cqs keeps none.
 */
export interface ThresholdGroup {
  dye: string;
  positions: readonly string[];
}

const MIN_WELLS = 2;
/** Wells within this relative distance of the median agree with it ... */
const AGREEMENT = 1e-3;
/** ... and at least this share of the group's wells with a Cq must. */
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
export function recoverCfxThresholds(run: ParsedRun, groups: readonly ThresholdGroup[]): string[] {
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
    const agreeing = values.filter((value) => Math.abs(value - median) <= AGREEMENT * median).length;
    if (agreeing < MIN_AGREEING_SHARE * values.length) continue;
    for (const position of group.positions) {
      const channel = wells.get(position)?.channels[group.dye];
      if (channel && channel.instrumentThreshold === null) channel.instrumentThreshold = median;
    }
    notes.push(
      `CFX threshold for ${group.dye} recovered from the Cq of ${agreeing} of ${values.length} wells: ${median.toPrecision(6)}`,
    );
  }
  return notes;
}
