import type { ParsedRun, RunFile } from '@amplio/domain';
import type { FormatParser } from '../format-parser';
import { MAX_FILE_BYTES } from '../common/limits';
import { corruptedFile, invalidFile } from '../common/run-file-errors';
import { isOle2, isZip, looksLikeText } from '../common/sniff';
import { headerKey } from '../common/table';
import { decodeText, headLines, parseDelimitedLines, splitDelimited, splitLines } from '../common/text';
import type { CellValue } from '../common/workbook';
import { readQuantStudioTables } from './quantstudio-tables';

/** Lines before the Results header: 45 "key,value" rows in QuantStudio 3, 25 "# Key: value" in D&A 2.7. */
const MAX_LINES_BEFORE_HEADER = 80;
/** "# Key: value" (Design & Analysis 2.x) or "Key: value" (SDS 1.x) above the table. */
const KEY_COLON_LINE = /^#?\s*([^:,\t]+?)\s*:\s*(.*?)[,\t\s]*$/;

/**
 * A results header: Well, and Well Position or Reporter (QuantStudio, StepOne), or Detector with a
 * Ct column (SDS 1.x and 2.x: 7000, 7500, 7900HT), and a sample, target or detector column. A CFX
 * Cq Results table has Well, Sample and Target too, but Fluor and Content.
 */
function isResultsHeader(cells: string[]): boolean {
  const keys = new Set(cells.map(headerKey));
  const any = (...names: string[]) => names.some((name) => keys.has(headerKey(name)));
  const detector = any('Detector', 'Detector Name') && any('Ct', 'Cq');
  return (
    keys.has('well') &&
    (any('Well Position', 'Reporter') || detector) &&
    any('Sample Name', 'Sample', 'Target Name', 'Target', 'Detector', 'Detector Name') &&
    !any('Fluor', 'Content')
  );
}

/** The header line and its delimiter (tab or comma), or null. */
function locateHeader(lines: string[]): { index: number; delimiter: string } | null {
  const limit = Math.min(lines.length, MAX_LINES_BEFORE_HEADER);
  for (let index = 0; index < limit; index++)
    for (const delimiter of ['\t', ','])
      if (isResultsHeader(splitDelimited(lines[index], delimiter).map((cell) => cell.trim())))
        return { index, delimiter };
  return null;
}

/**
 * A results table whose wells are numbers (SDS 2.x on a 7900HT: 25 = B1 of a 384-well plate) and
 * whose export declares no block: numbers above 96 say 384 wells.
 */
function blockFromWellNumbers(rows: string[][], wellColumn: number): string | null {
  if (wellColumn < 0) return null;
  const numbers = rows.map((row) => Number(row[wellColumn])).filter((value) => Number.isInteger(value));
  return numbers.some((value) => value > 96) ? '384-Well Block' : null;
}

/**
 * Applied Biosystems results tables exported on their own, with the instrument's Cq and no curves
 * (docs/formats.md, "Results tables"): QuantStudio 3 and 5 "Export" CSVs ("Key,value" rows above
 * `Well,Well Position,...,CT`), Design & Analysis 2.x `Results_*.csv` ("# Key: value" lines),
 * StepOnePlus CSVs, SDS 1.x CSVs of the 7000 and 7500 ("Key: value" lines, `Well,Sample Name,
 * Detector,Task,Ct`) and SDS 2.x "AQ Results" text of the 7900HT (tab-separated, `Well Sample Name
 * Detector Name Reporter Task Ct ... Threshold`). Read by the QuantStudio table reader as a
 * results-only export; where the table names no reporter, the detector is the channel.
 */
export const quantStudioCsvParser: FormatParser = {
  id: 'thermo-quantstudio-csv',
  detect(files: RunFile[]): boolean {
    if (files.length !== 1) return false;
    const [file] = files;
    if (isZip(file.content) || isOle2(file.content) || !looksLikeText(file.content)) return false;
    const lines = headLines(file.content, 32768);
    if (lines.length > 0 && lines[0].startsWith('*')) return false;
    return locateHeader(lines.slice(0, -1)) !== null;
  },
  parse(files: RunFile[]): ParsedRun {
    const [file] = files;
    if (file.content.length > MAX_FILE_BYTES)
      throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
    const lines = splitLines(file.name, decodeText(file.content).replace(/^\uFEFF/, ''));
    const header = locateHeader(lines);
    if (!header)
      throw invalidFile(file.name, 'no results table (a header with Well and Ct) in the first lines');
    const metadata = new Map<string, string>();
    for (const line of lines.slice(0, header.index)) {
      const keyValue = KEY_COLON_LINE.exec(line);
      if (keyValue) metadata.set(keyValue[1], keyValue[2]);
    }
    // Rows above the header that are not "Key: value" lines ("Block Type,96well") are read as
    // metadata by the table locator.
    const above = lines
      .slice(0, header.index)
      .filter((line) => !KEY_COLON_LINE.test(line) && !line.startsWith('#'));
    const rows: string[][] = parseDelimitedLines(
      file.name,
      [...above, ...lines.slice(header.index)],
      header.delimiter,
    );
    const headerRow = rows[above.length].map((cell) => headerKey(cell));
    // Without a Reporter column, the detector names the channel (SDS 1.x).
    if (!headerRow.includes('reporter')) {
      const detector = headerRow.findIndex((cell) => cell === 'detector' || cell === 'detector name');
      if (detector >= 0) rows[above.length][detector] = 'Reporter';
    }
    if (![...metadata.keys()].some((key) => headerKey(key) === 'block type')) {
      const block = blockFromWellNumbers(rows.slice(above.length + 1), headerRow.indexOf('well'));
      if (block) metadata.set('Block Type', block);
    }
    return readQuantStudioTables({
      fileName: file.name,
      format: 'thermo-quantstudio-csv',
      tableLabel: (name) => `table ${name}`,
      tables: new Map<string, CellValue[][]>([['Results', rows]]),
      metadata,
    });
  },
};
