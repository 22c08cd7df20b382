/**
 * Derived files for the header-name tests: a fixture's sheet or text table re-saved with an extra
 * column, with its columns in another order, or without one column. The fixtures are never edited;
 * these are built in memory by the tests.
 */
import * as XLSX from '@e965/xlsx';
import type { RunFile } from '@amplio/domain';
import { openWorkbook, type CellValue } from '../common/workbook';

export type TableEdit =
  /** A "Singleplex" column (every row "Singleplex") inserted as the third column. */
  | { kind: 'extra-column' }
  /** Every column of the table in reverse order. */
  | { kind: 'reordered' }
  /** The column with this header removed. */
  | { kind: 'drop'; column: string }
  /**
   * Design & Analysis 1.5's trailer: "key, value" rows right after the last data row, with no blank
   * row between ("Analysis Type | Singleplex", "Endogenous Control | ..."; allotropy example15).
   */
  | { kind: 'trailer' }
  /** A row inserted above the header (Excel re-saves with the sample names in a row of their own). */
  | { kind: 'row-above'; row: CellValue[] };

export const TRAILER_ROWS: CellValue[][] = [
  ['Analysis Type', 'Singleplex'],
  ['Endogenous Control', 'MYGENE'],
  ['RQ Min/Max Confidence Level', '95.0'],
  ['Reference Sample', '1'],
];

const text = (cell: CellValue | undefined): string =>
  cell === null || cell === undefined ? '' : String(cell).trim();

function blank(row: CellValue[] | undefined): boolean {
  return !row || row.every((cell) => text(cell) === '');
}

/**
 * Applies the edit to the table whose header row is the first row holding `headerCell`; the rows
 * above it (metadata) and below its first blank row are kept as they are.
 */
export function editTable(rows: CellValue[][], headerCell: string, edit: TableEdit): CellValue[][] {
  const headerIndex = rows.findIndex((row) => row.some((cell) => text(cell) === headerCell));
  if (headerIndex < 0) throw new Error(`no header row with "${headerCell}"`);
  let end = headerIndex + 1;
  while (end < rows.length && !blank(rows[end]) && !text(rows[end][0]).startsWith('[')) end += 1;
  if (edit.kind === 'trailer') return [...rows.slice(0, end), ...TRAILER_ROWS, ...rows.slice(end)];
  if (edit.kind === 'row-above') return [...rows.slice(0, headerIndex), edit.row, ...rows.slice(headerIndex)];
  const header = rows[headerIndex];
  const width = Math.max(...rows.slice(headerIndex, end).map((row) => row.length));
  const dropAt = edit.kind === 'drop' ? header.findIndex((cell) => text(cell) === edit.column) : -1;
  if (edit.kind === 'drop' && dropAt < 0) throw new Error(`no column "${edit.column}"`);
  const edited = rows.slice(headerIndex, end).map((row) => {
    const cells = Array.from({ length: width }, (_unused, column) => row[column] ?? null);
    switch (edit.kind) {
      case 'extra-column':
        cells.splice(2, 0, 'Singleplex');
        return cells;
      case 'reordered':
        return cells.reverse();
      case 'drop':
        cells.splice(dropAt, 1);
        return cells;
    }
  });
  return [...rows.slice(0, headerIndex), ...edited, ...rows.slice(end)];
}

/**
 * The workbook re-saved (xlsx, or BIFF8 for a .xls that is one) with sheets' tables edited, and
 * sheets left out (`drop`) or renamed (`rename`, old name -> new name).
 */
export function resaveWorkbook(
  file: RunFile,
  edits: Array<{ sheet: string; headerCell: string; edit: TableEdit }>,
  sheetChanges: { drop?: string[]; rename?: Record<string, string> } = {},
): RunFile {
  const workbook = openWorkbook(file);
  const sheets = workbook.readSheets(workbook.sheetNames);
  const book = XLSX.utils.book_new();
  for (const name of workbook.sheetNames) {
    if (sheetChanges.drop?.includes(name)) continue;
    let rows = sheets.get(name) ?? [];
    for (const { sheet, headerCell, edit } of edits)
      if (sheet === name) rows = editTable(rows, headerCell, edit);
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetChanges.rename?.[name] ?? name);
  }
  const bookType = workbook.container === 'ole2' ? 'biff8' : 'xlsx';
  return { name: file.name, content: XLSX.write(book, { type: 'buffer', bookType }) as Buffer };
}

/**
 * A delimited text file re-saved with one table edited. `section` names a QuantStudio [Section];
 * without it the whole file is the table (metadata lines above the header kept).
 */
export function resaveText(
  file: RunFile,
  headerCell: string,
  edit: TableEdit,
  options: { delimiter?: string; section?: string } = {},
): RunFile {
  const source = file.content.toString('utf8').replace(/^\uFEFF/, '');
  const newline = source.includes('\r\n') ? '\r\n' : '\n';
  const lines = source.split(/\r?\n/);
  const delimiter = options.delimiter ?? '\t';
  let start = 0;
  if (options.section) {
    start = lines.indexOf(`[${options.section}]`) + 1;
    if (start === 0) throw new Error(`no section [${options.section}]`);
  }
  let end = start;
  while (end < lines.length && !(options.section && lines[end].startsWith('[') && end > start)) end += 1;
  const rows: CellValue[][] = lines.slice(start, end).map((line) => line.split(delimiter));
  const edited = editTable(rows, headerCell, edit).map((row) => row.map(text).join(delimiter));
  const result = [...lines.slice(0, start), ...edited, ...lines.slice(end)].join(newline);
  return { name: file.name, content: Buffer.from(result, 'utf8') };
}
