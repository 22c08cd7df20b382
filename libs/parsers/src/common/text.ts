import { MAX_COLUMNS, MAX_ROWS } from './limits';
import { corruptedFile, invalidFile } from './run-file-errors';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** Decodes a text file: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252. */
export function decodeText(content: Uint8Array): string {
  if (content[0] === 0xff && content[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(content.subarray(2));
  if (content[0] === 0xfe && content[1] === 0xff)
    return new TextDecoder('utf-16be').decode(content.subarray(2));
  try {
    return utf8.decode(content).replace(/^\uFEFF/, '');
  } catch {
    return windows1252.decode(content);
  }
}

/** The first `count` lines of a file's first `bytes` bytes (decoded as `decodeText` does): enough to tell its kind. */
export function headLines(content: Uint8Array, bytes: number, count = Infinity): string[] {
  return decodeText(content.subarray(0, bytes))
    .split(/\r\n|\n|\r/)
    .slice(0, count);
}

/** Splits on CRLF, LF or CR; refuses more than MAX_ROWS lines. */
export function splitLines(fileName: string, text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > MAX_ROWS)
    throw corruptedFile(fileName, `${lines.length} lines, more than the ${MAX_ROWS} limit`);
  return lines;
}

/** Splits one delimited line, honouring double quotes ("a;b" and "" escapes). */
export function splitDelimited(line: string, delimiter: string): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quoted) {
      if (character === '"') {
        if (line[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += character;
    } else if (character === '"') quoted = true;
    else if (character === delimiter) {
      fields.push(field);
      field = '';
    } else field += character;
  }
  fields.push(field);
  return fields;
}

/** Guesses the delimiter of a table from its header line: tab, then ';', then ','. */
export function guessDelimiter(headerLine: string): string {
  const counts: Array<[string, number]> = ['\t', ';', ','].map((delimiter) => [
    delimiter,
    splitDelimited(headerLine, delimiter).length,
  ]);
  counts.sort((left, right) => right[1] - left[1]);
  return counts[0][1] > 1 ? counts[0][0] : ',';
}

/** Parses delimited lines into trimmed string cells, checking the column limit. */
export function parseDelimitedLines(fileName: string, lines: string[], delimiter: string): string[][] {
  return lines.map((line, index) => {
    const cells = splitDelimited(line, delimiter).map((cell) => cell.trim());
    if (cells.length > MAX_COLUMNS) {
      throw corruptedFile(
        fileName,
        `${cells.length} columns at line ${index + 1}, more than the ${MAX_COLUMNS} limit`,
      );
    }
    return cells;
  });
}

// "n. def." is CFX Manager's German "no Cq" (nicht definiert); "n. d." likewise.
const NO_VALUE = /^(nan|undetermined|n\/a|na|-|none|null|no ct|no cq|no cp|n\.\s*def\.?|n\.\s*d\.)?$/i;

/**
 * Reads a number as instruments write it: "882,830.500" (thousands separators), "27.5", "1e-3",
 * "27,5" (decimal comma, when there is exactly one comma and no dot). Returns null for empty,
 * NaN, Undetermined, N/A and the like, and undefined when the text is not a number at all.
 */
export function parseLooseNumber(
  text: string | number | boolean | null | undefined,
): number | null | undefined {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (typeof text === 'boolean') return undefined;
  const trimmed = text.trim();
  // Fast path for plain numbers ("27.5", "-1e-3"); hex, binary, octal and Infinity are not numbers here.
  const plain = Number(trimmed);
  if (trimmed !== '' && Number.isFinite(plain) && !/[xXbBoO]/.test(trimmed)) return plain;
  if (NO_VALUE.test(trimmed)) return null;
  let normalised = trimmed;
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed)) normalised = trimmed.replace(/,/g, '');
  else if (/^[-+]?\d+,\d+$/.test(trimmed)) normalised = trimmed.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(normalised)) return undefined;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
}

/** "sheet X: cycle column at row 12" -> "sheet X: cycle column not numeric at row 12". */
function notNumeric(where: string): string {
  const match = /^(.*) (at row \d+)$/.exec(where);
  return match ? `${match[1]} not numeric ${match[2]}` : `${where} not numeric`;
}

/** A number that must be there: throws an invalid-file error naming where ("... at row 12"). */
export function requireNumber(
  fileName: string,
  value: string | number | boolean | null | undefined,
  where: string,
): number {
  const parsed = parseLooseNumber(value);
  if (parsed === null || parsed === undefined) throw invalidFile(fileName, notNumeric(where));
  return parsed;
}

/** A number or no value (NaN, Undetermined, empty); throws when the text is something else. */
export function optionalNumber(
  fileName: string,
  value: string | number | boolean | null | undefined,
  where: string,
): number | null {
  const parsed = parseLooseNumber(value);
  if (parsed === undefined) throw invalidFile(fileName, notNumeric(where));
  return parsed;
}
