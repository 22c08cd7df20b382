import type { CellValue } from './sheet-xml';

/** Trimmed text of a cell ('' for empty). */
export function cellText(cell: CellValue | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).trim();
}

/** Lower case, single spaces, no trailing colon: how header names are compared. */
export function headerKey(text: string): string {
  return text
    .replace(/\u0442/g, 't') // QuantStudio writes "Cт" with a Cyrillic te
    .replace(/\s+/g, ' ')
    .replace(/:$/, '')
    .trim()
    .toLowerCase();
}

/** Column lookup by header name (case- and space-insensitive). */
export class HeaderColumns {
  private readonly byKey = new Map<string, number>();

  constructor(readonly names: string[]) {
    names.forEach((name, index) => {
      const key = headerKey(name);
      if (key && !this.byKey.has(key)) this.byKey.set(key, index);
    });
  }

  private readonly found = new Map<string, number>();

  /** Index of the first alias present, or -1. */
  find(...aliases: string[]): number {
    const cacheKey = aliases.join('\u0000');
    const known = this.found.get(cacheKey);
    if (known !== undefined) return known;
    let result = -1;
    for (const alias of aliases) {
      const index = this.byKey.get(headerKey(alias));
      if (index !== undefined) {
        result = index;
        break;
      }
    }
    this.found.set(cacheKey, result);
    return result;
  }

  has(...aliases: string[]): boolean {
    return this.find(...aliases) >= 0;
  }
}

/** A table found in a sheet or text section: metadata rows above it, its header, its data rows. */
export interface LocatedTable {
  /** Key/value rows above the header ("Instrument Type" -> "QuantStudio 7 Pro"). */
  metadata: Map<string, string>;
  header: HeaderColumns;
  /** 0-based row index of the header in the source. */
  headerIndex: number;
  rows: CellValue[][];
}

/** Why no table was found: the first required column (its first alias) missing from the best header candidate. */
export interface MissingHeader {
  missing: string;
}

/**
 * Finds the header row: the first row whose cells include one alias of every required column.
 * Rows above it that look like "key, value" become metadata. Data rows stop at the first blank row.
 * Columns are found by header name afterwards, so extra and reordered columns change nothing.
 */
export function locateTable(
  source: CellValue[][],
  required: string[][],
  maxHeaderRow = 200,
): LocatedTable | null {
  const found = locateTableOrExplain(source, required, maxHeaderRow);
  return 'missing' in found ? null : found;
}

/** As locateTable, or which required column is missing (from the row that has most of them). */
export function locateTableOrExplain(
  source: CellValue[][],
  required: string[][],
  maxHeaderRow = 200,
): LocatedTable | MissingHeader {
  const limit = Math.min(source.length, maxHeaderRow);
  let bestMissing = required[0]?.[0] ?? '';
  let bestMatched = 0;
  for (let index = 0; index < limit; index += 1) {
    const row = source[index] ?? [];
    const keys = new Set(row.map((cell) => headerKey(cellText(cell))));
    const absent = required.filter((aliases) => !aliases.some((alias) => keys.has(headerKey(alias))));
    if (absent.length > 0) {
      const matched = required.length - absent.length;
      if (matched > bestMatched) {
        bestMatched = matched;
        bestMissing = absent[0][0];
      }
      continue;
    }
    const metadata = new Map<string, string>();
    for (const above of source.slice(0, index)) {
      const key = cellText(above[0]);
      if (key) metadata.set(headerKey(key), cellText(above[1]));
    }
    const rows: CellValue[][] = [];
    for (const dataRow of source.slice(index + 1)) {
      if (!dataRow || dataRow.every((cell) => cellText(cell) === '')) break;
      rows.push(dataRow);
    }
    return {
      metadata,
      header: new HeaderColumns(row.map((cell) => cellText(cell))),
      headerIndex: index,
      rows,
    };
  }
  return { missing: bestMissing };
}
