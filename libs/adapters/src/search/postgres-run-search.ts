import type { RunIdPage, RunSearchPageQuery } from '@amplio/db';
import type { LaboratoryScope } from '@amplio/db';
import { type RunSearchIndex, type RunSearchRequest, searchWords } from './run-search-index';

/** What the PostgreSQL adapter needs from the database (RunSearchRepository). */
export interface RunSearchStore {
  pageRunIds(scope: LaboratoryScope, query: RunSearchPageQuery): Promise<RunIdPage>;
}

/**
 * The default search: the run table itself, through `run.search_text` (kept by triggers, trigram
 * index). Nothing to index or rebuild.
 */
export class PostgresRunSearch implements RunSearchIndex {
  readonly engine = 'postgresql' as const;

  constructor(private readonly store: RunSearchStore) {}

  search(request: RunSearchRequest): Promise<RunIdPage> {
    const words = searchWords(request.text);
    if (words === null) return Promise.resolve({ ids: [], total: 0 });
    return this.store.pageRunIds(request.scope, {
      words,
      sort: request.sort,
      direction: request.direction,
      page: request.page,
      size: request.size,
      knownTotal: request.knownTotal,
    });
  }

  apply(): Promise<void> {
    return Promise.resolve();
  }

  rebuild(): Promise<void> {
    return Promise.resolve();
  }
}
