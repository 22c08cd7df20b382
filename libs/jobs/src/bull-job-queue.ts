import type { Queue } from 'bullmq';
import type { QueueName } from '@amplio/config';
import { JOBS, type JobName, type JobPayloads, type JobQueue } from './job-contract';

/** The scaled mode's queue: BullMQ on Redis; any worker process taking the queue runs the job once. */
export class BullJobQueue implements JobQueue {
  constructor(private readonly queues: Record<QueueName, Queue>) {}

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void> {
    const definition = JOBS[name];
    await this.queues[definition.queue].add(name, payload, {
      jobId: definition.jobId(payload).replace(/:/g, '-'),
      attempts: definition.attempts,
      backoff: { type: 'exponential', delay: definition.backoffMs },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.queues).map((queue) => queue.close()));
  }
}
