import type { Queue } from 'bullmq';
import type { QueueName } from '@amplio/config';
import { type EnsureResult, JOBS, type JobName, type JobPayloads, type JobQueue } from './job-contract';
import { withRequestId } from './request-context';

const ALIVE = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** The scaled mode's queue: BullMQ on Redis; any worker process taking the queue runs the job once. */
export class BullJobQueue implements JobQueue {
  constructor(
    private readonly queues: Record<QueueName, Queue>,
    onError: (error: Error) => void = (error) => console.warn(`queue: ${error.message}`),
  ) {
    // An unhandled 'error' event would end the process when Redis goes away.
    for (const queue of Object.values(queues)) queue.on('error', onError);
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void> {
    const definition = JOBS[name];
    await this.queues[definition.queue].add(name, withRequestId(payload), {
      jobId: this.jobId(name, payload),
      attempts: definition.attempts,
      backoff: { type: 'exponential', delay: definition.backoffMs },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  async ensureEnqueued<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    force = false,
  ): Promise<EnsureResult> {
    const queue = this.queues[JOBS[name].queue];
    const job = await queue.getJob(this.jobId(name, payload));
    if (job) {
      const state = await job.getState();
      // An active job keeps its lock until BullMQ's stall check gives it to another worker.
      if (ALIVE.has(state) && (!force || state === 'active')) return 'alive';
      // A finished job with the same id would make add() a no-op: remove it first.
      await job.remove().catch(() => undefined);
    }
    await this.enqueue(name, payload);
    return 'enqueued';
  }

  async isAlive<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<boolean> {
    const job = await this.queues[JOBS[name].queue].getJob(this.jobId(name, payload));
    return job ? ALIVE.has(await job.getState()) : false;
  }

  /** Reads the import queue's counts within `timeoutMs` (commands wait while Redis is away). */
  async ping(timeoutMs = 2000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`queue did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.queues.import.getJobCounts('wait'), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.queues).map((queue) => queue.close()));
  }

  private jobId<N extends JobName>(name: N, payload: JobPayloads[N]): string {
    return JOBS[name].jobId(payload).replace(/:/g, '-');
  }
}
