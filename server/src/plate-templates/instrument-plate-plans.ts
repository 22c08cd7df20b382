import { RunFileError, type RunFile, type SampleType } from '@amplio/domain';

/**
 * Plate plans written by the instruments' own software, turned into Amplio's plate plan table
 * (`Position;Sample name;Sample type`, docs/formats.md "Plate plan") so one reader checks positions,
 * the plate size and duplicates for every type.
 *
 * - QUANTSTUDIO: a QuantStudio plate setup export (.txt): optional `* key = value` lines, then the
 *   `[Sample Setup]` section, tab separated, with `Well Position`, `Sample Name` and `Task`, one row
 *   per well and target. The section is the same in the Real-Time PCR Software's full text export.
 * - CFX: a Bio-Rad CFX table with `Well`, `Content` and `Sample` columns (the plate layout as CFX
 *   Manager and CFX Maestro write it in their CSV exports, e.g. Quantification Cq Results), one row
 *   per well and fluorophore.
 */

export type InstrumentPlatePlanType = 'QUANTSTUDIO' | 'CFX';

const invalid = (file: RunFile, reason: string): RunFileError =>
  new RunFileError('errorImportInvalidFile', `${file.name}: ${reason}`);

function textOf(file: RunFile): string {
  const bytes = file.content;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"') {
      if (quoted && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else quoted = !quoted;
    } else if (char === delimiter && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** QuantStudio Task to sample type; IPC rows describe the internal control's target, not the well. */
const QUANTSTUDIO_TASKS: Record<string, SampleType | 'IPC'> = {
  UNKNOWN: 'SAMPLE',
  NTC: 'NEGATIVE_AMPLIFICATION_CONTROL',
  STANDARD: 'POSITIVE_CONTROL',
  PC_ALLELE_1: 'POSITIVE_CONTROL',
  PC_ALLELE_2: 'POSITIVE_CONTROL',
  PC_ALLELE_BOTH: 'POSITIVE_CONTROL',
  POSITIVE_CONTROL: 'POSITIVE_CONTROL',
  NEGATIVE_CONTROL: 'NEGATIVE_EXTRACTION_CONTROL',
  IPC: 'IPC',
  BLOCKEDIPC: 'IPC',
  BLOCKED_IPC: 'IPC',
};

/** CFX Content (without its replicate suffix, e.g. `Std-01`) to sample type. */
const CFX_CONTENTS: Record<string, SampleType> = {
  unkn: 'SAMPLE',
  std: 'POSITIVE_CONTROL',
  'pos ctrl': 'POSITIVE_CONTROL',
  'neg ctrl': 'NEGATIVE_EXTRACTION_CONTROL',
  ntc: 'NEGATIVE_AMPLIFICATION_CONTROL',
  nrt: 'NEGATIVE_AMPLIFICATION_CONTROL',
  blank: 'BLANK_CONTROL',
};

interface Entry {
  position: string;
  name: string;
  type: SampleType | null;
}

function table(entries: Map<string, Entry>): RunFile['content'] {
  const escape = (text: string) => (/[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = ['Position;Sample name;Sample type'];
  for (const entry of entries.values())
    lines.push([entry.position, escape(entry.name), entry.type ?? ''].join(';'));
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

function quantStudioEntries(file: RunFile): Map<string, Entry> {
  const lines = textOf(file).split(/\r\n|\n|\r/);
  const section = lines.findIndex((line) => line.trim().toLowerCase() === '[sample setup]');
  const headerIndex =
    section >= 0
      ? lines.findIndex((line, index) => index > section && line.trim() !== '')
      : lines.findIndex((line) => line.split('\t').some((cell) => cell.trim() === 'Well Position'));
  if (headerIndex < 0) throw invalid(file, 'no [Sample Setup] section with a Well Position column');
  const header = lines[headerIndex].split('\t').map((cell) => cell.trim().toLowerCase());
  const positionColumn = header.indexOf('well position');
  const nameColumn = header.indexOf('sample name');
  const taskColumn = header.indexOf('task');
  if (positionColumn < 0) throw invalid(file, 'column "Well Position" missing in [Sample Setup]');
  const entries = new Map<string, Entry>();
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const line = lines[index];
    if (line.trim() === '' || line.trim().startsWith('[')) break;
    const cells = line.split('\t').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    const position = cells[positionColumn] ?? '';
    if (!position) continue;
    const task = (cells[taskColumn] ?? '').toUpperCase().replace(/\s+/g, '_');
    const mapped = task ? QUANTSTUDIO_TASKS[task] : undefined;
    if (task && !mapped) throw invalid(file, `unknown task "${cells[taskColumn]}" at line ${index + 1}`);
    const type = mapped === 'IPC' || mapped === undefined ? null : mapped;
    const name = nameColumn >= 0 ? (cells[nameColumn] ?? '') : '';
    const known = entries.get(position);
    // One row per target: the first row naming the well's own task decides its type.
    if (!known) entries.set(position, { position, name, type });
    else if (!known.type && type) entries.set(position, { ...known, type, name: known.name || name });
  }
  for (const [position, entry] of entries) if (!entry.name && !entry.type) entries.delete(position);
  return entries;
}

function cfxEntries(file: RunFile): Map<string, Entry> {
  const lines = textOf(file)
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '');
  const first = lines[0] ?? '';
  const delimiter = [';', '\t', ','].find((candidate) => first.includes(candidate)) ?? ',';
  const header = splitCsvLine(first, delimiter).map((cell) => cell.toLowerCase());
  const wellColumn = header.indexOf('well');
  const contentColumn = header.indexOf('content');
  const sampleColumn = header.indexOf('sample');
  if (wellColumn < 0 || contentColumn < 0)
    throw invalid(file, 'columns "Well" and "Content" missing in the header row');
  const entries = new Map<string, Entry>();
  lines.slice(1).forEach((line, index) => {
    const cells = splitCsvLine(line, delimiter);
    const position = cells[wellColumn] ?? '';
    const content = (cells[contentColumn] ?? '').toLowerCase().replace(/-\d+$/, '').trim();
    if (!position || !content || entries.has(position)) return;
    const type = CFX_CONTENTS[content];
    if (!type) throw invalid(file, `unknown content "${cells[contentColumn]}" at row ${index + 2}`);
    entries.set(position, { position, name: sampleColumn >= 0 ? (cells[sampleColumn] ?? '') : '', type });
  });
  return entries;
}

/** The instrument's plate plan as Amplio's plate plan table (same file name), or the file itself. */
export function asAmplioPlatePlan(type: string, file: RunFile): RunFile {
  if (type !== 'QUANTSTUDIO' && type !== 'CFX') return file;
  const entries = type === 'QUANTSTUDIO' ? quantStudioEntries(file) : cfxEntries(file);
  if (entries.size === 0) throw invalid(file, 'no well in the plate plan');
  return { name: file.name, content: table(entries) };
}
