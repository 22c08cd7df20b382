import { Global, Module, type Provider } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  createRunSearchIndex,
  RUN_SEARCH_INDEX,
  SEARCH_SETTINGS,
  type SearchSettings,
} from '@amplio/adapters';
import { DATA_SOURCE, RunSearchRepository } from '@amplio/db';
import { SearchController } from './search.controller';
import { SearchOutboxRelay } from './search-outbox-relay.service';
import { SearchService } from './search.service';

const providers: Provider[] = [
  {
    provide: RunSearchRepository,
    inject: [DATA_SOURCE],
    useFactory: (source: DataSource) => new RunSearchRepository(source),
  },
  {
    provide: RUN_SEARCH_INDEX,
    inject: [RunSearchRepository, { token: SEARCH_SETTINGS, optional: true }],
    useFactory: (store: RunSearchRepository, settings?: SearchSettings) =>
      createRunSearchIndex(settings ?? null, store),
  },
  SearchService,
  SearchOutboxRelay,
];

/** Search: the run list's search and sort (PostgreSQL or Elasticsearch), the outbox relay and the index rebuild. Global: the runs service pages through it. */
@Global()
@Module({ controllers: [SearchController], providers, exports: [SearchService] })
export class SearchModule {}
