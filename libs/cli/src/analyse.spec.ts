import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseRunFiles, effectiveConfiguration, toCsv } from './analyse';

const FIXTURES = join(__dirname, '../../../../shared/fixtures');
const fixture = (path: string) => ({
  name: path.split('/').pop() ?? path,
  content: readFileSync(join(FIXTURES, path)),
});

describe('analyseRunFiles', () => {
  it('gives the documented JSON shape with the instrument numbers beside ours (Bio-Rad CFX RDML, FAM at 27.29)', async () => {
    const run = await analyseRunFiles([fixture('biorad-cfx/BioRad_qPCR_melt.rdml')], {
      analyser: null,
      kitConfiguration: null,
      thresholds: { FAM: 27.29 },
      cqMethod: null,
    });
    expect(run.plateType).toBe('RECTANGULAR_96');
    expect(run.cycles).toBe(41);
    expect(run.channels).toEqual(expect.arrayContaining(['FAM']));
    const withCq = run.wells.filter(
      (well) => well.channels.FAM?.instrumentCq !== null && well.channels.FAM !== undefined,
    );
    expect(withCq.length).toBeGreaterThan(0);
    for (const well of withCq) {
      expect(well.channels.FAM.threshold).toBe(27.29);
      expect(
        Math.abs((well.channels.FAM.cq ?? Infinity) - (well.channels.FAM.instrumentCq ?? 0)),
      ).toBeLessThanOrEqual(0.01);
    }
    // No kit configuration: no diagnostic matches, and no well needs review: the late CY5 rises of
    // D8 and H7, which the safety net flagged while the Cq search took the first crossing after the
    // baseline window, cross the automatic threshold last at a Cq (CFX's last-crossing rule,
    // docs/interpretation.md).
    expect(run.wells.filter((well) => well.requiresReview)).toEqual([]);
    for (const well of run.wells) expect(well.reasonCode).toBe('NO_DIAGNOSTIC_MATCHED');
    for (const position of ['D8', 'H7'])
      expect(run.wells.find((well) => well.position === position)?.channels.CY5?.cq).toEqual(
        expect.any(Number),
      );
    const csv = toCsv(run).split('\n');
    expect(csv[0]).toBe(
      'position,sampleName,channel,cq,endRfu,threshold,instrumentCq,instrumentThreshold,ratio,suggestedResult,reasonCode,requiresReview',
    );
    expect(csv.length).toBeGreaterThan(run.wells.length);
  });

  it('lays command-line thresholds and Cq method over the kit configuration', () => {
    const configuration = effectiveConfiguration({
      analyser: null,
      kitConfiguration: {
        channels: [{ channel: 'FAM', threshold: 1 }],
        cqMethod: 'threshold',
        baseline: null,
        ratio: null,
        diagnostics: [],
      },
      thresholds: { FAM: 2, HEX: 3 },
      cqMethod: 'sdm',
    });
    expect(configuration.channels).toEqual([
      { channel: 'FAM', threshold: 2 },
      { channel: 'HEX', threshold: 3 },
    ]);
    expect(configuration.cqMethod).toBe('sdm');
  });
});
