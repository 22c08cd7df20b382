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
    for (const match of xml.matchAll(ROW)) {
      const rowAttributes = match[1];
      const rowRef = /\br="(\d+)"/.exec(rowAttributes)?.[1];
      const index = rowRef ? Number(rowRef) - 1 : this.nextRow;
      if (index < this.nextRow) continue;
      if (index >= this.maxRows) throw new SheetScanLimit(`more than ${this.maxRows} rows`);
      while (this.rows.length < index) this.rows.push([]);
      this.rows.push(match[3] === undefined ? [] : this.readCells(match[3]));
      this.nextRow = index + 1;
    }
  }

  private readCells(xml: string): CellValue[] {
    // Namespace-prefixed cells (<x:c>) are rare: read them with the general expression.
    if (!xml.includes('<c') && xml.includes(':c')) return this.readPrefixedCells(xml);
    const row: CellValue[] = [];
    let at = 0;
    for (;;) {
      const start = xml.indexOf('<c', at);
      if (start < 0) break;
      const after = xml.charCodeAt(start + 2);
      if (after !== 32 && after !== 62 && after !== 47 && after !== 9 && after !== 10 && after !== 13) {
        at = start + 2;
        continue;
      }
      const tagEnd = xml.indexOf('>', start);
      if (tagEnd < 0) break;
      const selfClosing = xml.charCodeAt(tagEnd - 1) === 47;
      const attributes = xml.slice(start + 2, selfClosing ? tagEnd - 1 : tagEnd);
      let inner: string | undefined;
      if (selfClosing) at = tagEnd + 1;
      else {
        const close = xml.indexOf('</c>', tagEnd);
        if (close < 0) break;
        inner = xml.slice(tagEnd + 1, close);
        at = close + 4;
      }
      const column = referenceColumn(attributes, row.length);
      if (column < row.length) continue;
      while (row.length < column) row.push(null);
      row.push(inner === undefined ? null : fastCellValue(attributes, inner, this.strings));
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

/** Column of a cell from its r="B12" attribute (letters only), or `fallback` when it has none. */
function referenceColumn(attributes: string, fallback: number): number {
  const at = attributes.indexOf(' r="');
  if (at < 0) return fallback;
  let index = 0;
  let position = at + 4;
  for (let code = attributes.charCodeAt(position); code >= 65; code = attributes.charCodeAt(++position))
    index = index * 26 + ((code & 0xdf) - 64);
  return index > 0 ? index - 1 : fallback;
}

/** cellValue without regular expressions, for the common unprefixed <v> and <is> forms. */
function fastCellValue(attributes: string, inner: string, strings: readonly string[]): CellValue {
  const typeAt = attributes.indexOf(' t="');
  const type = typeAt < 0 ? 'n' : attributes.slice(typeAt + 4, attributes.indexOf('"', typeAt + 4));
  if (type === 'inlineStr') {
    // <is><t>text</t></is>, the form instruments write; rich text runs go the general way.
    const end = inner.startsWith('<is><t>') ? inner.indexOf('</t>', 7) : -1;
    if (end >= 0 && inner.indexOf('<t', end) < 0) return decodeXmlText(inner.slice(7, end));
    return cellValue(attributes, inner, strings);
  }
  const open = inner.indexOf('<v>');
  if (open < 0) return inner.includes('<v') ? cellValue(attributes, inner, strings) : null;
  const raw = inner.slice(open + 3, inner.indexOf('</v>', open));
  if (type === 'n') {
    const value = Number(raw);
    return Number.isFinite(value) && raw !== '' ? value : decodeXmlText(raw);
  }
  if (type === 's') return strings[Number(raw)] ?? null;
  if (type === 'b') return raw === '1' || raw === 'true';
  if (type === 'e') return null;
  return decodeXmlText(raw);
}
