import { normalizePosition, parsePosition, PLATE_DIMENSIONS, type RunFile } from '@amplio/domain';
import { MAX_CYCLES, MAX_FILE_BYTES } from '../common/limits';
import { missingColumn } from '../common/import-errors';
import { corruptedFile, invalidFile } from '../common/run-file-errors';
import { decodeText, headLines, splitLines } from '../common/text';

/**
 * LightCycler 480 SW 1.5 text exports, as read from roche-lc480/*.txt:
 *
 * "Raw Data" export (tab-separated, CRLF, trailing tab):
 *   line 1: `Raw Data \t\tExperiment - <name> (Run on LCS480 1.5.0.39)`
 *   line 2: `SamplePos SampleName Prog# Seg# Cycle# Time Temp <filter>...` (one column per filter, e.g. 483-533)
 *   then one line per well and acquisition: amplification program lines (Cycle# 1..n), then melt
 *   program lines (continuous acquisition: every line Cycle# 1, temperature rising).
 *
 * "Cp" table (Abs Quant / second derivative maximum):
 *   line 1: `Experiment: <name>  Selected Filter: SYBR Green I / HRM Dye (483-533)`
 *   line 2: `Include Color Pos Name Cp Concentration Standard Status`
 *   then one line per well; an empty Cp means no Cp.
 */
export interface Lc480RawData {
  fileName: string;
  experimentName: string | null;
  softwareVersion: string | null;
  filters: string[];
  /** The program told to be the amplification (most distinct Cycle# values). */
  amplificationProgram: number;
  /** Every program seen, with its distinct cycle count (melt programs have 1). */
  programs: Array<{ program: number; cycles: number; lines: number }>;
  wells: Map<string, { sampleName: string | null; cycles: number[]; values: number[][] }>;
}

export interface Lc480CpTable {
  fileName: string;
  experimentName: string | null;
  /** Filter in parentheses of "Selected Filter: ... (483-533)", or null. */
  filter: string | null;
  filterDescription: string | null;
  rows: Array<{
    position: string;
    sampleName: string | null;
    cp: number | null;
    include: boolean;
    status: string | null;
  }>;
}

/** Columns every Raw Data export has (found by name, in any order). */
const RAW_HEADER = ['samplepos', 'prog#', 'seg#', 'cycle#'];
const RAW_SPELLED = ['SamplePos', 'Prog#', 'Seg#', 'Cycle#'];
/** Columns that are not fluorescence: every other column of a Raw Data export is a filter. */
const RAW_OTHER = new Set(['samplepos', 'samplename', 'prog#', 'seg#', 'cycle#', 'time', 'temp']);
/** A filter column as the LightCycler names it: excitation-emission wavelengths ("483-533"). */
const FILTER = /^\d{3}\s*-\s*\d{3}$/;
/** Columns every Cp table has (found by name, in any order); the header is told by Pos and Cp. */
const CP_HEADER = ['pos', 'cp'];
const CP_SPELLED = ['Pos', 'Cp'];

/** A cell without the double quotes the "Abs Quant" export puts around text ("SampleName"). */
function unquoted(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).trim()
    : trimmed;
}

/**
 * The Cp table's columns as the "Abs Quant" results export names them (`"Experiment Name" "Analysis
 * Name" Included Position "SampleName" CrossingPoint ... Call`), mapped to the Cp table's names
 * (its SampleName is read where a Cp table has Name; a Raw Data export has a SampleName of its own).
 */
const COLUMN_ALIASES: Readonly<Record<string, string>> = {
  position: 'pos',
  crossingpoint: 'cp',
  included: 'include',
  'experiment name': 'experiment',
};

/** Header cells of a tab-separated line, lower case, trimmed, unquoted, aliases mapped. */
function headerCells(line: string | undefined): string[] {
  return (line ?? '').split('\t').map((cell) => {
    const name = unquoted(cell).toLowerCase();
    return COLUMN_ALIASES[name] ?? name;
  });
}

/** True when the line holds every one of these column names, in any order, among any others. */
function hasColumns(line: string | undefined, columns: string[]): boolean {
  const cells = new Set(headerCells(line));
  return columns.every((column) => cells.has(column));
}

/** Index of each named column (lower case) in a header line; -1 when absent. */
function columnIndexes<T extends string>(line: string, names: readonly T[]): Record<T, number> {
  const cells = headerCells(line);
  const indexes = {} as Record<T, number>;
  for (const name of names) indexes[name] = cells.indexOf(name);
  return indexes;
}

/** The first of `columns` absent from the header, as the export writes it. */
function firstMissing(line: string | undefined, columns: string[], spelled: string[]): string | null {
  const cells = new Set(headerCells(line));
  const index = columns.findIndex((column) => !cells.has(column));
  return index < 0 ? null : spelled[index];
}

export function isLc480RawData(file: RunFile): boolean {
  const lines = headLines(file.content, 4096, 3);
  return (
    hasColumns(lines[0], RAW_HEADER) ||
    (/^\s*Raw Data\b/i.test(lines[0] ?? '') && hasColumns(lines[1], ['samplepos', 'cycle#']))
  );
}

/**
 * Columns of the LightCycler 480's other per-well result tables (melt genotyping: Group, Score,
 * Res; Tm calling: Tm1...): a table with Pos and one of these but no Cp column is one of them.
 */
const OTHER_RESULT_COLUMNS = ['score', 'res', 'group', 'tm1', 'tm', 'genotype'];

/** A LightCycler 480 result table other than Cp (melt genotyping, Tm calling): accepted, not read. */
export function isLc480OtherResultTable(file: RunFile): boolean {
  const lines = headLines(file.content, 4096, 3);
  const header = /^\s*Experiment:/i.test(lines[0] ?? '') ? lines[1] : lines[0];
  const cells = new Set(headerCells(header));
  return cells.has('pos') && !cells.has('cp') && OTHER_RESULT_COLUMNS.some((column) => cells.has(column));
}

export function isLc480CpTable(file: RunFile): boolean {
  const lines = headLines(file.content, 4096, 3);
  return (
    hasColumns(lines[0], [...CP_HEADER, 'include']) ||
    (/^\s*Experiment:/i.test(lines[0] ?? '') && hasColumns(lines[1], ['pos']))
  );
}

function readLines(file: RunFile): string[] {
  if (file.content.length === 0) throw invalidFile(file.name, 'empty file');
  if (file.content.length > MAX_FILE_BYTES)
    throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
  return splitLines(file.name, decodeText(file.content));
}

function wellPosition(fileName: string, text: string, line: number): string {
  const position = normalizePosition(text);
  const coordinates = parsePosition(text);
  const plate = PLATE_DIMENSIONS.RECTANGULAR_384;
  if (!position || !coordinates)
    throw invalidFile(fileName, `line ${line}: "${text.slice(0, 20)}" is not a well position`);
  if (coordinates.row >= plate.rows || coordinates.column >= plate.columns) {
    throw invalidFile(fileName, `line ${line}: well ${position} outside a 384-well plate`);
  }
  return position;
}

function integerCell(fileName: string, text: string | undefined, column: string, line: number): number {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,6}$/.test(trimmed))
    throw invalidFile(fileName, `line ${line}: ${column} "${trimmed.slice(0, 20)}" is not a whole number`);
  return Number(trimmed);
}

function numberCell(fileName: string, text: string | undefined, column: string, line: number): number {
  const trimmed = (text ?? '').trim().replace(',', '.');
  const value = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isFinite(value))
    throw invalidFile(fileName, `line ${line}: ${column} "${trimmed.slice(0, 20)}" is not a number`);
  return value;
}

/** Experiment name and software of a Raw Data export, read from its first line only. */
export function readLc480RawTitle(firstLine: string): {
  experimentName: string | null;
  softwareVersion: string | null;
} {
  if (!/^\s*Raw Data\b/i.test(firstLine)) return { experimentName: null, softwareVersion: null };
  const title = /Experiment\s*-\s*(.*?)\s*(?:\(Run on\s+([^)]*)\))?\s*$/i.exec(firstLine);
  return { experimentName: title?.[1] || null, softwareVersion: title?.[2] ?? null };
}

/** Experiment name of a Raw Data export without reading the whole file. */
export function lc480RawExperimentName(file: RunFile): string | null {
  return readLc480RawTitle(headLines(file.content, 4096, 3)[0] ?? '').experimentName;
}

export function readLc480RawData(file: RunFile): Lc480RawData {
  const lines = readLines(file);
  let headerIndex = 0;
  const { experimentName, softwareVersion } = readLc480RawTitle(lines[0] ?? '');
  if (/^\s*Raw Data\b/i.test(lines[0] ?? '')) headerIndex = 1;
  const header = (lines[headerIndex] ?? '').split('\t').map((cell) => cell.trim());
  const missing = firstMissing(lines[headerIndex], RAW_HEADER, RAW_SPELLED);
  if (missing) throw missingColumn(file.name, 'Raw Data', missing);
  const column = columnIndexes(lines[headerIndex], [
    'samplepos',
    'samplename',
    'prog#',
    'seg#',
    'cycle#',
    'temp',
  ]);
  // Filters: the columns named like "483-533"; failing that, every unknown column after Temp.
  let filterColumns = header.flatMap((cell, index) => (FILTER.test(cell) ? [index] : []));
  if (filterColumns.length === 0 && column.temp >= 0) {
    filterColumns = header.flatMap((cell, index) =>
      index > column.temp && cell !== '' && !RAW_OTHER.has(cell.toLowerCase()) ? [index] : [],
    );
  }
  if (filterColumns.length === 0)
    throw invalidFile(file.name, 'no filter (fluorescence) column such as 483-533');
  const filters = filterColumns.map((index) => header[index]);

  // First pass: program, segment and cycle of every line (the melt is most of the file and is not
  // used; its lines are checked for these three numbers only).
  const programStats = new Map<number, { cycles: Set<number>; lines: number }>();
  const lineProgram: number[] = [];
  const lineSegment: number[] = [];
  const lineCycle: number[] = [];
  const lineIndex: number[] = [];
  const numberedColumns = Math.max(column['prog#'], column['seg#'], column['cycle#']) + 1;
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const line = lines[index];
    if (line.trim() === '') continue;
    const cells = line.split('\t', numberedColumns);
    const lineNumber = index + 1;
    const program = integerCell(file.name, cells[column['prog#']], 'Prog#', lineNumber);
    const segment = integerCell(file.name, cells[column['seg#']], 'Seg#', lineNumber);
    const cycle = integerCell(file.name, cells[column['cycle#']], 'Cycle#', lineNumber);
    lineIndex.push(index);
    lineProgram.push(program);
    lineSegment.push(segment);
    lineCycle.push(cycle);
    const stats = programStats.get(program) ?? { cycles: new Set<number>(), lines: 0 };
    stats.cycles.add(cycle);
    stats.lines += 1;
    programStats.set(program, stats);
  }
  if (lineIndex.length === 0) throw invalidFile(file.name, 'no data line after the header');
  const programs = [...programStats.entries()].map(([program, stats]) => ({
    program,
    cycles: stats.cycles.size,
    lines: stats.lines,
  }));
  // The amplification program is the one that counts cycles; a melt program acquires continuously
  // within a single cycle (Cycle# 1 on every line). Ties go to the first program of the file.
  let amplification = programs[0];
  for (const candidate of programs) if (candidate.cycles > amplification.cycles) amplification = candidate;
  if (amplification.cycles < 2) {
    throw invalidFile(
      file.name,
      `no amplification program: every program (${programs.map((program) => program.program).join(', ')}) has a single cycle (melt or hold only)`,
    );
  }
  if (amplification.cycles > MAX_CYCLES)
    throw invalidFile(file.name, `program ${amplification.program} has more than ${MAX_CYCLES} cycles`);
  // Within the amplification program, one segment acquires; if several do, the one with the most
  // lines is kept (the first on a tie).
  const segmentLines = new Map<number, number>();
  lineProgram.forEach((program, line) => {
    if (program === amplification.program)
      segmentLines.set(lineSegment[line], (segmentLines.get(lineSegment[line]) ?? 0) + 1);
  });
  let segment = -1;
  let most = -1;
  for (const [candidate, count] of segmentLines) if (count > most) [segment, most] = [candidate, count];

  // Second pass: the amplification lines, fully read.
  const wells: Lc480RawData['wells'] = new Map();
  const positions = new Map<string, string>();
  for (let line = 0; line < lineIndex.length; line += 1) {
    if (lineProgram[line] !== amplification.program || lineSegment[line] !== segment) continue;
    const index = lineIndex[line];
    const lineNumber = index + 1;
    const cells = lines[index].split('\t');
    const positionText = cells[column.samplepos] ?? '';
    let position = positions.get(positionText);
    if (position === undefined) {
      position = wellPosition(file.name, positionText, lineNumber);
      positions.set(positionText, position);
    }
    const cycle = lineCycle[line];
    let well = wells.get(position);
    if (!well) {
      const sampleName = column.samplename >= 0 ? (cells[column.samplename] ?? '').trim() : '';
      well = { sampleName: sampleName === '' ? null : sampleName, cycles: [], values: filters.map(() => []) };
      wells.set(position, well);
    }
    if (well.cycles.includes(cycle)) {
      throw invalidFile(
        file.name,
        `line ${lineNumber}: well ${position} cycle ${cycle} of program ${amplification.program} appears twice`,
      );
    }
    well.cycles.push(cycle);
    for (let filter = 0; filter < filterColumns.length; filter += 1) {
      well.values[filter].push(
        numberCell(file.name, cells[filterColumns[filter]], `filter ${filters[filter]}`, lineNumber),
      );
    }
  }
  return {
    fileName: file.name,
    experimentName,
    softwareVersion,
    filters,
    amplificationProgram: amplification.program,
    programs,
    wells,
  };
}

export function readLc480CpTable(file: RunFile): Lc480CpTable {
  const lines = readLines(file);
  let headerIndex = 0;
  let experimentName: string | null = null;
  let filter: string | null = null;
  let filterDescription: string | null = null;
  if (/^\s*Experiment:/i.test(lines[0] ?? '')) {
    headerIndex = 1;
    const title = /^\s*Experiment:\s*(.*?)\s*(?:Selected Filter:\s*(.*?))?\s*$/i.exec(lines[0]);
    experimentName = title?.[1] || null;
    filterDescription = title?.[2] || null;
    filter = filterDescription ? (/\(([^()]+)\)\s*$/.exec(filterDescription)?.[1] ?? null) : null;
  }
  const missing = firstMissing(lines[headerIndex], CP_HEADER, CP_SPELLED);
  if (missing) throw missingColumn(file.name, 'Cp table', missing);
  const column = columnIndexes(lines[headerIndex] ?? '', [
    'include',
    'pos',
    'name',
    'cp',
    'status',
    'experiment',
  ]);
  const nameColumn = column.name >= 0 ? column.name : headerCells(lines[headerIndex]).indexOf('samplename');
  const rows: Lc480CpTable['rows'] = [];
  const seen = new Set<string>();
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const line = lines[index];
    if (line.trim() === '') continue;
    const cells = line.split('\t').map(unquoted);
    const lineNumber = index + 1;
    if (experimentName === null && column.experiment >= 0) experimentName = cells[column.experiment] || null;
    const position = wellPosition(file.name, cells[column.pos] ?? '', lineNumber);
    if (seen.has(position)) throw invalidFile(file.name, `line ${lineNumber}: well ${position} listed twice`);
    seen.add(position);
    const cpText = (cells[column.cp] ?? '').trim();
    const cp = cpText === '' ? null : numberCell(file.name, cpText, 'Cp', lineNumber);
    const status = column.status >= 0 ? (cells[column.status] ?? '').trim() : '';
    const name = nameColumn >= 0 ? (cells[nameColumn] ?? '').trim() : '';
    rows.push({
      position,
      sampleName: name === '' ? null : name,
      cp,
      include: column.include < 0 || !/^(false|0)$/i.test((cells[column.include] ?? '').trim()),
      status: status === '' ? null : status,
    });
  }
  if (rows.length === 0) throw invalidFile(file.name, 'no well line after the header');
  return { fileName: file.name, experimentName, filter, filterDescription, rows };
}
