import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  confirm,
  apiGet,
  launchBrowser,
  newSignedInPage,
  openImportWith,
  repoRoot,
  startEmbeddedApp,
  startScaledApp,
  testId,
  type EmbeddedApp,
  type ScaledApp,
} from './harness';

/**
 * Configuration in the browser (issue 14): a manufacturer admin creates a kit, an official version,
 * configures it for CFX (threshold, a FAM-positive diagnostic with a condition, a kit control), locks
 * it; a laboratory admin creates a lot while a physician in another browser context sees it appear
 * live; at the technician's next sign-in the lot changes modal lists it.
 */
const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 600_000;
/** Imports and interpretation run in a worker (scaled) or inline: be generous. */
const SLOW = 90_000;
/** One CFX Manager run: its six CSV exports (SYBR; the kit's FAM channel reads it by default). */
const CFX_DIR = resolve(repoRoot, '..', 'shared', 'fixtures', 'biorad-cfx', 'cfx-manager-sybr');
const CFX_FILES = readdirSync(CFX_DIR)
  .filter((name) => name.startsWith('admin_2021-02-19 09-57-01'))
  .map((name) => join(CFX_DIR, name));
const LABEL = 'SARS-CoV-2 detected';
const LAB_LABEL = 'Detected (laboratory version)';

/** Opens an Ant Design Select and picks the visible option containing `text`. */
async function choose(page: Page, selectTestId: string, text: string): Promise<void> {
  await page.locator(testId(selectTestId)).click();
  const option = page
    .locator('.ant-select-dropdown .ant-select-item-option:visible')
    .filter({ hasText: text })
    .first();
  await option.waitFor({ state: 'visible' });
  await option.click();
  await option.waitFor({ state: 'hidden' });
}

/** Picks options of an Ant Design multiple Select (it stays open after each pick), then closes it. */
async function chooseMany(page: Page, selectTestId: string, texts: string[]): Promise<void> {
  await page.locator(testId(selectTestId)).click();
  for (const text of texts) {
    const option = page
      .locator('.ant-select-dropdown .ant-select-item-option:visible')
      .filter({ hasText: text })
      .first();
    await option.waitFor({ state: 'visible' });
    await option.click();
    await page
      .locator('.ant-select-dropdown .ant-select-item-option-selected:visible')
      .filter({ hasText: text })
      .first()
      .waitFor({ state: 'visible' });
  }
  await page.keyboard.press('Escape');
}

/**
 * Lot configuration: adds a lot of the picked kit's version 1.0 expiring in 2030 (an empty date means
 * now, which expires at once and brings up the expired-lot warning over every open page).
 */
async function addLot(page: Page, name: string): Promise<void> {
  await page.locator(testId('lot-add')).click();
  await page.locator(testId('lot-name')).fill(name);
  await choose(page, 'lot-kit-version', '1.0');
  const date = page.locator(`input${testId('lot-expiration')}, ${testId('lot-expiration')} input`).first();
  await date.click();
  await date.fill('2030-12-31');
  // Tab, not Enter: Enter in the picker also submits the lot form.
  await date.press('Tab');
  await expect(date.inputValue()).resolves.toMatch(/2030/);
  await page.locator(testId('lot-save')).click();
  await page.locator(testId(`lot-row-${name}`)).waitFor({ state: 'visible' });
}

/** Non-admins: the lot changes modal lists `lotName`; OK marks the changes seen (it waits for that call). */
async function acknowledgeLotChanges(page: Page, lotName: string): Promise<void> {
  const modal = page.locator(testId('lot-changes-newLots'));
  await modal.waitFor({ state: 'visible' });
  expect(await modal.textContent()).toContain(lotName);
  const seen = page.waitForResponse((response) => response.url().includes('/last-changes/lot/seen'));
  await page.locator(testId('lot-changes-ok')).click();
  expect((await seen).ok()).toBe(true);
  await modal.waitFor({ state: 'hidden' });
}

/** Results labelling: renames the result `from` of the chosen kit's editable versions to `to`. */
async function labelResult(page: Page, appUrl: string, option: string, to: string): Promise<void> {
  await page.goto(`${appUrl}/admin/configuration/labelling`);
  await page.locator(testId('results-labelling-page')).waitFor({ state: 'visible' });
  await chooseMany(page, 'labelling-kits', ['E2E Kit']);
  await chooseMany(page, 'labelling-diagnostics', [option]);
  await page.locator(testId('labelling-label')).fill(to);
  await page.locator(testId('labelling-save')).click();
  await page.locator(testId(`labelled-result-${to}`)).waitFor({ state: 'visible' });
}

interface WellView {
  position: string;
  resultState: string;
  suggestedResult: { label: string; color: string } | null;
}

/** Technician: imports the CFX run with the E2E kit and lot, all wells samples; the run's results. */
async function importCfxRun(page: Page, appUrl: string): Promise<{ runId: string; wells: WellView[] }> {
  await openImportWith(page, appUrl, 'CFX');
  await page.locator(`${testId('import-files')} input[type="file"]`).setInputFiles(CFX_FILES);
  await page
    .locator('.ant-upload-list-item')
    .nth(CFX_FILES.length - 1)
    .waitFor({ state: 'visible' });
  await page.locator(testId('import-next')).click();
  await page.waitForURL((url) => url.pathname === '/run/configuration', { timeout: SLOW });
  const runId = new URL(page.url()).searchParams.get('id') ?? '';
  expect(runId).not.toBe('');
  const instrument = page.locator(testId('run-instrument-name'));
  await instrument.waitFor({ state: 'visible', timeout: SLOW });
  if ((await instrument.inputValue()).trim() === '') await instrument.fill('CFX96 e2e');
  await choose(page, 'run-kit-select', 'E2E Kit');
  await choose(page, 'run-lot-select', 'E2E-LOT');
  await page.locator(testId('run-creation-next')).click();
  await page.locator(testId('well-panel')).waitFor({ state: 'visible' });
  await page.locator(testId('apply-sample-type')).click();
  await page.locator(testId('start-interpretation')).click();
  await confirm(page);
  await page.waitForURL(`${appUrl}/run/${encodeURIComponent(runId)}`, { timeout: SLOW });
  await page.locator(testId('plate-grid')).waitFor({ state: 'visible', timeout: SLOW });
  const deadline = Date.now() + SLOW;
  for (;;) {
    const { wells } = await apiGet<{ wells: WellView[] }>(page, `/api/run/${runId}/interpretation`);
    if (wells.some((well) => well.suggestedResult !== null)) return { runId, wells };
    if (Date.now() > deadline) throw new Error(`run ${runId}: no suggested result after ${SLOW} ms`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

function labelsOf(wells: WellView[]): Map<string, string> {
  return new Map(wells.flatMap((w) => (w.suggestedResult ? [[w.position, w.suggestedResult.label]] : [])));
}

/** The whole scenario against one running application (either mode). */
async function configureAndWatch(browser: Browser, appUrl: string, watcherUrl: string): Promise<void> {
  try {
    await scenario(browser, appUrl, watcherUrl);
  } catch (error) {
    // Every open page as it was, for the failure report.
    const pages = browser.contexts().flatMap((context) => context.pages());
    await Promise.all(
      pages.map((page, i) =>
        page
          .screenshot({ path: resolve(repoRoot, 'test-results', `configuration-${i}.png`), fullPage: true })
          .catch(() => undefined),
      ),
    );
    throw error;
  }
}

async function scenario(browser: Browser, appUrl: string, watcherUrl: string): Promise<void> {
  const maker = await newSignedInPage(browser, appUrl, 'manufacturer');
  await maker.goto(`${appUrl}/admin/configuration/kit`);
  await maker.locator(testId('add-kit')).click();
  await maker.locator(testId('new-kit-name')).fill('E2E Kit');
  await maker.locator(testId('new-kit-reference')).fill('E2E-001');
  await maker.locator(testId('name-modal-ok')).click();
  await maker.locator(testId('add-official-version')).click();
  await maker.locator(testId('new-version-name')).fill('1.0');
  await maker.locator(testId('name-modal-ok')).click();
  await maker.locator(testId('version-row-1.0')).waitFor({ state: 'visible' });
  await choose(maker, 'add-analyser-1.0', 'CFX');
  await maker.locator(testId('configure-analyser-1.0')).click();

  await maker.locator(testId('kit-analyser-configuration-page')).waitFor({ state: 'visible' });
  await maker.locator(testId('add-channel')).click();
  await maker.locator(testId('channel-name-0')).fill('FAM');
  await maker.locator(testId('channel-threshold-0')).fill('100');
  await maker.locator(testId('add-results')).click();
  await maker.locator(testId('results-0-label')).fill('FAM positive');
  await maker.locator(testId('results-0-add-condition')).click();
  await maker.locator(testId('results-0-value-0-0')).fill('35');
  await maker.locator(testId('add-kitControls')).click();
  await choose(maker, 'kitControls-0-sample-type', 'Negative amplification control');
  await maker.locator(testId('kitControls-0-label')).fill('Negative control OK');
  await maker.locator(testId('kitControls-0-add-condition')).click();
  await choose(maker, 'kitControls-0-operator-0-0', '>=');
  await maker.locator(testId('kitControls-0-value-0-0')).fill('38');
  await maker.locator(testId('kit-analyser-save')).click();
  await maker.waitForURL(/\/admin\/configuration\/kit\/analyser\/[0-9a-f-]{36}$/);
  const kitAnalyserId = maker.url().split('/').pop() ?? '';
  const configured = await apiGet<{ diagnostics: Array<{ label: string; color: string }> }>(
    maker,
    `/api/kit/configuration/${kitAnalyserId}`,
  );
  const colour = configured.diagnostics.find((d) => d.label === 'FAM positive')?.color;
  expect(colour).toMatch(/^#[0-9a-f]{6}$/i);

  // Results labelling: the manufacturer names the FAM-positive result of its unlocked version.
  await labelResult(maker, appUrl, 'E2E Kit 1.0: FAM positive', LABEL);

  await maker.goto(`${appUrl}/admin/configuration/kit`);
  // Pick the kit again, then lock version 1.0.
  await choose(maker, 'kit-picker', 'E2E Kit');
  await maker.locator(testId('analyser-badge-1.0-biorad-cfx')).waitFor({ state: 'visible' });
  await maker.locator(testId('lock-1.0')).click();
  await confirm(maker);
  await maker.locator(testId('lock-1.0')).waitFor({ state: 'detached' });

  // A physician of the demo laboratory (another API process when scaled) watches the respiratory kit's official versions.
  const physician = await newSignedInPage(browser, watcherUrl, 'physician');
  // A doctor who is not admin following a link to the lot tab is sent to the kit tab (SPEC 2).
  await physician.goto(`${watcherUrl}/admin/configuration/lot`);
  await physician.waitForURL((url) => url.pathname === '/admin/configuration/kit');
  await choose(physician, 'kit-picker', 'Respiratory');
  await physician.locator(testId('version-row-1.0')).waitFor({ state: 'visible' });

  const admin = await newSignedInPage(browser, appUrl, 'labadmin');
  await admin.goto(`${appUrl}/admin/configuration/lot`);
  await choose(admin, 'kit-picker', 'Respiratory');
  await addLot(admin, 'RV-E2E-LIVE');

  // Live: the physician's table shows the new lot without a reload.
  await physician
    .locator(`${testId('version-row-1.0')} >> text=RV-E2E-LIVE`)
    .waitFor({ state: 'visible', timeout: 15_000 });

  // Next sign-in of the technician: the lot changes modal lists the new lot.
  const technician = await newSignedInPage(browser, appUrl, 'technician');
  await acknowledgeLotChanges(technician, 'RV-E2E-LIVE');

  // A lot of the E2E kit in the demo laboratory, then the technician's CFX run with it.
  await choose(admin, 'kit-picker', 'E2E Kit');
  await addLot(admin, 'E2E-LOT');
  // The technician's next page load lists it as a change since last seen.
  await technician.goto(`${appUrl}/run/import`);
  await acknowledgeLotChanges(technician, 'E2E-LOT');

  const first = await importCfxRun(technician, appUrl);
  const positives = first.wells.filter((w) => w.suggestedResult?.label === LABEL);
  expect(positives.length).toBeGreaterThan(0);
  for (const well of positives) expect(well.suggestedResult?.color.toLowerCase()).toBe(colour?.toLowerCase());

  // The physician customises version 1.0 (a laboratory version) and relabels the result there.
  await physician.goto(`${watcherUrl}/admin/configuration/kit`);
  await acknowledgeLotChanges(physician, 'E2E-LOT');
  await choose(physician, 'kit-picker', 'E2E Kit');
  await physician.locator(testId('version-row-1.0')).click();
  await physician.locator(testId('customise')).click();
  await physician.locator(testId('new-version-name')).fill('1.0-LAB');
  await physician.locator(testId('name-modal-ok')).click();
  await physician.locator(testId('version-row-1.0-LAB')).waitFor({ state: 'visible' });
  await labelResult(physician, watcherUrl, `E2E Kit 1.0-LAB: ${LABEL}`, LAB_LABEL);

  // The next run follows the laboratory version; the first run keeps its results.
  const second = await importCfxRun(technician, appUrl);
  const firstLabels = labelsOf(first.wells);
  const secondLabels = labelsOf(second.wells);
  for (const well of positives) expect(secondLabels.get(well.position)).toBe(LAB_LABEL);
  expect([...secondLabels.values()]).not.toContain(LABEL);
  const again = await apiGet<{ wells: WellView[] }>(technician, `/api/run/${first.runId}/interpretation`);
  expect(labelsOf(again.wells)).toEqual(firstLabels);

  // Locked, the laboratory's latest version can be copied again (SPEC 4).
  await physician.goto(`${watcherUrl}/admin/configuration/kit`);
  await choose(physician, 'kit-picker', 'E2E Kit');
  await physician.locator(testId('version-row-1.0')).click();
  await physician.locator(testId('lock-1.0-LAB')).click();
  await confirm(physician);
  await physician.locator(testId('copy-1.0-LAB')).click();
  await physician.locator(testId('new-version-name')).fill('1.1-LAB');
  await physician.locator(testId('name-modal-ok')).click();
  await physician.locator(testId('version-row-1.1-LAB')).waitFor({ state: 'visible' });
  // 1.0-LAB is no longer the latest: its copy button goes.
  await physician.locator(testId('copy-1.0-LAB')).waitFor({ state: 'detached' });
}

/** Embedded mode: one process, embedded PostgreSQL, inline jobs; the watcher uses the same process. */
describe('configuration (embedded mode)', () => {
  let app: EmbeddedApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startEmbeddedApp(), launchBrowser()]);
  }, START_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it(
    'configures and labels a kit for CFX, locks it; lots reach users live; CFX runs follow the official, then the laboratory version',
    () => configureAndWatch(browser, app.url, app.url),
    TEST_TIMEOUT,
  );
});

/**
 * Scaled mode: 2 API processes, 2 workers, Redis. The physician signs in on the second API (the built-in
 * provider of the first one is the issuer) and sees the lot created on the first API arrive live.
 */
describe('configuration (scaled mode: 2 APIs, 2 workers, Redis)', () => {
  let app: ScaledApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startScaledApp({ apis: 2, workers: 2 }), launchBrowser()]);
  }, START_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  }, 60_000);

  it(
    'the same across two API processes: the physician works on the second API',
    () => configureAndWatch(browser, app.url, app.urls[1]),
    TEST_TIMEOUT,
  );
});
