import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { QueueName } from '@amplio/config';
import { type JobName, JobRegistry } from '@amplio/jobs';
import { requestIdOf, runInJobContext } from './worker-logging';

/** Dispatches every job of one queue to its handler by job name (exactly one handler per name). */
export abstract class QueueProcessor extends WorkerHost {
  private readonly logger = new Logger(this.constructor.name);

  constructor(private readonly registry: JobRegistry) {
    super();
  }

  /**
   * Runs the job in its context (docs/operations.md): every log line written meanwhile, by this
   * processor or the handler, is a JSON line with the job, its attempt and the enqueuing request's id.
   */
  async process(job: Job): Promise<void> {
    if (!this.registry.has(job.name)) throw new Error(`no handler for job ${job.name}`);
    const name: JobName = job.name;
    const attempt = job.attemptsMade + 1;
    await runInJobContext({ job: job.name, jobId: job.id, attempt }, requestIdOf(job.data), async () => {
      const started = Date.now();
      try {
        await this.registry.dispatch(name, job.data as never, {
          attempt,
          reportProgress: (progress) => job.updateProgress(progress),
        });
      } catch (error) {
        this.logger.warn(`${job.name} ${job.id ?? ''} attempt ${attempt} failed: ${String(error)}`);
        throw error;
      }
      this.logger.log(`${job.name} ${job.id ?? ''} done in ${Date.now() - started} ms`);
    });
  }

  /** Redis going away must not end the worker: BullMQ reconnects, stalled jobs are retried. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`queue: ${error.message}`);
  }
}

/** How many jobs at once (WORKER_CONCURRENCY) and how long a job's lock lasts unrenewed (JOB_LOCK_MS). */
export interface ProcessorOptions {
  concurrency: number;
  lockMs: number;
}

function processorFor(queue: QueueName, options: ProcessorOptions): Type<QueueProcessor> {
  // A job whose worker died is stalled once its lock lapses; the check runs as often as the lock lasts.
  @Processor(queue, {
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: options.lockMs,
  })
  @Injectable()
  class QueueNameProcessor extends QueueProcessor {
    constructor(registry: JobRegistry) {
      super(registry);
    }
  }
  Object.defineProperty(QueueNameProcessor, 'name', {
    value: `${queue[0].toUpperCase()}${queue.slice(1)}Processor`,
  });
  return QueueNameProcessor;
}

/** One processor class per queue this worker takes (WORKER_QUEUES). */
export function queueProcessors(queues: QueueName[], options: ProcessorOptions): Type<QueueProcessor>[] {
  return queues.map((queue) => processorFor(queue, options));
}
