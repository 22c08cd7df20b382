import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  createRunSearchIndex,
  type RunSearchIndex,
  SEARCH_SETTINGS,
  type SearchSettings,
} from '@amplio/adapters';
import { DATA_SOURCE, RunSearchRepository } from '@amplio/db';
import { EVENT_PUBLISHER, type EventPublisher, SUPER_ADMIN_ROOM } from '@amplio/events';
import { type JobContext, type JobHandler, type JobPayloads, JOBS } from '@amplio/jobs';

/**
 * Rebuilds the Elasticsearch index from PostgreSQL in batches of 500 into a new index, then swaps
 * the deployment's alias (docs/search.md). Progress goes to the job (0 to 100) and, as
 * `search.reindex.progress`, to the super admins' sockets: RUNNING after each batch, then DONE, or
 * FAILED when the last attempt fails. PostgreSQL search needs no index: on such a deployment the
 * job only records that there was nothing to do (the API refuses the call before that).
 */
@Injectable()
export class ReindexSearchHandler implements JobHandler<'search.reindex'> {
  readonly jobName = 'search.reindex' as const;
  private readonly logger = new Logger(ReindexSearchHandler.name);
  private readonly runs: RunSearchRepository;
  private readonly index: RunSearchIndex;

  constructor(
    @Inject(DATA_SOURCE) dataSource: DataSource,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
    @Optional() @Inject(SEARCH_SETTINGS) settings: SearchSettings | null = null,
  ) {
    this.runs = new RunSearchRepository(dataSource);
    this.index = createRunSearchIndex(settings, this.runs);
  }

  async handle({ laboratoryId }: JobPayloads['search.reindex'], context: JobContext): Promise<void> {
    if (this.index.engine !== 'elasticsearch') {
      this.logger.log('search reindex requested: PostgreSQL search needs no index');
      return;
    }
    const started = Date.now();
    let done = 0;
    let total = 0;
    try {
      await this.index.rebuild(this.runs, async (written, count) => {
        done = written;
        total = count;
        this.events.publish([SUPER_ADMIN_ROOM], 'search.reindex.progress', { state: 'RUNNING', done, total });
        await context.reportProgress(total === 0 ? 100 : Math.floor((done * 100) / total));
      });
    } catch (error) {
      if (context.attempt >= JOBS['search.reindex'].attempts)
        this.events.publish([SUPER_ADMIN_ROOM], 'search.reindex.progress', { state: 'FAILED', done, total });
      throw error;
    }
    this.events.publish([SUPER_ADMIN_ROOM], 'search.reindex.progress', { state: 'DONE', done, total });
    this.logger.log(
      `search reindex (${laboratoryId ?? 'all laboratories'}) of ${total} runs finished in ${Date.now() - started} ms`,
    );
  }
}
