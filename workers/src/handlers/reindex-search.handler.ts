import { Injectable, Logger } from '@nestjs/common';
import type { JobHandler, JobPayloads } from '@amplio/jobs';

/**
 * Search reindexing. The default search is PostgreSQL itself (no index to rebuild), so this
 * handler only records the request; the Elasticsearch indexer arrives with the search issue.
 */
@Injectable()
export class ReindexSearchHandler implements JobHandler<'search.reindex'> {
  readonly jobName = 'search.reindex' as const;
  private readonly logger = new Logger(ReindexSearchHandler.name);

  handle({ laboratoryId }: JobPayloads['search.reindex']): Promise<void> {
    this.logger.log(
      `search reindex requested for ${laboratoryId ?? 'all laboratories'}: PostgreSQL search needs no index`,
    );
    return Promise.resolve();
  }
}
