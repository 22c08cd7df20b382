import { corruptedFile, invalidFile } from '../common/run-file-errors';

/**
 * A small, strict, non-validating XML reader for instrument files (RDML, LightCycler 96
 * calculated data, Rotor-Gene .rex).
 *
 * Why not fast-xml-parser: on the 2.6 MB LightCycler 96 RDML it took 400 to 900 ms per parse;
 * this reader builds the same element tree in a few tens of milliseconds. It never processes a
 * DTD: any `<!DOCTYPE` or `<!ENTITY` is refused before anything else is read, and only the five
 * predefined entities and numeric character references are decoded (on demand, in `textOf`).
 * Namespace prefixes are dropped from element and attribute names (`rdml:sample` and `sample`
 * read alike), so files that mix prefixed and unprefixed elements parse as one vocabulary.
 */
export interface XmlElement {
  /** Local name: namespace prefix removed. */
  name: string;
  /** Attributes by local name (xmlns declarations dropped), values entity-decoded. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Raw (not yet entity-decoded) character data of an element without child elements ('' otherwise). */
  rawText: string;
}

/** Deepest element nesting accepted. */
export const MAX_XML_DEPTH = 256;
/** Most elements one document may hold (a 384-well, 4-dye, 50-cycle RDML has about 250 000). */
export const MAX_XML_ELEMENTS = 5_000_000;

/** Shared by every element without attributes / children (never mutated): saves most allocations. */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

const DECLARATION = /<!(DOCTYPE|ENTITY)/i;
const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const ENTITY = /&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g;
const NAME_END = /[\s/>]/g;

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon >= 0 ? qualified.slice(colon + 1) : qualified;
}

/** Decodes the predefined XML entities and numeric character references; leaves anything else. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, entity: string) => {
    switch (entity) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default: {
        const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
    }
  });
}

/** True when the text declares a DTD or an entity (refused: no entity expansion, ever). */
export function hasDoctype(text: string): boolean {
  return DECLARATION.test(text);
}

/**
 * Parses an XML document into an element tree. Throws a RunFileError (corrupted file) for
 * anything that is not well-formed: unclosed or mismatched tags, text outside the root,
 * unterminated comments; and an invalid-file error for a DOCTYPE.
 */
export interface XmlTreeOptions {
  /**
   * Local names of elements whose whole subtree is skipped (checked for a matching close tag,
   * not built): RDML melt points (mdp) are never read, and are most of a melt run's elements.
   */
  skip?: readonly string[];
}

export function parseXmlTree(fileName: string, text: string, options: XmlTreeOptions = {}): XmlElement {
  const skip = new Set(options.skip ?? []);
  /** Qualified names seen so far, reused instead of slicing a new string for every tag. */
  const knownNames: string[] = [];
  const localNames = new Map<string, string>();
  if (hasDoctype(text)) {
    throw invalidFile(fileName, 'XML with a DOCTYPE or ENTITY declaration is refused (no DTD processing)');
  }
  const sentinel: XmlElement = {
    name: '#document',
    attributes: NO_ATTRIBUTES,
    children: NO_CHILDREN,
    rawText: '',
  };
  const stack: XmlElement[] = [sentinel];
  const qualifiedNames: string[] = ['#document'];
  let elementCount = 0;
  let position = 0;
  const length = text.length;
  const broken = (what: string): never => {
    throw corruptedFile(fileName, `XML not well-formed: ${what} (at character ${position})`);
  };
  while (position < length) {
    const open = text.indexOf('<', position);
    const segmentEnd = open < 0 ? length : open;
    if (segmentEnd > position) {
      const segment = text.slice(position, segmentEnd);
      const current = stack[stack.length - 1];
      if (current === sentinel) {
        if (segment.trim() !== '') broken('text outside the root element');
      } else if (current.children === NO_CHILDREN) {
        // Only the text of elements without child elements is kept (no mixed content in these formats).
        current.rawText = current.rawText === '' ? segment : current.rawText + segment;
      }
    }
    if (open < 0) break;
    position = open;
    const next = text.charCodeAt(open + 1);
    if (next === 63 /* ? */) {
      const end = text.indexOf('?>', open + 2);
      if (end < 0) broken('unterminated processing instruction');
      position = end + 2;
    } else if (next === 33 /* ! */) {
      if (text.startsWith('<!--', open)) {
        const end = text.indexOf('-->', open + 4);
        if (end < 0) broken('unterminated comment');
        position = end + 3;
      } else if (text.startsWith('<![CDATA[', open)) {
        const end = text.indexOf(']]>', open + 9);
        if (end < 0) broken('unterminated CDATA section');
        const current = stack[stack.length - 1];
        if (current === sentinel) broken('CDATA outside the root element');
        if (current.children !== NO_CHILDREN) {
          position = end + 3;
          continue;
        }
        // Escape so that textOf's entity decoding gives the CDATA content back unchanged.
        current.rawText += text.slice(open + 9, end).replace(/&/g, '&amp;');
        position = end + 3;
      } else {
        broken('unexpected markup declaration');
      }
    } else if (next === 47 /* / */) {
      const end = text.indexOf('>', open + 2);
      if (end < 0) broken('unterminated closing tag');
      const name = text.slice(open + 2, end).trim();
      const expected = qualifiedNames[qualifiedNames.length - 1];
      if (stack.length === 1) broken(`closing tag </${name}> without an opening tag`);
      if (name !== expected) broken(`closing tag </${name}> does not match <${expected}>`);
      stack.pop();
      qualifiedNames.pop();
      position = end + 1;
    } else {
      NAME_END.lastIndex = open + 1;
      const nameMatch = NAME_END.exec(text);
      if (!nameMatch) broken('unterminated tag');
      const nameEnd = nameMatch ? nameMatch.index : length;
      const nameLength = nameEnd - open - 1;
      let qualified = '';
      for (const known of knownNames) {
        if (known.length === nameLength && text.startsWith(known, open + 1)) {
          qualified = known;
          break;
        }
      }
      if (qualified === '') {
        qualified = text.slice(open + 1, nameEnd);
        if (qualified === '') broken('empty tag name');
        if (knownNames.length < 256) knownNames.push(qualified);
      }
      let local = localNames.get(qualified);
      if (local === undefined) {
        local = localName(qualified);
        localNames.set(qualified, local);
      }
      let attributes: Record<string, string> = NO_ATTRIBUTES;
      let cursor = nameEnd;
      for (;;) {
        ATTRIBUTE.lastIndex = cursor;
        const attribute = ATTRIBUTE.exec(text);
        if (!attribute) break;
        if (attributes === NO_ATTRIBUTES) attributes = {};
        const attributeName = attribute[1];
        if (attributeName !== 'xmlns' && !attributeName.startsWith('xmlns:')) {
          attributes[localName(attributeName)] = decodeXmlEntities(attribute[2] ?? attribute[3] ?? '');
        }
        cursor = ATTRIBUTE.lastIndex;
      }
      while (cursor < length && /\s/.test(text[cursor])) cursor += 1;
      let selfClosing = false;
      if (text[cursor] === '/' && text[cursor + 1] === '>') {
        selfClosing = true;
        cursor += 2;
      } else if (text[cursor] === '>') {
        cursor += 1;
      } else {
        broken(`malformed tag <${qualified}>`);
      }
      if (skip.has(local)) {
        if (!selfClosing) {
          const close = text.indexOf(`</${qualified}>`, cursor);
          if (close < 0) broken(`<${qualified}> never closed (truncated file?)`);
          const nested = text.indexOf(`<${qualified}`, cursor);
          if (nested >= 0 && nested < close) broken(`nested <${qualified}> inside a skipped <${qualified}>`);
          cursor = close + qualified.length + 3;
        }
        position = cursor;
        continue;
      }
      const element: XmlElement = {
        name: local,
        attributes,
        children: NO_CHILDREN,
        rawText: '',
      };
      elementCount += 1;
      if (elementCount > MAX_XML_ELEMENTS) {
        throw corruptedFile(fileName, `XML holds more than ${MAX_XML_ELEMENTS} elements`);
      }
      const parent = stack[stack.length - 1];
      if (parent === sentinel && sentinel.children.length > 0) broken('more than one root element');
      if (parent.children === NO_CHILDREN) {
        parent.children = [element];
        parent.rawText = '';
      } else parent.children.push(element);
      if (!selfClosing) {
        stack.push(element);
        qualifiedNames.push(qualified);
        if (stack.length > MAX_XML_DEPTH)
          throw corruptedFile(fileName, `XML nested deeper than ${MAX_XML_DEPTH}`);
      }
      position = cursor;
    }
  }
  if (stack.length > 1) {
    throw corruptedFile(
      fileName,
      `XML not well-formed: <${qualifiedNames[qualifiedNames.length - 1]}> never closed (truncated file?)`,
    );
  }
  const root = sentinel.children[0];
  if (!root) throw corruptedFile(fileName, 'XML has no root element');
  return root;
}

/** First child with this local name. */
export function childOf(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const child of element.children) if (child.name === name) return child;
  return undefined;
}

/** Every child with this local name. */
export function childrenOf(element: XmlElement | undefined, name: string): XmlElement[] {
  if (!element) return [];
  return element.children.filter((child) => child.name === name);
}

/** Trimmed, entity-decoded text of an element; '' when absent. */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return '';
  const trimmed = element.rawText.trim();
  return trimmed.includes('&') ? decodeXmlEntities(trimmed) : trimmed;
}

/** Text of the first child with this name, or null when there is no such child or it is empty. */
export function childText(element: XmlElement | undefined, name: string): string | null {
  const text = textOf(childOf(element, name));
  return text === '' ? null : text;
}

/**
 * Local name of the root element, read from the first bytes only (skips the XML declaration,
 * comments and a DOCTYPE), or null when the text does not start like XML.
 */
export function sniffRootElement(head: string): string | null {
  const text = head.replace(/^\uFEFF/, '');
  const pattern = /\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)/iy;
  let cursor = 0;
  for (;;) {
    pattern.lastIndex = cursor;
    const match = pattern.exec(text);
    if (!match || match[0].length === 0) break;
    cursor = pattern.lastIndex;
  }
  const root = /\s*<([A-Za-z_][\w.:-]*)/y;
  root.lastIndex = cursor;
  const match = root.exec(text);
  return match ? localName(match[1]) : null;
}
