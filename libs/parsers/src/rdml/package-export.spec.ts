/**
 * `@amplio/parsers` exports parseAllRdmlRuns (every plate of a multi-run RDML), not only the first
 * plate that parseRunFiles gives.
 */
import { parseAllRdmlRuns, parseRunFiles } from '../index';
import { fixtureFile } from './testing/fixture-files';

describe('parseAllRdmlRuns from the package index', () => {
  it('reads the three plates of volume_machine.rdml (LightCycler 480, QuantStudio 6 Flex, StepOne)', async () => {
    const file = fixtureFile('rdml/volume_machine.rdml');
    const runs = parseAllRdmlRuns([file]);
    expect(runs).toHaveLength(3);
    expect(runs.map((run) => run.plateType)).toEqual([
      'RECTANGULAR_384',
      'RECTANGULAR_384',
      'RECTANGULAR_96',
    ]);
    expect(runs.every((run) => run.wells.length > 0 && run.cycleCount >= 40)).toBe(true);
    // The first plate is the one parseRunFiles gives.
    const first = await parseRunFiles([file]);
    expect(first.wells.map((well) => well.position)).toEqual(runs[0].wells.map((well) => well.position));
  });

  it('reads every plate of the Vermeulen benchmark, and a single-plate file as one run', () => {
    expect(parseAllRdmlRuns([fixtureFile('benchmarks/data_vermeulen_std_150000_15.rdml')])).toHaveLength(64);
    expect(parseAllRdmlRuns([fixtureFile('biorad-cfx/BioRad_384.rdml')])).toHaveLength(1);
  });
});
