import type { ParsedRun, RunFile } from '@amplio/domain';

/**
 * One import format. Every instrument family folder exports one or more of these; the registry
 * (parser-registry.ts) lists them in detection order.
 */
export interface FormatParser {
  /** Stable id, e.g. 'rdml', 'roche-lc480-txt'. */
  id: string;
  /** True when these files look like this format (by content). */
  detect(files: RunFile[]): boolean;
  parse(files: RunFile[]): Promise<ParsedRun> | ParsedRun;
}

/** What a file's bytes are, whatever its name says. */
export type ContainerKind = 'ooxml-zip' | 'zip' | 'ole2' | 'xml' | 'text' | 'empty' | 'binary';

/** Result of content sniffing one file. */
export interface DetectedFormat {
  /** Container kind read from the first bytes. */
  container: ContainerKind;
  /** Id of the first registered parser that claims this file on its own, or null. */
  parserId: string | null;
}
