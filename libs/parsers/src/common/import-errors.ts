import { RunFileError, type RunFileErrorKey } from '@amplio/domain';

/**
 * Import messages more precise than the SPEC section 8 keys. Each is a translation key with named
 * parameters. Until the domain's RunFileErrorKey lists them, an ImportFileError also carries the
 * section 8 key it falls under (`key`) and an English detail, so that every existing caller that
 * reads `key` and `detail` keeps working; callers that know `messageKey` show the precise message.
 */
export type ImportMessageKey =
  /** {file}, {table}, {column}: a required column is absent from a sheet or section. */
  | 'errorImportMissingColumn'
  /** {file}, {extensions}: the analyser does not take files with this extension. */
  | 'errorImportWrongExtension'
  /** {file}, {format}, {analyser}: the content is another analyser's export. */
  | 'errorImportOtherAnalyserFormat'
  /** {file}, {sheet}, {limit}: one sheet is larger than Amplio reads. */
  | 'errorImportSheetTooLarge';

export class ImportFileError extends RunFileError {
  constructor(
    readonly messageKey: ImportMessageKey,
    readonly params: Readonly<Record<string, string>>,
    key: RunFileErrorKey,
    detail: string,
  ) {
    super(key, detail);
    this.name = 'ImportFileError';
  }
}

/** A required column is absent: names the file, the sheet/section and the column. */
export function missingColumn(fileName: string, table: string, column: string): ImportFileError {
  return new ImportFileError(
    'errorImportMissingColumn',
    { file: fileName, table, column },
    'errorImportInvalidFile',
    `${fileName}: ${table}: required column "${column}" missing`,
  );
}

/** A sheet over the size Amplio reads, refused before (or as soon as) it is inflated past the limit. */
export function sheetTooLarge(fileName: string, sheet: string, limit: number): ImportFileError {
  return new ImportFileError(
    'errorImportSheetTooLarge',
    { file: fileName, sheet, limit: String(limit) },
    'errorImportCorruptedFile',
    `${fileName}: sheet ${sheet} is larger than the ${limit} bytes limit`,
  );
}
