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
export { parsePlatePlan, type PlatePlanEntry } from './plate-plan';
