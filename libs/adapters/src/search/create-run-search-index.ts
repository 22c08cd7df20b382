import { Client } from '@elastic/elasticsearch';
import { ElasticsearchRunSearch } from './elasticsearch-run-search';
import { PostgresRunSearch, type RunSearchStore } from './postgres-run-search';
import type { RunSearchIndex } from './run-search-index';

/** From the validated AppConfig: Elasticsearch when its URL is set, else PostgreSQL. */
export interface SearchSettings {
  elasticsearchUrl: string | null;
  /** Names the index alias, one per deployment. */
  deployment: string;
}

export const SEARCH_SETTINGS = Symbol('SEARCH_SETTINGS');

/** The search settings of a deployment, from its validated configuration. */
export function searchSettingsOf(config: {
  elasticsearchUrl: string | null;
  elasticsearchIndexPrefix: string;
}): SearchSettings {
  return { elasticsearchUrl: config.elasticsearchUrl, deployment: config.elasticsearchIndexPrefix };
}

export function createRunSearchIndex(settings: SearchSettings | null, store: RunSearchStore): RunSearchIndex {
  if (!settings?.elasticsearchUrl) return new PostgresRunSearch(store);
  return new ElasticsearchRunSearch(new Client({ node: settings.elasticsearchUrl }), settings.deployment);
}
