import { parse } from 'csv-parse/sync';
import { writeCsv } from './csv-writer';
import { ExportError } from './export-error';
import { generateExportRun } from './testing/export-run-generator';
import { expectedWellValues, guarded, isRoundedFrom } from './testing/expected-well-values';

/** Reads the CSV back with csv-parse and splits it into its sections (empty lines separate them). */
function readCsv(buffer: Buffer, separator = ','): string[][][] {
  const rows = parse(buffer, { bom: true, delimiter: separator, relax_column_count: true });
  const sections: string[][][] = [[]];
  for (const row of rows) {
    if (row.length === 1 && row[0] === '') sections.push([]);
    else sections[sections.length - 1].push(row);
  }
  return sections;
}

const decimalsOf = (header: string): number => (header === 'Ratio' ? 8 : 2);

describe('writeCsv', () => {
  it.each([
    ['RECTANGULAR_96', ','],
    ['RECTANGULAR_384', ';'],
    ['RECTANGULAR_96', '\t'],
  ] as const)('round-trips every well value of a %s run with separator %j', (plateType, separator) => {
    const run = generateExportRun(plateType);
    const buffer = writeCsv(run, { separator });
    expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(buffer.toString('utf8')).toContain('\r\n');
    const [info, wells, comments, footer] = readCsv(buffer, separator);
    const [header, ...rows] = wells;
    expect(rows).toHaveLength(run.wells.length);
    expect(rows.map((row) => row[0])).toEqual(run.wells.map((well) => well.position));
    run.wells.forEach((well, index) => {
      const row = Object.fromEntries(header.map((name, column) => [name, rows[index][column]]));
      const expected = expectedWellValues(run, well);
      for (const [name, value] of Object.entries(expected.texts))
        expect([name, row[name]]).toEqual([name, value]);
      for (const [name, stored] of Object.entries(expected.numbers)) {
        if (stored === null) expect([name, row[name]]).toEqual([name, '']);
        else if (!isRoundedFrom(Number(row[name]), stored, decimalsOf(name)))
          throw new Error(`${well.position} ${name}: ${row[name]} from ${stored}`);
      }
      for (const comment of well.comments) expect(row.Comments).toContain(`${comment.author} (`);
      for (const comment of well.comments) expect(row.Comments).toContain(comment.text);
    });
    expect(info).toContainEqual(['Laboratory', run.laboratory]);
    expect(info).toContainEqual(['Run business id', run.businessId]);
    expect(info).toContainEqual(['Plate id', run.plateId]);
    expect(info).toContainEqual(['Kit', 'LCT Genotyping', '2.1', 'LOT-A17, LOT-B03']);
    expect(info).toContainEqual(['Approved by', 'Dr Ève Martin', '21/11/2026, 18:30']);
    expect(info).toContainEqual(['Rejected by', '', '']);
    expect(info).toContainEqual(['Status', 'Approved']);
    expect(comments.slice(2)).toEqual(
      run.comments.map((comment): unknown[] => [
        comment.author,
        expect.stringMatching(/^\d\d\/11\/2026, \d\d:\d\d$/),
        guarded(comment.text),
      ]),
    );
    expect(footer).toEqual([
      ['Export time', '23/11/2026, 20:07'],
      ['Exported by', 'Dr Ève Martin'],
      ['Product version', '0.1.0'],
      ['For Research Use Only'],
    ]);
  });

  it('writes the section 9 rounding and keeps negative numbers as numbers', () => {
    const [, wells] = readCsv(writeCsv(generateExportRun()));
    const header = wells[0];
    const a4 = wells.find((row) => row[0] === 'A4') ?? [];
    const cell = (name: string): string => a4[header.indexOf(name)];
    expect(cell('Cq FAM')).toBe('1.01');
    expect(cell('Instrument Cq FAM')).toBe('1.02');
    expect(cell('End RFU FAM')).toBe('-12.35');
    expect(cell('Cq HEX')).toBe('31.50');
    expect(cell('End RFU HEX')).toBe('0.00');
    expect(cell('Ratio')).toBe('-0.12345679');
  });

  it('neutralises every text cell that starts with =, +, -, @, tab or carriage return', () => {
    const [, wells, comments] = readCsv(writeCsv(generateExportRun()));
    const header = wells[0];
    const row = (position: string): Record<string, string> => {
      const cells = wells.find((r) => r[0] === position) ?? [];
      return Object.fromEntries(header.map((name, column) => [name, cells[column]]));
    };
    expect(row('A2')['Well name']).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row('A2')['Sample type']).toBe(`'+SAMPLE`);
    expect(row('A2').Lot).toBe(`'-2+3`);
    expect(row('A2').Comments).toMatch(/^'@admin \(/);
    expect(row('A3')['Well name']).toBe(`'\tTabbed`);
    expect(row('A3').Version).toBe(`'\rCR version`);
    expect(row('A1')['Well name']).toBe('Patient "Jean", Dupont; | sep');
    expect(row('A1').Comments).toContain('Line one\r\nline two, "quoted"');
    expect(comments[3][2]).toBe(`'+ approved after review`);
  });

  it('exports only the selected wells, in plate order', () => {
    const run = generateExportRun();
    const [, wells] = readCsv(writeCsv(run, { wellIds: ['well-13', 'well-2', 'well-1'] }));
    expect(wells.slice(1).map((row) => row[0])).toEqual(['A1', 'A2', 'B1']);
  });

  it.each(['', ';;', '"', '\n', 'ab'])(
    'refuses the separator %j with errorExportSeparatorIncorrect',
    (separator) => {
      expect(() => writeCsv(generateExportRun(), { separator })).toThrow(
        expect.objectContaining({ key: 'errorExportSeparatorIncorrect' }) as ExportError,
      );
    },
  );

  it('refuses an empty selection with errorExportNoWell and a foreign well id with errorExportWellNotInRun', () => {
    const run = generateExportRun();
    expect(() => writeCsv(run, { wellIds: [] })).toThrow(
      expect.objectContaining({ key: 'errorExportNoWell' }) as ExportError,
    );
    expect(() => writeCsv({ ...run, wells: [] })).toThrow(
      expect.objectContaining({ key: 'errorExportNoWell' }) as ExportError,
    );
    expect(() => writeCsv(run, { wellIds: ['other-run-well'] })).toThrow(
      expect.objectContaining({ key: 'errorExportWellNotInRun', params: ['other-run-well'] }) as ExportError,
    );
  });

  it('writes the French placeholder labels and dates for fr-FR', () => {
    const [info, wells, , footer] = readCsv(writeCsv(generateExportRun('RECTANGULAR_96', 'fr-FR')));
    expect(info[0]).toEqual(['FR_Laboratory', 'Laboratoire Saint-Éloi, "Biologie"']);
    expect(wells[0][0]).toBe('FR_Position');
    expect(footer[0]).toEqual(['FR_Export time', '23/11/2026 20:07']);
    expect(footer[3]).toEqual(['FR_For Research Use Only']);
  });
});
