import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newSignedInPage,
  repoRoot,
  startEmbeddedApp,
  testId,
  type EmbeddedApp,
} from './harness';

/**
 * The French UI walk-through: after switching to fr-FR, no screen shows a text of the English
 * catalogue (a whole line of the page equal to an English text), nor a doubled FR_ prefix; at 1280 px
 * no sidebar label and no table header is clipped.
 */

const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 180_000;

/** Texts that are the same in both languages: proper names, units and symbols. */
const SAME_IN_BOTH = new Set([
  'Amplio',
  'Cq',
  'RFU',
  'FTP',
  'SFTP',
  'RDML',
  'CSV',
  'XLSX',
  'PDF',
  'Email',
  'Login',
]);

function englishTexts(): Set<string> {
  const dir = join(repoRoot, 'web', 'src', 'i18n', 'en-GB');
  const texts = new Set<string>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
    const entries = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>;
    for (const text of Object.values(entries)) {
      // Texts with parameters never show as written; one-letter texts say nothing.
      if (!/\{/.test(text) && /\p{L}{2,}/u.test(text) && !SAME_IN_BOTH.has(text)) texts.add(text.trim());
    }
  }
  return texts;
}

async function englishOnScreen(page: Page, english: Set<string>): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => english.has(line) || line.includes('FR_FR_'));
}

/** Labels whose text is wider than their box (ellipsis or cut). */
async function clipped(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent ?? ''),
    );
}

describe('French UI walk-through (embedded app, Chromium)', () => {
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let englishBeforeSwitch: string[] = [];
  const english = englishTexts();

  beforeAll(async () => {
    app = await startEmbeddedApp();
    browser = await launchBrowser();
    page = await newSignedInPage(browser, app.url, 'superadmin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator(testId('run-table')).waitFor({ state: 'visible' });
    englishBeforeSwitch = await englishOnScreen(page, english);
    await page.locator(testId('language-select')).click();
    await page.locator(testId('language-fr-FR')).click();
    await page.locator(testId('nav-runs')).filter({ hasText: 'FR_' }).waitFor({ state: 'visible' });
  }, START_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  }, 60_000);

  it('sees English catalogue texts before the switch (the check can fail)', () => {
    expect(englishBeforeSwitch.length).toBeGreaterThan(3);
  });

  it.each([
    ['run list', '/', 'run-table'],
    ['run import', '/run/import', 'app-shell'],
    ['configuration', '/admin/configuration', 'app-shell'],
    ['laboratories', '/admin/laboratories', 'app-shell'],
  ])(
    'shows the %s screen in French only',
    async (_screen, path, readyTestId) => {
      await page.goto(`${app!.url}${path}`, { waitUntil: 'domcontentloaded' });
      await page.locator(testId(readyTestId)).waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      expect(await englishOnScreen(page, english)).toEqual([]);
      expect(await page.locator('.ant-layout-sider .ant-menu-title-content').count()).toBeGreaterThan(3);
      expect(await clipped(page, '.ant-layout-sider .ant-menu-title-content')).toEqual([]);
      expect(await clipped(page, '.ant-table-thead th .ant-table-column-title')).toEqual([]);
    },
    TEST_TIMEOUT,
  );
});
