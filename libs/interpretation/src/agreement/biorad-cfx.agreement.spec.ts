import type { KitAnalyserConfiguration } from '@amplio/domain';
import { interpretRun, type WellInput } from '../interpret';
import { agreement, describeFigures, type CqPair } from './agreement-stats';
import { readDelimited, readRdml, readRecords, shortPosition } from './fixture-readers';

/**
 * Bio-Rad CFX writes baseline-subtracted RFU: our engine must not correct it again and, at the
 * run's single threshold, must reproduce CFX Manager's Cq to 0.01 cycle, no-Cq wells included.
 */
function thresholdConfiguration(dye: string, threshold: number): KitAnalyserConfiguration {
  return {
    channels: [{ channel: dye, threshold }],
    cqMethod: 'threshold',
    baseline: null,
    ratio: null,
    diagnostics: [],
  };
}

describe('Bio-Rad CFX agreement', () => {
  it('BioRad_qPCR_melt.rdml, FAM at 27.29: every Cq within 0.01, no-Cq wells agree', () => {
    const reactions = readRdml('biorad-cfx/BioRad_qPCR_melt.rdml').filter((r) => r.run.endsWith('_FAM'));
    expect(reactions.length).toBeGreaterThan(20);
    const wells: WellInput[] = reactions.map((r) => ({
      position: r.reactId,
      sampleType: 'SAMPLE',
      channels: [
        { dye: 'FAM', curve: { kind: 'baseline-corrected', cycles: r.cycles, fluorescence: r.fluorescence } },
      ],
    }));
    const results = interpretRun(wells, thresholdConfiguration('FAM', 27.29));
    const pairs: CqPair[] = results.map((result, i) => ({
      id: result.position,
      ours: result.channels[0].cq,
      instrument: reactions[i].cq,
    }));
    const figures = agreement(pairs);
    console.log(describeFigures('CFX RDML FAM', figures));
    expect(figures.presenceMismatches).toEqual([]);
    expect(pairs.some((p) => p.instrument === null)).toBe(true);
    expect(figures.maxAbs).toBeLessThanOrEqual(0.01);
  });

  describe.each(['admin_2021-02-19 09-57-01_BR002605', 'admin_2021-02-19 11-52-02_BR002605'])(
    'cfx-manager-sybr %s',
    (run) => {
      const folder = 'biorad-cfx/cfx-manager-sybr';
      const amplification = readDelimited(
        `${folder}/${run} -  Quantification Amplification Results_SYBR.csv`,
      );
      const header = amplification[0].map((h) => h.trim());
      const cycleColumn = header.indexOf('Cycle');
      const cycles = amplification.slice(1).map((row) => Number(row[cycleColumn]));
      const curveOf = (position: string): number[] => {
        const column = header.indexOf(position);
        if (column < 0) throw new Error(`no amplification column ${position}`);
        return amplification.slice(1).map((row) => Number(row[column]));
      };
      const instrumentCq = new Map<string, number | null>();
      for (const record of readRecords(`${folder}/${run} -  Quantification Cq Results_0.csv`)) {
        const cq = Number(record.Cq);
        instrumentCq.set(shortPosition(record.Well), Number.isFinite(cq) ? cq : null);
      }

      /**
       * The documented procedure: CFX does not export its threshold, so take the first well (plate
       * order) with a Cq, and read the threshold off its curve by inverting the linear interpolation
       * between the two reads bracketing that Cq: T = y(k) + (Cq - k)(y(k+1) - y(k)), k = floor(Cq).
       * The other wells then check it.
       */
      function thresholdFromFirstWell(): { position: string; threshold: number } {
        for (const [position, cq] of instrumentCq) {
          if (cq === null) continue;
          const y = curveOf(position);
          const k = Math.floor(cq);
          const i = cycles.indexOf(k);
          return { position, threshold: y[i] + (cq - k) * (y[i + 1] - y[i]) };
        }
        throw new Error('no well with a Cq');
      }

      it('one threshold reproduces every Cq within 0.01 and every NaN', () => {
        const { position, threshold } = thresholdFromFirstWell();
        console.log(`${run}: threshold ${threshold.toFixed(4)} from ${position}`);
        expect(instrumentCq.size).toBe(96);
        const wells: WellInput[] = [...instrumentCq.keys()].map((p) => ({
          position: p,
          sampleType: 'SAMPLE',
          channels: [
            { dye: 'SYBR', curve: { kind: 'baseline-corrected', cycles, fluorescence: curveOf(p) } },
          ],
        }));
        const results = interpretRun(wells, thresholdConfiguration('SYBR', threshold));
        const pairs = results.map((r) => ({
          id: r.position,
          ours: r.channels[0].cq,
          instrument: instrumentCq.get(r.position) ?? null,
        }));
        const figures = agreement(pairs);
        console.log(describeFigures(`CFX ${run}`, figures));
        expect(figures.presenceMismatches).toEqual([]);
        expect(figures.compared).toBeGreaterThan(80);
        expect(figures.maxAbs).toBeLessThanOrEqual(0.01);
      });
    },
  );
});
