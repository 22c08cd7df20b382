import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newSignedInPage,
  openImportWith,
  startEmbeddedApp,
  testId,
  type EmbeddedApp,
  chooseOption,
  QUANTSTUDIO_ANALYSER,
  uploadGenotypingRun,
  interpretEveryWellAsSample,
} from './harness';

/**
 * The laboratory's plate order in the browser (issue 11): a technician's run data table lists wells
 * row by row; the laboratory's admin sets "column by column" on the laboratory screen and the table
 * follows; the technician's row/column toggle overrides it on that browser only while it differs.
 */

const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 300_000;
const SLOW = 90_000;

let app: EmbeddedApp | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  app = await startEmbeddedApp();
  browser = await launchBrowser();
}, START_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, 60_000);

/** Technician: import, every well a sample, start interpretation; ends on the run's screen, answers its id. */
async function interpretedRun(page: Page, appUrl: string): Promise<string> {
  await openImportWith(page, appUrl, QUANTSTUDIO_ANALYSER);
  const runId = await uploadGenotypingRun(page, SLOW);
  await interpretEveryWellAsSample(page, appUrl, runId, 'QS7Pro e2e', SLOW);
  return runId;
}

/**
 * A full load of the run's screen: the app signs in again through the provider's session and lands on
 * the run list (tokens live in page memory, docs/security.md); the run is opened from there.
 */
async function reloadRun(page: Page, appUrl: string, runId: string): Promise<void> {
  await page.goto(appUrl, { waitUntil: 'domcontentloaded' });
  await page.locator(testId('run-table')).waitFor({ state: 'visible', timeout: SLOW });
  await page.locator(`a[href*="${runId}"]`).first().click();
  await page.waitForURL((url) => url.pathname === `/run/${runId}`, { timeout: SLOW });
}

/** The positions of the data table, top to bottom. */
async function tablePositions(page: Page): Promise<string[]> {
  await page.locator(testId('plate-grid')).waitFor({ state: 'visible', timeout: SLOW });
  await page.locator(testId('tab-table')).click();
  const rows = page.locator(`${testId('interpretation-table')} [data-testid^="interpretation-row-"]`);
  await rows.first().waitFor({ state: 'visible' });
  const ids = await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('interpretation-row-', ''));
}

/** The table's positions once they are in the wanted order (the laboratory is read after the run), or as last seen. */
async function positionsWhen(page: Page, wanted: string[]): Promise<string[]> {
  let seen = await tablePositions(page);
  for (let tries = 0; tries < 30 && JSON.stringify(seen) !== JSON.stringify(wanted); tries += 1) {
    await page.waitForTimeout(500);
    seen = await tablePositions(page);
  }
  return seen;
}

const rowWise = (positions: string[]): string[] =>
  [...positions].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const columnWise = (positions: string[]): string[] =>
  [...positions].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b));

async function setLaboratoryPlateOrder(page: Page, appUrl: string, label: string): Promise<void> {
  await page.goto(`${appUrl}/laboratory`, { waitUntil: 'domcontentloaded' });
  await page
    .locator(testId('laboratory-plate-order'))
    .filter({ hasText: 'by' })
    .waitFor({ state: 'visible' });
  await chooseOption(page, 'laboratory-plate-order', label);
  await page.locator(testId('laboratory-save')).click();
  await page.waitForFunction(
    (selector) => document.querySelector<HTMLButtonElement>(selector)?.disabled,
    testId('laboratory-save'),
  );
}

it(
  "the run data table follows the laboratory's plate order; the browser toggle overrides it",
  async () => {
    const appUrl = app!.url;
    const technician = await newSignedInPage(browser!, appUrl, 'technician');
    const admin = await newSignedInPage(browser!, appUrl, 'labadmin');
    try {
      const runId = await interpretedRun(technician, appUrl);
      const first = await tablePositions(technician);
      expect(first.length).toBeGreaterThan(12);
      expect(first).toEqual(rowWise(first));

      await setLaboratoryPlateOrder(admin, appUrl, 'Column by column');
      await reloadRun(technician, appUrl, runId);
      const byLaboratory = await positionsWhen(technician, columnWise(first));
      expect(byLaboratory).toEqual(columnWise(first));
      expect(byLaboratory).not.toEqual(first);

      // This browser prefers rows: an override kept in localStorage, rows again after a reload.
      await technician.locator(testId('plate-order')).getByText('Row by row').click();
      expect(await tablePositions(technician)).toEqual(first);
      await reloadRun(technician, appUrl, runId);
      expect(await tablePositions(technician)).toEqual(first);
      // Choosing the laboratory's order again drops the override.
      await technician.locator(testId('plate-order')).getByText('Column by column').click();
      expect(await positionsWhen(technician, columnWise(first))).toEqual(columnWise(first));
      await expect(
        technician.evaluate(() => globalThis.localStorage.getItem('amplio.plateOrder')),
      ).resolves.toBeNull();
    } finally {
      await setLaboratoryPlateOrder(admin, appUrl, 'Row by row').catch(() => undefined);
      await technician.context().close();
      await admin.context().close();
    }
  },
  TEST_TIMEOUT,
);
