import type { ParsedRun, RunFile } from '@amplio/domain';
import { openWorkbook, type CellValue } from '../common/workbook';
import { detectFormat, parseRunFiles } from '../index';
import { fixtureFile } from '../testing/fixture-files';

/**
 * QuantStudio results exported as CSV, derived here from a fixture workbook's Results sheet (the
 * fixtures are never edited): Design & Analysis 2.x writes "# Key: value" lines above the table,
 * QuantStudio 3 and 5 "Key,value" rows and a blank row (layouts of public exports:
 * GabPescador/qPCRAnalysis, neuroeddu/Auto-qPCR).
 */
const WORKBOOK = 'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx';

function csvCell(cell: CellValue): string {
  const text = cell === null || cell === undefined ? '' : String(cell);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function resultsRows(): CellValue[][] {
  const workbook = openWorkbook(fixtureFile(WORKBOOK));
  const rows = workbook.readSheets(['Results']).get('Results') ?? [];
  const header = rows.findIndex((row) => row.some((cell) => cell === 'Well Position'));
  return rows.slice(header).filter((row) => row.some((cell) => cell !== null && cell !== ''));
}

function csv(name: string, above: string[], rows: CellValue[][]): RunFile {
  const lines = [...above, ...rows.map((row) => row.map(csvCell).join(','))];
  return { name, content: Buffer.from(lines.join('\r\n') + '\r\n') };
}

function cqs(run: ParsedRun): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const well of run.wells)
    for (const [dye, channel] of Object.entries(well.channels))
      out.set(`${well.position} ${dye}`, channel.instrumentCq);
  return out;
}

describe('QuantStudio results CSV', () => {
  const rows = resultsRows();

  it.each([
    [
      'Design & Analysis 2.x ("# Key: value" lines)',
      [
        '# Instrument Type: QuantStudio™ 7 Pro System,,,',
        '# Block Type: 96-Well Block (0.2mL),,,',
        '# Run Start Date/Time: 2024-02-12 09:52:38 PM UTC,,',
      ],
    ],
    [
      'QuantStudio 3 ("Key,value" rows, a blank row)',
      ['Block Type,96-Well Block (0.2mL),,', 'Instrument Type,QuantStudio 3,,', ',,,'],
    ],
  ])(
    '%s: every well and reporter with the Cq of the workbook it was exported from',
    async (_label, above) => {
      const file = csv('Results_20240213_184604.csv', above, rows);
      expect(detectFormat(file).parserId).toBe('thermo-quantstudio-csv');
      const fromCsv = await parseRunFiles([file]);
      const fromWorkbook = await parseRunFiles([fixtureFile(WORKBOOK)]);
      expect(cqs(fromCsv)).toEqual(cqs(fromWorkbook));
      expect(fromCsv.plateType).toBe('RECTANGULAR_96');
      expect(
        fromCsv.wells.every((well) =>
          Object.values(well.channels).every((channel) => channel.curve === null),
        ),
      ).toBe(true);
      expect(fromCsv.notes).toContain('No amplification curves: Cq only');
    },
  );

  it('an OpenArray plate is refused as such (by its block type, or by a through-hole position)', async () => {
    const openArray = /an OpenArray plate \(QuantStudio 12K Flex\)/;
    await expect(
      parseRunFiles([csv('oa.csv', ['Block Type,OpenArray Block,,', ',,,'], rows)]),
    ).rejects.toMatchObject({ detail: expect.stringMatching(openArray) as unknown });
    const position = rows[0].indexOf('Well Position');
    const throughHole = rows.map((row, index) =>
      index === 1 ? row.map((cell, column) => (column === position ? 'D1c1' : cell)) : row,
    );
    await expect(parseRunFiles([csv('oa.csv', [], throughHole)])).rejects.toMatchObject({
      detail: expect.stringMatching(openArray) as unknown,
    });
  });

  it('SDS 1.x CSV (7000, 7500): "Key: value" lines, the detector as the channel', async () => {
    const file = {
      name: 'raw_data_AB7500.csv',
      content: Buffer.from(
        [
          'Document Name: Wnt7A-Ex-1 ',
          'Plate Type: Absolute Quantification',
          'Instrument Type: Applied Biosystems 7500 Real-Time PCR System',
          'SDS v1.3',
          'Well,Sample Name,Detector,Task,Ct,StdDev Ct,Qty,Mean Qty,StdDev Qty,Filtered,Tm',
          'A1,Con-1,Wnt7ASYBR,Unknown,28.87,0.158,,,,,83.80',
          'A2,Con-2,ACTB,Unknown,Undetermined,,,,,,',
        ].join('\r\n'),
      ),
    };
    expect(detectFormat(file).parserId).toBe('thermo-quantstudio-csv');
    const run = await parseRunFiles([file]);
    expect(run.channels.map((channel) => channel.originalName)).toEqual(['Wnt7ASYBR', 'ACTB']);
    expect(
      run.wells.map((well) => [well.position, well.sampleName, Object.values(well.channels)[0].instrumentCq]),
    ).toEqual([
      ['A1', 'Con-1', 28.87],
      ['A2', 'Con-2', null],
    ]);
  });

  it('SDS 2.x "AQ Results" text (7900HT): tab-separated, wells numbered on a 384-well plate', async () => {
    const file = {
      name: 'raw_data_AB7900.txt',
      content: Buffer.from(
        [
          'SDS 2.3\tAQ Results\t1.0',
          'Filename\tLigom 10.6.2010',
          'Assay Type\tAbsolute Quantification',
          'Sample Information',
          'Well\tSample Name\tDetector Name\tReporter\tTask\tCt\tThreshold',
          '25\tB1\tSybr1\tSYBR\tUnknown\t21.589584\t0.199274',
          '200\tI8\tSybr1\tSYBR\tUnknown\tUndetermined\t0.199274',
        ].join('\r'),
      ),
    };
    const run = await parseRunFiles([file]);
    expect(run.plateType).toBe('RECTANGULAR_384');
    expect(
      run.wells.map((well) => [
        well.position,
        well.channels.SYBR.instrumentCq,
        well.channels.SYBR.instrumentThreshold,
      ]),
    ).toEqual([
      ['B1', 21.589584, 0.199274],
      ['I8', null, 0.199274],
    ]);
  });

  it('a CFX Cq Results CSV is not taken for one', () => {
    expect(detectFormat(fixtureFile('biorad-cfx/allotropy_cfxmaestro_example01.csv')).parserId).not.toBe(
      'thermo-quantstudio-csv',
    );
  });

  it('a CSV without its Cq column is refused, the missing table named', async () => {
    const cq = rows[0].findIndex((cell) => cell === 'Cq' || cell === 'CT' || cell === 'Cт');
    const without = rows.map((row) => row.filter((_cell, index) => index !== cq));
    await expect(parseRunFiles([csv('results.csv', [], without)])).rejects.toMatchObject({
      detail: expect.stringContaining('Amplification Data missing') as unknown,
    });
  });
});
