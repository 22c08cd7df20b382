import type { RunFile } from '@amplio/domain';
import * as XLSX from '@e965/xlsx';
import { zipSync, type Zippable } from 'fflate';
import { MAX_FILE_BYTES, MAX_ROWS } from './limits';
import { corruptedFile, guardRead, invalidFile } from './run-file-errors';
import { isOle2 } from './sniff';
import { assertNoDtd } from './xml-guard';
import { SafeZip, normalizeZipEntryName } from './zip';

export type CellValue = string | number | boolean | null;
export type SheetRows = CellValue[][];

/**
 * A spreadsheet (OOXML .xlsx, or BIFF8 .xls) opened safely: limits checked, sheet names known,
 * sheets read on demand. Reading uses SheetJS (@e965/xlsx, 0.20.3): the bench (bench/parse-bench.ts)
 * measured it against exceljs, and exceljs silently returns an empty workbook for the CFX Maestro
 * 5.3 zip.
 */
export interface Workbook {
  fileName: string;
  container: 'ooxml-zip' | 'ole2';
  sheetNames: string[];
  /** Rows of the named sheets (exact names); sheets absent from the workbook are absent from the map. */
  readSheets(names: string[]): Map<string, SheetRows>;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#\d+);/g, (_match, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity] ?? '';
  });
}

/** Sheet names in workbook order, read from xl/workbook.xml of a verified OOXML zip. */
export function ooxmlSheetNames(zip: SafeZip): string[] {
  const workbookXml = zip.readText('xl/workbook.xml');
  if (workbookXml === null) throw invalidFile(zip.fileName, 'xl/workbook.xml missing: not a spreadsheet');
  if (/<!DOCTYPE/i.test(workbookXml)) throw invalidFile(zip.fileName, 'XML with a DOCTYPE is not accepted');
  const names: string[] = [];
  for (const match of workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"/g))
    names.push(decodeXmlText(match[1]));
  return names;
}

/** Sheet name -> normalised zip key of its part, from xl/workbook.xml and its rels; null when unclear. */
function worksheetKeys(zip: SafeZip): Map<string, string> | null {
  const workbookXml = zip.readText('xl/workbook.xml');
  const relsXml = zip.readText('xl/_rels/workbook.xml.rels');
  if (workbookXml === null || relsXml === null) return null;
  const targets = new Map<string, string>();
  for (const match of relsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]*)"/.exec(match[0])?.[1];
    const target = /\bTarget="([^"]*)"/.exec(match[0])?.[1];
    if (!id || !target) continue;
    const path = target.replace(/\\/g, '/');
    targets.set(id, normalizeZipEntryName(path.startsWith('/') ? path : `xl/${path}`));
  }
  const keys = new Map<string, string>();
  for (const match of workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(match[0])?.[1];
    const id = /\b(?:\w+:)?id="([^"]*)"/.exec(match[0])?.[1];
    const key = id ? targets.get(id) : undefined;
    if (name === undefined || !key) return null;
    keys.set(decodeXmlText(name), key);
  }
  return keys;
}

/**
 * Inflates the parts SheetJS needs (limits enforced; worksheets not asked for are left compressed and
 * unread), refuses any XML part with a DTD, and rebuilds a clean, stored (uncompressed) zip with '/'
 * separators: CFX Maestro 5.3 writes backslashes.
 */
function cleanOoxml(zip: SafeZip, wantedSheets: string[]): Uint8Array {
  const sheetKeys = worksheetKeys(zip);
  const skipped = new Set<string>();
  if (sheetKeys) {
    for (const [name, key] of sheetKeys) if (!wantedSheets.includes(name)) skipped.add(key);
  }
  const files: Zippable = {};
  for (const key of zip.entryNames) {
    if (key.endsWith('/') || skipped.has(key)) continue;
    const data = zip.read(key);
    if (!data) continue;
    if (/\.(xml|rels|vml)$/.test(key)) {
      const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 4096)).toString(
        'utf8',
      );
      assertNoDtd(zip.fileName, head, `zip entry ${zip.rawName(key)}:`);
    }
    files[zip.rawName(key).replace(/\\/g, '/').replace(/^\/+/, '')] = [data, { level: 0 }];
  }
  return zipSync(files, { level: 0 });
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
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
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
      XLSX.read(content, { type: 'buffer', bookSheets: true }),
    ).SheetNames;
    return {
      fileName,
      container: 'ole2',
      sheetNames: names,
      readSheets(wanted) {
        const present = wanted.filter((name) => names.includes(name));
        const workbook = guardRead(fileName, 'not a readable Excel 97-2003 workbook', () =>
          XLSX.read(content, { ...READ_OPTIONS, sheets: present }),
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
    };
  }
  const zip = new SafeZip(fileName, content);
  const sheetNames = ooxmlSheetNames(zip);
  return {
    fileName,
    container: 'ooxml-zip',
    sheetNames,
    readSheets(wanted) {
      const present = wanted.filter((name) => sheetNames.includes(name));
      const result = new Map<string, SheetRows>();
      if (present.length === 0) return result;
      const clean = cleanOoxml(zip, present);
      const workbook = guardRead(fileName, 'not a readable xlsx workbook', () =>
        XLSX.read(clean, { ...READ_OPTIONS, sheets: present }),
      );
      for (const name of present) {
        const rows = guardRead(fileName, `sheet ${name} unreadable`, () =>
          sheetRows(fileName, workbook, name),
        );
        if (rows) result.set(name, rows);
      }
      return result;
    },
  };
}

const sheetNameCache = new WeakMap<Uint8Array, string[] | null>();

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
        names = XLSX.read(file.content, { type: 'buffer', bookSheets: true }).SheetNames;
      } else {
        const zip = new SafeZip(file.name, file.content);
        if (zip.has('[content_types].xml')) names = ooxmlSheetNames(zip);
      }
    }
  } catch {
    names = null;
  }
  sheetNameCache.set(file.content, names);
  return names;
}
