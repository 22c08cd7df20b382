import type { RunFile } from '@amplio/domain';
import { MAX_FILE_BYTES } from '../common/limits';
import { corruptedFile, invalidFile } from '../common/run-file-errors';
import { decodeText } from '../common/text';
import { Inflate } from 'fflate';
import { SafeZip, tryReadZipDirectory, type ZipEntryInfo } from '../common/zip';
import { sniffRootElement } from './xml-tree';

/**
 * The XML documents of one RDML file: the RDML itself and, for LightCycler 96 exports, Roche's
 * calculated_data.xml (calls) from the same zip.
 */
export interface RdmlDocuments {
  fileName: string;
  /** Name of the zip entry the RDML came from, or null for a plain XML file. */
  entryName: string | null;
  rdmlXml: string;
  calculatedDataXml: string | null;
}

/** Entries of a LightCycler 96 .rdml zip that are not the RDML document. */
const ROCHE_SIDE_ENTRIES = new Set([
  'calculated_data.xml',
  'app_data.xml',
  'module_data.xml',
  'instrument_data.xml',
  'manifest.xml',
]);

/**
 * A zip local file header, or the spanning marker PK\x07\x08 followed by one: Bio-Rad CFX
 * Manager writes that marker at the start of its .rdml files (file(1) calls them "multi-volume").
 */
export function isZipLike(content: Uint8Array): boolean {
  if (content.length < 8 || content[0] !== 0x50 || content[1] !== 0x4b) return false;
  if (content[2] === 0x03 && content[3] === 0x04) return true;
  if (content[2] === 0x05 && content[3] === 0x06) return true;
  return (
    content[2] === 0x07 &&
    content[3] === 0x08 &&
    content[4] === 0x50 &&
    content[5] === 0x4b &&
    content[6] === 0x03
  );
}

function headText(content: Uint8Array, bytes = 4096): string {
  return decodeText(content.subarray(0, Math.min(bytes, content.length)));
}

function isRdmlRoot(xml: string): boolean {
  return sniffRootElement(xml.slice(0, 8192)) === 'rdml';
}

function xmlEntryNames(zip: SafeZip): string[] {
  return zip.entryNames.filter((name) => name.endsWith('.xml') && !name.endsWith('/'));
}

/** The entry holding the RDML document: rdml_data.xml when present, else the first XML entry whose root is <rdml>. */
function findRdmlEntry(zip: SafeZip): { name: string; xml: string } | null {
  const candidates = xmlEntryNames(zip).sort((left, right) => {
    const rank = (name: string): number =>
      name === 'rdml_data.xml' ? 0 : ROCHE_SIDE_ENTRIES.has(name) ? 2 : 1;
    return rank(left) - rank(right);
  });
  for (const name of candidates.slice(0, 16)) {
    const bytes = zip.read(name);
    if (!bytes) continue;
    const xml = decodeText(bytes);
    if (isRdmlRoot(xml)) return { name: zip.rawName(name), xml };
  }
  return null;
}

/**
 * The first bytes (about 2 kB) of a zip entry, inflating only the start of its stream: enough to
 * read the root element without inflating a whole (possibly large) document during detection.
 */
function peekEntryHead(content: Uint8Array, entry: ZipEntryInfo): string | null {
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  const offset = entry.localHeaderOffset;
  if (offset + 30 > content.length || view.getUint32(offset, true) !== 0x04034b50) return null;
  const start = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
  const compressed = content.subarray(
    start,
    Math.min(content.length, start + entry.compressedSize, start + 16384),
  );
  if (entry.method === 0) return decodeText(compressed.subarray(0, 4096));
  if (entry.method !== 8) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((chunk) => {
    if (size < 4096) chunks.push(chunk);
    size += chunk.length;
  });
  try {
    inflater.push(compressed, false);
  } catch {
    return null;
  }
  return decodeText(Buffer.concat(chunks).subarray(0, 4096));
}

/** Content check used by detect(): a zip with an RDML entry, or XML whose root is <rdml>. Never throws. */
export function looksLikeRdml(file: RunFile): boolean {
  try {
    const content = file.content;
    if (isZipLike(content)) {
      const entries = tryReadZipDirectory(content);
      if (typeof entries === 'string') return false;
      // An OOXML workbook is never an RDML file.
      if (entries.some((entry) => entry.key === '[content_types].xml')) return false;
      const candidates = entries.filter(
        (entry) => entry.key.endsWith('.xml') && !ROCHE_SIDE_ENTRIES.has(entry.key),
      );
      return candidates.slice(0, 16).some((entry) => {
        const head = peekEntryHead(content, entry);
        return head !== null && isRdmlRoot(head);
      });
    }
    return isRdmlRoot(headText(content));
  } catch {
    return false;
  }
}

/** Reads the RDML document (and calculated_data.xml when there) out of a .rdml zip or a plain .xml. */
export function readRdmlDocuments(file: RunFile): RdmlDocuments {
  const content = file.content;
  if (content.length === 0) throw invalidFile(file.name, 'empty file');
  if (content.length > MAX_FILE_BYTES)
    throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
  if (isZipLike(content)) {
    const zip = new SafeZip(file.name, content);
    const rdml = findRdmlEntry(zip);
    if (!rdml) throw invalidFile(file.name, 'zip holds no XML document whose root element is <rdml>');
    const calculated = zip.has('calculated_data.xml') ? zip.read('calculated_data.xml') : null;
    return {
      fileName: file.name,
      entryName: rdml.name,
      rdmlXml: rdml.xml,
      calculatedDataXml: calculated ? decodeText(calculated) : null,
    };
  }
  const xml = decodeText(content);
  if (!isRdmlRoot(xml))
    throw invalidFile(file.name, 'neither an RDML zip nor XML whose root element is <rdml>');
  return { fileName: file.name, entryName: null, rdmlXml: xml, calculatedDataXml: null };
}
