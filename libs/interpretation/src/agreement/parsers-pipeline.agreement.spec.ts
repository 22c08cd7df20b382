import { readFileSync } from 'node:fs';
import type { KitAnalyserConfiguration, ParsedRun } from '@amplio/domain';
import { parseRunFiles } from '@amplio/parsers';
import { interpretRun } from '../interpret';
import { wellInputsFromParsedRun } from '../parsed-run-input';
import { agreement, describeFigures, type CqPair } from '../testing/agreement-stats';
import { fixturePath } from '../testing/fixture-runs';

/**
 * The production path: fixture files -> @amplio/parsers -> wellInputsFromParsedRun -> interpretRun,
 * against the instrument Cq the parser read from the same files.
 */
async function parse(...relative: string[]): Promise<ParsedRun> {
  return parseRunFiles(
    relative.map((r) => ({ name: r.split('/').pop() ?? r, content: readFileSync(fixturePath(r)) })),
  );
}

function compare(run: ParsedRun, config: KitAnalyserConfiguration, dyes?: string[]): CqPair[] {
  const inputs = wellInputsFromParsedRun(run, () => 'SAMPLE');
  const results = interpretRun(inputs, config);
  const pairs: CqPair[] = [];
  results.forEach((result, w) => {
    const parsed = run.wells.find((well) => well.position === result.position);
    for (const channel of result.channels) {
      if (dyes && !dyes.includes(channel.dye)) continue;
      const instrument = parsed?.channels[channel.dye];
      if (!instrument?.curve) continue;
      pairs.push({
        id: `${inputs[w].position} ${channel.dye}`,
        ours: channel.cq,
        instrument: instrument.instrumentCq,
      });
    }
  });
  return pairs;
}

const noKit: KitAnalyserConfiguration = {
  channels: [],
  cqMethod: 'threshold',
  baseline: null,
  ratio: null,
  diagnostics: [],
};

describe('parsers -> engine pipeline agreement', () => {
  it.each([
    'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
    'appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx',
    'appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
  ])('QuantStudio %s at the file thresholds: median <= 0.05, max <= 0.2, presence agrees', async (file) => {
    const run = await parse(`thermo-quantstudio/${file}`);
    const figures = agreement(compare(run, noKit));
    console.log(describeFigures(`pipeline ${run.format} ${file}`, figures));
    expect(figures.compared).toBeGreaterThan(100);
    expect(figures.presenceMismatches).toEqual([]);
    expect(figures.medianAbs).toBeLessThanOrEqual(0.05);
    expect(figures.maxAbs).toBeLessThanOrEqual(0.2);
  });

  it('Bio-Rad CFX RDML, FAM at 27.29: every Cq within 0.01', async () => {
    const run = await parse('biorad-cfx/BioRad_qPCR_melt.rdml');
    const figures = agreement(
      compare(run, { ...noKit, channels: [{ channel: 'FAM', threshold: 27.29 }] }, ['FAM']),
    );
    console.log(describeFigures(`pipeline ${run.format} BioRad_qPCR_melt FAM`, figures));
    expect(figures.compared).toBeGreaterThan(20);
    expect(figures.presenceMismatches).toEqual([]);
    expect(figures.maxAbs).toBeLessThanOrEqual(0.01);
  });

  it('LightCycler 480 curves + Cp table, cqMethod sdm: median <= 0.73', async () => {
    const run = await parse(
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt',
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt',
    );
    const figures = agreement(compare(run, { ...noKit, cqMethod: 'sdm' }));
    console.log(describeFigures(`pipeline ${run.format} LC480 Edward`, figures));
    expect(figures.compared).toBeGreaterThan(250);
    expect(figures.presenceMismatches.length).toBeLessThanOrEqual(3);
    expect(figures.medianAbs).toBeLessThanOrEqual(0.73);
  });
});
