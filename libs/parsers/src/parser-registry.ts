import { bioRadCfxParser } from './biorad-cfx';
import type { FormatParser } from './format-parser';
import { rotorGeneParser } from './qiagen-rotorgene';
import { rdmlParser } from './rdml';
import { lightCycler480Parser } from './roche-lc480';
import {
  quantStudioCsvParser,
  quantStudioTextParser,
  quantStudioWorkbookParser,
  sdsResultsTextParser,
} from './thermo-quantstudio';

/**
 * Every format parser, in detection order: the first whose detect() is true parses the run.
 * Detection reads content only (zip/OLE2 signatures, workbook sheet names, XML root, text header).
 */
export const FORMAT_PARSERS: readonly FormatParser[] = [
  quantStudioWorkbookParser,
  quantStudioTextParser,
  sdsResultsTextParser,
  rdmlParser,
  lightCycler480Parser,
  rotorGeneParser,
  // Before CFX: a QuantStudio results CSV without metadata lines starts with a header CFX would
  // take for its Cq Results (Cq Mean); this one asks for Well Position or Reporter and no Fluor.
  quantStudioCsvParser,
  bioRadCfxParser,
];
