import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  confirm,
  testId,
  launchBrowser,
  newSignedInPage,
  repoRoot,
  startEmbeddedApp,
  startScaledApp,
  type EmbeddedApp,
  type ScaledApp,
  chooseAnalyser,
  GENOTYPING_FIXTURE,
  chooseKitAndLot,
  uploadGenotypingRun,
  withFailureReport,
  approveOpenRun,
  type AppProcess,
} from './harness';

/**
 * The walking skeleton, in the browser: a technician imports a QuantStudio Design & Analysis run,
 * configures its wells, starts interpretation, sees plate and table and submits; a physician
 * watching the run list sees the status change live, opens the run and approves it.
 */

const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 300_000;
/** Imports and interpretation run in a worker (scaled) or inline: be generous. */
const SLOW = 90_000;

/** Technician: run import step 1, run creation (metadata, wells), start interpretation. Returns the run id. */
async function importAndStartInterpretation(page: Page, appUrl: string): Promise<string> {
  await page.locator(testId('run-import-button')).click();
  await page.waitForURL(`${appUrl}/run/import`);
  await chooseAnalyser(page);
  // Step 2 of the import: run creation, once the import job has parsed the file.
  const runId = await uploadGenotypingRun(page, SLOW);
  const instrument = page.locator(testId('run-instrument-name'));
  await instrument.waitFor({ state: 'visible', timeout: SLOW });
  if ((await instrument.inputValue()).trim() === '') await instrument.fill('QS7Pro e2e');
  await chooseKitAndLot(page);
  await page.locator(testId('run-creation-next')).click();

  // Wells: every well of the run is selected on entering step 2; make them all samples.
  await page.locator(testId('well-panel')).waitFor({ state: 'visible' });
  await expect(
    page.locator(`${testId('plate-grid')} [data-selected="true"]`).count(),
  ).resolves.toBeGreaterThan(0);
  await page.locator(testId('apply-sample-type')).click();
  await page.locator(testId('start-interpretation')).click();
  await confirm(page);
  await page.waitForURL(`${appUrl}/run/${encodeURIComponent(runId)}`, { timeout: SLOW });
  return runId;
}

/** Technician: waits for the results, checks plate (96 wells) and table, submits with confirmation. */
async function checkResultsAndSubmit(page: Page): Promise<void> {
  await page.locator(testId('plate-grid')).waitFor({ state: 'visible', timeout: SLOW });
  await expect(page.locator(`${testId('plate-grid')} [data-testid^="plate-well-"]`).count()).resolves.toBe(
    96,
  );
  await page.locator(testId('tab-table')).click();
  const table = page.locator(testId('interpretation-table'));
  await table.waitFor({ state: 'visible' });
  await table.locator('[data-testid^="interpretation-row-"]').first().waitFor({ state: 'visible' });
  expect(await table.locator('[data-testid^="interpretation-row-"]').count()).toBeGreaterThan(0);

  const submit = page.locator(testId('run-submit'));
  await expect(submit.isEnabled({ timeout: SLOW })).resolves.toBe(true);
  await submit.click();
  await confirm(page);
  await page
    .locator(`${testId('run-information')} ${testId('run-status')}[data-status="WAIT_FOR_APPROVAL"]`)
    .waitFor({ state: 'visible' });
}

function runRow(page: Page, runId: string) {
  return page.locator('tr[data-testid^="run-row-"]', { has: page.locator(`a[href*="${runId}"]`) });
}

async function walkingSkeleton(browser: Browser, appUrl: string, processes: AppProcess[]): Promise<void> {
  const technician = await newSignedInPage(browser, appUrl, 'technician');
  const physician = await newSignedInPage(browser, appUrl, 'physician');
  try {
    await withFailureReport({ technician, physician }, processes, () =>
      scenario(technician, physician, appUrl),
    );
  } catch (error) {
    if (process.env.AMPLIO_E2E_SCREENSHOTS !== '0') {
      const dir = resolve(repoRoot, 'test-results');
      await technician
        .screenshot({ path: resolve(dir, 'walking-skeleton-technician.png'), fullPage: true })
        .catch(() => undefined);
      await physician
        .screenshot({ path: resolve(dir, 'walking-skeleton-physician.png'), fullPage: true })
        .catch(() => undefined);
    }
    throw error;
  } finally {
    await technician.context().close();
    await physician.context().close();
  }
}

/** Import, interpretation and submission by the technician; the physician sees it live and approves. */
async function scenario(technician: Page, physician: Page, appUrl: string): Promise<void> {
  const runId = await importAndStartInterpretation(technician, appUrl);

  // The physician watches the run list; the new run shows up there.
  // A full page load: the tokens live in the page's memory only (docs/security.md), so the app
  // signs in again through the identity provider's session, without a password, and keeps no
  // token in the browser's storage.
  await physician.goto(appUrl, { waitUntil: 'domcontentloaded' });
  await physician.locator(testId('run-table')).waitFor({ state: 'visible' });
  await expect(
    physician.evaluate(() =>
      Object.keys(globalThis.localStorage).filter((key) => key.startsWith('oidc.user:')),
    ),
  ).resolves.toEqual([]);
  const row = runRow(physician, runId);
  await row.waitFor({ state: 'visible', timeout: SLOW });
  const status = row.locator('[data-testid^="run-status-"]').first();
  await expect(status.getAttribute('data-status')).resolves.toBe('RUN_TO_INTERPRET');
  // A marker that a reload would wipe: the status change must arrive live.
  await physician.evaluate(() => {
    (globalThis as unknown as { __e2eNoReload: boolean }).__e2eNoReload = true;
  });

  await checkResultsAndSubmit(technician);

  await row
    .locator('[data-testid^="run-status-"][data-status="WAIT_FOR_APPROVAL"]')
    .waitFor({ state: 'visible', timeout: 30_000 });
  await expect(
    physician.evaluate(() => (globalThis as unknown as { __e2eNoReload?: boolean }).__e2eNoReload === true),
  ).resolves.toBe(true);

  // The physician opens the run and approves it.
  await row.locator('a[data-testid^="run-link-"]').click();
  await physician.waitForURL(`${appUrl}/run/${encodeURIComponent(runId)}`);
  await approveOpenRun(physician, SLOW);
}

describe('walking skeleton', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(GENOTYPING_FIXTURE))
      throw new Error(`fixture not found: ${GENOTYPING_FIXTURE} (shared/ must sit beside the clone)`);
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  describe('embedded (one process, embedded PostgreSQL, inline jobs)', () => {
    let app: EmbeddedApp | undefined;
    beforeAll(async () => {
      app = await startEmbeddedApp();
    }, START_TIMEOUT);
    afterAll(async () => {
      await app?.stop();
    }, 60_000);

    it(
      'technician imports, configures, interprets and submits; physician sees it live and approves',
      async () => {
        await walkingSkeleton(browser!, app!.url, [app!.process]);
      },
      TEST_TIMEOUT,
    );
  });

  describe('scaled (PostgreSQL, Redis, 1 API, 2 workers)', () => {
    let app: ScaledApp | undefined;
    beforeAll(async () => {
      app = await startScaledApp({ apis: 1, workers: 2 });
    }, START_TIMEOUT);
    afterAll(async () => {
      await app?.stop();
    }, 60_000);

    it(
      'technician imports, configures, interprets and submits; physician sees it live and approves',
      async () => {
        await walkingSkeleton(browser!, app!.url, [...app!.apis, ...app!.workers]);
      },
      TEST_TIMEOUT,
    );
  });
});
