import { agreement, describeFigures } from '../testing/agreement-stats';
import { NO_KIT, compareRun, filesStartingWith, parseFixture } from '../testing/fixture-runs';
import { recoveredThresholds } from '../testing/recovered-thresholds';

/**
 * Bio-Rad CFX writes baseline-subtracted RFU: our engine must not correct it again and, at the
 * run's single threshold per dye (read off the first well with a Cq, see recoveredThresholds), must
 * reproduce CFX Manager's Cq to 0.001 cycle, no-Cq wells included. Files read by @amplio/parsers.
 */
describe('Bio-Rad CFX agreement', () => {
  it('BioRad_qPCR_melt.rdml, FAM: the derived threshold is 27.29 and every Cq agrees within 0.001', async () => {
    const run = await parseFixture('biorad-cfx/BioRad_qPCR_melt.rdml');
    const channels = recoveredThresholds(run);
    expect(channels.find((c) => c.channel === 'FAM')?.threshold).toBeCloseTo(27.29, 2);
    const { pairs } = compareRun(run, { ...NO_KIT, channels }, { dyes: ['FAM'] });
    const figures = agreement(pairs);
    console.log(describeFigures('CFX RDML FAM', figures));
    expect(pairs.length).toBeGreaterThan(20);
    expect(figures.presenceMismatches).toEqual([]);
    expect(pairs.some((p) => p.instrument === null)).toBe(true);
    expect(figures.maxAbs).toBeLessThanOrEqual(0.001);
  });

  it.each(['admin_2021-02-19 09-57-01', 'admin_2021-02-19 11-52-02'])(
    'cfx-manager-sybr %s: one threshold reproduces every Cq within 0.001 and every NaN',
    async (prefix) => {
      const run = await parseFixture(...filesStartingWith('biorad-cfx/cfx-manager-sybr', prefix));
      const { pairs } = compareRun(run, { ...NO_KIT, channels: recoveredThresholds(run) });
      const figures = agreement(pairs);
      console.log(describeFigures(`CFX ${prefix}`, figures));
      expect(pairs).toHaveLength(96);
      expect(figures.presenceMismatches).toEqual([]);
      expect(figures.compared).toBeGreaterThan(80);
      expect(figures.maxAbs).toBeLessThanOrEqual(0.001);
    },
  );
});
