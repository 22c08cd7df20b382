import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { createRunSearchIndex, SEARCH_SETTINGS, type SearchSettings } from '@amplio/adapters';
import { DATA_SOURCE, RunSearchRepository } from '@amplio/db';
import type { JobContext, JobHandler, JobPayloads } from '@amplio/jobs';

/**
 * Rebuilds the Elasticsearch index from PostgreSQL in batches of 500 into a new index, then swaps
 * the deployment's alias (docs/search.md). Progress (0 to 100) goes to the job. PostgreSQL search
 * needs no index: on such a deployment the job only records that there was nothing to do.
 */
@Injectable()
export class ReindexSearchHandler implements JobHandler<'search.reindex'> {
  readonly jobName = 'search.reindex' as const;
  private readonly logger = new Logger(ReindexSearchHandler.name);
  private readonly runs: RunSearchRepository;

  constructor(
    @Inject(DATA_SOURCE) dataSource: DataSource,
    @Optional() @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings | null = null,
  ) {
    this.runs = new RunSearchRepository(dataSource);
  }

  async handle({ laboratoryId }: JobPayloads['search.reindex'], context: JobContext): Promise<void> {
    const index = createRunSearchIndex(this.settings, this.runs);
    if (index.engine !== 'elasticsearch') {
      this.logger.log('search reindex requested: PostgreSQL search needs no index');
      return;
    }
    const started = Date.now();
    await index.rebuild(this.runs, async (done, total) => {
      await context.reportProgress(total === 0 ? 100 : Math.floor((done * 100) / total));
    });
    this.logger.log(
      `search reindex (${laboratoryId ?? 'all laboratories'}) finished in ${Date.now() - started} ms`,
    );
  }
}
