import type { Browser, Page, Route } from 'playwright-core';
import {
  apiGet,
  launchBrowser,
  newSignedInPage,
  startEmbeddedApp,
  testId,
  type EmbeddedApp,
} from './harness';

/** The demo respiratory kit (server/src/seed). */
const RESPIRATORY_KIT = '00000000-0000-4000-8000-000000000020';

/**
 * SPEC 7 / 8: a list or dropdown that fails to load is shown empty with a notification naming what
 * could not be loaded. The API's answers are replaced by a 500 in the browser (the server is fine):
 * the kits of the kit picker, the statuses, variables and operators of the kit analyser screen.
 */

const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 120_000;

let app: EmbeddedApp | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [app, browser] = await Promise.all([startEmbeddedApp(), launchBrowser()]);
}, START_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, 60_000);

const failing = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"errorInternal"}' });

async function notice(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice', { hasText: text }).first().waitFor({ state: 'visible' });
}

describe('lists that fail to load (embedded)', () => {
  it(
    'the kit picker says the kits could not be loaded and offers none',
    async () => {
      if (!app || !browser) throw new Error('not started');
      const page = await newSignedInPage(browser, app.url, 'labadmin');
      try {
        await page.route(/\/api\/kit(\/link\/lots)?(\?.*)?$/, failing);
        await page.goto(`${app.url}/admin/configuration/lot`, { waitUntil: 'domcontentloaded' });
        await notice(page, 'The kits could not be loaded');
        await page.locator(testId('kit-picker')).click();
        await expect(page.locator('.ant-select-item-option').count()).resolves.toBe(0);
      } finally {
        await page.context().close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'the kit analyser screen names the statuses, variables and operators it could not load',
    async () => {
      if (!app || !browser) throw new Error('not started');
      const page = await newSignedInPage(browser, app.url, 'manufacturer');
      try {
        const versions = await apiGet<{
          content: Array<{ analysers: Array<{ kitAnalyserId: string | null }> }>;
        }>(page, `/api/kit-version/official?kitId=${RESPIRATORY_KIT}&page=0&size=1&sort=createdDate,desc`);
        const kitAnalyserId = versions.content[0]?.analysers.find((a) => a.kitAnalyserId)?.kitAnalyserId;
        if (!kitAnalyserId) throw new Error('no configured analyser on the demo kit');
        await page.route(
          /\/api\/kit\/(statuses|diagnostic\/expression-(variables|operators))(\?.*)?$/,
          failing,
        );
        await page.goto(`${app.url}/admin/configuration/kit/analyser/${kitAnalyserId}`, {
          waitUntil: 'domcontentloaded',
        });
        for (const text of [
          'The kit statuses could not be loaded',
          'The variables could not be loaded',
          'The operators could not be loaded',
        ])
          await notice(page, text);
      } finally {
        await page.context().close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'the kit analyser screen opened with no configuration named says so and goes to the kits',
    async () => {
      if (!app || !browser) throw new Error('not started');
      const page = await newSignedInPage(browser, app.url, 'manufacturer');
      try {
        await page.goto(`${app.url}/admin/configuration/kit/analyser`, { waitUntil: 'domcontentloaded' });
        await notice(page, 'Parameters missing');
        await page.waitForURL((url) => url.pathname === '/admin/configuration/kit');
      } finally {
        await page.context().close();
      }
    },
    TEST_TIMEOUT,
  );
});
