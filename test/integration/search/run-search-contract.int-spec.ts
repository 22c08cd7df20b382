import { Client } from '@elastic/elasticsearch';
import type { DataSource } from 'typeorm';
import {
  ElasticsearchRunSearch,
  PostgresRunSearch,
  type RunSearchIndex,
  type RunSearchRequest,
} from '@amplio/adapters';
import { type LaboratoryScope, RunSearchRepository } from '@amplio/db';
import { RUN_SORT_FIELDS, SORT_DIRECTIONS } from '@amplio/domain';
import {
  createSearchTestDatabase,
  insertLaboratory,
  insertLot,
  insertRun,
  insertWell,
  type SearchTestDatabase,
} from './search-test-database';
import { type FakeElasticsearch, startFakeElasticsearch } from './fake-elasticsearch';

/**
 * The search contract (docs/search.md): the same cases against PostgreSQL always and against
 * Elasticsearch when ELASTICSEARCH_URL is set (the docker-compose stack provides one).
 */
interface Engine {
  name: string;
  create(repository: RunSearchRepository): Promise<RunSearchIndex>;
  close?(): Promise<void>;
}

const elasticsearchOn = async (url: string, repository: RunSearchRepository): Promise<RunSearchIndex> => {
  const index = new ElasticsearchRunSearch(new Client({ node: url }), `amplio-test-${Date.now()}`);
  await index.rebuild(repository, () => Promise.resolve());
  return index;
};

let fake: FakeElasticsearch | null = null;
const ENGINES: Engine[] = [
  { name: 'PostgreSQL', create: (repository) => Promise.resolve(new PostgresRunSearch(repository)) },
  {
    // Our client calls and query semantics against the loopback stand-in: NOT a real Elasticsearch.
    name: 'the Elasticsearch adapter on the loopback fake (not a real server)',
    create: async (repository) => {
      fake = await startFakeElasticsearch();
      return elasticsearchOn(fake.url, repository);
    },
    close: async () => fake?.close(),
  },
];
const elasticsearchUrl = process.env.ELASTICSEARCH_URL;
if (elasticsearchUrl) {
  ENGINES.push({
    name: 'Elasticsearch',
    create: (repository) => elasticsearchOn(elasticsearchUrl, repository),
  });
}

describe.each(ENGINES)('run search contract on $name', (engine) => {
  let database: SearchTestDatabase;
  let source: DataSource;
  let repository: RunSearchRepository;
  let index: RunSearchIndex;
  let labA: LaboratoryScope;
  let labB: LaboratoryScope;
  const all: LaboratoryScope = { laboratoryId: null, crossLaboratory: true };
  const ids: Record<string, string> = {};

  const search = async (
    scope: LaboratoryScope,
    text: string | null,
    extra: Partial<RunSearchRequest> = {},
  ) => {
    const page = await index.search({
      scope,
      text,
      sort: 'businessId',
      direction: 'asc',
      page: 0,
      size: 50,
      ...extra,
    });
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return { names: page.ids.map((id) => names[id]), total: page.total };
  };

  beforeAll(async () => {
    database = await createSearchTestDatabase('amplio_search_contract');
    source = database.source;
    repository = new RunSearchRepository(source);
    const a = await insertLaboratory(source, 'Lab A');
    const b = await insertLaboratory(source, 'Lab B');
    labA = { laboratoryId: a, crossLaboratory: false };
    labB = { laboratoryId: b, crossLaboratory: false };
    const lotA = await insertLot(source, a, 'Respiratory Panel', 'LOT-ALPHA');
    ids.a1 = await insertRun(source, {
      laboratoryId: a,
      businessId: 'R000001',
      fileName: 'Plaque_Été.xlsx',
      instrumentName: 'CFX96',
      plateId: 'PL-42',
      operator: 'Hélène Dupont',
      runDate: '2026-01-02T00:00:00Z',
      created: '2026-02-01T00:00:00Z',
    });
    await insertWell(source, ids.a1, 'A1', 'Patient Zoë', lotA);
    await insertWell(source, ids.a1, 'A2', 'NTC', lotA);
    ids.a2 = await insertRun(source, {
      laboratoryId: a,
      businessId: 'R000002',
      fileName: 'qs5 export.eds',
      instrumentName: 'QuantStudio 5',
      operator: 'John Smith',
      status: 'APPROVED',
      runDate: null,
      created: '2026-02-03T00:00:00Z',
    });
    ids.a3 = await insertRun(source, {
      laboratoryId: a,
      businessId: 'R000003',
      fileName: "100%_done o'brien.rdml",
      instrumentName: null,
      runDate: '2026-01-01T00:00:00Z',
      created: '2026-02-02T00:00:00Z',
    });
    const lotB = await insertLot(source, b, 'Other Kit', 'LOT-BETA');
    ids.b1 = await insertRun(source, {
      laboratoryId: b,
      businessId: 'R000001',
      fileName: 'Plaque_Été_B.xlsx',
      instrumentName: 'CFX96',
      operator: 'Hélène Dupont',
    });
    await insertWell(source, ids.b1, 'A1', 'Patient Zoë', lotB);
    index = await engine.create(repository);
  });

  afterAll(async () => {
    await engine.close?.();
    await database.drop();
  });

  it.each([
    ['business id, partial', 'r00000', ['a1', 'a2', 'a3']],
    ['file name, no accent, other case', 'PLAQUE_ete', ['a1']],
    ['instrument', 'quantstud', ['a2']],
    ['plate id', 'pl-4', ['a1']],
    ['operator without accent', 'helene', ['a1']],
    ['kit name', 'respirat', ['a1']],
    ['lot name', 'alpha', ['a1']],
    ['well name with accent folded', 'zoe', ['a1']],
    ['several words, each must match', 'cfx helene', ['a1']],
    ['no search', null, ['a1', 'a2', 'a3']],
    ['blank search', '   ', ['a1', 'a2', 'a3']],
  ])('finds by %s within the laboratory', async (_case, text, expected) => {
    const result = await search(labA, text);
    expect(result.names).toEqual(expected);
    expect(result.total).toBe(expected.length);
  });

  it('never shows another laboratory runs, and crosses laboratories only when asked', async () => {
    expect((await search(labB, 'plaque')).names).toEqual(['b1']);
    expect((await search(labB, 'alpha')).names).toEqual([]);
    expect((await search(all, 'plaque')).names.sort()).toEqual(['a1', 'b1']);
  });

  it.each([
    ['percent', '%', ['a3']],
    ['underscore', '_', ['a1', 'a3']],
    ['quote', "o'brien", ['a3']],
    ['double quote', '"', []],
    ['backslash', '\\', []],
    ['NUL', '\u0000', []],
    ['NUL inside a word', 'ab\u0000cd', []],
    ['10,000 characters', 'x'.repeat(10_000), []],
  ])('treats a %s literally, without an error', async (_case, text, expected) => {
    expect((await search(labA, text)).names).toEqual(expected);
  });

  it.each(RUN_SORT_FIELDS.flatMap((sort) => SORT_DIRECTIONS.map((direction) => [sort, direction] as const)))(
    'sorts by %s %s and pages without losing or repeating a run',
    async (sort, direction) => {
      const first = await search(labA, null, { sort, direction, page: 0, size: 2 });
      const second = await search(labA, null, { sort, direction, page: 1, size: 2 });
      expect(first.total).toBe(3);
      expect([...first.names, ...second.names].sort()).toEqual(['a1', 'a2', 'a3']);
    },
  );

  it('counts every match on a page past the last run, with and without words', async () => {
    expect(await search(labA, null, { page: 5, size: 2 })).toEqual({ names: [], total: 3 });
    expect(await search(labA, 'r00000', { page: 2, size: 2 })).toEqual({ names: [], total: 3 });
    expect(await search(labA, 'r00000', { page: 1, size: 2 })).toEqual({ names: ['a3'], total: 3 });
  });

  it.each([
    ['created', 'asc', ['a1', 'a3', 'a2']],
    ['created', 'desc', ['a2', 'a3', 'a1']],
    ['businessId', 'desc', ['a3', 'a2', 'a1']],
    ['runDate', 'asc', ['a3', 'a1', 'a2']],
    ['runDate', 'desc', ['a2', 'a1', 'a3']],
  ] as const)('orders by %s %s (no date counts as the latest)', async (sort, direction, expected) => {
    expect((await search(labA, null, { sort, direction })).names).toEqual(expected);
  });

  it('follows a lot rename and a new well once the run is indexed again', async () => {
    await source.query(`UPDATE lot SET name = 'LOT-GAMMA' WHERE name = 'LOT-ALPHA'`);
    await insertWell(source, ids.a2, 'B1', 'Échantillon 7');
    const documents = await repository.documentsByIds([ids.a1, ids.a2]);
    await index.apply(documents.map((document) => ({ runId: document.id, version: 2, document })));
    expect((await search(labA, 'gamma')).names).toEqual(['a1']);
    expect((await search(labA, 'alpha')).names).toEqual([]);
    expect((await search(labA, 'echantillon')).names).toEqual(['a2']);
  });
});
