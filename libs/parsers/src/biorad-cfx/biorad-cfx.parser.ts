import type { ParsedRun, RunFile } from '@amplio/domain';
import { missingColumn } from '../common/import-errors';
import { matchFluorByContent, type TableCurves } from './cfx-fluor-match';
import { cycleColumnOf, isWellHeader, readCurves } from './cfx-curves';
import type { FormatParser } from '../format-parser';
import { parseInstrumentDate } from '../common/instrument-date';
import { RunBuilder } from '../common/run-builder';
import { invalidFile } from '../common/run-file-errors';
import { HeaderColumns, cellText, headerKey } from '../common/table';
import { optionalNumber, parseLooseNumber, requireNumber } from '../common/text';
import { peekSheetNames, type CellValue } from '../common/workbook';
import {
  fluorFromFileName,
  isWorkbook,
  peekBioRadTextKind,
  readTables,
  type BioRadTable,
} from './biorad-tables';
import { isQuantStudioWorkbook } from '../thermo-quantstudio/quantstudio-workbook.parser';
import { recoverThresholdsFromCq, type ThresholdGroup } from '../common/threshold-from-cq';
import { CONTENT_COLUMN, CQ_COLUMN } from './biorad-classify';

export const BIORAD_RUN_INFORMATION_SHEET = 'Run Information';

function remember(
  map: Map<string, Map<string, number>>,
  fluor: string,
  position: string,
  value: number,
): void {
  const byWell = map.get(fluor) ?? new Map<string, number>();
  byWell.set(position, value);
  map.set(fluor, byWell);
}

function isBioRadWorkbook(file: RunFile): boolean {
  const names = peekSheetNames(file);
  return (
    names !== null &&
    names.some((name) => headerKey(name) === headerKey(BIORAD_RUN_INFORMATION_SHEET)) &&
    !isQuantStudioWorkbook(names)
  );
}

/** "sheet FAM: " for a workbook sheet, "" for a text file (the file name already says where). */
function label(table: BioRadTable): string {
  return table.sheetName ? `sheet ${table.sheetName}: ` : '';
}

function number(table: BioRadTable, value: CellValue | undefined, where: () => string): number | null {
  // Workbook cells are numbers already: the common case costs nothing more.
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text =
    table.decimalComma && typeof value === 'string' ? value.replace(/^(-?\d+),(\d+)$/, '$1.$2') : value;
  const parsed = parseLooseNumber(text ?? null);
  if (parsed === undefined) return optionalNumber(table.fileName, text ?? null, `${label(table)}${where()}`);
  return parsed;
}

function sameReads(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

class BioRadReader {
  private readonly builder: RunBuilder;
  /**
   * fluor (header key) -> the first amplification table's file, every well's reads read for it, and
   * the wells of each of its tables (CFX's threshold is one per table and dye: a threshold group).
   */
  private readonly seenFluors = new Map<
    string,
    { fileName: string; reads: Map<string, number[]>; groups: ThresholdGroup[] }
  >();
  /** fluor -> position -> the instrument's Cq (Cq Results, Summary), to tell an amplification table's fluorophore. */
  private readonly cqByFluor = new Map<string, Map<string, number>>();
  /** fluor -> position -> End RFU (End Point Results). */
  private readonly endByFluor = new Map<string, Map<string, number>>();

  constructor(
    private readonly files: RunFile[],
    private readonly tables: BioRadTable[],
  ) {
    const workbook = files.some(isWorkbook);
    const text = tables.filter((table) => table.delimiter !== null);
    const tabs = text.length > 0 && text.every((table) => table.delimiter === '\t');
    const format = workbook
      ? text.length
        ? 'biorad-cfx-mixed'
        : 'biorad-cfx-xlsx'
      : tabs
        ? 'biorad-cfx-txt'
        : 'biorad-cfx-csv';
    this.builder = new RunBuilder(files.map((file) => file.name).join(', '), format);
  }

  private resultFluors(): string[] {
    const fluors = new Set<string>();
    for (const table of this.tables) {
      if (table.kind !== 'cq-results' && table.kind !== 'summary') continue;
      const header = new HeaderColumns(table.rows[0].map((cell) => cellText(cell)));
      const column = header.find('Fluor');
      for (const row of table.rows.slice(1)) if (cellText(row[column])) fluors.add(cellText(row[column]));
    }
    return [...fluors];
  }

  /**
   * The fluorophore of an amplification table, from its content: the sheet name of a workbook,
   * else the fluorophore whose Cq (or End RFU) its curves reproduce, else the only fluorophore of
   * the results; the file name only when the content cannot tell.
   */
  private fluorOf(table: BioRadTable, content: TableCurves): string {
    if (table.sheetName) return table.sheetName;
    const matched = matchFluorByContent(content, this.cqByFluor, this.endByFluor, (fluor) =>
      this.seenFluors.has(headerKey(fluor)),
    );
    if (matched) return matched;
    const fluors = this.resultFluors();
    if (fluors.length === 1) return fluors[0];
    const named = fluorFromFileName(table.fileName);
    if (named) return named;
    this.builder.notes.push(`${table.fileName}: the file does not name its fluorophore`);
    return 'Unknown';
  }

  private readAmplification(table: BioRadTable): void {
    const header = table.rows[0].map((cell) => cellText(cell));
    const cycleColumn = cycleColumnOf(header);
    if (cycleColumn < 0) throw missingColumn(table.fileName, table.sheetName ?? 'table', 'Cycle');
    // Every column headed by a well position is a well; other columns (notes, added columns) are not read.
    const wells = header.map((cell, column) =>
      column !== cycleColumn && isWellHeader(cell) ? this.builderWell(table, cell) : null,
    );
    const curves =
      table.curves ??
      readCurves(
        table.rows,
        cycleColumn,
        wells.map((well) => well?.position ?? null),
        (cell, rowNumber) =>
          requireNumber(table.fileName, cell, `${label(table)}cycle column at row ${rowNumber}`),
        (cell, column, rowNumber) => number(table, cell, () => `${header[column]} at row ${rowNumber}`),
      );
    const fluor = this.fluorOf(table, { curves });
    // CFX exports one table per well group: tables of one fluorophore over other wells make one
    // plate, a copy (the same wells with the same reads) is dropped, other reads of a well are refused.
    const seen = this.seenFluors.get(headerKey(fluor)) ?? {
      fileName: table.fileName,
      reads: new Map<string, number[]>(),
      groups: [],
    };
    const isFirst = !this.seenFluors.has(headerKey(fluor));
    const positions: string[] = [];
    for (const well of wells) {
      const curve = well ? curves.get(well.position) : undefined;
      if (!well || !curve) continue;
      const earlier = seen.reads.get(well.position);
      if (earlier) {
        if (sameReads(earlier, curve.values)) continue;
        throw invalidFile(
          table.fileName,
          `a second amplification table for ${fluor} with other reads for ${well.position} (the first is in ${seen.fileName})`,
        );
      }
      seen.reads.set(well.position, curve.values);
      this.builder.setCurve(well, fluor, 'baseline-corrected', curve.cycles, curve.values);
      positions.push(well.position);
    }
    if (positions.length > 0)
      seen.groups.push({
        dye: this.builder.wellChannel(this.builder.well(positions[0]), fluor).dye,
        positions,
      });
    this.seenFluors.set(headerKey(fluor), seen);
    if (!isFirst)
      this.builder.notes.push(
        positions.length > 0
          ? `${table.fileName}: a further well group's amplification table for ${fluor} (${positions.length} wells)`
          : `${table.fileName}: a copy of the amplification table for ${fluor} in ${seen.fileName}, not read again`,
      );
  }

  private builderWell(table: BioRadTable, position: string) {
    try {
      return this.builder.well(position);
    } catch (error) {
      if (error instanceof Error) throw invalidFile(table.fileName, error.message.replace(/^.*?: /, ''));
      throw error;
    }
  }

  /** Cq Results, Quantification Summary and End Point rows: one per well and fluorophore. */
  private readWellRows(table: BioRadTable): void {
    const header = new HeaderColumns(table.rows[0].map((cell) => cellText(cell)));
    const required = table.kind === 'end-point' ? [['Well'], ['Fluor']] : [['Well'], ['Fluor'], CQ_COLUMN];
    const absent = required.find((names) => !header.has(...names));
    if (absent) throw missingColumn(table.fileName, table.sheetName ?? 'table', absent[0]);
    const columns = {
      well: header.find('Well'),
      fluor: header.find('Fluor'),
      content: header.find(...CONTENT_COLUMN),
      sample: header.find('Sample', 'Identifier'),
      cq: table.kind === 'end-point' ? -1 : header.find(...CQ_COLUMN),
      call: table.kind === 'end-point' ? header.find('Call') : -1,
      end: table.kind === 'end-point' ? header.find('End RFU') : -1,
    };
    table.rows.slice(1).forEach((row, index) => {
      const position = cellText(row[columns.well]);
      const fluor = cellText(row[columns.fluor]);
      if (!position && !fluor) return;
      if (!fluor) throw invalidFile(table.fileName, `${label(table)}no fluorophore at row ${index + 2}`);
      const well = this.builderWell(table, position);
      const content = cellText(row[columns.content]);
      const sample = cellText(row[columns.sample]);
      if (content && well.sampleRole === null) well.sampleRole = content;
      if (sample && well.sampleName === null) well.sampleName = sample;
      const entry = this.builder.wellChannel(well, fluor);
      if (columns.cq >= 0) {
        const cq = number(table, row[columns.cq], () => `Cq at row ${index + 2}`);
        // Cq Results and Quantification Summary carry the same Cq: Cq Results (read first) wins.
        if (table.kind === 'cq-results' || entry.instrumentCq === null) entry.instrumentCq = cq;
        if (cq !== null) remember(this.cqByFluor, fluor, well.position, cq);
      }
      if (columns.end >= 0) {
        const end = number(table, row[columns.end], () => `End RFU at row ${index + 2}`);
        if (end !== null) remember(this.endByFluor, fluor, well.position, end);
      }
      if (columns.call >= 0 && cellText(row[columns.call]))
        entry.instrumentCall = cellText(row[columns.call]);
    });
  }

  /** The plate view's column headers are 1..12 on a CFX96 and 1..24 on a CFX384. */
  private readPlateView(table: BioRadTable): void {
    const columns = Math.max(0, ...table.rows[0].map((cell) => Number(cellText(cell)) || 0));
    this.builder.declaredPlate = columns > 12 ? 'RECTANGULAR_384' : 'RECTANGULAR_96';
  }

  private readRunInformation(table: BioRadTable): void {
    const info = new Map<string, string>();
    for (const row of table.rows) info.set(headerKey(cellText(row[0])), cellText(row[1]));
    this.builder.serialNumber ??= info.get('base serial number') || null;
    this.builder.runDate ??= parseInstrumentDate(info.get('run started') ?? null);
    const software = table.rows.find((row) =>
      /^cfx (manager|maestro) version$/.test(headerKey(cellText(row[0]))),
    );
    if (software && !this.builder.notes.some((note) => note.startsWith('Software:'))) {
      this.builder.notes.push(`Software: ${cellText(software[0])} ${cellText(software[1])}`);
    }
  }

  read(): ParsedRun {
    const order = [
      'plate-view',
      'run-information',
      'cq-results',
      'summary',
      'end-point',
      'amplification',
      'other',
    ];
    const sorted = [...this.tables].sort(
      (left, right) => order.indexOf(left.kind) - order.indexOf(right.kind),
    );
    if (
      !sorted.some(
        (table) => table.kind === 'amplification' || table.kind === 'cq-results' || table.kind === 'summary',
      )
    ) {
      throw invalidFile(this.builder.fileName, 'no Quantification Amplification Results or Cq Results table');
    }
    for (const table of sorted) {
      switch (table.kind) {
        case 'run-information':
          this.readRunInformation(table);
          break;
        case 'cq-results':
        case 'summary':
        case 'end-point':
          this.readWellRows(table);
          break;
        case 'amplification':
          this.readAmplification(table);
          break;
        case 'plate-view':
          this.readPlateView(table);
          break;
        case 'other':
          break;
      }
    }
    if (this.files.length > 1 && !sorted.some((table) => table.kind === 'amplification')) {
      this.builder.notes.push('No amplification curves: Cq only');
    }
    const run = this.builder.build();
    const groups = [...this.seenFluors.values()].flatMap((seen) => seen.groups);
    const recovered = recoverThresholdsFromCq(run, groups, {
      agreement: 1e-3,
      instrument: 'CFX',
    });
    run.notes = [...(run.notes ?? []), ...recovered];
    return run;
  }
}

/**
 * Bio-Rad CFX Manager / CFX Maestro exports: "Quantification Amplification Results" as .csv/.txt (one
 * file per fluorophore, named ..._<FLUOR>.csv) or .xlsx (one sheet per fluorophore plus Run
 * Information), with the optional Quantification Cq Results, Quantification Summary, End Point
 * Results and Run Information files of the same run. Values are baseline-subtracted RFU.
 */
export const bioRadCfxParser: FormatParser = {
  id: 'biorad-cfx',
  /** True when every file is a CFX table (a lone companion file is claimed too, and refused by parse with a clear message). */
  detect(files: RunFile[]): boolean {
    if (files.length === 0) return false;
    return files.every((file) =>
      isWorkbook(file) ? isBioRadWorkbook(file) : peekBioRadTextKind(file) !== null,
    );
  },
  parse(files: RunFile[]): ParsedRun {
    return new BioRadReader(files, readTables(files)).read();
  },
};
