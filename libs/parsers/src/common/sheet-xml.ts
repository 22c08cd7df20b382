/**
 * A streaming reader of one OOXML worksheet part (xl/worksheets/sheetN.xml): the XML arrives in
 * text pieces as it is inflated; complete <row> elements are turned into rows of cell values at
 * once, so the whole sheet XML is never held in memory. Only what a run export uses is read: the
 * cell reference, type and value (shared strings, inline strings, numbers, booleans). No Node API:
 * runs in a browser too. The rest of the workbook (workbook.xml, rels, shared strings) is small
 * and read with fast-xml-parser (ooxml-parts.ts); fast-xml-parser has no streaming mode.
 */
export type CellValue = string | number | boolean | null;

const ROW = /<(?:\w+:)?row\b([^>]*?)(\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const REF = /\br="([A-Za-z]{1,3})?(\d+)?"/;
const TYPE = /\bt="(\w+)"/;
const VALUE = /<(?:\w+:)?v>([^<]*)<\/(?:\w+:)?v>/;
const INLINE_TEXT = /<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and character references. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#\d+);/g, (_match, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? '';
  });
}

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

  constructor(
    private readonly strings: readonly string[],
    private readonly maxRows: number,
  ) {}

  /** Adds a piece of the XML; the complete rows in it are read now, an unfinished row waits. */
  push(text: string): void {
    this.pending += text;
    const end = this.pending.lastIndexOf('</row>');
    if (end < 0) return;
    this.readRows(this.pending.slice(0, end + 6));
    this.pending = this.pending.slice(end + 6);
  }

  /** The end of the XML: reads what is left. */
  finish(): CellValue[][] {
    this.readRows(this.pending);
    this.pending = '';
    return this.rows;
  }

  private readRows(xml: string): void {
    // Namespace-prefixed rows (<x:row>) are rare: read them with the general expressions.
    if (!xml.includes('<row') && xml.includes(':row')) return this.readPrefixedRows(xml);
    // Namespace-prefixed cells (<x:c>) in unprefixed rows: the general expression, row by row.
    const prefixedCells = !xml.includes('<c') && xml.includes(':c');
    let at = 0;
    for (;;) {
      const start = xml.indexOf('<row', at);
      if (start < 0) break;
      if (!isNameEnd(xml.charCodeAt(start + 4))) {
        at = start + 4;
        continue;
      }
      const tagEnd = xml.indexOf('>', start);
      if (tagEnd < 0) break;
      const selfClosing = xml.charCodeAt(tagEnd - 1) === 47;
      let close = tagEnd;
      if (selfClosing) at = tagEnd + 1;
      else {
        close = xml.indexOf('</row>', tagEnd);
        if (close < 0) break;
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
      const column = referenceColumn(xml, start + 2, tagEnd, row.length);
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

/** Whether a character ends an element name: space, tab, newline, carriage return, ">" or "/". */
function isNameEnd(code: number): boolean {
  return code === 32 || code === 62 || code === 47 || code === 9 || code === 10 || code === 13;
}

/**
 * Where ` <letter>="` starts among the attributes xml[from, to), or -1. Searched within the tag only:
 * an indexOf would run on through the rest of the sheet whenever a tag lacks the attribute.
 */
function attributeAt(xml: string, letter: number, from: number, to: number): number {
  for (let position = from; position + 3 < to; position += 1) {
    if (
      xml.charCodeAt(position + 1) === letter &&
      xml.charCodeAt(position) === 32 &&
      xml.charCodeAt(position + 2) === 61 &&
      xml.charCodeAt(position + 3) === 34
    )
      return position;
  }
  return -1;
}

/** The number in r="12" among the attributes xml[from, to), or 0 when there is none. */
function attributeNumber(xml: string, from: number, to: number): number {
  const at = attributeAt(xml, 114, from, to);
  if (at < 0) return 0;
  let value = 0;
  for (let position = at + 4; position < to; position += 1) {
    const code = xml.charCodeAt(position);
    if (code < 48 || code > 57) break;
    value = value * 10 + (code - 48);
  }
  return value;
}

/** Column of a cell from its r="B12" attribute among xml[from, to) (letters only), or `fallback`. */
function referenceColumn(xml: string, from: number, to: number, fallback: number): number {
  const at = attributeAt(xml, 114, from, to);
  if (at < 0) return fallback;
  let index = 0;
  let position = at + 4;
  for (let code = xml.charCodeAt(position); code >= 65; code = xml.charCodeAt(++position))
    index = index * 26 + ((code & 0xdf) - 64);
  return index > 0 ? index - 1 : fallback;
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
  const typed = typeAt >= 0;
  // The type's first letter and whether it is one letter long: n, s, b, e, str, d or inlineStr.
  const first = typed ? xml.charCodeAt(typeAt + 4) : 110;
  const single = !typed || xml.charCodeAt(typeAt + 5) === 34;
  if (first === 105) {
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
    const within = inner.indexOf('<v>');
    if (within < 0) return inner.includes('<v') ? cellValue(xml.slice(from, tagEnd), inner, strings) : null;
    open = tagEnd + 1 + within;
  }
  const valueEnd = xml.indexOf('</v>', open);
  if (single && first === 110) {
    const raw = xml.slice(open + 3, valueEnd);
    const value = Number(raw);
    return Number.isFinite(value) && raw !== '' ? value : decodeXmlText(raw);
  }
  if (single && first === 115) {
    // A shared-string index: digits only (anything else is no string, as Number() would say).
    let index = 0;
    let position = open + 3;
    for (; position < valueEnd; position += 1) {
      const code = xml.charCodeAt(position);
      if (code < 48 || code > 57) return strings[Number(xml.slice(open + 3, valueEnd))] ?? null;
      index = index * 10 + (code - 48);
    }
    return position === open + 3 ? (strings[0] ?? null) : (strings[index] ?? null);
  }
  const raw = xml.slice(open + 3, valueEnd);
  if (single && first === 98) return raw === '1' || raw === 'true';
  if (single && first === 101) return null;
  return decodeXmlText(raw);
}
