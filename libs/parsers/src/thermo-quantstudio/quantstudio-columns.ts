import { missingColumn } from '../common/import-errors';
import { cellText, headerKey, locateTableOrExplain, type LocatedTable } from '../common/table';
import type { CellValue } from '../common/workbook';

/**
 * The tables of one QuantStudio / 7500 / StepOne export, whatever carried them: the sheets of an
 * .xlsx/.xls workbook or the [Section] blocks of a .txt export. Both have the same columns.
 */
export interface QuantStudioSource {
  fileName: string;
  format: string;
  /** "sheet" for workbooks, "section" for text exports: used in error messages. */
  tableLabel: (name: string) => string;
  /** Tables by name as written ("Results", "Amplification Data"...). */
  tables: Map<string, CellValue[][]>;
  /** Metadata written outside the tables ("* key = value" lines of a .txt). */
  metadata: Map<string, string>;
}

export const QUANTSTUDIO_TABLES = {
  setup: ['Sample Setup'],
  /** Diomni (a Thermo Fisher assay software) writes its Results table as "Primary_result". */
  results: ['Results', 'Primary_result'],
  amplification: ['Amplification Data'],
  multicomponent: ['Multicomponent Data', 'Multicomponent'],
  genotyping: ['Genotyping Result'],
  targetCall: ['Target Call'],
} as const;

/**
 * Column names (aliases, first one is the name used in messages). Every column is found by its
 * header name: extra, reordered and absent optional columns change nothing.
 */
export const POSITION = ['Well Position'];
export const WELL = ['Well'];
export const WELL_OR_POSITION = ['Well', 'Well Position'];
export const TARGET = ['Target Name', 'Target', 'Detector Name'];
export const SAMPLE = ['Sample Name', 'Sample'];
export const REPORTER = ['Reporter'];
/** "C_": StepOne's "Cт" after a re-save that lost the Cyrillic letter. */
export const CQ = ['Cq', 'CT', 'Crt', 'Cp', 'C_'];
export const THRESHOLD = ['Threshold', 'Ct Threshold', 'Crt Threshold', 'Cq Threshold'];
export const CYCLE = ['Cycle Number', 'Cycle'];
export const CALL = ['Call'];
/** A layout table (Sample Setup, Results) has a well column and says what is in the well. */
export const LAYOUT_REQUIRED = [WELL_OR_POSITION, [...SAMPLE, ...TARGET, ...REPORTER, 'Allele1 Ct']];

export interface TableContext {
  name: string;
  table: LocatedTable;
  /** 1-based row number in the source of data row `index`. */
  rowNumber: (index: number) => number;
}

function findTable(source: QuantStudioSource, names: readonly string[]): [string, CellValue[][]] | null {
  for (const [name, rows] of source.tables) {
    if (names.some((wanted) => headerKey(wanted) === headerKey(name))) return [name, rows];
  }
  return null;
}

/**
 * The named table with its header row located; null when the export has no such table; an
 * errorImportMissingColumn naming the column when the table is there without a required column.
 */
export function locateQuantStudioTable(
  source: QuantStudioSource,
  names: readonly string[],
  required: string[][],
): TableContext | null {
  const found = findTable(source, names);
  if (!found) return null;
  const [name, rows] = found;
  const table = locateTableOrExplain(rows, required);
  if ('missing' in table) throw missingColumn(source.fileName, source.tableLabel(name), table.missing);
  return { name, table: withoutTrailer(table), rowNumber: (index) => table.headerIndex + 2 + index };
}

const WELL_ID = /^(\d+|[A-Za-z]{1,2}\d{1,3})$/;

/**
 * The data rows up to a trailer of "key, value" rows written right after the last well, with no
 * blank row between: Design & Analysis 1.5's Results ends with "Analysis Type | Singleplex",
 * "Endogenous Control | ...", "Reference Sample | ..." (allotropy example15, example09). A trailer
 * row names no well in the well column and fills at most two cells; it becomes metadata.
 */
function withoutTrailer(table: LocatedTable): LocatedTable {
  const wellColumn = table.header.find(...WELL_OR_POSITION);
  const end = table.rows.findIndex((row) => {
    const id = cellText(row[wellColumn]);
    return id !== '' && !WELL_ID.test(id) && row.filter((cell) => cellText(cell) !== '').length <= 2;
  });
  if (end < 0) return table;
  const metadata = new Map(table.metadata);
  for (const row of table.rows.slice(end)) {
    const key = headerKey(cellText(row[0]));
    if (key && !metadata.has(key)) metadata.set(key, cellText(row[1]));
  }
  return { ...table, metadata, rows: table.rows.slice(0, end) };
}
