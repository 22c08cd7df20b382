import ExcelJS from 'exceljs';
import type { ExportError } from './export-error';
import { generateExportRun } from './testing/export-run-generator';
import { expectedWellValues, guarded, isRoundedFrom } from './testing/expected-well-values';
import { writeXlsx } from './xlsx-writer';

type Value = ExcelJS.CellValue;

async function readXlsx(
  buffer: Buffer,
): Promise<{ info: Value[][]; wells: Value[][]; workbook: ExcelJS.Workbook }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Uint8Array.from(buffer).buffer);
  const rows = (sheet: ExcelJS.Worksheet | undefined): Value[][] => {
    const out: Value[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (row) => {
      const values: Value[] = [];
      for (let column = 1; column <= row.cellCount; column += 1) values.push(row.getCell(column).value);
      out.push(values);
    });
    return out;
  };
  return { info: rows(workbook.worksheets[0]), wells: rows(workbook.worksheets[1]), workbook };
}

/** XLSX line breaks are LF (docs/exports.md). */
const lf = (text: string): string => text.replace(/\r\n?/g, '\n');
const decimalsOf = (header: string): number => (header === 'Ratio' ? 8 : 2);

describe('writeXlsx', () => {
  it.each(['RECTANGULAR_96', 'RECTANGULAR_384'] as const)(
    'round-trips every well value of a %s run, numbers as numbers',
    async (plateType) => {
      const run = generateExportRun(plateType);
      const { info, wells, workbook } = await readXlsx(await writeXlsx(run));
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Run', 'Wells']);
      const [header, ...rows] = wells as string[][];
      expect(rows).toHaveLength(run.wells.length);
      run.wells.forEach((well, index) => {
        const row: Record<string, Value> = Object.fromEntries(
          header.map((name, column) => [name, rows[index][column]]),
        );
        const expected = expectedWellValues(run, well);
        for (const [name, value] of Object.entries(expected.texts))
          expect([name, row[name] ?? '']).toEqual([name, lf(value)]);
        for (const [name, stored] of Object.entries(expected.numbers)) {
          const read = row[name];
          if (stored === null) expect([name, read ?? null]).toEqual([name, null]);
          else if (typeof read !== 'number' || !isRoundedFrom(read, stored, decimalsOf(name)))
            throw new Error(`${well.position} ${name}: ${JSON.stringify(read)} from ${stored}`);
        }
        for (const comment of well.comments) expect(row.Comments).toContain(lf(comment.text));
      });
      expect(info).toContainEqual(['Laboratory', run.laboratory]);
      expect(info).toContainEqual(['Approved by', 'Dr Ève Martin', '21/11/2026, 18:30']);
      expect(info).toContainEqual(['Run business id', run.businessId]);
      expect(info).toContainEqual(['For Research Use Only']);
      expect(info).toContainEqual(['Product version', '0.1.0']);
      expect(info).toContainEqual([
        run.comments[1].author,
        expect.any(String),
        guarded(run.comments[1].text),
      ]);
    },
  );

  it('keeps negative numbers numeric with section 9 formats and neutralises only text cells', async () => {
    const run = generateExportRun();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(await writeXlsx(run)).buffer);
    const sheet = workbook.worksheets[1];
    const header = (sheet.getRow(1).values as Value[]).slice(1) as string[];
    const cell = (position: string, name: string): ExcelJS.Cell => {
      let found: ExcelJS.Cell | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === position) found = row.getCell(header.indexOf(name) + 1);
      });
      if (!found) throw new Error(position);
      return found;
    };
    expect(cell('A4', 'End RFU FAM').value).toBe(-12.35);
    expect(cell('A4', 'End RFU FAM').numFmt).toBe('0.00');
    expect(cell('A4', 'Ratio').value).toBe(-0.12345679);
    expect(cell('A4', 'Ratio').numFmt).toBe('0.00000000');
    expect(cell('A4', 'Cq FAM').value).toBe(1.01);
    expect(cell('A2', 'Well name').value).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(cell('A2', 'Well name').type).toBe(ExcelJS.ValueType.String);
    expect(cell('A2', 'Lot').value).toBe(`'-2+3`);
    expect(cell('A3', 'Well name').value).toBe(`'\tTabbed`);
    expect(cell('A3', 'Version').value).toBe(`'\nCR version`);
    expect(cell('B1', 'Effective result').value).toBe('Sick');
    expect(cell('B1', 'Effective result').fill).toMatchObject({ fgColor: { argb: 'FFC62828' } });
  });

  it('refuses an empty selection with errorExportNoWell', async () => {
    await expect(writeXlsx(generateExportRun(), { wellIds: [] })).rejects.toMatchObject({
      key: 'errorExportNoWell',
    } satisfies Partial<ExportError>);
  });
});
