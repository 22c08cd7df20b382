import { ApiError, apiFetch } from '../../api/api-client';
import { getRun, parseRunFiles } from '../../api/endpoints';
import type { Run } from '../../api/types';

/** The import resource POST /api/run/parse answers (202) when the run is not ready within its wait. */
export interface RunImportAnswer {
  importId: string;
  state: string;
  runId: string | null;
  error: { message: string; params: string[] } | null;
}

export function isImportAnswer(answer: unknown): answer is RunImportAnswer {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    typeof (answer as { importId?: unknown }).importId === 'string'
  );
}

/**
 * Follows an import to its run: the upload answers the run, or (202) the import, which is polled at
 * GET /api/run/import/{importId} until READY (then the run is read) or FAILED (its error is thrown
 * like any API error). The uploadId is the idempotency key: a retried upload answers the same import.
 */
export async function runOfImport(
  answer: Run | RunImportAnswer,
  poll: (importId: string) => Promise<RunImportAnswer>,
  readRun: (runId: string) => Promise<Run>,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Run> {
  if (!isImportAnswer(answer)) return answer;
  let current = answer;
  for (let delay = 500; ; delay = Math.min(delay * 1.5, 5_000)) {
    if (current.state === 'READY' && current.runId) return readRun(current.runId);
    if (current.state === 'FAILED') {
      throw new ApiError(400, current.error ?? { message: 'errorImportUnexpected', params: [] });
    }
    await pause(delay);
    current = await poll(current.importId);
  }
}

/** Uploads one run's files and answers its run, however long the import takes. */
export async function importRunFiles(analyserId: string, files: File[], uploadId: string): Promise<Run> {
  const answer = (await parseRunFiles(analyserId, files, uploadId)) as Run | RunImportAnswer;
  return runOfImport(
    answer,
    (importId) => apiFetch<RunImportAnswer>(`/run/import/${encodeURIComponent(importId)}`),
    (runId) => getRun(runId),
  );
}
