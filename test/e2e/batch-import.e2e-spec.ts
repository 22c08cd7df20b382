import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  confirm,
  openImportWith,
  testId,
  apiGet,
  launchBrowser,
  newSignedInPage,
  repoRoot,
  startEmbeddedApp,
  type EmbeddedApp,
  interpretEveryWellAsSample,
} from './harness';

/**
 * Batch import (issue 3 item 5), in the browser: the technician gives run import step 1 the twelve
 * files of two Bio-Rad CFX runs at once, sees them grouped into two runs of six files, clicks Next
 * and is taken back to the run list once both are imported. A physician watching the run list in
 * another browser context sees the imports in flight and both runs appear without reloading.
 * Then (issue 4 item 4) one of the runs is configured, interpreted and interpreted again on request.
 *
 * The two run names and the 96 wells of each were read by hand from the files (the Plate View has
 * 12 columns, the Cq Results and the SYBR amplification table name 96 wells; see
 * test/e2e/import-families.e2e-spec.ts), never from Amplio's own output.
 */

// CI clones the repository with shared/ beside it.
const FIXTURE_DIR = resolve(repoRoot, '..', 'shared', 'fixtures', 'biorad-cfx', 'cfx-manager-sybr');
const RUN_NAMES = ['admin_2021-02-19 09-57-01_BR002605', 'admin_2021-02-19 11-52-02_BR002605'];
const ANALYSER_NAME = 'CFX Manager / CFX Maestro';
const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 90_000;
/** Both runs parse inline in the embedded app. */
const IMPORT_TIMEOUT = 60_000;

/** innerText collapses runs of spaces (the CFX names have two after the dash). */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The part of GET /api/run and GET /api/run/{id} this spec reads. */
interface RunRow {
  id: string;
  businessId: string;
  fileName: string;
}
interface RunView extends RunRow {
  plateType: string;
  analyser: { id: string };
  wells: Record<string, { position: string }>;
}

/**
 * Marks the window (a reload would wipe the marker) and records every in-flight import line the
 * run list renders, however briefly.
 */
async function watchRunList(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      __batchNoReload: boolean;
      __inFlightSeen: string[];
      document: {
        body: unknown;
        querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
      };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
    };
    scope.__batchNoReload = true;
    scope.__inFlightSeen = [];
    const record = (): void => {
      const lines = scope.document.querySelectorAll('[data-testid^="import-in-flight-"]');
      for (let i = 0; i < lines.length; i++) {
        const id = lines[i].getAttribute('data-testid') ?? '';
        if (!scope.__inFlightSeen.includes(id)) scope.__inFlightSeen.push(id);
      }
    };
    new scope.MutationObserver(record).observe(scope.document.body, { childList: true, subtree: true });
  });
}

/** Run creation for an imported run: instrument, a lot, every well a sample; then interpretation. */
async function configureAndInterpret(page: Page, appUrl: string, runId: string): Promise<void> {
  await page.goto(`${appUrl}/run/configuration?id=${encodeURIComponent(runId)}`, {
    waitUntil: 'domcontentloaded',
  });
  await interpretEveryWellAsSample(page, appUrl, runId, 'CFX96 e2e', IMPORT_TIMEOUT);
}

async function screenshot(page: Page | undefined, name: string): Promise<void> {
  if (!page || process.env.AMPLIO_E2E_SCREENSHOTS === '0') return;
  const file = resolve(repoRoot, 'test-results', `batch-import-${name}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
}

describe('batch import: the files of several runs at once (embedded app)', () => {
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  let technician: Page | undefined;
  let physician: Page | undefined;
  /** The runs the batch created, for the next test. */
  let createdRunIds: string[] = [];
  const files = existsSync(FIXTURE_DIR)
    ? readdirSync(FIXTURE_DIR)
        .filter((name) => name.endsWith('.csv'))
        .sort()
    : [];

  beforeAll(async () => {
    if (files.length !== 12)
      throw new Error(
        `expected the 12 CFX files in ${FIXTURE_DIR} (shared/ beside the clone), found ${files.length}`,
      );
    [app, browser] = await Promise.all([startEmbeddedApp(), launchBrowser()]);
    [technician, physician] = await Promise.all([
      newSignedInPage(browser, app.url, 'technician'),
      newSignedInPage(browser, app.url, 'physician'),
    ]);
    // The release note may show after the sign-in helper stopped waiting for it (two sign-ins at
    // once are slower); it then shows again on the next load: close it whenever it is in the way.
    for (const page of [technician, physician]) {
      const close = page.locator(testId('release-note-close'));
      await page.addLocatorHandler(close, () => close.click());
    }
  }, START_TIMEOUT);

  afterAll(async () => {
    await technician?.context().close();
    await physician?.context().close();
    await browser?.close();
    await app?.stop();
  }, 60_000);

  it(
    'the technician imports two CFX runs in one go; the physician sees both appear live, with 96 wells each',
    async () => {
      const tech = technician!;
      const doc = physician!;
      const appUrl = app!.url;
      try {
        // The physician watches the run list.
        await doc.goto(appUrl, { waitUntil: 'domcontentloaded' });
        await doc.locator(testId('run-table')).waitFor({ state: 'visible' });
        const before = await apiGet<{ listObjects: RunRow[] }>(
          doc,
          '/api/run?page=0&size=100&sort=businessId&sortDirection=desc',
        );
        const knownIds = new Set(before.listObjects.map((run) => run.id));
        await watchRunList(doc);

        // The technician chooses the analyser and all twelve files.
        await openImportWith(tech, appUrl, ANALYSER_NAME);
        await tech
          .locator(`${testId('import-files')} input[type="file"]`)
          .setInputFiles(files.map((name) => resolve(FIXTURE_DIR, name)));
        await expect(tech.locator(`${testId('import-files')} .ant-upload-list-item`).count()).resolves.toBe(
          12,
        );

        // Two groups of six, each within the analyser's bounds, shown before anything is parsed.
        const groups = tech.locator(`${testId('import-groups')} [data-testid^="import-group-"]`);
        await expect(groups.count()).resolves.toBe(2);
        for (const [index, runName] of RUN_NAMES.entries()) {
          const group = tech.locator(testId(`import-group-${index + 1}`));
          await expect(group.getAttribute('data-file-count')).resolves.toBe('6');
          await expect(group.getAttribute('data-valid')).resolves.toBe('true');
          const text = squash(await group.innerText());
          expect(text).toContain(`Run ${index + 1}: 6 files`);
          expect(text).toContain(squash(`${runName} -  Quantification Cq Results_0.csv`));
          expect(text).toContain(`${runName}_Run Information.csv`);
          expect(text).not.toContain(RUN_NAMES[1 - index]);
        }

        await tech.locator(testId('import-next')).click();
        // Several runs: back to the run list once both are imported, with the count.
        await tech.waitForURL((url) => url.pathname === '/', { timeout: IMPORT_TIMEOUT });
        await tech
          .locator('.ant-notification-notice:visible')
          .filter({ hasText: '2 runs imported' })
          .first()
          .waitFor({ state: 'visible', timeout: 5_000 });

        // The physician's list shows both runs without a reload.
        const table = doc.locator(testId('run-table'));
        for (const runName of RUN_NAMES) {
          await table
            .locator('tr[data-testid^="run-row-"]')
            .filter({ hasText: squash(runName) })
            .first()
            .waitFor({ state: 'visible', timeout: IMPORT_TIMEOUT });
        }
        await expect(
          doc.evaluate(
            () => (globalThis as unknown as { __batchNoReload?: boolean }).__batchNoReload === true,
          ),
        ).resolves.toBe(true);
        // It also showed the imports while they were in flight (lines keyed by upload id).
        const seen = await doc.evaluate(
          () => (globalThis as unknown as { __inFlightSeen: string[] }).__inFlightSeen,
        );
        expect(seen.length).toBeGreaterThanOrEqual(2);

        // Both runs exist, each on a 96-well plate with 96 wells.
        const after = await apiGet<{ listObjects: RunRow[] }>(
          tech,
          '/api/run?page=0&size=100&sort=businessId&sortDirection=desc',
        );
        createdRunIds = [];
        const created = after.listObjects.filter((run) => !knownIds.has(run.id));
        expect(created).toHaveLength(2);
        for (const runName of RUN_NAMES) {
          const row = created.find((run) => squash(run.fileName).includes(squash(runName)));
          expect(row).toBeDefined();
          expect(squash(row!.fileName)).not.toContain(RUN_NAMES.find((name) => name !== runName));
          const run = await apiGet<RunView>(tech, `/api/run/${encodeURIComponent(row!.id)}`);
          expect(run.analyser.id).toBe('biorad-cfx');
          expect(run.plateType).toBe('RECTANGULAR_96');
          expect(Object.keys(run.wells)).toHaveLength(96);
          createdRunIds.push(run.id);
        }
      } catch (error) {
        await screenshot(tech, 'technician');
        await screenshot(doc, 'physician');
        throw error;
      }
    },
    TEST_TIMEOUT,
  );
  it(
    'interpret again: the technician asks, confirms, sees the pending state and the new results',
    async () => {
      const tech = technician!;
      const appUrl = app!.url;
      expect(createdRunIds).toHaveLength(2);
      const runId = createdRunIds[0];
      try {
        await configureAndInterpret(tech, appUrl, runId);
        const first = await apiGet<RunView & { dirty: boolean; interpretationRunByName: string | null }>(
          tech,
          `/api/run/${encodeURIComponent(runId)}`,
        );
        expect(first.dirty).toBe(false);
        expect(first.interpretationRunByName).toBeTruthy();
        // The first interpretation is over on screen too before anything is recorded.
        await tech
          .locator(testId('interpretation-pending'))
          .waitFor({ state: 'detached', timeout: IMPORT_TIMEOUT });
        // Record the pending banner however briefly it shows (inline interpretation is quick).
        await tech.evaluate(() => {
          const scope = globalThis as unknown as {
            __pendingSeen: boolean;
            document: { body: unknown; querySelector(selector: string): unknown };
            MutationObserver: new (callback: () => void) => {
              observe(target: unknown, options: object): void;
            };
          };
          scope.__pendingSeen = false;
          new scope.MutationObserver(() => {
            if (scope.document.querySelector('[data-testid="interpretation-pending"]'))
              scope.__pendingSeen = true;
          }).observe(scope.document.body, { childList: true, subtree: true });
        });

        await tech.locator(testId('run-reinterpret')).click();
        const answer = tech.waitForResponse(
          (response) =>
            response.url().endsWith(`/api/run/${runId}/interpret`) && response.request().method() === 'POST',
        );
        await confirm(tech);
        const response = await answer;
        expect(response.status()).toBe(200);
        expect(((await response.json()) as { dirty: boolean }).dirty).toBe(true);

        // run.changed interpreted: the banner goes, the results are shown again, the run is clean.
        await tech
          .locator(testId('interpretation-pending'))
          .waitFor({ state: 'detached', timeout: IMPORT_TIMEOUT });
        await tech.locator(testId('plate-grid')).waitFor({ state: 'visible' });
        await expect(
          tech.evaluate(() => (globalThis as unknown as { __pendingSeen: boolean }).__pendingSeen),
        ).resolves.toBe(true);
        const again = await apiGet<{ dirty: boolean }>(tech, `/api/run/${encodeURIComponent(runId)}`);
        expect(again.dirty).toBe(false);
        await expect(tech.locator(testId('run-reinterpret')).isEnabled()).resolves.toBe(true);
      } catch (error) {
        await screenshot(tech, 'reinterpret');
        throw error;
      }
    },
    TEST_TIMEOUT,
  );
});
