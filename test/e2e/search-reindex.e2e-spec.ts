import type { Browser } from 'playwright-core';
import { type FakeElasticsearch, startFakeElasticsearch } from '../integration/search/fake-elasticsearch';
import { launchBrowser, newSignedInPage, startEmbeddedApp, testId, type EmbeddedApp } from './harness';

/**
 * Reindex data with ELASTICSEARCH_URL set, through the whole app (embedded mode, Chromium): the
 * super admin confirms, the job rebuilds the index and swaps the alias, the live progress ends in
 * the done notification, and the run list's search then asks the index. Elasticsearch is the
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
    await page.locator(testId('confirm-ok')).click();
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
