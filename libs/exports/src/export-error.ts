/** Translation keys of the export errors (SPEC section 8, export file generation). */
export type ExportErrorKey =
  'errorExportSeparatorIncorrect' | 'errorExportNoWell' | 'errorExportWellNotInRun';

/** An export refused for a reason the user can fix; `key` is a translation key, `params` its values. */
export class ExportError extends Error {
  constructor(
    readonly key: ExportErrorKey,
    readonly params: string[] = [],
  ) {
    super(key);
    this.name = 'ExportError';
  }
}
