import { type EnsureResult, JOBS, type JobName, type JobPayloads, type JobQueue } from './job-contract';
import type { JobRegistry } from './job-registry';

/**
 * The embedded mode's queue (like Rails' async adapter): jobs run in this process through the same
 * registry the workers use, after the current request, with the contract's attempts and backoff.
 */
export class InlineJobQueue implements JobQueue {
  private readonly running = new Set<Promise<void>>();
  private readonly pendingIds = new Set<string>();
  private closed = false;

  constructor(
    private readonly registry: JobRegistry,
    private readonly onError: (name: JobName, error: unknown) => void,
  ) {}

  enqueue<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('job queue closed'));
    const definition = JOBS[name];
    const jobId = definition.jobId(payload);
    if (this.pendingIds.has(jobId)) return Promise.resolve();
    this.pendingIds.add(jobId);
    const run = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      for (let attempt = 1; attempt <= definition.attempts; attempt += 1) {
        try {
          await this.registry.dispatch(name, payload, { attempt, reportProgress: () => Promise.resolve() });
          return;
        } catch (error) {
          if (attempt === definition.attempts) {
            this.onError(name, error);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, definition.backoffMs * 2 ** (attempt - 1)));
        }
      }
    })().finally(() => {
      this.pendingIds.delete(jobId);
      this.running.delete(run);
    });
    this.running.add(run);
    return Promise.resolve();
  }

  /** A job pending in this process is alive; any other is run (after a restart, the relay's call). */
  async ensureEnqueued<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<EnsureResult> {
    if (this.pendingIds.has(JOBS[name].jobId(payload))) return 'alive';
    await this.enqueue(name, payload);
    return 'enqueued';
  }

  isAlive<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<boolean> {
    return Promise.resolve(this.pendingIds.has(JOBS[name].jobId(payload)));
  }

  ping(): Promise<void> {
    return this.closed ? Promise.reject(new Error('job queue closed')) : Promise.resolve();
  }

  /** Stops taking jobs and waits for the running ones. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running]);
  }
}
