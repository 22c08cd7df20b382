import type { QueueName } from '@amplio/config';

/** The one job contract (CONVENTIONS 3): each job name, its queue, payload and options. Payloads carry ids only. */
export interface JobPayloads {
  'run.import': { importId: string };
  'run.interpret': { runId: string; requestedById: string };
  'search.reindex': { laboratoryId: string | null };
  /** One run's search document after a change; changeId is the search outbox row (docs/search.md). */
  'search.index-run': { runId: string; changeId: string };
  'run.export': { exportId: string; runId: string; requestedById: string };
  'run.transfer': { runId: string };
}

export type JobName = keyof JobPayloads;

export interface JobDefinition<N extends JobName> {
  queue: QueueName;
  attempts: number;
  backoffMs: number;
  /** Same id for the same work, so that enqueuing twice runs once. */
  jobId(payload: JobPayloads[N]): string;
}

export const JOBS: { [N in JobName]: JobDefinition<N> } = {
  'run.import': { queue: 'import', attempts: 3, backoffMs: 1000, jobId: (p) => `run.import:${p.importId}` },
  'run.interpret': {
    queue: 'interpretation',
    attempts: 3,
    backoffMs: 1000,
    jobId: (p) => `run.interpret:${p.runId}:${Date.now()}`,
  },
  'search.reindex': {
    queue: 'search',
    attempts: 2,
    backoffMs: 5000,
    jobId: (p) => `search.reindex:${p.laboratoryId ?? 'all'}`,
  },
  // One job per recorded change (a finished job keeps its id for an hour); the handler writes the
  // run as it is now with the change id as an external version, so order and repeats do not matter.
  'search.index-run': {
    queue: 'search',
    attempts: 5,
    backoffMs: 2000,
    jobId: (p) => `search.index-run:${p.runId}:${p.changeId}`,
  },
  // One export file: the API waits for it; a second attempt after a crashed worker (docs/exports.md).
  'run.export': { queue: 'export', attempts: 2, backoffMs: 500, jobId: (p) => `run.export:${p.exportId}` },
  // Exponential backoff 30 s .. 32 min, 8 attempts (~63.5 min); one delivery of a run at a time
  // (docs/file-transfer.md). Failures that cannot heal end the job at once (the handler decides).
  'run.transfer': {
    queue: 'transfer',
    attempts: 8,
    backoffMs: 30_000,
    jobId: (p) => `run.transfer:${p.runId}`,
  },
};

export const JOB_NAMES = Object.keys(JOBS) as JobName[];

export interface JobContext {
  attempt: number;
  reportProgress(progress: number): Promise<void>;
}

export interface JobHandler<N extends JobName = JobName> {
  readonly jobName: N;
  handle(payload: JobPayloads[N], context: JobContext): Promise<void>;
}

/** What `ensureEnqueued` found: a job already waiting or running, or one it (re-)added. */
export type EnsureResult = 'alive' | 'enqueued';

/** Enqueues jobs; BullMQ in the scaled mode, in-process in the embedded mode. */
export interface JobQueue {
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void>;
  /**
   * The outbox relay's call: adds the job unless one with its id is waiting, delayed or running
   * (`force` replaces even that one: a stuck job). A job lost with Redis's data is added again.
   */
  ensureEnqueued<N extends JobName>(name: N, payload: JobPayloads[N], force?: boolean): Promise<EnsureResult>;
  /** Whether a job with this payload's id is waiting, delayed or running. */
  isAlive<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<boolean>;
  /** Whether the queue's backend answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
