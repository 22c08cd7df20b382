import { Inject, Injectable } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';

/** Run search and its index. */
@Injectable()
export class SearchService {
  constructor(@Inject(JOB_QUEUE) private readonly jobs: JobQueue) {}

  /** Rebuilds the search index of every laboratory's runs (super admins; SPEC 2 "Reindex data"). */
  async reindex(): Promise<void> {
    await this.jobs.enqueue('search.reindex', { laboratoryId: null });
  }
}
