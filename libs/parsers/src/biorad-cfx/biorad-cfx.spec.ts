import { readFileSync, readdirSync } from 'fs';
import type { ParsedRun, PlateType, RunFile } from '@amplio/domain';
import { normalizeDyeName, normalizePosition } from '@amplio/domain';
import { detectFormat, parseRunFiles } from '../index';
import { FIXTURES_DIR, channel, fixtureFile, parsedCqs } from '../testing/fixture-files';
import { resaveWorkbook } from '../testing/resave';

const SYBR_DIR = 'biorad-cfx/cfx-manager-sybr';
const SIM_DIR = 'biorad-cfx/covmatic-simulated';

function runFiles(folder: string, prefix = ''): string[] {
  return readdirSync(`${FIXTURES_DIR}/${folder}`)
    .filter((name) => name.startsWith(prefix))
    .map((name) => `${folder}/${name}`);
}

interface Expected {
  label: string;
  files: string[];
  format: string;
  plateType: PlateType;
  wells: number;
  dyes: string[];
  cycles: number;
  serialNumber: string | null;
  runDate: string | null;
  /** Files whose Cq column is re-read independently below. */
  cqFiles: string[];
}

// Read by hand: header columns of the amplification tables (96 or 384 positions), data rows
// (cycles), the fluorophore in each file name / sheet, Run Information lines.
const CASES: Expected[] = [
  {
    label: 'CFX Manager 3.1 run 09-57-01 (all 6 files)',
    files: runFiles(SYBR_DIR, 'admin_2021-02-19 09-57-01'),
    format: 'biorad-cfx-csv',
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['SYBR'],
    cycles: 40,
    serialNumber: 'BR002605',
    runDate: '2021-02-19T08:57:18Z',
    cqFiles: runFiles(SYBR_DIR, 'admin_2021-02-19 09-57-01').filter((name) =>
      /Cq Results|Summary/.test(name),
    ),
  },
  {
    label: 'CFX Manager 3.1 run 11-52-02 (Cq Results re-saved with ";")',
    files: runFiles(SYBR_DIR, 'admin_2021-02-19 11-52-02'),
    format: 'biorad-cfx-csv',
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['SYBR'],
    cycles: 40,
    serialNumber: 'BR002605',
    runDate: '2021-02-19T10:52:15Z',
    cqFiles: runFiles(SYBR_DIR, 'admin_2021-02-19 11-52-02').filter((name) =>
      /Cq Results|Summary/.test(name),
    ),
  },
  {
    label: 'CFX Maestro 4.0 simulated run (21 files)',
    files: runFiles(SIM_DIR),
    format: 'biorad-cfx-csv',
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['FAM', 'HEX', 'ROX', 'CY5'],
    cycles: 55,
    serialNumber: 'CFX96-SIM00',
    runDate: '2020-10-21T20:33:35Z',
    cqFiles: runFiles(SIM_DIR).filter((name) => /Cq Results|Summary/.test(name)),
  },
  {
    label: 'one amplification CSV alone',
    files: runFiles(SIM_DIR).filter((name) => name.endsWith('Amplification Results_HEX.csv')),
    format: 'biorad-cfx-csv',
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['HEX'],
    cycles: 55,
    serialNumber: null,
    runDate: null,
    cqFiles: [],
  },
  {
    label: 'CFX Maestro Cq Results alone (no curves)',
    files: ['biorad-cfx/allotropy_cfxmaestro_example01.csv'],
    format: 'biorad-cfx-csv',
    plateType: 'RECTANGULAR_96',
    wells: 24,
    dyes: ['FAM', 'VIC'],
    cycles: 0,
    serialNumber: null,
    runDate: null,
    cqFiles: ['biorad-cfx/allotropy_cfxmaestro_example01.csv'],
  },
  {
    label: 'CFX Maestro 5.3 xlsx, 384 wells, non-standard zip',
    files: ['biorad-cfx/maestro-xlsx-384/2026-0318 ReleaseMDA -  Quantification Amplification Results.xlsx'],
    format: 'biorad-cfx-xlsx',
    plateType: 'RECTANGULAR_384',
    wells: 384,
    dyes: ['SYBR'],
    cycles: 48,
    serialNumber: 'CT008509',
    runDate: '2026-03-18T23:05:45Z',
    cqFiles: [],
  },
  {
    label: 'CFX Maestro 5.3 xlsx, 96 wells',
    files: ['biorad-cfx/maestro-xlsx-384/2026-0326 LMD spc -  Quantification Amplification Results.xlsx'],
    format: 'biorad-cfx-xlsx',
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['SYBR'],
    cycles: 48,
    serialNumber: 'CC009826',
    runDate: '2026-03-26T23:45:08Z',
    cqFiles: [],
  },
  {
    label: 'CFX Maestro .txt 384-well table',
    files: ['biorad-cfx/maestro-xlsx-384/TEST01.BIORAD.FORMAT.1.txt'],
    format: 'biorad-cfx-txt',
    plateType: 'RECTANGULAR_384',
    wells: 384,
    // The table does not name its fluorophore anywhere.
    dyes: ['UNKNOWN'],
    cycles: 42,
    serialNumber: null,
    runDate: null,
    cqFiles: [],
  },
];

/** Independent read of a Cq Results / Summary file: split by hand, A01 -> A1 by hand. */
function independentCqs(relativePath: string): Map<string, number | null> {
  const lines = readFileSync(`${FIXTURES_DIR}/${relativePath}`, 'utf8').split(/\r?\n/).filter(Boolean);
  const separator = lines[0].includes(';') ? ';' : ',';
  const header = lines[0].split(separator);
  const [well, fluor, cq] = ['Well', 'Fluor', 'Cq'].map((name) => header.indexOf(name));
  const cqs = new Map<string, number | null>();
  for (const line of lines.slice(1)) {
    const cells = line.split(separator);
    const position = cells[well].replace(/^([A-P])0?(\d+)$/, '$1$2');
    cqs.set(`${position}|${normalizeDyeName(cells[fluor])}`, cells[cq] === 'NaN' ? null : Number(cells[cq]));
  }
  return cqs;
}

function load(files: string[]): RunFile[] {
  return files.map(fixtureFile);
}

describe.each(CASES)('$label', (expected) => {
  let parsed: Promise<ParsedRun> | null = null;
  const run = () => (parsed ??= parseRunFiles(load(expected.files)));

  it('every file is recognised by content as Bio-Rad CFX', () => {
    for (const file of load(expected.files)) {
      expect(detectFormat({ name: 'x', content: file.content }).parserId).toBe('biorad-cfx');
    }
  });

  it('reads plate, wells, channels and cycles as written', async () => {
    const result = await run();
    expect(result.format).toBe(expected.format);
    expect(result.plateType).toBe(expected.plateType);
    expect(result.wells).toHaveLength(expected.wells);
    expect(result.channels.map((entry) => entry.dye).sort()).toEqual([...expected.dyes].sort());
    expect(result.cycleCount).toBe(expected.cycles);
    expect(result.serialNumber).toBe(expected.serialNumber);
    expect(result.runDate).toBe(expected.runDate);
    for (const well of result.wells) {
      expect(normalizePosition(well.position)).toBe(well.position);
      for (const entry of Object.values(well.channels)) {
        if (entry.curve) {
          expect(entry.curve.kind).toBe('baseline-corrected');
          expect(entry.curve.cycles).toHaveLength(expected.cycles);
        }
      }
    }
  });

  it("carries every well's instrument Cq exactly as the Cq files wrote it", async () => {
    const cqs = parsedCqs(await run());
    if (expected.cqFiles.length === 0) {
      expect([...cqs.values()].every((cq) => cq === null)).toBe(true);
      return;
    }
    for (const file of expected.cqFiles) {
      const independent = independentCqs(file);
      expect(independent.size).toBe(cqs.size);
      for (const [key, cq] of independent) expect([key, cqs.get(key)]).toEqual([key, cq]);
    }
  });
});

describe('hand-copied wells', () => {
  it('CFX Manager run: A01 written zero-padded, Std content, sample, curve start', async () => {
    const run = await parseRunFiles(load(runFiles(SYBR_DIR, 'admin_2021-02-19 09-57-01')));
    const { well, entry } = channel(run, 'A1', 'SYBR');
    expect(well.sampleName).toBe('Col-0');
    expect(well.sampleRole).toBe('Std');
    expect(entry.instrumentCq).toBe(25.3168719304532);
    // Not exported: recovered from the run's own Cq (cfx-threshold.ts), one number for the run.
    expect(entry.instrumentThreshold).toBeCloseTo(137.954, 3);
    expect(entry.curve?.fluorescence[0]).toBe(0.453526906302159);
  });

  it('re-saved ";" Cq file without the leading empty column', async () => {
    const run = await parseRunFiles(load(runFiles(SYBR_DIR, 'admin_2021-02-19 11-52-02')));
    const { well, entry } = channel(run, 'A1', 'SYBR');
    expect(well.sampleName).toBe('TuMV (1)');
    expect(well.sampleRole).toBe('Unkn');
    expect(entry.instrumentCq).toBe(26.8476308772715);
  });

  it('End Point calls and four dyes', async () => {
    const run = await parseRunFiles(load(runFiles(SIM_DIR)));
    expect(channel(run, 'A4', 'FAM').entry.instrumentCall).toBe('(+) Positive');
    expect(channel(run, 'A1', 'CY5').entry.instrumentCq).toBe(12.7275660251579);
    expect(channel(run, 'A1', 'CY5').well.sampleRole).toBe('Neg Ctrl');
    expect(run.channels.find((entry) => entry.dye === 'CY5')?.originalName).toBe('Cy5');
  });

  it('Cq-only CSV: NaN is no Cq', async () => {
    const run = await parseRunFiles(load(['biorad-cfx/allotropy_cfxmaestro_example01.csv']));
    const { well, entry } = channel(run, 'A1', 'FAM');
    expect(well.sampleName).toBe('M3905 R Ctx');
    expect(entry.instrumentCq).toBe(21.1877528266099);
    expect(entry.curve).toBeNull();
  });

  it('Maestro xlsx and txt: first values', async () => {
    const xlsx = await parseRunFiles(
      load(['biorad-cfx/maestro-xlsx-384/2026-0318 ReleaseMDA -  Quantification Amplification Results.xlsx']),
    );
    expect(channel(xlsx, 'A1', 'SYBR').entry.curve?.fluorescence.slice(0, 2)).toEqual([
      2477.94140866462, 2471.3208900771,
    ]);
    expect(channel(xlsx, 'P24', 'SYBR').entry.curve?.cycles).toHaveLength(48);
    const txt = await parseRunFiles(load(['biorad-cfx/maestro-xlsx-384/TEST01.BIORAD.FORMAT.1.txt']));
    expect(channel(txt, 'A1', 'UNKNOWN').entry.curve?.fluorescence.slice(0, 2)).toEqual([
      2728.22012233436, 2723.21033637695,
    ]);
  });

  it('a workbook re-saved with a row of sample names above the header reads as the original', async () => {
    // As a CFX Manager 3.1 workbook re-saved in Excel (public runs of Zqweez/Colabs-IRTLab): row 1
    // '', 'Sample', <names>; row 2 '', 'Cycle', 'A1', ...
    const file = fixtureFile(
      'biorad-cfx/maestro-xlsx-384/2026-0318 ReleaseMDA -  Quantification Amplification Results.xlsx',
    );
    const resaved = resaveWorkbook(file, [
      { sheet: 'SYBR', headerCell: 'Cycle', edit: { kind: 'row-above', row: ['', 'Sample', 'one', 'two'] } },
    ]);
    const original = await parseRunFiles([file]);
    const edited = await parseRunFiles([resaved]);
    expect(edited.wells).toEqual(original.wells);
  });

  it('a copy of an amplification file is dropped; other reads for the same wells are refused', async () => {
    const file = fixtureFile(
      `${SIM_DIR}/Data_21-10-2020_22-33-14 -  Quantification Amplification Results_FAM.csv`,
    );
    const copy = { ...file, name: `copy of ${file.name}` };
    const once = await parseRunFiles([file]);
    const twice = await parseRunFiles([file, copy]);
    expect(twice.wells.map((well) => well.channels.FAM?.curve?.fluorescence)).toEqual(
      once.wells.map((well) => well.channels.FAM?.curve?.fluorescence),
    );
    expect(
      (twice.notes ?? []).some((note) => note.includes('a copy of the amplification table for FAM')),
    ).toBe(true);
    const lines = file.content.toString('utf8').split('\n');
    const cells = lines[1].split(',');
    cells[2] = String(Number(cells[2]) + 1);
    const changed = {
      name: copy.name,
      content: Buffer.from([lines[0], cells.join(','), ...lines.slice(2)].join('\n')),
    };
    await expect(parseRunFiles([file, changed])).rejects.toMatchObject({
      key: 'errorImportInvalidFile',
      detail: expect.stringContaining('a second amplification table for FAM with other reads') as unknown,
    });
  });

  it("one fluorophore's tables of two well groups make one plate (CFX exports a table per well group)", async () => {
    const rows = (columns: string[], base: number) =>
      [
        `,Cycle,${columns.join(',')}`,
        ...[1, 2, 3].map((cycle) => `,${cycle},${columns.map((_c, i) => base + i + cycle).join(',')}`),
      ].join('\n');
    const first = {
      name: 'run -  Quantification Amplification Results-GroupA.csv',
      content: Buffer.from(rows(['A1', 'A2'], 10)),
    };
    const second = {
      name: 'run -  Quantification Amplification Results-GroupB.csv',
      content: Buffer.from(rows(['D1', 'D2'], 50)),
    };
    const cq = {
      name: 'run -  Quantification Cq Results.csv',
      content: Buffer.from(
        ',Well,Fluor,Target,Content,Sample,Cq,Cq Mean,Cq Std. Dev\n' +
          ['A01', 'A02', 'D01', 'D02'].map((well) => `,${well},SYBR,,Unkn,s,NaN,0,0`).join('\n'),
      ),
    };
    const run = await parseRunFiles([first, second, cq]);
    expect(run.wells.map((well) => [well.position, well.channels.SYBR?.curve?.fluorescence])).toEqual([
      ['A1', [11, 12, 13]],
      ['A2', [12, 13, 14]],
      ['D1', [51, 52, 53]],
      ['D2', [52, 53, 54]],
    ]);
  });

  it('a Plate View 24 columns wide makes a 384-well plate even when only A1-H12 are loaded', async () => {
    const columns = Array.from({ length: 24 }, (_value, index) => index + 1).join(',');
    const plateView = {
      name: 'run -  Quantification Plate View Results_FAM.csv',
      content: Buffer.from(`,,${columns}\nA,Content,Unkn\n`),
    };
    const amplification = {
      name: 'run -  Quantification Amplification Results_FAM.csv',
      content: Buffer.from(',Cycle,A1,H12\n,1,1.5,2.5\n,2,1.7,2.9\n'),
    };
    const run = await parseRunFiles([amplification, plateView]);
    expect(run.plateType).toBe('RECTANGULAR_384');
    expect(run.wells.map((well) => well.position)).toEqual(['A1', 'H12']);
    const alone = await parseRunFiles([amplification]);
    expect(alone.plateType).toBe('RECTANGULAR_96');
  });
});
