export type { FormatParser, DetectedFormat, ContainerKind } from './format-parser';
export { FORMAT_PARSERS } from './parser-registry';
export {
  parseRunFiles,
  detectFormat,
  findParser,
  checkRunFileLimits,
  type ParseRunFilesOptions,
} from './parse-run-files';
export * from './common/limits';
export { sniffContainer } from './common/sniff';
export { quantStudioWorkbookParser, quantStudioTextParser } from './thermo-quantstudio';
export { bioRadCfxParser } from './biorad-cfx';
export { parseAllRdmlRuns, type RdmlParsedRun } from './rdml';
export { parsePlatePlan, type PlatePlanEntry } from './plate-plan';
export {
  ANALYSER_IMPORT_RULES,
  FORMAT_NAMES,
  assertImportFiles,
  checkImportFiles,
  fileExtension,
  type AnalyserImportRule,
} from './import-check';
export { ImportFileError, type ImportMessageKey } from './common/import-errors';
export * from './browser';
