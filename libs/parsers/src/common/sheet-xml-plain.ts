/**
 * The fast way through a worksheet row: one pass over its characters, no search ahead for the
 * row's end and no copies of the markup, for rows made only of the cells instruments write. Any
 * other shape gives up (null) and the row is read the general way (sheet-xml.ts), so what is read
 * is the same either way. No Node API.
 */
import { type CellValue, columnAt, decodeXmlText, isNameEnd, typedValue } from './sheet-xml-text';

/** Widest row made ahead of its cells (a wider one grows as it is filled). */
const MAX_WIDTH_HINT = 4096;

/**
 * Reads the cells of a row whose content starts at xml[from], within xml[0, limit). Cells are
 * `<c .../>`, `<c ...></c>`, `<c ...><v>text</v></c>` or `<c t="inlineStr"><is><t>text</t></is></c>`
 * (text without markup), with white space between elements; the row must end with `</row>`.
 */
export class PlainRowReader {
  /** Where the row read last ends: the index of its </row>. */
  close = -1;

  /** Cells of the row read last. */
  private width = 0;

  private readonly references = new AttributeSearch(' r="');
  private readonly types = new AttributeSearch(' t="');

  /** A new text to read rows from (searches made in the text before are forgotten). */
  reset(): void {
    this.references.reset();
    this.types.reset();
  }

  constructor(private readonly strings: readonly string[]) {}

  /** The row's cells, or null when the row holds anything else (nothing is then read). */
  read(xml: string, from: number, limit: number): CellValue[] | null {
    // Made the width of the row before (rows of a sheet are alike), filled in order, then cut to
    // its cells: no copies as it grows.
    const row: CellValue[] = this.width > 0 ? new Array<CellValue>(this.width) : [];
    let length = 0;
    let position = from;
    for (;;) {
      position = nextTag(xml, position);
      if (position + 6 > limit || xml.charCodeAt(position) !== 60) return null;
      const next = xml.charCodeAt(position + 1);
      if (next === 47) {
        if (!xml.startsWith('</row>', position)) return null;
        this.close = position;
        row.length = length;
        this.width = Math.min(length, MAX_WIDTH_HINT);
        return row;
      }
      if (next !== 99 || !isNameEnd(xml.charCodeAt(position + 2))) return null;
      // The tag: up to its first ">", with its first r="..." and t="..." attributes (native searches).
      const tagEnd = xml.indexOf('>', position + 2);
      if (tagEnd < 0 || tagEnd >= limit) return null;
      // r="..." right after the name (the usual) is the first one: no search.
      const referenceAt =
        xml.charCodeAt(position + 2) === 32 &&
        xml.charCodeAt(position + 3) === 114 &&
        xml.charCodeAt(position + 4) === 61 &&
        xml.charCodeAt(position + 5) === 34 &&
        position + 5 < tagEnd
          ? position + 2
          : this.references.within(xml, position + 2, tagEnd);
      const typeAt = this.types.within(xml, position + 2, tagEnd);
      // A tag ending in "</row>" would end the row inside it: the general reader knows what to do.
      if (xml.charCodeAt(tagEnd - 1) === 119) return null;
      let value: CellValue = null;
      if (xml.charCodeAt(tagEnd - 1) === 47) position = tagEnd + 1;
      else {
        const end = this.content(xml, tagEnd, typeAt);
        if (end < 0 || end + 4 > limit) return null;
        value = this.value;
        position = end + 4;
      }
      const column = columnAt(xml, referenceAt, length);
      if (column < length) continue;
      while (length < column) row[length++] = null;
      row[length++] = value;
    }
  }

  /** The value content() read. */
  private value: CellValue = null;

  /** Reads the content of the cell whose tag ends at tagEnd into `value`; its </c>, or -1. */
  private content(xml: string, tagEnd: number, typeAt: number): number {
    // An inline string is read here only in its plain form, right after the tag.
    const inline = typeAt >= 0 && xml.charCodeAt(typeAt + 4) === 105;
    if (inline) {
      if (!xml.startsWith('<is><t>', tagEnd + 1)) return -1;
      const textEnd = xml.indexOf('<', tagEnd + 8);
      if (textEnd < 0 || !xml.startsWith('</t></is>', textEnd)) return -1;
      this.value = decodeXmlText(xml.slice(tagEnd + 8, textEnd));
      return closeAfter(xml, textEnd + 9);
    }
    const open = nextTag(xml, tagEnd + 1);
    if (isCellClose(xml, open)) {
      this.value = null;
      return open;
    }
    if (xml.charCodeAt(open) !== 60 || xml.charCodeAt(open + 1) !== 118 || xml.charCodeAt(open + 2) !== 62)
      return -1;
    const valueEnd = xml.indexOf('<', open + 3);
    // "</v>"
    if (
      valueEnd < 0 ||
      xml.charCodeAt(valueEnd + 1) !== 47 ||
      xml.charCodeAt(valueEnd + 2) !== 118 ||
      xml.charCodeAt(valueEnd + 3) !== 62
    )
      return -1;
    const close = closeAfter(xml, valueEnd + 4);
    if (close >= 0) this.value = typedValue(xml, typeAt, open + 3, valueEnd, this.strings);
    return close;
  }
}

/**
 * Where ` r="` (or another attribute opening) is within a tag, as attributeAt says, by a native
 * search whose result is kept: a tag without the attribute does not search again up to where the
 * next one is, so the searches of a text take one pass over it in all.
 */
class AttributeSearch {
  /** The first occurrence at or after every position asked for since the last search; -1: none. */
  private next = -1;
  private searchedFrom = Number.MAX_SAFE_INTEGER;

  constructor(private readonly opening: string) {}

  reset(): void {
    this.next = -1;
    this.searchedFrom = Number.MAX_SAFE_INTEGER;
  }

  /** Where the opening starts within xml[from, to) with its 4 characters before `to`, or -1. */
  within(xml: string, from: number, to: number): number {
    if (from < this.searchedFrom || (this.next >= 0 && this.next < from)) {
      this.next = xml.indexOf(this.opening, from);
      this.searchedFrom = from;
    }
    return this.next >= 0 && this.next + 3 < to ? this.next : -1;
  }
}

/**
 * The next "<" from `from`, by a native search unless it is right there (-1: none). What is skipped
 * (white space as writers indent, or any text) is what the general reading skips too: it looks for
 * the next "<c" in a row and the first "<v>" and "</c>" in a cell.
 */
function nextTag(xml: string, from: number): number {
  return xml.charCodeAt(from) === 60 ? from : xml.indexOf('<', from);
}

/** The </c> at `from` after white space (or any text), or -1. */
function closeAfter(xml: string, from: number): number {
  const position = nextTag(xml, from);
  return isCellClose(xml, position) ? position : -1;
}

/** Whether "</c>" is at xml[at]. */
function isCellClose(xml: string, at: number): boolean {
  return (
    xml.charCodeAt(at) === 60 &&
    xml.charCodeAt(at + 1) === 47 &&
    xml.charCodeAt(at + 2) === 99 &&
    xml.charCodeAt(at + 3) === 62
  );
}
