import type { FormatParser } from './format-parser';

/** Every format parser, in detection order: the first whose detect() is true parses the run. */
export const FORMAT_PARSERS: readonly FormatParser[] = [];
