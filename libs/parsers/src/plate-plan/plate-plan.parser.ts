import {
  isOnPlate,
  parsePosition,
  formatPosition,
  type PlateType,
  type RunFile,
  SAMPLE_TYPES,
  type SampleType,
} from '@amplio/domain';
import { invalidFile } from '../common/run-file-errors';
import { isOle2, isZip } from '../common/sniff';
import { cellText, headerKey } from '../common/table';
import { decodeText, splitDelimited, splitLines } from '../common/text';
import { openWorkbook, type CellValue } from '../common/workbook';

/** One row of a plate plan: what the lab put in a well. */
export interface PlatePlanEntry {
  position: string;
  sampleName: string | null;
  sampleType: SampleType | null;
}

const SAMPLE_TYPE_ALIASES: Record<string, SampleType> = {
  sample: 'SAMPLE',
  unknown: 'SAMPLE',
  unkn: 'SAMPLE',
  ntc: 'NEGATIVE_AMPLIFICATION_CONTROL',
  'negative amplification control': 'NEGATIVE_AMPLIFICATION_CONTROL',
  'negative extraction control': 'NEGATIVE_EXTRACTION_CONTROL',
  nec: 'NEGATIVE_EXTRACTION_CONTROL',
  'positive control': 'POSITIVE_CONTROL',
  pc: 'POSITIVE_CONTROL',
  'pos ctrl': 'POSITIVE_CONTROL',
  blank: 'BLANK_CONTROL',
  'blank control': 'BLANK_CONTROL',
};

function sampleTypeOf(fileName: string, row: number, text: string): SampleType | null {
  if (!text) return null;
  const upper = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if ((SAMPLE_TYPES as readonly string[]).includes(upper)) return upper as SampleType;
  const alias = SAMPLE_TYPE_ALIASES[headerKey(text)];
  if (alias) return alias;
  throw invalidFile(fileName, `unknown sample type "${text}" at row ${row}`);
}

function rowsOf(file: RunFile): CellValue[][] {
  if (isZip(file.content) || isOle2(file.content)) {
    const workbook = openWorkbook(file);
    const first = workbook.sheetNames[0];
    if (!first) throw invalidFile(file.name, 'the workbook has no sheet');
    return workbook.readSheets([first]).get(first) ?? [];
  }
  const lines = splitLines(file.name, decodeText(file.content)).filter((line) => line.trim() !== '');
  const header = lines[0] ?? '';
  const delimiter = [';', '\t', ','].find((candidate) => header.includes(candidate)) ?? ',';
  return lines.map((line) => splitDelimited(line, delimiter));
}

/**
 * Reads a plate plan (CSV with , ; or tab, or the first sheet of an XLSX): a header row with
 * `position`, `sample name` and `sample type` (docs/formats.md), one row per well.
 */
export function parsePlatePlan(file: RunFile, plateType: PlateType): PlatePlanEntry[] {
  const rows = rowsOf(file);
  if (rows.length === 0) throw invalidFile(file.name, 'the plate plan is empty');
  const header = rows[0].map((cell) => headerKey(cellText(cell)));
  const column = (...names: string[]): number => header.findIndex((name) => names.includes(name));
  const positionColumn = column('position', 'well', 'well position');
  const nameColumn = column('sample name', 'sample', 'name');
  const typeColumn = column('sample type', 'type');
  if (positionColumn < 0) throw invalidFile(file.name, 'column "position" missing in the header row');
  const entries = new Map<string, PlatePlanEntry>();
  rows.slice(1).forEach((row, index) => {
    const rowNumber = index + 2;
    const positionText = cellText(row[positionColumn]);
    if (!positionText) return;
    const coordinates = parsePosition(positionText);
    if (!coordinates)
      throw invalidFile(file.name, `"${positionText}" at row ${rowNumber} is not a well position`);
    if (!isOnPlate(coordinates, plateType)) {
      throw invalidFile(
        file.name,
        `well ${positionText} outside a ${plateType === 'RECTANGULAR_96' ? '96' : '384'}-well plate`,
      );
    }
    const position = formatPosition(coordinates);
    if (entries.has(position))
      throw invalidFile(file.name, `well ${position} appears twice (row ${rowNumber})`);
    entries.set(position, {
      position,
      sampleName: nameColumn >= 0 ? cellText(row[nameColumn]) || null : null,
      sampleType: typeColumn >= 0 ? sampleTypeOf(file.name, rowNumber, cellText(row[typeColumn])) : null,
    });
  });
  if (entries.size === 0) throw invalidFile(file.name, 'no well in the plate plan');
  return [...entries.values()];
}
