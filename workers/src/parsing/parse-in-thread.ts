import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type ParsedRun, type RunFile, RunFileError, type RunFileErrorKey } from '@amplio/domain';

export interface ParseThreadInput {
  files: Array<{ name: string; content: Uint8Array }>;
  analyserFamily: string | null;
}

export type ParseThreadOutput =
  { ok: true; run: ParsedRun } | { ok: false; key: RunFileErrorKey; detail: string };

export interface ParseLimits {
  timeoutMs: number;
  /** Heap of the parsing thread; a file that needs more is refused, the worker process lives on. */
  maxHeapMb: number;
}

/**
 * Parses in a worker thread with a time limit and a memory limit: a file that makes a parser spin or
 * balloon is refused (errorImportCorruptedFile) and the thread is terminated, while the worker
 * process and its other jobs carry on.
 */
export function parseInThread(
  files: RunFile[],
  analyserFamily: string | null,
  limits: ParseLimits,
): Promise<ParsedRun> {
  const fileNames = files.map((file) => file.name).join(', ');
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'parse-thread.js'), {
      workerData: {
        files: files.map((file) => ({ name: file.name, content: file.content })),
        analyserFamily,
      } satisfies ParseThreadInput,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    let settled = false;
    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new RunFileError(
              'errorImportCorruptedFile',
              `${fileNames}: parsing took longer than ${limits.timeoutMs} ms`,
            ),
          ),
        ),
      limits.timeoutMs,
    );
    worker.once('message', (output: ParseThreadOutput) =>
      settle(() => (output.ok ? resolve(output.run) : reject(new RunFileError(output.key, output.detail)))),
    );
    worker.once('error', (error: Error) =>
      settle(() =>
        reject(
          /heap|memory/i.test(error.message) ||
            (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new RunFileError(
                'errorImportCorruptedFile',
                `${fileNames}: parsing needs more than ${limits.maxHeapMb} MB`,
              )
            : error,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`parse thread exited with code ${code}`))));
  });
}
