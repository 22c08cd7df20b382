import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Demo accounts the server seeds on first start; all share one password. */
export const DEMO_PASSWORD = 'amplio-demo';
export const DEMO_LOGINS = ['technician', 'physician', 'labadmin', 'manufacturer', 'superadmin'] as const;
export type DemoLogin = (typeof DEMO_LOGINS)[number];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Browser console errors and page errors, so a failing spec can show what the SPA said. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

/**
 * Opens the app in a new browser context, follows the redirect to the sign-in page, signs in, and
 * waits until the app shell is shown. A release-note modal shown on first sign-in is closed.
 */
export async function newSignedInPage(
  browser: Browser,
  appUrl: string,
  login: string,
  password: string = DEMO_PASSWORD,
  options: { timeoutMs?: number; dismissReleaseNote?: boolean } = {},
): Promise<Page> {
  const timeout = options.timeoutMs ?? 60_000;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  context.setDefaultTimeout(timeout);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await page.goto(appUrl, { waitUntil: 'domcontentloaded' });
    await page.locator('#username').waitFor({ state: 'visible' });
    await page.locator('#username').fill(login);
    await page.locator('#password').fill(password);
    const releaseNote = page
      .waitForResponse((response) => response.url().includes('/api/release/last'), { timeout })
      .catch(() => null);
    await page.locator('#kc-login').click();
    // The built-in issuer may share the app's origin, so the URL alone does not say we are back:
    // the app shell does.
    await page.waitForURL((url) => url.href.startsWith(appUrl), { timeout });
    await page.locator('[data-testid="app-shell"]').waitFor({ state: 'visible', timeout });
    if (options.dismissReleaseNote ?? true) {
      // The shell asks GET /api/release/last after it renders and shows the note when it is unseen:
      // wait for that answer, then close the note it announces (no guessing with a short timeout).
      const response = await releaseNote;
      const release = response?.ok() ? ((await response.json()) as { alreadySeen?: boolean }) : null;
      if (release && release.alreadySeen === false) {
        const close = page.locator('[data-testid="release-note-close"]');
        await close.click();
        await close.waitFor({ state: 'hidden' });
      }
    }
  } catch (error) {
    const where = page.url();
    const html = (await page.content().catch(() => '')).slice(0, 2_000);
    throw new Error(
      `sign-in as ${login} at ${appUrl} failed (now at ${where}): ${error instanceof Error ? error.message : String(error)}\n` +
        `browser errors:\n${errors.join('\n') || '(none)'}\npage start:\n${html}`,
      { cause: error },
    );
  }
  return page;
}

/** GET on the API with the signed-in page's own token (the OIDC user in localStorage). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate<T, string>(async (url) => {
    const storage = (
      globalThis as unknown as {
        localStorage: {
          getItem(key: string): string | null;
          key(index: number): string | null;
          length: number;
        };
      }
    ).localStorage;
    let token: string | undefined;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('oidc.user:')) {
        token = (JSON.parse(storage.getItem(key) ?? '{}') as { access_token?: string }).access_token;
      }
    }
    if (!token) throw new Error('no signed-in OIDC user in localStorage');
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }, path);
}

/** Opens run import step 1 and chooses the analyser (the select is searchable, its list virtual). */

/** CSS selector of a data-testid. */
export const testId = (id: string): string => `[data-testid="${id}"]`;

/** Opens run import step 1 from a fresh load (no notification left over) and chooses the analyser. */
export async function openImportWith(page: Page, appUrl: string, analyserName: string): Promise<void> {
  await page.goto(`${appUrl}/run/import`, { waitUntil: 'domcontentloaded' });
  const select = page.locator(testId('import-analyser'));
  await select.waitFor({ state: 'visible' });
  // The options come from GET /api/analyser; the select is searchable (and its list virtual): type
  // the name so the option is rendered, then click it.
  await select.click();
  await page.keyboard.type(analyserName);
  const option = page
    .locator('.ant-select-dropdown .ant-select-item-option:visible')
    .filter({ hasText: analyserName })
    .first();
  await option.waitFor({ state: 'visible' });
  await option.click();
  await option.waitFor({ state: 'hidden' });
  // The file picker is enabled once an analyser is chosen.
  await page
    .locator(`${testId('import-files')} .ant-upload-disabled`)
    .waitFor({ state: 'detached', timeout: 10_000 });
}
