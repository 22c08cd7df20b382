/**
 * What changed between two interpretation engines on the same run (`npm run engine-diff`): per well
 * and channel, the Cq, the review flag and the reason code of `amplio analyse`, with the
 * instrument's own Cq beside them so that a change can be judged against it.
 */
import type { AnalysedRun } from '../libs/cli/src/analyse';

/** A Cq that moves by less than this is counted apart (an automatic threshold following the noise). */
export const SMALL_CQ_MOVE = 0.01;

export type ChangeKind =
  | 'cq gained'
  | 'cq lost'
  | 'cq moved'
  | 'cq moved slightly'
  | 'review gained'
  | 'review lost'
  | 'reason changed';

export interface ChannelChange {
  position: string;
  dye: string;
  kinds: ChangeKind[];
  before: { cq: number | null; requiresReview: boolean; reasonCode: string | null };
  after: { cq: number | null; requiresReview: boolean; reasonCode: string | null };
  instrumentCq: number | null;
}

/** The channels whose Cq, review flag or reason differ between two analyses of the same files. */
export function diffAnalysedRuns(before: AnalysedRun, after: AnalysedRun): ChannelChange[] {
  const afterWells = new Map(after.wells.map((well) => [well.position, well]));
  const changes: ChannelChange[] = [];
  for (const wellBefore of before.wells) {
    const wellAfter = afterWells.get(wellBefore.position);
    if (!wellAfter) throw new Error(`well ${wellBefore.position} is missing from the second analysis`);
    for (const [dye, channelBefore] of Object.entries(wellBefore.channels)) {
      const channelAfter = wellAfter.channels[dye];
      if (!channelAfter) throw new Error(`${wellBefore.position} ${dye} is missing from the second analysis`);
      const kinds: ChangeKind[] = [];
      const [a, b] = [channelBefore.cq, channelAfter.cq];
      if (a === null && b !== null) kinds.push('cq gained');
      else if (a !== null && b === null) kinds.push('cq lost');
      else if (a !== null && b !== null && a !== b)
        kinds.push(Math.abs(a - b) < SMALL_CQ_MOVE ? 'cq moved slightly' : 'cq moved');
      if (!wellBefore.requiresReview && wellAfter.requiresReview) kinds.push('review gained');
      if (wellBefore.requiresReview && !wellAfter.requiresReview) kinds.push('review lost');
      if (wellBefore.reasonCode !== wellAfter.reasonCode) kinds.push('reason changed');
      if (kinds.length === 0) continue;
      changes.push({
        position: wellBefore.position,
        dye,
        kinds,
        before: { cq: a, requiresReview: wellBefore.requiresReview, reasonCode: wellBefore.reasonCode },
        after: { cq: b, requiresReview: wellAfter.requiresReview, reasonCode: wellAfter.reasonCode },
        instrumentCq: channelBefore.instrumentCq,
      });
    }
  }
  return changes;
}

const cqText = (cq: number | null): string => (cq === null ? 'none' : cq.toFixed(3));

/** One line: position, dye, what changed, before -> after, and the instrument's Cq. */
export function formatChange(change: ChannelChange): string {
  const side = (s: ChannelChange['before']): string =>
    `Cq ${cqText(s.cq)}${s.requiresReview ? ', review' : ''}${s.reasonCode ? `, ${s.reasonCode}` : ''}`;
  return `${change.position} ${change.dye}: ${change.kinds.join(', ')}: ${side(change.before)} -> ${side(change.after)} (instrument ${cqText(change.instrumentCq)})`;
}
