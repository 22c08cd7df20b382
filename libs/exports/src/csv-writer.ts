import { stringify } from 'csv-stringify/sync';
import { ExportError } from './export-error';
import type { ExportRun, ExportScope } from './export-run';
import { buildExportTables, cellText, type ExportCell } from './export-table';
import { neutraliseFormula } from './formula-guard';

export const DEFAULT_CSV_SEPARATOR = ',';

export interface CsvOptions extends ExportScope {
  /** Exactly one character, not a quote or a line break; default comma. */
  separator?: string;
}

/** Checks the separator of SPEC section 5; anything else is `errorExportSeparatorIncorrect`. */
export function checkCsvSeparator(separator: string): string {
  if ([...separator].length !== 1 || /["\r\n]/.test(separator)) {
    throw new ExportError('errorExportSeparatorIncorrect', [separator]);
  }
  return separator;
}

const csvCell = (cell: ExportCell): string =>
  cell?.kind === 'text' ? neutraliseFormula(cell.text) : cellText(cell);

/**
 * The run as CSV: RFC 4180 (CRLF line ends, fields with the separator, a quote or a line break
 * quoted, quotes doubled), UTF-8 with a byte order mark. Sections in this order, separated by an
 * empty line: run information, wells, run comments, footer (docs/exports.md).
 */
export function writeCsv(run: ExportRun, options: CsvOptions = {}): Buffer {
  const separator = checkCsvSeparator(options.separator ?? DEFAULT_CSV_SEPARATOR);
  const tables = buildExportTables(run, options);
  const records: string[][] = [
    ...tables.info.map((row) => row.map(csvCell)),
    [],
    tables.wellHeader.map((header) => neutraliseFormula(header)),
    ...tables.wellRows.map((row) => row.map(csvCell)),
    [],
    [neutraliseFormula(tables.labels.runComments)],
    tables.runCommentHeader,
    ...tables.runComments.map((row) => row.map(csvCell)),
    [],
    ...tables.footer.map((row) => row.map(csvCell)),
  ];
  const text = stringify(records, {
    delimiter: separator,
    record_delimiter: 'windows',
    bom: true,
    quoted_match: /[\r\n]/,
  });
  return Buffer.from(text, 'utf8');
}
