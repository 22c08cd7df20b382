import type { RunFile } from '@amplio/domain';
import { MAX_FILE_BYTES } from '../common/limits';
import { corruptedFile } from '../common/run-file-errors';
import { invalidFile } from '../common/run-file-errors';
import { isOle2, isZip, looksLikeText } from '../common/sniff';
import { cellText } from '../common/table';
import { openWorkbook } from '../common/workbook';
import { decodeText, guessDelimiter, parseDelimitedLines, splitLines } from '../common/text';
import type { CellValue } from '../common/workbook';
import { classifyBioRadTable, type BioRadTableKind } from './biorad-classify';
import { readCurvesEarly, type Curves } from './cfx-curves';

export { classifyBioRadTable };

export type { BioRadTableKind } from './biorad-classify';

/** One table of a CFX export: a CSV/TXT file or one sheet of an xlsx. */
export interface BioRadTable {
  fileName: string;
  /** Sheet name for workbooks, null for text files. */
  sheetName: string | null;
  kind: BioRadTableKind;
  rows: CellValue[][];
  /** ';' tables re-saved in a decimal-comma locale. */
  decimalComma: boolean;
  /** Field separator of a text table; null for sheets. */
  delimiter: string | null;
  /**
   * An amplification sheet's curves, read as soon as the sheet was (cfx-curves.ts); its rows are
   * then only the header.
   */
  curves?: Curves;
}

/** Rows a re-saved export may carry above the table's header (Excel adds a "Sample" names row). */
const MAX_ROWS_ABOVE_HEADER = 2;

/**
 * The table's kind and its rows from the header on: the header is the first row, or one of the
 * next MAX_ROWS_ABOVE_HEADER when the rows above it do not make a CFX table (a workbook re-saved in
 * Excel with the sample names in a row of their own above `Cycle, A1, A2...`).
 */
function classifyFromHeader(rows: CellValue[][]): { kind: BioRadTableKind; rows: CellValue[][] } | null {
  for (let offset = 0; offset <= MAX_ROWS_ABOVE_HEADER && offset < rows.length; offset++) {
    const kind = classifyBioRadTable(offset === 0 ? rows : rows.slice(offset));
    if (kind) return { kind, rows: offset === 0 ? rows : rows.slice(offset) };
  }
  return null;
}

/** Reads a CFX CSV/TXT file (comma, ';' or tab separated) into one table; null when it is not one. */
export function readBioRadTextTable(file: RunFile): BioRadTable | null {
  if (file.content.length > MAX_FILE_BYTES)
    throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
  const lines = splitLines(file.name, decodeText(file.content));
  const firstLine = lines.find((line) => line.trim() !== '') ?? '';
  const delimiter = guessDelimiter(firstLine);
  const classified = classifyFromHeader(
    parseDelimitedLines(file.name, lines.slice(lines.indexOf(firstLine)), delimiter),
  );
  return classified
    ? { fileName: file.name, sheetName: null, ...classified, decimalComma: delimiter === ';', delimiter }
    : null;
}

/** Cheap check on the first line only, for detection. */
export function peekBioRadTextKind(file: RunFile): BioRadTableKind | null {
  if (isZip(file.content) || isOle2(file.content) || !looksLikeText(file.content)) return null;
  const head = decodeText(file.content.subarray(0, 16384));
  const lines = head.split(/\r\n|\n|\r/);
  const complete = lines.length > 1 ? lines.slice(0, -1) : lines;
  const firstLine = complete.find((line) => line.trim() !== '') ?? '';
  const delimiter = guessDelimiter(firstLine);
  const rows = complete
    .slice(complete.indexOf(firstLine))
    .map((line) => line.split(delimiter).map((cell) => cell.trim()));
  return classifyBioRadTable(rows);
}

/** An xlsx/xls (zip or OLE2), as opposed to a CSV/TXT table. */
export function isWorkbook(file: RunFile): boolean {
  return isZip(file.content) || isOle2(file.content);
}

/** "run -  Quantification Amplification Results_FAM.csv" -> "FAM". */
export function fluorFromFileName(fileName: string): string | null {
  const match = /Amplification Results_([^_\\/]+?)\.(csv|txt)$/i.exec(fileName);
  return match ? match[1].trim() : null;
}

/** Every CFX table of the files: the text files' tables and every sheet of the workbooks. */
export function readTables(files: RunFile[]): BioRadTable[] {
  const tables: BioRadTable[] = [];
  for (const file of files) {
    if (isWorkbook(file)) {
      const workbook = openWorkbook(file);
      // Sheet by sheet, an amplification sheet's curves read at once and its rows dropped. Every
      // sheet is read before a sheet that is no CFX table is reported, as when they were read together.
      let read = 0;
      const foreign: string[] = [];
      workbook.visitSheets(workbook.sheetNames, (sheetName, sheetRows) => {
        read += 1;
        const classified = classifyFromHeader(sheetRows);
        if (!classified) {
          if (sheetRows.some((row) => row.some((cell) => cellText(cell) !== ''))) foreign.push(sheetName);
          return;
        }
        const { kind, rows } = classified;
        const table: BioRadTable = {
          fileName: file.name,
          sheetName,
          kind,
          rows,
          decimalComma: false,
          delimiter: null,
        };
        const curves = kind === 'amplification' ? readCurvesEarly(rows) : null;
        if (curves) {
          table.curves = curves;
          table.rows = rows.slice(0, 1);
        }
        tables.push(table);
      });
      if (foreign.length > 0) throw invalidFile(file.name, `sheet ${foreign[0]} is not a CFX table`);
      if (!read) throw invalidFile(file.name, 'workbook has no sheets');
      continue;
    }
    const table = readBioRadTextTable(file);
    if (!table) throw invalidFile(file.name, 'not a Bio-Rad CFX export (header not recognised)');
    tables.push(table);
  }
  return tables;
}
