import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RUN_SEARCH_INDEX, type RunSearchIndex } from '@amplio/adapters';
import { type LaboratoryScope, type RunEntity, RunSearchRepository } from '@amplio/db';
import type { RunSortField, SortDirection } from '@amplio/domain';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { ApiError } from '../common/api-error';

export interface RunListQuery {
  page: number;
  size: number;
  search: string | null;
  sort: RunSortField;
  direction: SortDirection;
  /** The number of matches, when known for this state of the list (PostgreSQL then does not count again). */
  knownTotal?: number;
}

/** Run search and its index (docs/search.md). */
@Injectable()
export class SearchService {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(RUN_SEARCH_INDEX) private readonly index: RunSearchIndex,
    private readonly runs: RunSearchRepository,
  ) {}

  /** Whether the run list is read from PostgreSQL (not from an index that follows it later). */
  get listFromDatabase(): boolean {
    return this.index.engine === 'postgresql';
  }

  /** One page of the run list within the caller's scope, in the asked order. */
  async pageRuns(scope: LaboratoryScope, query: RunListQuery): Promise<{ runs: RunEntity[]; total: number }> {
    const { ids, total, runs } = await this.index.search({
      scope,
      text: query.search,
      sort: query.sort,
      direction: query.direction,
      page: query.page,
      size: query.size,
      knownTotal: query.knownTotal,
    });
    // PostgreSQL answers the page's runs with their ids; Elasticsearch only the ids.
    return { runs: runs ?? (await this.runs.findRuns(ids)), total };
  }

  /**
   * Rebuilds the Elasticsearch index from PostgreSQL (super admins; SPEC 2 "Reindex data"). A
   * PostgreSQL-only deployment has no index to rebuild: 409 with `errorReindexNotConfigured`.
   */
  async reindex(): Promise<void> {
    if (this.index.engine !== 'elasticsearch')
      throw new ApiError(HttpStatus.CONFLICT, 'errorReindexNotConfigured');
    await this.jobs.enqueue('search.reindex', { laboratoryId: null });
  }
}
