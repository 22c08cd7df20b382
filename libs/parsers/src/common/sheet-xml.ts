/**
 * A streaming reader of one OOXML worksheet part (xl/worksheets/sheetN.xml): the XML arrives in
 * text pieces as it is inflated; complete <row> elements are turned into rows of cell values at
 * once, so the whole sheet XML is never held in memory. Only what a run export uses is read: the
 * cell reference, type and value (shared strings, inline strings, numbers, booleans). No Node API:
 * runs in a browser too. The rest of the workbook (workbook.xml, rels, shared strings) is small
 * and read with fast-xml-parser (ooxml-parts.ts); fast-xml-parser has no streaming mode.
 */
import { PlainRowReader } from './sheet-xml-plain';
import {
  type CellValue,
  attributeAt,
  attributeNumber,
  columnAt,
  decodeXmlText,
  isNameEnd,
  typedValue,
} from './sheet-xml-text';

export type { CellValue } from './sheet-xml-text';
export { decodeXmlText } from './sheet-xml-text';

const ROW = /<(?:\w+:)?row\b([^>]*?)(\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const REF = /\br="([A-Za-z]{1,3})?(\d+)?"/;
const TYPE = /\bt="(\w+)"/;
const VALUE = /<(?:\w+:)?v>([^<]*)<\/(?:\w+:)?v>/;
const INLINE_TEXT = /<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g;
/** "A" -> 0, "AB" -> 27. */
export function columnIndex(letters: string): number {
  let index = 0;
  for (let position = 0; position < letters.length; position += 1)
    index = index * 26 + ((letters.charCodeAt(position) & 0xdf) - 64);
  return index - 1;
}

function cellValue(attributes: string, inner: string | undefined, strings: readonly string[]): CellValue {
  if (inner === undefined) return null;
  const type = TYPE.exec(attributes)?.[1] ?? 'n';
  if (type === 'inlineStr') {
    let text = '';
    for (const match of inner.matchAll(INLINE_TEXT)) text += match[1];
    return decodeXmlText(text);
  }
  const raw = VALUE.exec(inner)?.[1];
  if (raw === undefined) return null;
  switch (type) {
    case 's':
      return strings[Number(raw)] ?? null;
    case 'b':
      return raw === '1' || raw === 'true';
    case 'e':
      return null;
    case 'str':
    case 'd':
      return decodeXmlText(raw);
    default: {
      const value = Number(raw);
      return Number.isFinite(value) ? value : decodeXmlText(raw);
    }
  }
}

/** Why the scan stopped early. */
export class SheetScanLimit extends Error {}

/**
 * Collects rows from sheet XML pieces. Row and column indexes are absolute (row 1 = index 0,
 * column A = index 0); rows the XML skips are empty rows, cells it skips are null.
 */
export class SheetXmlScanner {
  readonly rows: CellValue[][] = [];
  private pending = '';
  private nextRow = 0;
  private cellAhead: { xml: string; at: number } = { xml: '', at: 0 };

  private readonly plainRows: PlainRowReader;

  constructor(
    private readonly strings: readonly string[],
    private readonly maxRows: number,
  ) {
    this.plainRows = new PlainRowReader(strings);
  }

  /** Adds a piece of the XML; the complete rows in it are read now, an unfinished row waits. */
  push(text: string): void {
    this.pending += text;
    const end = this.pending.lastIndexOf('</row>');
    if (end < 0) return;
    // Read in place up to the end of the last complete row: a substring would make every
    // character look-up of the scan go through it (measured: a quarter slower).
    this.readRows(this.pending, end + 6);
    this.pending = this.pending.slice(end + 6);
  }

  /** The end of the XML: reads what is left. */
  finish(): CellValue[][] {
    this.readRows(this.pending, this.pending.length);
    this.pending = '';
    return this.rows;
  }

  /** Reads the rows of xml[0, limit). */
  private readRows(xml: string, limit: number): void {
    // Namespace-prefixed rows (<x:row>) are rare: read them with the general expressions.
    if (!within(xml, '<row', limit) && within(xml, ':row', limit))
      return this.readPrefixedRows(xml.slice(0, limit));
    // Namespace-prefixed cells (<x:c>) in unprefixed rows: the general expression, row by row.
    const prefixedCells = !within(xml, '<c', limit) && within(xml, ':c', limit);
    this.plainRows.reset();
    let at = 0;
    for (;;) {
      const start = xml.indexOf('<row', at);
      if (start < 0 || start + 4 > limit) break;
      if (!isNameEnd(start + 4 < limit ? xml.charCodeAt(start + 4) : Number.NaN)) {
        at = start + 4;
        continue;
      }
      const tagEnd = xml.indexOf('>', start);
      if (tagEnd < 0 || tagEnd >= limit) break;
      const selfClosing = xml.charCodeAt(tagEnd - 1) === 47;
      let close = tagEnd;
      // The usual row is read in one pass (sheet-xml-plain.ts); any other the general way.
      let cells: CellValue[] | null = null;
      if (selfClosing) at = tagEnd + 1;
      else {
        cells = prefixedCells ? null : this.plainRows.read(xml, tagEnd + 1, limit);
        close = cells ? this.plainRows.close : xml.indexOf('</row>', tagEnd);
        if (close < 0 || close + 6 > limit) break;
        at = close + 6;
      }
      const rowRef = attributeNumber(xml, start + 4, tagEnd);
      const index = rowRef > 0 ? rowRef - 1 : this.nextRow;
      if (index < this.nextRow) continue;
      if (index >= this.maxRows) throw new SheetScanLimit(`more than ${this.maxRows} rows`);
      while (this.rows.length < index) this.rows.push([]);
      this.rows.push(
        selfClosing
          ? []
          : cells
            ? cells
            : prefixedCells
              ? this.readPrefixedCells(xml.slice(tagEnd + 1, close))
              : this.readCells(xml, tagEnd + 1, close),
      );
      this.nextRow = index + 1;
    }
  }

  private readPrefixedRows(xml: string): void {
    for (const match of xml.matchAll(ROW)) {
      const rowRef = /\br="(\d+)"/.exec(match[1])?.[1];
      const index = rowRef ? Number(rowRef) - 1 : this.nextRow;
      if (index < this.nextRow) continue;
      if (index >= this.maxRows) throw new SheetScanLimit(`more than ${this.maxRows} rows`);
      while (this.rows.length < index) this.rows.push([]);
      this.rows.push(match[3] === undefined ? [] : this.readPrefixedCells(match[3]));
      this.nextRow = index + 1;
    }
  }

  /** The cells of one row: xml[from, to) is the row's content. */
  private readCells(xml: string, from: number, to: number): CellValue[] {
    const row: CellValue[] = [];
    // A search that found the next cell in a later row says there is none before it: not searched again.
    if (this.cellAhead.xml === xml && this.cellAhead.at >= to) return row;
    let at = from;
    for (;;) {
      const start = xml.indexOf('<c', at);
      if (start < 0 || start >= to) {
        this.cellAhead = { xml, at: start < 0 ? xml.length : start };
        break;
      }
      if (!isNameEnd(xml.charCodeAt(start + 2))) {
        at = start + 2;
        continue;
      }
      const tagEnd = xml.indexOf('>', start);
      if (tagEnd < 0 || tagEnd >= to) break;
      const selfClosing = xml.charCodeAt(tagEnd - 1) === 47;
      let close = -1;
      if (selfClosing) at = tagEnd + 1;
      else {
        close = xml.indexOf('</c>', tagEnd);
        if (close < 0 || close > to) break;
        at = close + 4;
      }
      const column = columnAt(xml, attributeAt(xml, 114, start + 2, tagEnd), row.length);
      if (column < row.length) continue;
      while (row.length < column) row.push(null);
      row.push(close < 0 ? null : fastCellValue(xml, start + 2, tagEnd, close, this.strings));
    }
    return row;
  }

  private readPrefixedCells(xml: string): CellValue[] {
    const row: CellValue[] = [];
    for (const match of xml.matchAll(CELL)) {
      const attributes = match[1];
      const letters = REF.exec(attributes)?.[1];
      const column = letters ? columnIndex(letters) : row.length;
      if (column < row.length) continue;
      while (row.length < column) row.push(null);
      row.push(cellValue(attributes, match[2], this.strings));
    }
    return row;
  }
}

/** Whether needle occurs within text[0, limit) (as text.slice(0, limit).includes(needle)). */
function within(text: string, needle: string, limit: number): boolean {
  const at = text.indexOf(needle);
  return at >= 0 && at + needle.length <= limit;
}

/**
 * cellValue without regular expressions or copies of the markup, for the common unprefixed <v> and
 * <is> forms: xml[from, tagEnd) holds the attributes, xml(tagEnd, close) the content.
 */
function fastCellValue(
  xml: string,
  from: number,
  tagEnd: number,
  close: number,
  strings: readonly string[],
): CellValue {
  const typeAt = attributeAt(xml, 116, from, tagEnd);
  if (typeAt >= 0 && xml.charCodeAt(typeAt + 4) === 105) {
    // <is><t>text</t></is>, the form instruments write; rich text runs go the general way.
    const inner = xml.slice(tagEnd + 1, close);
    const end = inner.startsWith('<is><t>') ? inner.indexOf('</t>', 7) : -1;
    if (end >= 0 && inner.indexOf('<t', end) < 0) return decodeXmlText(inner.slice(7, end));
    return cellValue(xml.slice(from, tagEnd), inner, strings);
  }
  // <v> right after the tag (the usual form); else looked for within the cell only (a formula first).
  let open = tagEnd + 1;
  if (xml.charCodeAt(open) !== 60 || xml.charCodeAt(open + 1) !== 118 || xml.charCodeAt(open + 2) !== 62) {
    const inner = xml.slice(tagEnd + 1, close);
    const found = inner.indexOf('<v>');
    if (found < 0) return inner.includes('<v') ? cellValue(xml.slice(from, tagEnd), inner, strings) : null;
    open = tagEnd + 1 + found;
  }
  return typedValue(xml, typeAt, open + 3, xml.indexOf('</v>', open), strings);
}
