/**
 * Character-level helpers of the sheet XML readers (sheet-xml.ts, sheet-xml-plain.ts): attribute
 * look-ups bounded to a tag, cell references and values read in place. No Node API.
 */
import { plainDecimalAt } from './decimal-text';

export type CellValue = string | number | boolean | null;

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

/** Whether a character ends an element name: space, tab, newline, carriage return, ">" or "/". */
export function isNameEnd(code: number): boolean {
  return code === 32 || code === 62 || code === 47 || code === 9 || code === 10 || code === 13;
}

/**
 * Where ` <letter>="` starts among the attributes xml[from, to), or -1. Searched within the tag only:
 * an indexOf would run on through the rest of the sheet whenever a tag lacks the attribute.
 */
export function attributeAt(xml: string, letter: number, from: number, to: number): number {
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
export function attributeNumber(xml: string, from: number, to: number): number {
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

/** Column of a cell from the letters of its r="B12" attribute found at `at` (-1: none), or `fallback`. */
export function columnAt(xml: string, at: number, fallback: number): number {
  if (at < 0) return fallback;
  let index = 0;
  let position = at + 4;
  for (let code = xml.charCodeAt(position); code >= 65; code = xml.charCodeAt(++position))
    index = index * 26 + ((code & 0xdf) - 64);
  return index > 0 ? index - 1 : fallback;
}

/** The shared string whose index is written xml[from, to) (digits only; else as Number() reads it). */
function sharedString(xml: string, from: number, to: number, strings: readonly string[]): CellValue {
  let index = 0;
  let position = from;
  for (; position < to; position += 1) {
    const code = xml.charCodeAt(position);
    if (code < 48 || code > 57) return strings[Number(xml.slice(from, to))] ?? null;
    index = index * 10 + (code - 48);
  }
  return position === from ? (strings[0] ?? null) : (strings[index] ?? null);
}

/**
 * The value of a cell whose <v> text is xml[from, to), by its t="..." attribute found at `typeAt`
 * (-1: none, a number): numbers (plain decimal text read in place, other text by Number()), shared
 * strings, booleans; errors are null; any other type is the text.
 */
export function typedValue(
  xml: string,
  typeAt: number,
  from: number,
  to: number,
  strings: readonly string[],
): CellValue {
  // The type's first letter and whether it is one letter long: n, s, b, e, str, d or inlineStr.
  const first = typeAt < 0 ? 110 : xml.charCodeAt(typeAt + 4);
  const single = typeAt < 0 || xml.charCodeAt(typeAt + 5) === 34;
  if (single && first === 110) {
    // Longer text has too many digits for the fast path (or leading zeros): straight to Number().
    const plain = to - from <= 18 ? plainDecimalAt(xml, from, to) : Number.NaN;
    if (plain === plain) return plain;
    const raw = xml.slice(from, to);
    const value = Number(raw);
    return Number.isFinite(value) && raw !== '' ? value : decodeXmlText(raw);
  }
  if (single && first === 115) return sharedString(xml, from, to, strings);
  const raw = xml.slice(from, to);
  if (single && first === 98) return raw === '1' || raw === 'true';
  if (single && first === 101) return null;
  return decodeXmlText(raw);
}
