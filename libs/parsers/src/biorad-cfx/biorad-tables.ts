import type { RunFile } from '@amplio/domain';
import { MAX_FILE_BYTES } from '../common/limits';
import { corruptedFile } from '../common/run-file-errors';
import { isOle2, isZip, looksLikeText } from '../common/sniff';
import { decodeText, guessDelimiter, parseDelimitedLines, splitLines } from '../common/text';
import type { CellValue } from '../common/workbook';
import { classifyBioRadTable, type BioRadTableKind } from './biorad-classify';

export { classifyBioRadTable };

export type { BioRadTableKind } from './biorad-classify';

/** One table of a CFX export: a CSV/TXT file or one sheet of an xlsx. */
export interface BioRadTable {
  fileName: string;
  /** Sheet name for workbooks, null for text files. */
  sheetName: string | null;
  kind: BioRadTableKind;
  rows: CellValue[][];
  /** ';' tables re-saved in a decimal-comma locale. */
  decimalComma: boolean;
  /** Field separator of a text table; null for sheets. */
  delimiter: string | null;
}

/** Reads a CFX CSV/TXT file (comma, ';' or tab separated) into one table; null when it is not one. */
export function readBioRadTextTable(file: RunFile): BioRadTable | null {
  if (file.content.length > MAX_FILE_BYTES)
    throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
  const lines = splitLines(file.name, decodeText(file.content));
  const firstLine = lines.find((line) => line.trim() !== '') ?? '';
  const delimiter = guessDelimiter(firstLine);
  const rows = parseDelimitedLines(file.name, lines.slice(lines.indexOf(firstLine)), delimiter);
  const kind = classifyBioRadTable(rows);
  return kind
    ? { fileName: file.name, sheetName: null, kind, rows, decimalComma: delimiter === ';', delimiter }
    : null;
}

/** Cheap check on the first line only, for detection. */
export function peekBioRadTextKind(file: RunFile): BioRadTableKind | null {
  if (isZip(file.content) || isOle2(file.content) || !looksLikeText(file.content)) return null;
  const head = decodeText(file.content.subarray(0, 16384));
  const lines = head.split(/\r\n|\n|\r/);
  const complete = lines.length > 1 ? lines.slice(0, -1) : lines;
  const firstLine = complete.find((line) => line.trim() !== '') ?? '';
  const delimiter = guessDelimiter(firstLine);
  const rows = complete
    .slice(complete.indexOf(firstLine))
    .map((line) => line.split(delimiter).map((cell) => cell.trim()));
  return classifyBioRadTable(rows);
}
