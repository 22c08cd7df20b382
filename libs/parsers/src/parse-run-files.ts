import { RunFileError, type ParsedRun, type RunFile } from '@amplio/domain';
import type { DetectedFormat } from './format-parser';
import { MAX_FILE_BYTES, MAX_FILES_PER_RUN, MAX_RUN_BYTES } from './common/limits';
import { corruptedFile, invalidFile } from './common/run-file-errors';
import { isZip, sniffContainer } from './common/sniff';
import { SafeZip, readZipDirectory } from './common/zip';
import { findParser } from './find-parser';
import { checkImportFiles } from './import-check';
import { unreadFormat } from './unread-formats';

export { findParser };

export interface ParseRunFilesOptions {
  /**
   * Restricts detection to one family or parser: a parser matches when its id equals this or
   * starts with it followed by '-' (e.g. 'biorad-cfx', 'thermo-quantstudio', 'rdml').
   */
  analyserFamily?: string;
  /**
   * The analyser chosen for the import (an id of ANALYSER_IMPORT_RULES): when given, the files are
   * first checked by checkImportFiles (extensions, another analyser's format) and the first problem
   * is thrown as an ImportFileError.
   */
  analyserId?: string;
}

function fileNames(files: RunFile[]): string {
  return files.map((file) => file.name).join(', ');
}

/** Size and count limits, checked before any parsing. */
export function checkRunFileLimits(files: RunFile[]): void {
  if (files.length === 0) throw new RunFileError('errorImportInvalidFile', 'no file given');
  if (files.length > MAX_FILES_PER_RUN) {
    throw invalidFile(
      fileNames(files.slice(0, 3)),
      `${files.length} files, more than ${MAX_FILES_PER_RUN} for one run`,
    );
  }
  let total = 0;
  for (const file of files) {
    if (file.content.length === 0) throw invalidFile(file.name, 'file is empty');
    if (file.content.length > MAX_FILE_BYTES) {
      throw corruptedFile(
        file.name,
        `file of ${file.content.length} bytes, larger than the ${MAX_FILE_BYTES} limit`,
      );
    }
    total += file.content.length;
  }
  if (total > MAX_RUN_BYTES)
    throw corruptedFile(fileNames(files), `files larger than ${MAX_RUN_BYTES} bytes together`);
  // Zip containers (xlsx, rdml): entry count and declared decompressed sizes, from the central directory.
  for (const file of files) if (isZip(file.content)) readZipDirectory(file.name, file.content);
}

/** What one file is, read from its content (never its name). */
export function detectFormat(file: RunFile): DetectedFormat {
  return { container: sniffContainer(file.content), parserId: findParser([file])?.id ?? null };
}

/**
 * Turns the files of one run into one ParsedRun. Throws only RunFileError: errorImportInvalidFile
 * (not a format we read, missing sheet/section/column, bad value) or errorImportCorruptedFile
 * (unreadable container, over a limit), with a detail naming the file and what is wrong.
 */
export async function parseRunFiles(
  files: RunFile[],
  options: ParseRunFilesOptions = {},
): Promise<ParsedRun> {
  checkRunFileLimits(files);
  if (options.analyserId) {
    const [problem] = checkImportFiles(options.analyserId, files);
    if (problem) throw problem;
  }
  const parser = findParser(files, options);
  if (!parser) {
    // A zip no parser recognised may be broken rather than foreign: say so when it is.
    for (const file of files) if (isZip(file.content)) new SafeZip(file.name, file.content).verifyAll();
    if (files.length > 1) {
      const alone = files.map((file) => ({ file, parser: findParser([file], options) }));
      const unknown = alone.filter((entry) => entry.parser === null).map((entry) => entry.file);
      if (unknown.length > 0) {
        throw invalidFile(fileNames(unknown), 'not a run export Amplio reads (the other files are)');
      }
      const formats = alone.map((entry) => `${entry.file.name} (${entry.parser?.id ?? '?'})`).join(', ');
      throw invalidFile(fileNames(files), `files of different formats cannot be one run: ${formats}`);
    }
    const known = unreadFormat(files[0]);
    if (files.length === 1 && known) throw invalidFile(fileNames(files), known);
    const container = files.map((file) => sniffContainer(file.content));
    throw invalidFile(
      fileNames(files),
      `not a run export Amplio reads (content: ${[...new Set(container)].join(', ')})`,
    );
  }
  try {
    return await parser.parse(files);
  } catch (error) {
    if (error instanceof RunFileError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw corruptedFile(fileNames(files), `unreadable ${parser.id} export (${reason.slice(0, 200)})`);
  }
}
