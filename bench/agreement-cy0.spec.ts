import {
  compareRun,
  parseFixture,
  parseRdmlExperiment,
} from '../libs/interpretation/src/testing/fixture-runs';
import { AGREEMENT_SETS } from './agreement-sets';

/**
 * cqMethod cy0 on every fixture run of the agreement report. Cy0 is not the instrument's Cq (it sits
 * where the tangent at the inflection point meets the baseline), so its values are not compared
 * with the instrument's; what must hold is the safety rule: every channel the instrument gives a Cq
 * either gets a Cy0 or is flagged for review (amplification without Cq), and no curve is refused.
 * Measured: 3 such channels over the 16 runs (CFX melt RDML D1 FAM, rising from the first reads,
 * and D10 FAM, Cq 39.3; LightCycler Nrd1 N11, Cp 36.8), all flagged. LightCycler 96 channels whose
 * dye reads at the background level (Roche calls 25 such HEX curves Positive) are left out, as the
 * report does.
 */
describe('cqMethod cy0 on every fixture run', () => {
  it.each(AGREEMENT_SETS.map((set) => [set.label, set] as const))(
    '%s: every instrument Cq has a Cy0 or a review flag, no curve issue',
    async (_label, set) => {
      const run = set.experiment
        ? parseRdmlExperiment(set.files()[0], set.experiment)
        : await parseFixture(...set.files());
      const comparison = compareRun(
        run,
        { ...set.config(run), cqMethod: 'cy0' },
        {
          instrumentCq: set.instrumentCq?.(run),
        },
      );
      expect(comparison.curveIssues).toEqual([]);
      const withCy0 = comparison.pairs.filter((p) => p.ours !== null && p.instrument !== null);
      expect(withCy0.length).toBeGreaterThan(0);
      // Channels whose calls the report does not count (LightCycler 96: dye at background level).
      const uncounted = set.uncountedChannels?.(run).ids ?? new Set<string>();
      const silent = comparison.pairs
        .filter((p) => p.ours === null && p.instrument !== null && !uncounted.has(p.id))
        .filter((p) => {
          const [position, dye] = p.id.split(' ');
          const result = comparison.results.find((r) => r.position === position);
          const channel = result?.channels.find((c) => c.dye === dye);
          return !(channel?.amplification === true && result?.requiresReview === true);
        });
      expect(silent.map((p) => p.id)).toEqual([]);
    },
    120_000,
  );
});
