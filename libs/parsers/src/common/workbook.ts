import type { RunFile } from '@amplio/domain';
import type * as XLSX from '@e965/xlsx';
import { MAX_FILE_BYTES, MAX_ROWS, MAX_SHEET_XML_BYTES } from './limits';
import { sheetTooLarge } from './import-errors';
import { type OoxmlSheet, ooxmlSharedStrings, ooxmlSheets, readOoxmlSheet } from './ooxml-parts';
import { corruptedFile, guardRead } from './run-file-errors';
import { isOle2 } from './sniff';
import { SafeZip } from './zip';

export type { CellValue } from './sheet-xml';
import type { CellValue } from './sheet-xml';
export type SheetRows = CellValue[][];

/**
 * A spreadsheet (OOXML .xlsx, or BIFF8 .xls) opened safely: limits checked, sheet names known,
 * sheets read on demand. OOXML sheets are read streaming (sheet-xml.ts: inflated piece by piece,
 * rows scanned as they complete, only the sheets asked for); BIFF8 .xls is read with SheetJS
 * (@e965/xlsx). exceljs was measured and refused: it returns an empty workbook for the CFX Maestro
 * 5.3 zip (backslash entry names, lower-case part names), which SafeZip reads.
 */
export interface Workbook {
  fileName: string;
  container: 'ooxml-zip' | 'ole2';
  sheetNames: string[];
  /** Rows of the named sheets (exact names); sheets absent from the workbook are absent from the map. */
  readSheets(names: string[]): Map<string, SheetRows>;
  /**
   * As readSheets, handing each sheet's rows to `visit` as soon as it is read (workbook order) and
   * keeping none: limits are checked as readSheets does (declared sizes of them all first).
   */
  visitSheets(names: string[], visit: (name: string, rows: SheetRows) => void): void;
}

let sheetJs: typeof XLSX | null = null;

/**
 * SheetJS, loaded on the first BIFF8 .xls only: loading it is most of this library's load time
 * (measured: about 0.1 s of CPU unloaded), and the worker loads the library afresh in the thread of
 * every import (workers/src/parsing), so .xlsx, text and RDML imports no longer pay for it.
 */
function xlsx(): typeof XLSX {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  sheetJs ??= require('@e965/xlsx') as typeof XLSX;
  return sheetJs;
}

const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellStyles: false,
  cellDates: false,
  sheetRows: MAX_ROWS + 1,
};

function sheetRows(fileName: string, workbook: XLSX.WorkBook, name: string): SheetRows | null {
  const sheet = workbook.Sheets[name];
  if (!sheet) return null;
  const rows = xlsx().utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  if (rows.length > MAX_ROWS) throw corruptedFile(fileName, `sheet ${name} has more than ${MAX_ROWS} rows`);
  return rows.map((row) => row.map(toCell));
}

function toCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return null;
}

/** Opens an .xlsx (OOXML zip, whatever its name) or a BIFF8 .xls. */
export function openWorkbook(file: RunFile): Workbook {
  const { name: fileName, content } = file;
  if (content.length > MAX_FILE_BYTES)
    throw corruptedFile(fileName, `file larger than ${MAX_FILE_BYTES} bytes`);
  if (isOle2(content)) {
    const names = guardRead(fileName, 'not a readable Excel 97-2003 workbook', () =>
      xlsx().read(content, { type: 'buffer', bookSheets: true }),
    ).SheetNames;
    return {
      fileName,
      container: 'ole2',
      sheetNames: names,
      readSheets(wanted) {
        const present = wanted.filter((name) => names.includes(name));
        const workbook = guardRead(fileName, 'not a readable Excel 97-2003 workbook', () =>
          xlsx().read(content, { ...READ_OPTIONS, sheets: present }),
        );
        const result = new Map<string, SheetRows>();
        for (const name of present) {
          const rows = guardRead(fileName, `sheet ${name} unreadable`, () =>
            sheetRows(fileName, workbook, name),
          );
          if (rows) result.set(name, rows);
        }
        return result;
      },
      visitSheets(wanted, visit) {
        for (const [name, rows] of this.readSheets(wanted)) visit(name, rows);
      },
    };
  }
  const zip = new SafeZip(fileName, content);
  const sheets = sheetListCache.get(content) ?? ooxmlSheets(zip);
  let strings: string[] | null = null;
  return {
    fileName,
    container: 'ooxml-zip',
    sheetNames: sheets.map((sheet) => sheet.name),
    readSheets(wanted) {
      const result = new Map<string, SheetRows>();
      this.visitSheets(wanted, (name, rows) => result.set(name, rows));
      return result;
    },
    visitSheets(wanted, visit) {
      for (const sheet of sheets) {
        if (!wanted.includes(sheet.name)) continue;
        // Declared sizes first: an oversize sheet is refused before anything is inflated.
        const declared = sheet.key ? (zip.entry(sheet.key)?.uncompressedSize ?? 0) : 0;
        if (declared > MAX_SHEET_XML_BYTES) throw sheetTooLarge(fileName, sheet.name, MAX_SHEET_XML_BYTES);
      }
      for (const sheet of sheets) {
        if (!wanted.includes(sheet.name)) continue;
        strings ??= ooxmlSharedStrings(zip);
        const rows = readOoxmlSheet(zip, sheet, strings);
        if (rows) visit(sheet.name, rows);
      }
    },
  };
}

const sheetNameCache = new WeakMap<Uint8Array, string[] | null>();
/** The sheets detection read (workbook.xml and its rels), for the parser that opens the same file next. */
const sheetListCache = new WeakMap<Uint8Array, OoxmlSheet[]>();

/**
 * Sheet names of a workbook for format detection, cheaply (zip directory and xl/workbook.xml only,
 * or the BIFF workbook stream), or null when the file is not a readable workbook. Never throws.
 */
export function peekSheetNames(file: RunFile): string[] | null {
  const cached = sheetNameCache.get(file.content);
  if (cached !== undefined) return cached;
  let names: string[] | null = null;
  try {
    if (file.content.length <= MAX_FILE_BYTES) {
      if (isOle2(file.content)) {
        names = xlsx().read(file.content, { type: 'buffer', bookSheets: true }).SheetNames;
      } else {
        const zip = new SafeZip(file.name, file.content);
        if (zip.has('[content_types].xml')) {
          const sheets = ooxmlSheets(zip);
          sheetListCache.set(file.content, sheets);
          names = sheets.map((sheet) => sheet.name);
        }
      }
    }
  } catch {
    names = null;
  }
  sheetNameCache.set(file.content, names);
  return names;
}
