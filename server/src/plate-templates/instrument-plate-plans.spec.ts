import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RunFileError, type RunFile } from '@amplio/domain';
import { parsePlatePlan } from '@amplio/parsers';
import { asAmplioPlatePlan } from './instrument-plate-plans';

/** Real instrument exports (shared/fixtures beside the clone, or AMPLIO_FIXTURES). */
const FIXTURES = process.env.AMPLIO_FIXTURES ?? resolve(__dirname, '../../../../shared/fixtures');
const fixture = (path: string): RunFile => ({
  name: path.split('/').pop() ?? path,
  content: readFileSync(resolve(FIXTURES, path)),
});
const QS_TXT = 'thermo-quantstudio/appbio_quantstudio_example03.txt';
const QS_IPC = 'thermo-quantstudio/appbio_quantstudio_example02.txt';
const CFX_CQ =
  'biorad-cfx/cfx-manager-sybr/admin_2021-02-19 09-57-01_BR002605 -  Quantification Cq Results_0.csv';
const COVMATIC_CQ = 'biorad-cfx/covmatic-simulated/Data_21-10-2020_22-33-14 -  Quantification Cq Results.csv';

const plan = (type: string, file: RunFile) => parsePlatePlan(asAmplioPlatePlan(type, file), 'RECTANGULAR_96');
const byPosition = (entries: ReturnType<typeof plan>) =>
  new Map(entries.map((entry) => [entry.position, entry]));

describe('instrument plate plans (QuantStudio plate setup, CFX plate layout)', () => {
  it('reads the [Sample Setup] of a QuantStudio export: names and tasks (read by hand from the file)', () => {
    const wells = byPosition(plan('QUANTSTUDIO', fixture(QS_TXT)));
    // 96 rows; line "1 A1 NTC ... NTC", "2 A2 Allele 1 ... PC_ALLELE_1".
    expect(wells.size).toBe(96);
    expect(wells.get('A1')).toEqual({
      position: 'A1',
      sampleName: 'NTC',
      sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL',
    });
    expect(wells.get('A2')).toEqual(
      expect.objectContaining({ sampleName: 'Allele 1', sampleType: 'POSITIVE_CONTROL' }),
    );
    const types = [...wells.values()].map((entry) => entry.sampleType);
    expect(types.filter((type) => type === 'SAMPLE')).toHaveLength(85);
    expect(types.filter((type) => type === 'NEGATIVE_AMPLIFICATION_CONTROL')).toHaveLength(8);
    expect(types.filter((type) => type === 'POSITIVE_CONTROL')).toHaveLength(3);
  });

  it('takes the well task, not the internal positive control rows, when a well has several targets', () => {
    const entries = plan('QUANTSTUDIO', fixture(QS_IPC));
    // 44 UNKNOWN + 4 NTC wells; the IPC and BlockedIPC rows describe the same wells' control target.
    expect(entries).toHaveLength(48);
    expect(entries.filter((entry) => entry.sampleType === 'SAMPLE')).toHaveLength(44);
    expect(entries.filter((entry) => entry.sampleType === 'NEGATIVE_AMPLIFICATION_CONTROL')).toHaveLength(4);
  });

  it('reads the Well, Content and Sample columns of a CFX table, one entry per well', () => {
    const wells = byPosition(plan('CFX', fixture(CFX_CQ)));
    // ",A01,SYBR,ATG8a,Std,Col-0,...": 85 Std and 11 NTC rows, one fluorophore.
    expect(wells.size).toBe(96);
    expect(wells.get('A1')).toEqual({ position: 'A1', sampleName: 'Col-0', sampleType: 'POSITIVE_CONTROL' });
    expect(
      [...wells.values()].filter((entry) => entry.sampleType === 'NEGATIVE_AMPLIFICATION_CONTROL'),
    ).toHaveLength(11);
    const covmatic = plan('CFX', fixture(COVMATIC_CQ));
    // 376 rows = 96 wells x 4 fluorophores (Unkn, 4 Pos Ctrl and 4 Neg Ctrl rows = 1 well each).
    expect(covmatic).toHaveLength(96);
    expect(covmatic.filter((entry) => entry.sampleType === 'POSITIVE_CONTROL')).toHaveLength(1);
    expect(covmatic.filter((entry) => entry.sampleType === 'NEGATIVE_EXTRACTION_CONTROL')).toHaveLength(1);
  });

  it('refuses a file of the other type, naming it; leaves Amplio plans as they are', () => {
    expect(() => plan('CFX', fixture(QS_TXT))).toThrow(RunFileError);
    expect(() => plan('CFX', fixture(QS_TXT))).toThrow(
      /appbio_quantstudio_example03.txt: columns "Well" and "Content"/,
    );
    expect(() => plan('QUANTSTUDIO', fixture(CFX_CQ))).toThrow(/no \[Sample Setup\] section/);
    const amplio = { name: 'plan.csv', content: Buffer.from('Position;Sample type\nA1;SAMPLE\n') };
    expect(asAmplioPlatePlan('AMPLIO', amplio)).toBe(amplio);
  });
});
