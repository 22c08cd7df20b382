import { RunFileError } from '@amplio/domain';

/** The file is not what the parser expects (a missing sheet, section or column; a bad value). */
export function invalidFile(fileName: string, what: string): RunFileError {
  return new RunFileError('errorImportInvalidFile', `${fileName}: ${what}`);
}

/** The file cannot be read at all (truncated zip, broken container, over a limit). */
export function corruptedFile(fileName: string, what: string): RunFileError {
  return new RunFileError('errorImportCorruptedFile', `${fileName}: ${what}`);
}

/** Runs a third-party reader; anything it throws other than a RunFileError becomes a corrupted-file error. */
export function guardRead<T>(fileName: string, what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RunFileError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw corruptedFile(fileName, `${what} (${reason.slice(0, 200)})`);
  }
}
