import type { ImportProgressEvent, ImportState } from '@amplio/domain';

/** A finished import stays shown this long: READY briefly, FAILED as long as an error toast (SPEC 8). */
export const READY_SHOWN_MS = 2000;
export const FAILED_SHOWN_MS = 5000;
/** An import no event was heard of for this long is dropped (its events were missed). */
export const STALE_AFTER_MS = 10 * 60_000;

/** One import of the laboratory in flight, from `import.progress` events (any user, any browser). */
export type InFlightImport = {
  /** The upload id, or the first file name when the uploader sent none. */
  key: string;
  fileNames: string[];
  state: ImportState;
  progress: number;
  error: ImportProgressEvent['error'] | null;
  /** Time of the last event, in ms. */
  updatedAt: number;
};

export function importKey(event: Pick<ImportProgressEvent, 'uploadId' | 'fileNames'>): string {
  return event.uploadId ?? event.fileNames[0] ?? '';
}

/** The list after one event: a new import is appended, a known one updated in place. */
export function applyImportProgress(
  imports: readonly InFlightImport[],
  event: ImportProgressEvent,
  now: number,
): InFlightImport[] {
  const key = importKey(event);
  const entry: InFlightImport = {
    key,
    fileNames: event.fileNames,
    state: event.state,
    progress: event.progress,
    error: event.error ?? null,
    updatedAt: now,
  };
  const known = imports.some((item) => item.key === key);
  return known ? imports.map((item) => (item.key === key ? entry : item)) : [...imports, entry];
}

/** Drops finished imports once shown long enough, and stale ones; the same list when none goes. */
export function expireImports(imports: InFlightImport[], now: number): InFlightImport[] {
  const kept = imports.filter((item) => {
    const age = now - item.updatedAt;
    if (item.state === 'READY') return age < READY_SHOWN_MS;
    if (item.state === 'FAILED') return age < FAILED_SHOWN_MS;
    return age < STALE_AFTER_MS;
  });
  return kept.length === imports.length ? imports : kept;
}
