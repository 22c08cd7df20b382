import { type Client, errors, type estypes } from '@elastic/elasticsearch';
import type { RunIdPage, RunSearchDocument } from '@amplio/db';
import type { RunSortField } from '@amplio/domain';
import {
  type ReindexProgress,
  type RunDocumentSource,
  type RunSearchChange,
  type RunSearchIndex,
  type RunSearchRequest,
  searchWords,
} from './run-search-index';

const BATCH_SIZE = 500;

/** The explicit mapping (docs/search.md): keywords for filters and sorts, trigram text for the box. */
export const RUN_INDEX_SETTINGS: estypes.IndicesIndexSettings = {
  index: { max_ngram_diff: 2 },
  analysis: {
    tokenizer: {
      run_grams: {
        type: 'ngram',
        min_gram: 1,
        max_gram: 3,
        token_chars: ['letter', 'digit', 'punctuation', 'symbol'],
      },
    },
    analyzer: {
      run_text: { type: 'custom', tokenizer: 'run_grams', filter: ['lowercase', 'asciifolding'] },
    },
  },
};

const keyword = { type: 'keyword' } as const;
const searchable = { type: 'keyword', copy_to: 'searchText' } as const;

export const RUN_INDEX_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    laboratoryId: keyword,
    businessId: searchable,
    fileName: searchable,
    instrumentName: searchable,
    plateId: searchable,
    serialNumber: searchable,
    createdByName: searchable,
    interpretationRunByName: searchable,
    submittedByName: searchable,
    status: searchable,
    created: { type: 'date' },
    runDate: { type: 'date' },
    kitNames: searchable,
    lotNames: searchable,
    wellNames: searchable,
    searchText: { type: 'text', analyzer: 'run_text' },
  },
};

const SORT_FIELDS: Record<RunSortField, keyof RunSearchDocument> = {
  businessId: 'businessId',
  fileName: 'fileName',
  instrumentName: 'instrumentName',
  created: 'created',
  status: 'status',
  runDate: 'runDate',
  interpretationRunByName: 'interpretationRunByName',
};

function sourceOf(document: RunSearchDocument): Omit<RunSearchDocument, 'id'> {
  const source: Partial<RunSearchDocument> = { ...document };
  delete source.id;
  return source as Omit<RunSearchDocument, 'id'>;
}

/**
 * Elasticsearch through the official client: one alias per deployment (`<prefix>-runs`) over a
 * dated index; a rebuild fills a new index in batches and swaps the alias, so searches keep
 * answering. Every query filters by laboratory unless the caller crosses laboratories.
 */
export class ElasticsearchRunSearch implements RunSearchIndex {
  readonly engine = 'elasticsearch' as const;
  readonly alias: string;
  /** Names the index a rebuild is filling, until the swap. */
  readonly buildingAlias: string;

  constructor(
    private readonly client: Client,
    deployment: string,
  ) {
    this.alias = `${deployment.toLowerCase().replace(/[^a-z0-9-]/g, '-')}-runs`;
    this.buildingAlias = `${this.alias}-building`;
  }

  async search(request: RunSearchRequest): Promise<RunIdPage> {
    const words = searchWords(request.text);
    if (words === null || !(await this.client.indices.existsAlias({ name: this.alias })))
      return { ids: [], total: 0 };
    const filter = request.scope.crossLaboratory
      ? []
      : [{ term: { laboratoryId: request.scope.laboratoryId ?? '' } }];
    const must = words.map((word) => ({ match: { searchText: { query: word, operator: 'and' as const } } }));
    const order = request.direction;
    const response = await this.client.search({
      index: this.alias,
      query: { bool: { filter, must } },
      sort: [
        { [SORT_FIELDS[request.sort]]: { order, missing: order === 'asc' ? '_last' : '_first' } },
        { businessId: { order } },
      ],
      from: request.page * request.size,
      size: request.size,
      track_total_hits: true,
      _source: false,
    });
    const total = response.hits.total;
    return {
      ids: response.hits.hits.map((hit) => hit._id).filter((id): id is string => id !== undefined),
      total: typeof total === 'number' ? total : (total?.value ?? 0),
    };
  }

  /**
   * Writes each run into the live index and, during a rebuild, into the index being built too,
   * with its change id as an external version (`external_gte`): an older change never replaces a
   * newer one (a version conflict means a newer one is there already).
   */
  async apply(changes: RunSearchChange[]): Promise<void> {
    if (changes.length === 0) return;
    await this.ensureIndex();
    const targets = [this.alias, ...(await this.indicesOf(this.buildingAlias))];
    for (const index of targets) {
      await this.bulk(
        index,
        changes.flatMap((change): object[] => {
          const target = {
            _index: index,
            _id: change.runId,
            version: change.version,
            version_type: 'external_gte' as const,
          };
          return change.document ? [{ index: target }, sourceOf(change.document)] : [{ delete: target }];
        }),
        (status) => status === 409 || status === 404,
      );
    }
  }

  /**
   * Fills a new dated index in batches (behind the `-building` alias, so changes made meanwhile
   * reach it too; `create` never replaces what such a change wrote), then swaps the alias in one
   * call and deletes the old index. Searches answer from the old index until the swap.
   */
  async rebuild(source: RunDocumentSource, onProgress: ReindexProgress): Promise<void> {
    const abandoned = await this.indicesOf(this.buildingAlias);
    if (abandoned.length > 0) await this.client.indices.delete({ index: abandoned });
    const index = `${this.alias}-${Date.now()}`;
    await this.createIndex(index);
    await this.client.indices.updateAliases({ actions: [{ add: { index, alias: this.buildingAlias } }] });
    const total = await source.countRuns();
    let done = 0;
    let afterId: string | null = null;
    await onProgress(0, total);
    for (;;) {
      const batch = await source.documentsAfter(afterId, BATCH_SIZE);
      if (batch.length === 0) break;
      await this.bulk(
        index,
        batch.flatMap((document) => [{ create: { _index: index, _id: document.id } }, sourceOf(document)]),
        (status) => status === 409,
      );
      done += batch.length;
      afterId = batch[batch.length - 1].id;
      await onProgress(Math.min(done, total), total);
    }
    await this.client.indices.refresh({ index });
    const previous = await this.indicesOf(this.alias);
    await this.client.indices.updateAliases({
      actions: [
        ...previous.map((old) => ({ remove: { index: old, alias: this.alias } })),
        { remove: { index, alias: this.buildingAlias } },
        { add: { index, alias: this.alias, is_write_index: true } },
      ],
    });
    if (previous.length > 0) await this.client.indices.delete({ index: previous });
  }

  /** The indices behind an alias (none when it does not exist). */
  private async indicesOf(alias: string): Promise<string[]> {
    if (!(await this.client.indices.existsAlias({ name: alias }))) return [];
    return Object.keys(await this.client.indices.getAlias({ name: alias }));
  }

  /**
   * The first write of a deployment creates the index. Its name is fixed, so that jobs racing
   * here create one index (the loser's "already exists" is fine) and the alias points at one index.
   */
  private async ensureIndex(): Promise<void> {
    if (await this.client.indices.existsAlias({ name: this.alias })) return;
    const index = `${this.alias}-initial`;
    try {
      await this.createIndex(index);
    } catch (error) {
      const exists =
        error instanceof errors.ResponseError &&
        (error.body as { error?: { type?: string } } | undefined)?.error?.type ===
          'resource_already_exists_exception';
      if (!exists) throw error;
    }
    await this.client.indices.updateAliases({
      actions: [{ add: { index, alias: this.alias, is_write_index: true } }],
    });
  }

  private async createIndex(index: string): Promise<void> {
    await this.client.indices.create({ index, settings: RUN_INDEX_SETTINGS, mappings: RUN_INDEX_MAPPINGS });
  }

  /** A bulk write; an item that failed with a status `tolerated` accepts is not an error. */
  private async bulk(
    index: string,
    operations: object[],
    tolerated: (status: number) => boolean = () => false,
  ): Promise<void> {
    const response = await this.client.bulk({ index, operations, refresh: 'wait_for' });
    if (!response.errors) return;
    const failed = response.items.find((item) =>
      Object.values(item).some((result) => result?.error && !tolerated(result.status)),
    );
    if (failed) throw new Error(`Elasticsearch bulk write failed: ${JSON.stringify(failed)}`);
  }
}
