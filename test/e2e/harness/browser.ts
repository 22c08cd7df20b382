import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { recordPageTimeline } from './page-timeline';

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

/**
 * Every test browser: a desktop screen, British English, and reduced motion asked for (the app then
 * turns Ant Design's animations off, so a click never lands on a window still opening).
 */
export const CONTEXT_OPTIONS = {
  viewport: { width: 1440, height: 900 },
  locale: 'en-GB',
  reducedMotion: 'reduce',
} as const satisfies BrowserContextOptions;

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
  const context = await browser.newContext(CONTEXT_OPTIONS);
  context.setDefaultTimeout(timeout);
  const page = await context.newPage();
  const timeline = recordPageTimeline(page);
  trackApiToken(page);
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
        // A click while the modal is still opening can be lost: click again until it is gone.
        const close = page.locator('[data-testid="release-note-close"]');
        for (let attempt = 1; ; attempt++) {
          await close.click();
          const hidden = await close
            .waitFor({ state: 'hidden', timeout: 10_000 })
            .then(() => true)
            .catch(() => false);
          if (hidden) break;
          if (attempt === 3) throw new Error('the release note did not close after 3 clicks');
        }
      }
    }
  } catch (error) {
    const where = page.url();
    const html = (await page.content().catch(() => '')).slice(0, 2_000);
    throw new Error(
      `sign-in as ${login} at ${appUrl} failed (now at ${where}): ${error instanceof Error ? error.message : String(error)}\n` +
        `${timeline.format('browser (console, page errors, requests, live frames)')}\npage start:\n${html}`,
      { cause: error },
    );
  }
  return page;
}

/**
 * The bearer token each page last sent to the API. The SPA keeps its tokens in memory only
 * (docs/security.md), so tests read the token off the page's own requests.
 */
const pageTokens = new WeakMap<Page, string>();

/** Records the access token of every API request the page makes (see `apiGet`). */
export function trackApiToken(page: Page): void {
  page.on('request', (request) => {
    const header = request.headers()['authorization'];
    if (header?.startsWith('Bearer ') && new URL(request.url()).pathname.startsWith('/api/')) {
      pageTokens.set(page, header.slice('Bearer '.length));
    }
  });
}

/** GET on the API with the signed-in page's own token (the one its last API request carried). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = pageTokens.get(page);
  if (!token) throw new Error('the page has sent no API request with a token yet (trackApiToken)');
  return page.evaluate<T, { url: string; bearer: string }>(
    async ({ url, bearer }) => {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { url: path, bearer: token },
  );
}

/** Opens run import step 1 and chooses the analyser (the select is searchable, its list virtual). */

/** CSS selector of a data-testid. */
export const testId = (id: string): string => `[data-testid="${id}"]`;

/** Answers Yes to the confirmation; clicks again if a click made during its opening was lost (loaded machines). */
export async function confirm(page: Page): Promise<void> {
  const ok = page.locator(testId('confirm-ok'));
  await ok.waitFor({ state: 'visible' });
  for (let attempt = 1; ; attempt += 1) {
    await ok.click();
    try {
      await ok.waitFor({ state: 'hidden', timeout: attempt < 3 ? 10_000 : 30_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
