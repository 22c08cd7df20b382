import type { ImportProgressEvent } from '@amplio/domain';
import {
  applyImportProgress,
  expireImports,
  FAILED_SHOWN_MS,
  importKey,
  READY_SHOWN_MS,
  STALE_AFTER_MS,
  type InFlightImport,
} from './in-flight-imports';

const event = (change: Partial<ImportProgressEvent>): ImportProgressEvent => ({
  uploadId: 'upload-1',
  runId: null,
  fileNames: ['run-a.csv', 'run-a info.csv'],
  state: 'QUEUED',
  progress: 0,
  ...change,
});

describe('in-flight imports', () => {
  it('keys an import by its upload id, else by its first file name', () => {
    expect(importKey(event({}))).toBe('upload-1');
    expect(importKey(event({ uploadId: null }))).toBe('run-a.csv');
  });

  it('appends a new import and updates a known one in place', () => {
    let imports = applyImportProgress([], event({}), 1000);
    imports = applyImportProgress(imports, event({ uploadId: 'upload-2', fileNames: ['b.csv'] }), 1100);
    imports = applyImportProgress(imports, event({ state: 'PARSING', progress: 60 }), 1200);
    expect(
      imports.map(({ key, state, progress, updatedAt }) => ({ key, state, progress, updatedAt })),
    ).toEqual([
      { key: 'upload-1', state: 'PARSING', progress: 60, updatedAt: 1200 },
      { key: 'upload-2', state: 'QUEUED', progress: 0, updatedAt: 1100 },
    ]);
  });

  it('keeps the error of a failed import', () => {
    const error = { message: 'errorImportInvalidFile', params: ['run-a.csv'] };
    const [failed] = applyImportProgress([], event({ state: 'FAILED', progress: 100, error }), 0);
    expect(failed.error).toEqual(error);
  });

  it('drops READY and FAILED imports once shown long enough, and imports no longer heard of', () => {
    const at = (key: string, state: InFlightImport['state'], updatedAt: number): InFlightImport => ({
      key,
      fileNames: [key],
      state,
      progress: 50,
      error: null,
      updatedAt,
    });
    const now = 1_000_000;
    const imports = [
      at('ready-new', 'READY', now - READY_SHOWN_MS + 1),
      at('ready-old', 'READY', now - READY_SHOWN_MS),
      at('failed-new', 'FAILED', now - FAILED_SHOWN_MS + 1),
      at('failed-old', 'FAILED', now - FAILED_SHOWN_MS),
      at('parsing', 'PARSING', now - FAILED_SHOWN_MS * 10),
      at('stale', 'PARSING', now - STALE_AFTER_MS),
    ];
    expect(expireImports(imports, now).map((item) => item.key)).toEqual([
      'ready-new',
      'failed-new',
      'parsing',
    ]);
    // Nothing to drop: the very same list, so the screen does not render again.
    const fresh = [at('parsing', 'PARSING', now)];
    expect(expireImports(fresh, now)).toBe(fresh);
  });
});
