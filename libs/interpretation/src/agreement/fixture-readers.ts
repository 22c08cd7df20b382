/**
 * Test-only readers of the real instrument fixtures (../shared/fixtures), small on purpose: they
 * read the curves and the instrument's own numbers for the agreement specs while the colleagues'
 * @amplio/parsers does not yet parse every format. Not exported from the library.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync, strFromU8 } from 'fflate';
import type { WellInput } from '../interpret';
import type { SignalProcessing } from '../signal-processing';

export const FIXTURES = resolve(__dirname, '../../../../../shared/fixtures');

export function fixturePath(relative: string): string {
  return resolve(FIXTURES, relative);
}

type XmlNode = Record<string, unknown>;

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function asNode(value: unknown): XmlNode {
  return typeof value === 'object' && value !== null ? (value as XmlNode) : {};
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function asText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export interface RdmlReaction {
  experiment: string;
  run: string;
  /** Plate columns of the run (pcrFormat), to turn react ids into positions. */
  columns: number;
  reactId: string;
  sample: string;
  target: string;
  /** The instrument's Cq, null when absent. */
  cq: number | null;
  cycles: number[];
  fluorescence: number[];
}

/** Reads every reaction's amplification data of an RDML file (zipped or plain XML). */
export function readRdml(relative: string): RdmlReaction[] {
  const bytes = readFileSync(fixturePath(relative));
  let xml: string;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const entries = unzipSync(new Uint8Array(bytes));
    const name = Object.keys(entries).find((n) => n.toLowerCase().endsWith('.xml'));
    if (!name) throw new Error(`${relative}: no XML inside`);
    xml = strFromU8(entries[name]);
  } else xml = bytes.toString('utf8');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
  });
  const root = asNode(asNode(parser.parse(xml)).rdml);
  const reactions: RdmlReaction[] = [];
  for (const experiment of asArray(root.experiment)) {
    const experimentId = asText(asNode(experiment)['@id']);
    for (const run of asArray(asNode(experiment).run)) {
      const runNode = asNode(run);
      const columns = asNumber(asNode(runNode.pcrFormat).columns) ?? 12;
      for (const react of asArray(runNode.react)) {
        const reactNode = asNode(react);
        for (const data of asArray(reactNode.data)) {
          const dataNode = asNode(data);
          const adps = asArray(dataNode.adp).map(asNode);
          reactions.push({
            experiment: experimentId,
            run: asText(runNode['@id']),
            columns,
            reactId: asText(reactNode['@id']),
            sample: asText(asNode(reactNode.sample)['@id']),
            target: asText(asNode(dataNode.tar)['@id']),
            cq: asNumber(dataNode.cq),
            cycles: adps.map((a) => asNumber(a.cyc) ?? Number.NaN),
            fluorescence: adps.map((a) => asNumber(a.fluor) ?? Number.NaN),
          });
        }
      }
    }
  }
  return reactions;
}

/** A delimited text table (comma, semicolon or tab, detected from the first lines). */
export function readDelimited(relative: string): string[][] {
  const text = readFileSync(fixturePath(relative), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines.slice(0, 5).join('\n');
  const separator = header.includes('\t')
    ? '\t'
    : header.split(';').length > header.split(',').length
      ? ';'
      : ',';
  return lines.map((l) => l.split(separator));
}

/** Rows of a delimited table as records keyed by the header (leading empty column tolerated). */
export function readRecords(relative: string, headerRow = 0): Record<string, string>[] {
  const rows = readDelimited(relative);
  const header = rows[headerRow].map((h) => h.trim());
  return rows.slice(headerRow + 1).map((row) => {
    const record: Record<string, string> = {};
    header.forEach((h, i) => {
      if (h !== '') record[h] = (row[i] ?? '').trim();
    });
    return record;
  });
}

/** "A01" to "A1". */
export function shortPosition(position: string): string {
  const match = /^([A-Z])0*(\d+)$/i.exec(position.trim());
  return match ? `${match[1].toUpperCase()}${match[2]}` : position.trim();
}

const workbooks = new Map<string, XLSX.WorkBook>();

/**
 * SheetJS prints "Bad uncompressed size" for the zip entries of some Thermo exports (data
 * descriptors) although it reads them correctly; those messages are silenced while reading.
 */
function readWorkbook(relative: string): XLSX.WorkBook {
  const cached = workbooks.get(relative);
  if (cached) return cached;
  const original = console.error;
  console.error = (): void => undefined;
  try {
    const workbook = XLSX.read(readFileSync(fixturePath(relative)), { type: 'buffer' });
    workbooks.set(relative, workbook);
    return workbook;
  } finally {
    console.error = original;
  }
}

/** Sheets of a workbook as arrays of rows, starting at the row whose first cell is `firstHeader`. */
export function readWorkbookTable(
  relative: string,
  sheet: string,
  firstHeader = 'Well',
): Record<string, unknown>[] {
  const workbook = readWorkbook(relative);
  const worksheet = workbook.Sheets[sheet];
  if (!worksheet) throw new Error(`${relative}: sheet ${sheet} missing`);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(worksheet, { header: 1, defval: null, raw: true });
  const headerIndex = rows.findIndex((r) => Array.isArray(r) && r[0] === firstHeader);
  if (headerIndex < 0) throw new Error(`${relative}: no header row in ${sheet}`);
  const header = rows[headerIndex].map((h) => asText(h));
  return rows.slice(headerIndex + 1).map((row) => {
    const record: Record<string, unknown> = {};
    header.forEach((h, i) => (record[h] = row[i] ?? null));
    return record;
  });
}

export function cell(record: Record<string, unknown>, key: string): string {
  return asText(record[key]);
}

export function cellNumber(record: Record<string, unknown>, key: string): number | null {
  return asNumber(record[key]);
}

export interface InstrumentRow {
  position: string;
  target: string;
  reporter: string;
  cq: number | null;
  threshold: number;
  baseline: { start: number; end: number };
}

/** A QuantStudio Design & Analysis workbook: Results rows and the dRn curves as engine input. */
export function readQuantStudioRun(
  file: string,
  signalProcessing: SignalProcessing,
): { rows: InstrumentRow[]; wells: WellInput[] } {
  const { rows, curves } = readQuantStudioTables(file);
  const byWell = new Map<string, WellInput>();
  for (const row of rows) {
    const curve = curves.get(`${row.position}|${row.target}`);
    const well = byWell.get(row.position) ?? {
      position: row.position,
      sampleType: 'SAMPLE' as const,
      channels: [],
    };
    well.channels.push({
      dye: row.reporter,
      curve: curve ? { kind: 'baseline-corrected', ...curve } : null,
      instrumentThreshold: row.threshold,
      instrumentBaseline: row.baseline,
      signalProcessing,
    });
    byWell.set(row.position, well);
  }
  return { rows, wells: [...byWell.values()] };
}

const quantStudioTables = new Map<
  string,
  { rows: InstrumentRow[]; curves: Map<string, { cycles: number[]; fluorescence: number[] }> }
>();

/** Results rows and dRn curves of a QuantStudio workbook, read once per file. */
function readQuantStudioTables(file: string): {
  rows: InstrumentRow[];
  curves: Map<string, { cycles: number[]; fluorescence: number[] }>;
} {
  const cached = quantStudioTables.get(file);
  if (cached) return cached;
  const path = `thermo-quantstudio/${file}`;
  const rows: InstrumentRow[] = [];
  for (const record of readWorkbookTable(path, 'Results')) {
    const position = cell(record, 'Well Position');
    const cqText = cell(record, 'Cq');
    const threshold = cellNumber(record, 'Threshold');
    if (!position || threshold === null || cell(record, 'Omit').toUpperCase() === 'TRUE') continue;
    const cq = cqText.toUpperCase() === 'UNDETERMINED' ? null : cellNumber(record, 'Cq');
    if (cq === null && cqText.toUpperCase() !== 'UNDETERMINED') continue;
    rows.push({
      position,
      target: cell(record, 'Target'),
      reporter: cell(record, 'Reporter'),
      cq,
      threshold,
      baseline: {
        start: cellNumber(record, 'Baseline Start') ?? 3,
        end: cellNumber(record, 'Baseline End') ?? 15,
      },
    });
  }
  const curves = new Map<string, { cycles: number[]; fluorescence: number[] }>();
  for (const record of readWorkbookTable(path, 'Amplification Data')) {
    const key = `${cell(record, 'Well Position')}|${cell(record, 'Target')}`;
    const cycle = cellNumber(record, 'Cycle Number');
    const dRn = cellNumber(record, 'dRn');
    if (cycle === null || dRn === null) continue;
    const curve = curves.get(key) ?? { cycles: [], fluorescence: [] };
    curve.cycles.push(cycle);
    curve.fluorescence.push(dRn);
    curves.set(key, curve);
  }
  quantStudioTables.set(file, { rows, curves });
  return { rows, curves };
}
