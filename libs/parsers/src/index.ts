export type { FormatParser, DetectedFormat, ContainerKind } from './format-parser';
export { FORMAT_PARSERS } from './parser-registry';
