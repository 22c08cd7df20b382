import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { requestContext } from '@amplio/jobs';

/** The job a worker is running: its name, id and attempt, on every log line written meanwhile. */
export interface RunningJob {
  job: string;
  jobId: string | undefined;
  attempt: number;
}

const runningJob = new AsyncLocalStorage<RunningJob>();

/**
 * The worker's JSON logger (pino, one line per record on stdout; LOG_LEVEL, default info), like the
 * API's. Every line written while a job runs carries the job and, when the job was enqueued by an
 * HTTP request, that request's `requestId` (its X-Request-Id), so one id follows an upload from the
 * API's request log into the worker.
 */
export function createWorkerLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid, process: 'worker' },
      messageKey: 'msg',
      mixin: () => {
        const job = runningJob.getStore();
        const requestId = requestContext.getStore()?.requestId;
        return { ...(job ?? {}), ...(requestId ? { requestId } : {}) };
      },
    },
    destination,
  );
}

/** The `requestId` BullJobQueue copied into the job data (libs/jobs request-context), if any. */
export function requestIdOf(data: unknown): string | undefined {
  const value = (data as { requestId?: unknown } | null)?.requestId;
  return typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined;
}

/**
 * Runs one job with its context: log lines carry the job and its request id, and jobs it enqueues
 * carry the same request id (BullJobQueue reads requestContext).
 */
export function runInJobContext<T>(
  job: RunningJob,
  requestId: string | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  const inJob = (): Promise<T> => runningJob.run(job, fn);
  return requestId ? requestContext.run({ requestId }, inJob) : inJob();
}
