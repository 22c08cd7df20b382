import type { Browser, Page } from 'playwright-core';
import {
  CONTEXT_OPTIONS,
  launchBrowser,
  newSignedInPage,
  startEmbeddedApp,
  testId,
  type EmbeddedApp,
  chooseOption,
} from './harness';

/**
 * Laboratories and users in the browser (SPEC 2, 5, 6): a super admin adds two laboratories, sets
 * one's time zone and plate order, and adds a physician to it; the physician signs in with the one-time password, must choose a new
 * one (UPDATE_PASSWORD), and then sees their own laboratory.
 */

const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 240_000;
const NORTH = `E2E North ${Date.now()}`;
const SOUTH = `E2E South ${Date.now()}`;
const LOGIN = `e2e.physician.${Date.now()}`;
const NEW_PASSWORD = 'a-new-e2e-password-42';

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

async function addLaboratories(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/admin/laboratories`, { waitUntil: 'domcontentloaded' });
  await page.locator(testId('laboratory-add')).click();
  await page.waitForURL(`${appUrl}/admin/add`);
  // Saving with an empty row is refused with the section 5 message.
  await page.locator(testId('laboratory-add-save')).click();
  await page
    .locator('.ant-notification-notice', { hasText: 'cannot be saved' })
    .waitFor({ state: 'visible' });
  await page.locator(testId('laboratory-add-name-0')).fill(NORTH);
  expect(await page.locator(testId('laboratory-add-minus-0')).isDisabled()).toBe(true);
  await page.locator(testId('laboratory-add-plus')).click();
  await page.locator(testId('laboratory-add-name-1')).fill(SOUTH);
  await page.locator(testId('laboratory-add-save')).click();
  await page.waitForURL(`${appUrl}/admin/laboratories`);
}

/** The laboratory preferences shown: time zone and plate order, and whether they can be changed. */
async function preferences(page: Page): Promise<{ zone: string; order: string; disabled: boolean }> {
  const zone = page.locator(testId('laboratory-time-zone'));
  await zone.filter({ hasText: '/' }).waitFor({ state: 'visible' });
  return {
    zone: (await zone.innerText()).trim(),
    order: (await page.locator(testId('laboratory-plate-order')).innerText()).trim(),
    disabled: (await page.locator(`${testId('laboratory-time-zone')}.ant-select-disabled`).count()) === 1,
  };
}

/** Searches the list (1 s debounce), opens the laboratory, adds a physician; returns the one-time password. */
async function addPhysician(page: Page): Promise<string> {
  await page.locator(`${testId('laboratory-search')} input`).fill(NORTH);
  const row = page.locator(`${testId('laboratory-table')} tr`, { hasText: NORTH });
  await row.waitFor({ state: 'visible' });
  // After the 1 s debounce the list shows only the match.
  await page.locator(`${testId('laboratory-table')} tr`, { hasText: SOUTH }).waitFor({ state: 'detached' });
  await row.click();
  await page.locator(testId('laboratory-detail')).waitFor({ state: 'visible' });
  expect(await page.locator(testId('laboratory-name')).inputValue()).toBe(NORTH);
  // The kit-manufacturer flag: a super admin sets it and clears it again (saved, read back).
  const flag = page.locator(testId('laboratory-kit-manufacturer'));
  const save = page.locator(testId('laboratory-save'));
  for (const wanted of [true, false]) {
    expect(await flag.isChecked()).toBe(!wanted);
    await flag.setChecked(wanted);
    await save.click();
    await page.waitForFunction(
      (selector) => document.querySelector<HTMLButtonElement>(selector)?.disabled,
      testId('laboratory-save'),
    );
    expect(await flag.isChecked()).toBe(wanted);
  }
  // Laboratory preferences: a new laboratory starts at Europe/Paris, row by row; both are changed and saved.
  expect(await preferences(page)).toEqual({
    zone: 'Europe/Paris',
    order: 'Row by row (A1, A2 …)',
    disabled: false,
  });
  await chooseOption(page, 'laboratory-time-zone', 'America/New_York', 'New_York');
  await chooseOption(page, 'laboratory-plate-order', 'Column by column');
  await save.click();
  // Saved: nothing left to save.
  await page.waitForFunction(
    (selector) => document.querySelector<HTMLButtonElement>(selector)?.disabled,
    testId('laboratory-save'),
  );
  await page.locator(testId('user-add')).click();
  await page.locator(testId('user-login')).fill(LOGIN);
  await page.locator(testId('user-lastname')).fill('Pasteur');
  await page.locator(testId('user-firstname')).fill('Louis');
  await page.locator(testId('user-email')).fill('louis@e2e.example');
  await page.locator(testId('user-physician')).check();
  await page.locator(testId('user-save')).click();
  const password = page.locator(testId('one-time-password'));
  await password.waitFor({ state: 'visible' });
  const text = (await password.innerText()).trim();
  await page.locator(testId('one-time-password-ok')).click();
  await page.locator(`${testId('user-table')} tr`, { hasText: LOGIN }).waitFor({ state: 'visible' });
  return text;
}

async function firstSignIn(appUrl: string, oneTimePassword: string): Promise<Page> {
  const context = await browser!.newContext(CONTEXT_OPTIONS);
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await page.goto(appUrl, { waitUntil: 'domcontentloaded' });
  await page.locator('#username').fill(LOGIN);
  await page.locator('#password').fill(oneTimePassword);
  await page.locator('#kc-login').click();
  await page.locator('#password-new').waitFor({ state: 'visible' });
  await page.locator('#password-new').fill(NEW_PASSWORD);
  await page.locator('#password-confirm').fill(NEW_PASSWORD);
  await page.locator('#kc-submit').click();
  await page.locator(testId('app-shell')).waitFor({ state: 'visible' });
  return page;
}

it(
  'a super admin adds two laboratories and a physician, who signs in with the one-time password and sets a new one',
  async () => {
    const appUrl = app!.url;
    const admin = await newSignedInPage(browser!, appUrl, 'superadmin');
    await addLaboratories(admin, appUrl);
    const oneTimePassword = await addPhysician(admin);
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const physician = await firstSignIn(appUrl, oneTimePassword);
    await physician.goto(`${appUrl}/laboratory`, { waitUntil: 'domcontentloaded' });
    await physician.locator(testId('laboratory-page')).waitFor({ state: 'visible' });
    await physician.locator(testId('laboratory-name')).waitFor({ state: 'visible' });
    await expect(physician.locator(testId('laboratory-name')).inputValue()).resolves.toBe(NORTH);
    // The preferences the super admin saved, read back from the server; a physician cannot change them.
    expect(await preferences(physician)).toEqual({
      zone: 'America/New_York',
      order: 'Column by column (A1, B1 …)',
      disabled: true,
    });
    // The new password signs in again.
    const again = await newSignedInPage(browser!, appUrl, LOGIN, NEW_PASSWORD);
    await again.locator(testId('app-shell')).waitFor({ state: 'visible' });
  },
  TEST_TIMEOUT,
);

it(
  'a manufacturer admin manages all laboratories: finds another laboratory and its users',
  async () => {
    const appUrl = app!.url;
    const page = await newSignedInPage(browser!, appUrl, 'manufacturer');
    await page.goto(`${appUrl}/admin/laboratories`, { waitUntil: 'domcontentloaded' });
    await page.locator(`${testId('laboratory-search')} input`).fill('Amplio Demo');
    const row = page.locator(`${testId('laboratory-table')} tr`, { hasText: 'Amplio Demo Laboratory' });
    await row.waitFor({ state: 'visible' });
    await row.click();
    await page.locator(`${testId('user-table')} tr`, { hasText: 'technician' }).waitFor({ state: 'visible' });
    expect(await page.locator(testId('laboratory-delete')).isDisabled()).toBe(false);
    // Only a super admin changes the kit-manufacturer flag.
    expect(await page.locator(testId('laboratory-kit-manufacturer')).isDisabled()).toBe(true);
  },
  TEST_TIMEOUT,
);
