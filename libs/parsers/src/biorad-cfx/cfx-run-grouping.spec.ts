import type { ParsedRun, RunFile } from '@amplio/domain';
import { parseRunFiles } from '../index';
import { cfxFileIdentity, cfxRunGroupingKey, groupCfxRunFiles } from '../browser';
import { fixtureFile, fixtureFilesUnder } from '../testing/fixture-files';

jest.setTimeout(120_000);

const COVMATIC = 'biorad-cfx/covmatic-simulated';
const SYBR = 'biorad-cfx/cfx-manager-sybr';

/** The files under arbitrary names, in a shuffled order. */
function anonymised(files: RunFile[], prefix: string): RunFile[] {
  return files
    .map((file, index) => ({ name: `${prefix}${(index * 7) % files.length}.csv`, content: file.content }))
    .sort((left, right) => left.name.localeCompare(right.name));
}

function curves(run: ParsedRun): Record<string, number[] | null> {
  const result: Record<string, number[] | null> = {};
  for (const well of run.wells)
    for (const [dye, entry] of Object.entries(well.channels))
      result[`${well.position}|${dye}`] = entry.curve?.fluorescence ?? null;
  return result;
}

describe('CFX files told by content, not by name', () => {
  const covmatic = fixtureFilesUnder(COVMATIC).map(fixtureFile);

  it('gives every file of one run the same grouping key, from bytes or text', () => {
    const keys = covmatic.map((file) => cfxRunGroupingKey(file.content));
    const listed = keys.filter((key): key is string => key !== null);
    expect(new Set(listed).size).toBe(1);
    expect(listed[0]).toMatch(/^cfx96:[0-9a-f]{8}$/);
    // Run Information and Standard Curve list no wells.
    expect(keys.filter((key) => key === null)).toHaveLength(2);
    expect(cfxRunGroupingKey(covmatic[0].content.toString('utf8'))).toBe(listed[0]);
  });

  it('tells each file its role from its header', () => {
    const roles = covmatic.map((file) => [
      file.name.replace(/^.* - +/, ''),
      cfxFileIdentity(file.content)?.role,
    ]);
    expect(roles).toContainEqual(['Quantification Amplification Results_FAM.csv', 'amplification']);
    expect(roles).toContainEqual(['Quantification Cq Results.csv', 'cq-results']);
    expect(roles).toContainEqual(['Quantification Summary.csv', 'summary']);
    expect(roles).toContainEqual(['End Point Results_HEX.csv', 'end-point']);
    expect(roles).toContainEqual(['Run Information.csv', 'run-information']);
  });

  it('groups a run saved under arbitrary names into one run, every channel named, as parsed under its own names', async () => {
    const files = anonymised(covmatic, 'export ');
    const groups = groupCfxRunFiles(files);
    expect(groups).toHaveLength(1);
    expect(groups[0].sort()).toEqual(files.map((file) => file.name).sort());
    const run = await parseRunFiles(files);
    expect(run.channels.map((channel) => channel.dye).sort()).toEqual(['CY5', 'FAM', 'HEX', 'ROX']);
    expect(run.notes ?? []).not.toContainEqual(expect.stringContaining('does not name its fluorophore'));
    const original = await parseRunFiles(covmatic);
    expect(curves(run)).toEqual(curves(original));
  });

  it('names the single SYBR channel of a renamed CFX Manager run', async () => {
    const files = anonymised(
      fixtureFilesUnder(SYBR)
        .filter((path) => path.includes('11-52-02'))
        .map(fixtureFile),
      'x',
    );
    expect(groupCfxRunFiles(files)).toHaveLength(1);
    const run = await parseRunFiles(files);
    expect(run.channels.map((channel) => channel.dye)).toEqual(['SYBR']);
    expect(
      run.wells.some((well) => well.channels.SYBR?.curve && well.channels.SYBR.instrumentCq !== null),
    ).toBe(true);
  });

  it('keeps two runs of the same layout apart by their CFX names', () => {
    const files = fixtureFilesUnder(SYBR).map(fixtureFile);
    const groups = groupCfxRunFiles(files);
    expect(groups).toHaveLength(2);
    for (const group of groups) expect(new Set(group.map((name) => name.slice(0, 25))).size).toBe(1);
  });

  it('leaves a workbook or a file that is not a CFX table in a group of its own', () => {
    const groups = groupCfxRunFiles([
      ...covmatic,
      fixtureFile('thermo-quantstudio/appbio_quantstudio_example08.xlsx'),
      fixtureFile('roche-lc480/Stuart_dAgr_glyS_spoVG_5S_individualWells_Cq.txt'),
    ]);
    expect(groups).toHaveLength(3);
  });

  it("joins each well group's amplification table to the run whose Cq Results list its wells", async () => {
    // As a CFX Connect run exports two well groups (public runs of RobertsLab/project-gigas-carryover).
    const amplification = (wells: string[]) =>
      [
        `,Cycle,${wells.join(',')}`,
        ...[1, 2, 3].map((cycle) => `,${cycle},${wells.map(() => cycle).join(',')}`),
      ].join('\n');
    const files = [
      { name: 'run-Quantification-Amplification_Results-HSP70.csv', content: amplification(['D1', 'D2']) },
      {
        name: 'run-Quantification-Amplification_Results-ATPsynthase.csv',
        content: amplification(['A1', 'A2']),
      },
      {
        name: 'run-Quantification-Cq-Results.csv',
        content:
          ',Well,Fluor,Target,Content,Sample,Cq,Cq Mean,Cq Std. Dev\n' +
          ['A01', 'A02', 'D01', 'D02'].map((well) => `,${well},SYBR,,Unkn,s,NaN,0,0`).join('\n'),
      },
    ];
    const groups = groupCfxRunFiles(files);
    expect(groups).toHaveLength(1);
    const run = await parseRunFiles(
      files.map((file) => ({ name: file.name, content: Buffer.from(file.content) })),
    );
    expect(run.wells.map((well) => well.position)).toEqual(['A1', 'A2', 'D1', 'D2']);
  });
});
