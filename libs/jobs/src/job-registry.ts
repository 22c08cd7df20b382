import { JOB_NAMES, type JobContext, type JobHandler, type JobName, type JobPayloads } from './job-contract';

export class JobRegistryError extends Error {}

/** Maps each job name to exactly one handler; start-up fails on a missing or doubled handler. */
export class JobRegistry {
  private readonly handlers = new Map<JobName, JobHandler>();

  constructor(handlers: JobHandler[], required: readonly JobName[] = JOB_NAMES) {
    for (const handler of handlers) {
      if (this.handlers.has(handler.jobName)) {
        throw new JobRegistryError(`two handlers for job ${handler.jobName}`);
      }
      this.handlers.set(handler.jobName, handler);
    }
    const missing = required.filter((name) => !this.handlers.has(name));
    if (missing.length > 0) throw new JobRegistryError(`no handler for job ${missing.join(', ')}`);
  }

  has(name: string): name is JobName {
    return this.handlers.has(name as JobName);
  }

  async dispatch<N extends JobName>(name: N, payload: JobPayloads[N], context: JobContext): Promise<void> {
    const handler = this.handlers.get(name) as JobHandler<N> | undefined;
    if (!handler) throw new JobRegistryError(`no handler for job ${name}`);
    await handler.handle(payload, context);
  }
}
