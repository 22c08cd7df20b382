import type { ContainerKind } from '../format-parser';
import { listZipEntryNames } from './zip';

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function isLocalOrEndHeader(content: Uint8Array, at: number): boolean {
  return (
    content.length >= at + 4 &&
    content[at] === 0x50 &&
    content[at + 1] === 0x4b &&
    (content[at + 2] === 0x03 || content[at + 2] === 0x05) &&
    (content[at + 3] === 0x04 || content[at + 3] === 0x06)
  );
}

/** A zip: a local file header (or an empty zip's end record), or Bio-Rad's spanning marker PK\x07\x08 before one. */
export function isZip(content: Uint8Array): boolean {
  if (isLocalOrEndHeader(content, 0)) return true;
  const spanningMarker =
    content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x07 && content[3] === 0x08;
  return spanningMarker && isLocalOrEndHeader(content, 4);
}

export function isOle2(content: Uint8Array): boolean {
  return content.length >= 8 && OLE2_SIGNATURE.every((byte, index) => content[index] === byte);
}

/** Skips a UTF-8/UTF-16 byte order mark and white space; true when the first character is '<'. */
export function looksLikeXml(content: Uint8Array): boolean {
  const head = Buffer.from(content.subarray(0, 512));
  let text: string;
  if (head[0] === 0xff && head[1] === 0xfe) text = head.subarray(2).toString('utf16le');
  else if (head[0] === 0xfe && head[1] === 0xff)
    text = Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  else text = head.toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*<[?!A-Za-z]/.test(text);
}

/** True when the first 4 KiB hold no NUL byte and few control characters: a text file. */
export function looksLikeText(content: Uint8Array): boolean {
  if (content.length === 0) return false;
  const head = content.subarray(0, 4096);
  if (head[0] === 0xff && head[1] === 0xfe) return true;
  if (head[0] === 0xfe && head[1] === 0xff) return true;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control += 1;
  }
  return control / head.length < 0.01;
}

/** What a file's bytes are, read from its content only (the name is never consulted). */
export function sniffContainer(content: Uint8Array): ContainerKind {
  if (content.length === 0) return 'empty';
  if (isZip(content)) {
    const names = listZipEntryNames(content);
    if (names?.some((name) => name.toLowerCase() === '[content_types].xml')) return 'ooxml-zip';
    return 'zip';
  }
  if (isOle2(content)) return 'ole2';
  if (looksLikeXml(content)) return 'xml';
  if (looksLikeText(content)) return 'text';
  return 'binary';
}
