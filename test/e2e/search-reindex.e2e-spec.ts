import { Client } from 'pg';
import type { Browser } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { type FakeElasticsearch, startFakeElasticsearch } from '../integration/search/fake-elasticsearch';
import { insertLaboratory, insertRun } from '../integration/search/search-test-database';
import {
  launchBrowser,
  newSignedInPage,
  startEmbeddedApp,
  startScaledApp,
  testId,
  type EmbeddedApp,
  confirm,
} from './harness';

/**
 * Search with ELASTICSEARCH_URL set, through the whole app. Embedded mode, Chromium: the
 * super admin confirms, the job rebuilds the index and swaps the alias, the live progress ends in
 * the done notification, and the run list's search then asks the index. Scaled mode: a run
 * change in PostgreSQL reaches the index through the API's outbox relay, BullMQ and a worker.
 * Elasticsearch is the
 * loopback fake of test/integration/search (it cannot be installed here): this checks our wiring,
 * NOT a real Elasticsearch server.
 */
const TEST_TIMEOUT = 180_000;
const PREFIX = 'e2e-search';

let fake: FakeElasticsearch | undefined;
let app: EmbeddedApp | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  fake = await startFakeElasticsearch();
  app = await startEmbeddedApp({ env: { ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_INDEX_PREFIX: PREFIX } });
  browser = await launchBrowser();
}, TEST_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
}, 60_000);

it(
  'a super admin reindexes: the alias moves to a new index, the progress ends in the done notification, search asks the index',
  async () => {
    const page = await newSignedInPage(browser!, app!.url, 'superadmin');
    await page.locator(testId('run-table')).waitFor({ state: 'visible' });
    const alias = `${PREFIX}-runs`;
    const before = [...(fake!.aliases.get(alias) ?? [])];

    await page.locator(testId('nav-reindex')).click();
    await confirm(page);
    await page.locator('.ant-notification-notice', { hasText: 'All runs are being reindexed.' }).waitFor();
    await page.locator('.ant-notification-notice', { hasText: /^.*All \d+ runs are reindexed\./ }).waitFor();

    const after = [...(fake!.aliases.get(alias) ?? [])];
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect(fake!.aliases.get(`${alias}-building`)?.size ?? 0).toBe(0);
    expect(fake!.requests).toContain('POST /_aliases');

    const searches = (): number => fake!.requests.filter((request) => request.endsWith('/_search')).length;
    const asked = searches();
    const answer = page.waitForResponse(
      (response) => response.url().includes('/api/run?') && response.url().includes('search=zz'),
    );
    await page.locator(`${testId('run-search')} input`).fill('zz');
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBe(200);
    expect(searches()).toBeGreaterThan(asked);
  },
  TEST_TIMEOUT,
);

it(
  'scaled mode: a run created, edited and deleted in PostgreSQL reaches the index through BullMQ and a worker',
  async () => {
    const prefix = 'e2e-scaled';
    const scaled = await startScaledApp({
      apis: 1,
      workers: 1,
      env: { ELASTICSEARCH_URL: fake!.url, ELASTICSEARCH_INDEX_PREFIX: prefix },
    });
    const client = new Client({ connectionString: scaled.databaseUrl });
    await client.connect();
    try {
      const source = {
        query: (sql: string, params?: unknown[]) => client.query(sql, params),
      } as unknown as DataSource;
      const documentOf = (runId: string): Record<string, unknown> | undefined => {
        for (const index of fake!.aliases.get(`${prefix}-runs`) ?? [])
          return fake!.indices.get(index)?.documents.get(runId)?.source;
        return undefined;
      };
      const until = async (what: string, done: () => boolean): Promise<void> => {
        const deadline = Date.now() + 30_000;
        while (!done()) {
          if (Date.now() > deadline)
            throw new Error(`timed out waiting for ${what}\n${scaled.workers[0]?.output() ?? ''}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      const laboratoryId = await insertLaboratory(source, 'Scaled Search Lab');
      const runId = await insertRun(source, { laboratoryId, businessId: 'S000001', instrumentName: 'CFX96' });
      await until('the new run in the index', () => documentOf(runId)?.instrumentName === 'CFX96');
      await client.query(`UPDATE run SET instrument_name = 'QuantStudio 7' WHERE id = $1`, [runId]);
      await until('the edit in the index', () => documentOf(runId)?.instrumentName === 'QuantStudio 7');
      await client.query('DELETE FROM run WHERE id = $1', [runId]);
      await until('the removal from the index', () => documentOf(runId) === undefined);
      expect(scaled.workers[0]?.output()).toContain('search.index-run');
      expect((await client.query('SELECT count(*)::int AS n FROM search_outbox')).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
      await scaled.stop();
    }
  },
  TEST_TIMEOUT,
);
