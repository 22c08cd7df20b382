import { Logger } from '@nestjs/common';
import { Job, type Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AmplioMetrics } from './metrics-registry';

const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;

/**
 * Queue figures for Prometheus in the scaled mode: depth per state read from Redis at scrape time,
 * and job durations, final failures and retries from BullMQ's event stream (QueueEvents). Every API
 * process sees every queue event, so these are cluster-wide figures repeated by each API: aggregate
 * them with max(), not sum() (docs/deploy.md).
 */
export class QueueMetrics {
  private readonly logger = new Logger(QueueMetrics.name);
  private readonly events: QueueEvents[] = [];

  constructor(
    private readonly metrics: AmplioMetrics,
    private readonly queues: Queue[],
    redis: Redis,
  ) {
    for (const queue of queues) this.watch(queue, redis);
  }

  /** Reads each queue's counts into the depth gauge (called before each scrape). */
  async refreshDepth(): Promise<void> {
    await Promise.all(
      this.queues.map(async (queue) => {
        const counts = await queue.getJobCounts(...COUNTED_STATES);
        for (const state of COUNTED_STATES)
          this.metrics.queueDepth.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.events.map((events) => events.close().catch(() => undefined)));
  }

  private watch(queue: Queue, redis: Redis): void {
    const events = new QueueEvents(queue.name, { connection: redis.duplicate() });
    events.on('error', (error: Error) => this.logger.warn(`queue events ${queue.name}: ${error.message}`));
    const labels = { queue: queue.name };
    events.on('completed', ({ jobId }) => {
      this.metrics.jobsCompleted.inc(labels);
      void Job.fromId(queue, jobId)
        .then((job) => {
          if (job?.processedOn && job.finishedOn)
            this.metrics.jobDuration.observe(
              { queue: queue.name, name: job.name },
              (job.finishedOn - job.processedOn) / 1000,
            );
        })
        .catch(() => undefined);
    });
    events.on('failed', () => this.metrics.jobsFailed.inc(labels));
    events.on('delayed', () => this.metrics.jobsRetried.inc(labels));
    events.on('waiting', ({ prev }) => {
      if (prev === 'active' || prev === 'failed') this.metrics.jobsRetried.inc(labels);
    });
    this.events.push(events);
  }
}
