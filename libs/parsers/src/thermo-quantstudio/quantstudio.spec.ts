import { readFileSync } from 'fs';
import ExcelJS from 'exceljs';
import { normalizeDyeName, type ParsedRun, type PlateType } from '@amplio/domain';
import { detectFormat, parseRunFiles } from '../index';
import { channel, fixtureFile, fixturePath, parsedCqs } from '../testing/fixture-files';

// The independent exceljs read of each workbook is slow on a loaded machine.
jest.setTimeout(30_000);

interface Expected {
  file: string;
  format: string;
  plateType: PlateType;
  wells: number;
  dyes: string[];
  cycles: number;
  instrumentName: string | null;
  serialNumber: string | null;
  runDate: string | null;
  /** Where the instrument's Cq is, for the independent read below; null when the file has none. */
  cqSource: 'sheet' | 'txt' | 'txt-genotyping' | null;
}

// Values read by hand from each file (block type, loaded wells of Sample Setup/Results, reporters,
// cycle numbers of Amplification Data / Multicomponent Data, header rows).
const CASES: Expected[] = [
  {
    file: 'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
    format: 'thermo-quantstudio-da-xlsx',
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['VIC', 'FAM'],
    cycles: 40,
    instrumentName: '2778719020015',
    serialNumber: '2778719020015',
    runDate: '2019-03-29T02:47:42-04:00',
    cqSource: 'sheet',
  },
  {
    file: 'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx',
    format: 'thermo-quantstudio-da-xlsx',
    plateType: 'RECTANGULAR_96',
    wells: 84,
    dyes: ['FAM', 'VIC'],
    cycles: 40,
    instrumentName: '2778719020015',
    serialNumber: '2778719020015',
    runDate: '2019-03-31T21:23:17-04:00',
    cqSource: 'sheet',
  },
  {
    file: 'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls',
    format: 'thermo-quantstudio-da-xlsx',
    plateType: 'RECTANGULAR_384',
    wells: 216,
    dyes: ['FAM'],
    cycles: 40,
    instrumentName: 'QS7Pro',
    serialNumber: '1234',
    runDate: '2024-09-04T09:21:28-04:00',
    cqSource: 'sheet',
  },
  {
    file: 'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
    format: 'thermo-quantstudio-da-xlsx',
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['FAM', 'VIC', 'JUN', 'ABY'],
    cycles: 40,
    instrumentName: 'SVT001',
    serialNumber: 'SVT001',
    runDate: '2015-04-07T02:15:04-04:00',
    cqSource: 'sheet',
  },
  {
    file: 'thermo-quantstudio/appbio_quantstudio_example08.xlsx',
    format: 'thermo-quantstudio-xlsx',
    plateType: 'RECTANGULAR_96',
    wells: 18,
    dyes: ['VIC', 'FAM'],
    cycles: 50,
    instrumentName: '12345',
    serialNumber: '12345',
    runDate: '2022-08-12T16:28:28-04:00',
    cqSource: 'sheet',
  },
  {
    file: 'thermo-quantstudio/appbio_quantstudio_example02.txt',
    format: 'thermo-quantstudio-txt',
    plateType: 'RECTANGULAR_96',
    wells: 48,
    dyes: ['VIC', 'FAM'],
    cycles: 40,
    instrumentName: '278880034',
    serialNumber: '278880034',
    runDate: '2010-10-01T01:44:54-04:00',
    cqSource: 'txt',
  },
  {
    file: 'thermo-quantstudio/appbio_quantstudio_example03.txt',
    format: 'thermo-quantstudio-txt',
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['VIC', 'FAM'],
    cycles: 40,
    instrumentName: 'Sponge_Bob_32',
    serialNumber: '123456789',
    runDate: '2010-09-16T07:35:29-04:00',
    cqSource: 'txt-genotyping',
  },
  {
    file: 'thermo-7500-stepone/7500_std.xls',
    format: 'thermo-quantstudio-xls',
    plateType: 'RECTANGULAR_96',
    wells: 24,
    dyes: ['FAM'],
    cycles: 40,
    instrumentName: 'sds7500fast',
    serialNumber: null,
    runDate: '2007-11-10T06:10:59+03:00',
    cqSource: null,
  },
];

function asText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function noCq(text: unknown): number | null {
  if (typeof text === 'number') return text;
  const trimmed = asText(text).trim();
  if (trimmed === '' || /^undetermined$/i.test(trimmed)) return null;
  return Number(trimmed.replace(/,/g, ''));
}

/**
 * Second, independent read of the instrument's Cq: the Results sheet through exceljs (the parser
 * uses SheetJS), header located by its column names.
 */
async function sheetCqs(path: string): Promise<Map<string, number | null>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('Results');
  if (!sheet) throw new Error('no Results sheet');
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows[row.number - 1] = (row.values as unknown[]).slice(1);
  });
  const headerIndex = rows.findIndex((row) => row?.includes('Well Position') && row.includes('Reporter'));
  const header = rows[headerIndex] as string[];
  const cqColumn =
    ['Cq', 'CT', 'CRT', 'Ct'].map((name) => header.indexOf(name)).find((index) => index >= 0) ?? -1;
  const reporterColumn = header.indexOf('Reporter');
  const expected = new Map<string, number | null>();
  for (const row of rows.slice(headerIndex + 1)) {
    if (!row?.[1] || !row[reporterColumn]) continue;
    expected.set(`${asText(row[1])}|${normalizeDyeName(asText(row[reporterColumn]))}`, noCq(row[cqColumn]));
  }
  return expected;
}

function txtSection(path: string, section: string): string[][] {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const start = lines.indexOf(`[${section}]`);
  const body: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('[') || line.trim() === '') break;
    body.push(line.split('\t'));
  }
  return body;
}

/** Independent read of the [Results] section of a text export. */
function txtCqs(path: string, genotyping: boolean): Map<string, number | null> {
  const [header, ...rows] = txtSection(path, 'Results');
  const expected = new Map<string, number | null>();
  const position = header.indexOf('Well Position');
  if (!genotyping) {
    for (const row of rows)
      expected.set(
        `${row[position].trim()}|${row[header.indexOf('Reporter')]}`,
        noCq(row[header.indexOf('CT')]),
      );
    return expected;
  }
  const [setupHeader, ...setup] = txtSection(path, 'Sample Setup');
  const reporters = new Map(
    setup.map((row) => [
      row[setupHeader.indexOf('Well Position')],
      [row[setupHeader.indexOf('Allele1 Reporter')], row[setupHeader.indexOf('Allele2 Reporter')]],
    ]),
  );
  for (const row of rows) {
    const [allele1, allele2] = reporters.get(row[position]) ?? [];
    expected.set(`${row[position]}|${allele1}`, noCq(row[header.indexOf('Allele1 Ct')]));
    expected.set(`${row[position]}|${allele2}`, noCq(row[header.indexOf('Allele2 Ct')]));
  }
  return expected;
}

describe.each(CASES)('$file', (expected) => {
  let parsed: Promise<ParsedRun> | null = null;
  const load = () => (parsed ??= parseRunFiles([fixtureFile(expected.file)]));

  it('is detected by content', () => {
    const file = fixtureFile(expected.file);
    expect(detectFormat({ name: 'renamed.bin', content: file.content }).parserId).toMatch(
      /^thermo-quantstudio-/,
    );
  });

  it('reads plate, wells, channels and cycles as written', async () => {
    const run = await load();
    expect(run.format).toBe(expected.format);
    expect(run.plateType).toBe(expected.plateType);
    expect(run.wells).toHaveLength(expected.wells);
    expect(run.channels.map((entry) => entry.dye).sort()).toEqual([...expected.dyes].sort());
    expect(run.cycleCount).toBe(expected.cycles);
    expect(run.instrumentName).toBe(expected.instrumentName);
    expect(run.serialNumber).toBe(expected.serialNumber);
    expect(run.runDate).toBe(expected.runDate);
    for (const well of run.wells) {
      expect(well.position).toMatch(/^[A-P]([1-9]|1\d|2[0-4])$/);
      for (const entry of Object.values(well.channels)) {
        if (entry.curve) {
          expect(entry.curve.cycles.length).toBe(entry.curve.fluorescence.length);
          expect(entry.curve.fluorescence.every(Number.isFinite)).toBe(true);
        }
      }
    }
  });

  it("carries every well's instrument Cq exactly as the file wrote it", async () => {
    const run = await load();
    const cqs = parsedCqs(run);
    if (expected.cqSource === null) {
      expect([...cqs.values()].every((cq) => cq === null)).toBe(true);
      return;
    }
    const path = fixturePath(expected.file);
    const independent =
      expected.cqSource === 'sheet'
        ? await sheetCqs(path)
        : txtCqs(path, expected.cqSource === 'txt-genotyping');
    expect(independent.size).toBeGreaterThan(0);
    expect(cqs.size).toBe(independent.size);
    for (const [key, cq] of independent) expect([key, cqs.get(key)]).toEqual([key, cq]);
  });
});

describe('hand-copied wells', () => {
  it('Design & Analysis genotyping: Cq, threshold, baseline, call, curve', async () => {
    const run = await parseRunFiles([
      fixtureFile('thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx'),
    ]);
    const { well, entry } = channel(run, 'A2', 'VIC');
    expect(well.sampleName).toBe('NA17105');
    expect(well.sampleRole).toBe('UNKNOWN');
    expect(entry.instrumentCq).toBe(22.4703670538769);
    expect(entry.instrumentThreshold).toBe(0.10108067575002802);
    expect(entry.instrumentBaseline).toEqual({ start: 3, end: 18 });
    expect(entry.instrumentCall).toBe('Allele 1/Allele 1');
    expect(channel(run, 'A1', 'FAM').entry.instrumentCq).toBeNull();
    const a1 = channel(run, 'A1', 'VIC').entry.curve;
    expect(a1?.kind).toBe('baseline-corrected');
    expect(a1?.cycles.slice(0, 3)).toEqual([1, 2, 3]);
    expect(a1?.fluorescence.slice(0, 3)).toEqual([
      -0.0003955166393007411, 0.0001200271082354102, -0.001356535581911655,
    ]);
  });

  it('Design & Analysis 4-plex: one threshold per target', async () => {
    const run = await parseRunFiles([
      fixtureFile(
        'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
      ),
    ]);
    expect(channel(run, 'A1', 'FAM').entry.instrumentCq).toBe(28.635872856981464);
    expect(channel(run, 'A1', 'JUN').entry.instrumentCq).toBe(17.135360098576434);
    expect(channel(run, 'A1', 'ABY').entry.instrumentThreshold).toBe(0.24027337228429582);
  });

  it('presence/absence: target calls', async () => {
    const run = await parseRunFiles([
      fixtureFile(
        'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx',
      ),
    ]);
    expect(channel(run, 'A1', 'FAM').entry.instrumentCall).toBe('Absence');
    expect(channel(run, 'A1', 'FAM').entry.instrumentThreshold).toBe(0.7);
    const autoexport = await parseRunFiles([
      fixtureFile(
        'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls',
      ),
    ]);
    expect(channel(autoexport, 'A1', 'FAM').entry.instrumentCq).toBe(14.966812941961987);
    expect(channel(autoexport, 'A1', 'FAM').entry.instrumentCall).toBe('Presence');
  });

  it('QuantStudio 7 Flex xlsx: Crt, well numbers mapped to positions', async () => {
    const run = await parseRunFiles([fixtureFile('thermo-quantstudio/appbio_quantstudio_example08.xlsx')]);
    const { well, entry } = channel(run, 'A1', 'VIC');
    expect(well.sampleName).toBe('13May2022-Rh-1');
    expect(entry.instrumentCq).toBe(11.32002067565918);
    expect(entry.instrumentThreshold).toBe(0.2);
    expect(entry.instrumentBaseline).toEqual({ start: 1, end: 50 });
    expect(entry.curve?.fluorescence.slice(0, 3)).toEqual([0, 0.00028181684, 0.0017947089]);
  });

  it('7500 BIFF8 .xls: raw multicomponent curves, no Cq', async () => {
    const run = await parseRunFiles([fixtureFile('thermo-7500-stepone/7500_std.xls')]);
    const { well, entry } = channel(run, 'A4', 'FAM');
    expect(well.sampleName).toBe('pop1');
    expect(entry.curve?.kind).toBe('raw');
    expect(entry.curve?.fluorescence.slice(0, 3)).toEqual([847819.4375, 843917.875, 831569.0625]);
  });

  it('text export: Undetermined, thousands separators, genotyping alleles', async () => {
    const presence = await parseRunFiles([
      fixtureFile('thermo-quantstudio/appbio_quantstudio_example02.txt'),
    ]);
    expect(channel(presence, 'A2', 'VIC').entry.instrumentCq).toBe(32.874);
    expect(channel(presence, 'A2', 'VIC').entry.instrumentThreshold).toBe(0.2);
    expect(channel(presence, 'A1', 'VIC').entry.instrumentCq).toBeNull();
    expect(channel(presence, 'A1', 'FAM').entry.instrumentCall).toBe('Negative Control');
    const genotyping = await parseRunFiles([
      fixtureFile('thermo-quantstudio/appbio_quantstudio_example03.txt'),
    ]);
    expect(channel(genotyping, 'A2', 'VIC').entry.instrumentCq).toBe(27.546);
    expect(channel(genotyping, 'A2', 'FAM').entry.instrumentCq).toBe(29.013);
    expect(channel(genotyping, 'A2', 'FAM').entry.instrumentCall).toBe('Homozygous Allele 1/Allele 1');
  });
});
