import { Client } from '@elastic/elasticsearch';
import {
  ElasticsearchRunSearch,
  PostgresRunSearch,
  type RunSearchIndex,
  type SearchSettings,
} from '@amplio/adapters';
import { RunSearchRepository } from '@amplio/db';
import type { ServerToClientEvents } from '@amplio/domain';
import { EventPublisher, SUPER_ADMIN_ROOM } from '@amplio/events';
import { InlineJobQueue, JOB_NAMES, type JobName, JobRegistry } from '@amplio/jobs';
import { SearchOutboxRelay } from '../../../server/src/search/search-outbox-relay.service';
import { IndexRunSearchHandler } from '../../../workers/src/handlers/index-run-search.handler';
import { ReindexSearchHandler } from '../../../workers/src/handlers/reindex-search.handler';
import { type FakeElasticsearch, startFakeElasticsearch } from './fake-elasticsearch';
import {
  createSearchTestDatabase,
  insertLaboratory,
  insertRun,
  insertWell,
  type SearchTestDatabase,
} from './search-test-database';

/**
 * Incremental search updates (docs/search.md): database triggers record every run change in the
 * search outbox, the API's relay turns them into `search.index-run` jobs, the handler writes the
 * run into Elasticsearch (here the loopback fake: not a real server) with the change as version.
 */
describe('search.index-run: outbox, relay and handler', () => {
  let database: SearchTestDatabase;
  let repository: RunSearchRepository;
  let fake: FakeElasticsearch;
  let settings: SearchSettings;
  let laboratoryId: string;
  const emitted: Array<{ rooms: string[]; event: string; payload: unknown }> = [];
  const publisher = new EventPublisher(() => ({
    to: (rooms) => ({
      emit: (event: string, payload: unknown) =>
        emitted.push({ rooms: ([] as string[]).concat(rooms), event, payload }),
    }),
  }));

  /** The jobs an API process would run: the relay enqueues, the inline adapter runs them here. */
  const pipeline = (search: SearchSettings | null) => {
    const source = database.source;
    const handlers = [
      new IndexRunSearchHandler(source, search),
      new ReindexSearchHandler(source, publisher, search),
    ];
    const others = JOB_NAMES.filter((name) => !handlers.some((handler) => handler.jobName === name));
    const registry = new JobRegistry(
      [
        ...handlers,
        ...others.map((jobName) => ({
          jobName,
          handle: () => Promise.reject(new Error(`unexpected ${jobName}`)),
        })),
      ],
      JOB_NAMES,
    );
    const failures: JobName[] = [];
    const queue = new InlineJobQueue(registry, (name) => failures.push(name));
    const index: RunSearchIndex = search
      ? new ElasticsearchRunSearch(new Client({ node: fake.url }), search.deployment)
      : new PostgresRunSearch(repository);
    const relay = new SearchOutboxRelay(queue, index, repository);
    return { queue, relay, index, handlers, failures };
  };

  const outbox = async (): Promise<string[]> =>
    (
      await database.source.query<Array<{ run_id: string }>>('SELECT run_id FROM search_outbox ORDER BY id')
    ).map((row) => row.run_id);

  const found = async (index: RunSearchIndex, text: string): Promise<string[]> =>
    (
      await index.search({
        scope: { laboratoryId, crossLaboratory: false },
        text,
        sort: 'businessId',
        direction: 'asc',
        page: 0,
        size: 20,
      })
    ).ids;

  beforeAll(async () => {
    database = await createSearchTestDatabase('amplio_search_index_run');
    repository = new RunSearchRepository(database.source);
    fake = await startFakeElasticsearch();
    settings = { elasticsearchUrl: fake.url, deployment: `incremental-${Date.now()}` };
    laboratoryId = await insertLaboratory(database.source, 'Lab Incremental');
  });

  afterAll(async () => {
    await fake.close();
    await database.drop();
  });

  beforeEach(async () => {
    await database.source.query('DELETE FROM search_outbox');
  });

  it('records a run creation, a well change, a status change and a deletion in the outbox, in the same transaction', async () => {
    const runId = await insertRun(database.source, { laboratoryId, businessId: 'R100001' });
    expect(await outbox()).toEqual([runId]);
    await insertWell(database.source, runId, 'A1', 'Patient');
    await database.source.query(`UPDATE run SET status = 'WAIT_FOR_APPROVAL' WHERE id = $1`, [runId]);
    const committed = (await outbox()).length;
    expect(committed).toBeGreaterThanOrEqual(3);
    await database.source
      .transaction(async (manager) => {
        await manager.query(`UPDATE run SET status = 'APPROVED' WHERE id = $1`, [runId]);
        expect((await manager.query<unknown[]>('SELECT 1 FROM search_outbox')).length).toBe(committed + 1);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await outbox()).length).toBe(committed);
    await database.source.query('DELETE FROM run WHERE id = $1', [runId]);
    const rows = await outbox();
    expect(rows.length).toBe(committed + 1);
    expect(new Set(rows)).toEqual(new Set([runId]));
  });

  it('records a run whose comments or well overrides change', async () => {
    const runId = await insertRun(database.source, { laboratoryId, businessId: 'R100002' });
    await insertWell(database.source, runId, 'A1', null);
    const [{ id: wellId }] = await database.source.query<Array<{ id: string }>>(
      'SELECT id FROM well WHERE run_id = $1',
      [runId],
    );
    await database.source.query('DELETE FROM search_outbox');
    await database.source.query(
      `INSERT INTO run_comment (id, run_id, author_id, technician_name, value)
       VALUES (gen_random_uuid(), $1, gen_random_uuid(), 'Tech', 'a comment')`,
      [runId],
    );
    expect(await outbox()).toEqual([runId]);
    await database.source.query(
      `INSERT INTO well_diagnostic (well_id, run_id, diagnostic_id, label, color, validity_type, technician_id, technician_name)
       VALUES ($1, $2, 'd1', 'Healthy', '#00ff00', 'VALID', gen_random_uuid(), 'Doc')`,
      [wellId, runId],
    );
    await database.source.query('DELETE FROM well_diagnostic WHERE well_id = $1', [wellId]);
    expect(await outbox()).toEqual([runId, runId, runId]);
  });

  it('indexes a new run, follows its edits and removes it once deleted, one job per change', async () => {
    const { queue, relay, index, failures } = pipeline(settings);
    const runId = await insertRun(database.source, {
      laboratoryId,
      businessId: 'R200001',
      instrumentName: 'CFX96',
      operator: 'Hélène',
    });
    expect(await relay.relay()).toBe(1);
    expect(await outbox()).toEqual([]);
    await queue.close();
    expect(await found(index, 'helene')).toEqual([runId]);

    const second = pipeline(settings);
    await insertWell(database.source, runId, 'B2', 'Échantillon 12');
    await database.source.query(`UPDATE run SET instrument_name = 'QuantStudio' WHERE id = $1`, [runId]);
    await second.relay.relay();
    await second.queue.close();
    expect(await found(index, 'echantillon quantstud')).toEqual([runId]);
    expect(await found(index, 'cfx96')).toEqual([]);

    const third = pipeline(settings);
    await database.source.query('DELETE FROM run WHERE id = $1', [runId]);
    await third.relay.relay();
    await third.queue.close();
    expect(await found(index, 'helene')).toEqual([]);
    expect([...failures, ...second.failures, ...third.failures]).toEqual([]);
  });

  it('is idempotent and never lets an older change overwrite a newer one', async () => {
    const { index, handlers } = pipeline(settings);
    const handler = handlers[0] as IndexRunSearchHandler;
    const runId = await insertRun(database.source, {
      laboratoryId,
      businessId: 'R300001',
      plateId: 'OLD-PLATE',
    });
    await handler.handle({ runId, changeId: '10' });
    await database.source.query(`UPDATE run SET plate_id = 'NEW-PLATE' WHERE id = $1`, [runId]);
    await handler.handle({ runId, changeId: '20' });
    await handler.handle({ runId, changeId: '20' });
    expect(await found(index, 'new-plate')).toEqual([runId]);
    // A late job of an older change reads the run as it is now; its lower version is refused anyway.
    await database.source.query(`UPDATE run SET plate_id = 'OLD-PLATE' WHERE id = $1`, [runId]);
    await handler.handle({ runId, changeId: '15' });
    expect(await found(index, 'new-plate')).toEqual([runId]);
    await database.source.query('DELETE FROM run WHERE id = $1', [runId]);
    await handler.handle({ runId, changeId: '30' });
    await handler.handle({ runId, changeId: '30' });
    expect(await found(index, 'plate')).toEqual([]);
  });

  it('creates one index when the first jobs of a deployment race', async () => {
    const deployment = `race-${Date.now()}`;
    const first = new ElasticsearchRunSearch(new Client({ node: fake.url }), deployment);
    const second = new ElasticsearchRunSearch(new Client({ node: fake.url }), deployment);
    const [a, b] = await repository.documentsByIds([
      await insertRun(database.source, { laboratoryId, businessId: 'R700001' }),
      await insertRun(database.source, { laboratoryId, businessId: 'R700002' }),
    ]);
    await Promise.all([
      first.apply([{ runId: a.id, version: 1, document: a }]),
      second.apply([{ runId: b.id, version: 1, document: b }]),
    ]);
    expect([...(fake.aliases.get(first.alias) ?? [])]).toEqual([`${first.alias}-initial`]);
    expect(fake.indices.get(`${first.alias}-initial`)?.documents.size).toBe(2);
  });

  it('reaches the index being rebuilt: a change made during a reindex is in the new index after the swap', async () => {
    const { index, handlers } = pipeline(settings);
    const handler = handlers[0] as IndexRunSearchHandler;
    const elasticsearch = index as ElasticsearchRunSearch;
    const runId = await insertRun(database.source, {
      laboratoryId,
      businessId: 'R400001',
      plateId: 'BEFORE',
    });
    let changed = false;
    await elasticsearch.rebuild(
      {
        countRuns: () => repository.countRuns(),
        documentsAfter: async (afterId, limit) => {
          const batch = await repository.documentsAfter(afterId, limit);
          if (!changed && batch.some((document) => document.id === runId)) {
            changed = true;
            // The batch holds BEFORE; the change lands while the batch is on its way.
            await database.source.query(`UPDATE run SET plate_id = 'DURING' WHERE id = $1`, [runId]);
            await handler.handle({ runId, changeId: '1000' });
          }
          return batch;
        },
      },
      () => Promise.resolve(),
    );
    expect(changed).toBe(true);
    expect(await found(index, 'during')).toEqual([runId]);
    expect(await found(index, 'before')).toEqual([]);
    expect(fake.aliases.get(elasticsearch.buildingAlias)?.size ?? 0).toBe(0);
    expect(fake.aliases.get(elasticsearch.alias)?.size).toBe(1);
  });

  it('reports reindex progress to the super admins live: running per batch, then done', async () => {
    const { handlers } = pipeline(settings);
    const reindex = handlers[1] as ReindexSearchHandler;
    emitted.length = 0;
    const progress: number[] = [];
    await reindex.handle(
      { laboratoryId: null },
      { attempt: 1, reportProgress: (value) => Promise.resolve(void progress.push(value)) },
    );
    const total = await repository.countRuns();
    const events = emitted.map(({ rooms, event, payload }) => {
      expect(rooms).toEqual([SUPER_ADMIN_ROOM]);
      expect(event).toBe<keyof ServerToClientEvents>('search.reindex.progress');
      return payload;
    });
    expect(events[0]).toEqual({ state: 'RUNNING', done: 0, total });
    expect(events.at(-1)).toEqual({ state: 'DONE', done: total, total });
    expect(progress.at(-1)).toBe(100);
  });

  it('reports a failed reindex on its last attempt', async () => {
    const broken = new ReindexSearchHandler(database.source, publisher, {
      elasticsearchUrl: fake.url,
      deployment: `broken-${Date.now()}`,
    });
    fake.failing = /_bulk$/;
    emitted.length = 0;
    const context = { attempt: 1, reportProgress: () => Promise.resolve() };
    await expect(broken.handle({ laboratoryId: null }, context)).rejects.toThrow();
    expect(emitted.map((event) => (event.payload as { state: string }).state)).toEqual(['RUNNING']);
    emitted.length = 0;
    await expect(broken.handle({ laboratoryId: null }, { ...context, attempt: 2 })).rejects.toThrow();
    fake.failing = null;
    const total = await repository.countRuns();
    expect(emitted.map((event) => event.payload)).toEqual([
      { state: 'RUNNING', done: 0, total },
      { state: 'FAILED', done: 0, total },
    ]);
  });

  it('on a PostgreSQL-only deployment drops the recorded changes and never calls Elasticsearch', async () => {
    const { queue, relay, handlers } = pipeline(null);
    const before = fake.requests.length;
    const runId = await insertRun(database.source, { laboratoryId, businessId: 'R500001' });
    expect(await outbox()).toEqual([runId]);
    expect(await relay.relay()).toBe(1);
    expect(await outbox()).toEqual([]);
    await (handlers[0] as IndexRunSearchHandler).handle({ runId, changeId: '1' });
    await queue.close();
    expect(fake.requests.length).toBe(before);
  });

  it('turns the outbox off on a PostgreSQL-only deployment and on again with Elasticsearch', async () => {
    await insertRun(database.source, { laboratoryId, businessId: 'R550001' });
    const postgres = pipeline(null);
    await postgres.relay.onApplicationBootstrap();
    expect(await outbox()).toEqual([]);
    await insertRun(database.source, { laboratoryId, businessId: 'R550002' });
    expect(await outbox()).toEqual([]);
    const elastic = pipeline(settings);
    await elastic.relay.onApplicationBootstrap();
    elastic.relay.onApplicationShutdown();
    const runId = await insertRun(database.source, { laboratoryId, businessId: 'R550003' });
    expect(await outbox()).toEqual([runId]);
    await Promise.all([postgres.queue.close(), elastic.queue.close()]);
  });

  it('keeps the rows when enqueueing fails, for the next round', async () => {
    const { index } = pipeline(settings);
    const failing = {
      enqueue: () => Promise.reject(new Error('redis away')),
    } as unknown as InlineJobQueue;
    const relay = new SearchOutboxRelay(failing, index, repository);
    const runId = await insertRun(database.source, { laboratoryId, businessId: 'R600001' });
    await expect(relay.relay()).rejects.toThrow('redis away');
    expect(await outbox()).toEqual([runId]);
  });
});
