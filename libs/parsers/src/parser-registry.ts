import { bioRadCfxParser } from './biorad-cfx';
import type { FormatParser } from './format-parser';
import { rotorGeneParser } from './qiagen-rotorgene';
import { rdmlParser } from './rdml';
import { lightCycler480Parser } from './roche-lc480';
import { quantStudioTextParser, quantStudioWorkbookParser } from './thermo-quantstudio';

/**
 * Every format parser, in detection order: the first whose detect() is true parses the run.
 * Detection reads content only (zip/OLE2 signatures, workbook sheet names, XML root, text header).
 */
export const FORMAT_PARSERS: readonly FormatParser[] = [
  quantStudioWorkbookParser,
  quantStudioTextParser,
  rdmlParser,
  lightCycler480Parser,
  rotorGeneParser,
  bioRadCfxParser,
];
