import type { RunFile } from '@amplio/domain';
import type { FormatParser } from './format-parser';
import { FORMAT_PARSERS } from './parser-registry';

function candidates(family: string | undefined): readonly FormatParser[] {
  if (!family) return FORMAT_PARSERS;
  return FORMAT_PARSERS.filter((parser) => parser.id === family || parser.id.startsWith(`${family}-`));
}

function safeDetect(parser: FormatParser, files: RunFile[]): boolean {
  try {
    return parser.detect(files);
  } catch {
    return false;
  }
}

/** The parser that claims these files, or null. */
export function findParser(files: RunFile[], options: { analyserFamily?: string } = {}): FormatParser | null {
  return candidates(options.analyserFamily).find((parser) => safeDetect(parser, files)) ?? null;
}
