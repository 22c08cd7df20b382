import { Inject, Injectable, Optional } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  createRunSearchIndex,
  type RunSearchIndex,
  SEARCH_SETTINGS,
  type SearchSettings,
} from '@amplio/adapters';
import { DATA_SOURCE, RunSearchRepository } from '@amplio/db';
import type { JobHandler, JobPayloads } from '@amplio/jobs';

/**
 * Writes one run's search document after a change (docs/search.md): the run as PostgreSQL holds it
 * now, or its removal when it is gone, versioned by the change id so that a repeated or late job
 * never puts back an older state. Nothing to do when search is PostgreSQL's own.
 */
@Injectable()
export class IndexRunSearchHandler implements JobHandler<'search.index-run'> {
  readonly jobName = 'search.index-run' as const;
  private readonly runs: RunSearchRepository;
  private readonly index: RunSearchIndex;

  constructor(
    @Inject(DATA_SOURCE) dataSource: DataSource,
    @Optional() @Inject(SEARCH_SETTINGS) settings: SearchSettings | null = null,
  ) {
    this.runs = new RunSearchRepository(dataSource);
    this.index = createRunSearchIndex(settings, this.runs);
  }

  async handle({ runId, changeId }: JobPayloads['search.index-run']): Promise<void> {
    if (this.index.engine !== 'elasticsearch') return;
    const version = Number(changeId);
    if (!Number.isSafeInteger(version) || version < 0)
      throw new Error(`invalid search change id ${changeId}`);
    const [document] = await this.runs.documentsByIds([runId]);
    await this.index.apply([{ runId, version, document: document ?? null }]);
  }
}
