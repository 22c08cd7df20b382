export { rdmlParser, parseAllRdmlRuns, parseRdml } from './rdml-parser';
export { RDML_FORMAT_ID, readRdmlRuns, type RdmlParsedRun, type RdmlWellChannel } from './rdml-reader';
export { readLc96Calls, type Lc96Calls } from './lc96-calls';
export { isZipLike, looksLikeRdml, readRdmlDocuments, type RdmlDocuments } from './rdml-archive';
export { MAX_XML_DEPTH, MAX_XML_ELEMENTS, parseXmlTree, sniffRootElement, type XmlElement } from './xml-tree';
/** Zip limits the RDML reader applies (shared with the other zip formats, from common/limits). */
export {
  MAX_DECOMPRESSED_BYTES,
  MAX_ZIP_ENTRIES,
  MAX_ZIP_ENTRY_BYTES,
  MAX_FILE_BYTES,
} from '../common/limits';
