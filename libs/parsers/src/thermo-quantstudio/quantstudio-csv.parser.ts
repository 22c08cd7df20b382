import type { ParsedRun, RunFile } from '@amplio/domain';
import type { FormatParser } from '../format-parser';
import { MAX_FILE_BYTES } from '../common/limits';
import { corruptedFile } from '../common/run-file-errors';
import { isOle2, isZip, looksLikeText } from '../common/sniff';
import { headerKey } from '../common/table';
import { decodeText, parseDelimitedLines, splitLines } from '../common/text';
import type { CellValue } from '../common/workbook';
import { readQuantStudioTables } from './quantstudio-tables';

/** Lines before the Results header: 45 "key,value" rows in QuantStudio 3, 25 "# Key: value" in D&A 2.7. */
const MAX_LINES_BEFORE_HEADER = 80;
const COMMENT_LINE = /^#\s*([^:]+?)\s*:\s*(.*?)[,\s]*$/;

/**
 * A QuantStudio results header: Well and Well Position (or Reporter), and a sample or target
 * column. A CFX Cq Results table has Well, Sample and Target too, but Fluor and Content.
 */
function isResultsHeader(cells: string[]): boolean {
  const keys = new Set(cells.map(headerKey));
  const any = (...names: string[]) => names.some((name) => keys.has(headerKey(name)));
  return (
    keys.has('well') &&
    any('Well Position', 'Reporter') &&
    any('Sample Name', 'Sample', 'Target Name', 'Target') &&
    !any('Fluor', 'Content')
  );
}

function headerLineIndex(lines: string[]): number {
  const limit = Math.min(lines.length, MAX_LINES_BEFORE_HEADER);
  for (let index = 0; index < limit; index++) {
    const [cells] = parseDelimitedLines('', [lines[index]], ',');
    if (isResultsHeader(cells)) return index;
  }
  return -1;
}

function textLines(content: Uint8Array, limit?: number): string[] {
  const text = decodeText(limit === undefined ? content : content.subarray(0, limit));
  return text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
}

/**
 * QuantStudio / StepOne results exported as CSV (QuantStudio 3 and 5 "Export" of the Results
 * table; Design & Analysis 2.x `Results_*.csv`; StepOnePlus): metadata lines ("Key,value" or
 * "# Key: value") above one Results table, comma-separated. It holds the instrument's Cq only, no
 * curves: the run is read as a results-only export (docs/formats.md).
 */
export const quantStudioCsvParser: FormatParser = {
  id: 'thermo-quantstudio-csv',
  detect(files: RunFile[]): boolean {
    if (files.length !== 1) return false;
    const [file] = files;
    if (isZip(file.content) || isOle2(file.content) || !looksLikeText(file.content)) return false;
    const lines = textLines(file.content, 32768);
    if (lines.length > 0 && lines[0].startsWith('*')) return false;
    return headerLineIndex(lines.slice(0, -1)) >= 0;
  },
  parse(files: RunFile[]): ParsedRun {
    const [file] = files;
    if (file.content.length > MAX_FILE_BYTES)
      throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
    const lines = splitLines(file.name, decodeText(file.content).replace(/^\uFEFF/, ''));
    const metadata = new Map<string, string>();
    const kept: string[] = [];
    for (const line of lines) {
      const comment = COMMENT_LINE.exec(line);
      if (comment && kept.length === 0) metadata.set(comment[1], comment[2]);
      else if (!line.startsWith('#')) kept.push(line);
    }
    // The rows above the header ("Block Type,96well") are read as metadata by the table locator.
    const rows: CellValue[][] = parseDelimitedLines(file.name, kept, ',');
    return readQuantStudioTables({
      fileName: file.name,
      format: 'thermo-quantstudio-csv',
      tableLabel: (name) => `table ${name}`,
      tables: new Map([['Results', rows]]),
      metadata,
    });
  },
};
