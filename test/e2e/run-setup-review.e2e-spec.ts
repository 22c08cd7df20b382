import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  apiGet,
  chooseAnalyser,
  chooseKitAndLot,
  chooseOption,
  confirm,
  GENOTYPING_FIXTURE,
  testId,
  launchBrowser,
  newSignedInPage,
  optionTexts,
  startEmbeddedApp,
  type EmbeddedApp,
  withFailureReport,
} from './harness';
import {
  cfxFiles,
  cfxSource,
  CFX_ANALYSER,
  importRun,
  loadTemplate,
  overrideCommentAndSubmit,
  physicianApproves,
  saveTemplate,
  screenshot,
  SLOW,
  startInterpretation,
  visibleErrors,
} from './run-setup-review.flow';

/**
 * Run setup and review in the browser (issue 11): a technician imports a run, configures its wells
 * with kit-and-lot rows, saves a plate template, starts interpretation, overrides one well and
 * comments it, submits; a physician sees the override trail and the comment and approves; a second
 * run is deleted at RUN_TO_INTERPRET; leaving a half-filled import asks to discard it. The same flow
 * on a CFX run configures its wells with two kits and two lots through a saved template.
 */

/** The template the technician flow saves; the template test loads it on another run. */
const TEMPLATE_NAME = `E2E template ${Date.now().toString(36)}`;

async function technicianFlow(page: Page, appUrl: string): Promise<string> {
  const runId = await importRun(page, appUrl);
  // Only kits configured for the run's analyser are offered: the demo SYBR kit has no QuantStudio
  // Design & Analysis configuration, the respiratory kit has.
  const kits = await optionTexts(page, 'run-kit-select');
  expect(kits.some((kit) => kit.includes('Respiratory'))).toBe(true);
  expect(kits.filter((kit) => kit.includes('SYBR'))).toEqual([]);
  await chooseKitAndLot(page);
  // A second kit-and-lot row when the laboratory has a second kit.
  const addRow = page.locator(testId('add-kit-lot-row'));
  if (await addRow.isEnabled()) {
    await addRow.click();
    if (await chooseOption(page, 'run-kit-select-1')) await chooseOption(page, 'run-lot-select-1');
  }
  await page.locator(testId('run-creation-next')).click();
  await page.locator(testId('well-panel')).waitFor({ state: 'visible' });
  // Every well a sample of the first row's kit and lot.
  await chooseOption(page, 'well-kit-select');
  await chooseOption(page, 'well-lot-select');
  await page.locator(testId('apply-sample-type')).click();
  await saveTemplate(page, TEMPLATE_NAME);
  await startInterpretation(page, appUrl, runId);
  await overrideCommentAndSubmit(page, 'A1', 'Checked again by e2e');
  return runId;
}

/**
 * The demo laboratory's two kits for CFX, each with its laboratory lot (server/src/seed/seed-demo-kits.ts),
 * the plate rows given to each, and what each kit makes of this SYBR-only run: the SYBR kit its
 * results, the respiratory kit (FAM and HEX) no result, its channels not being in the file.
 */
const CFX_KITS = [
  {
    kit: 'Respiratory Virus',
    lot: 'RV-2026-001',
    versionId: '00000000-0000-4000-8000-000000000021',
    rows: ['A', 'B', 'C', 'D'],
    labels: ['Positive', 'Negative', 'Invalid: internal control not amplified'],
    outcome: 'channels-not-in-file',
  },
  {
    kit: 'SYBR Green',
    lot: 'SG-2026-001',
    versionId: '00000000-0000-4000-8000-000000000031',
    rows: ['E', 'F', 'G', 'H'],
    labels: ['Detected', 'Not detected'],
    outcome: 'result',
  },
];

type InterpretedWell = {
  position: string;
  kitVersionId: string | null;
  suggestedResult: { label: string } | null;
  resultState: string;
  reasonCode: string | null;
};

/** Run creation step 1: one kit-and-lot row per CFX kit, then on to step 2. */
async function chooseCfxKitLotRows(page: Page): Promise<void> {
  for (const [index, { kit, lot }] of CFX_KITS.entries()) {
    if (index > 0) await page.locator(testId('add-kit-lot-row')).click();
    const suffix = index === 0 ? '' : `-${index}`;
    if (!(await chooseOption(page, `run-kit-select${suffix}`, kit))) {
      const lots = await apiGet<Array<{ name: string; active: boolean; kit: { name: string } }>>(
        page,
        '/api/lots',
      );
      throw new Error(`no kit ${kit} offered in row ${index}; lots: ${JSON.stringify(lots)}`);
    }
    expect(await chooseOption(page, `run-lot-select${suffix}`, lot)).toBe(true);
  }
  await page.locator(testId('run-creation-next')).click();
  await page.locator(testId('well-panel')).waitFor({ state: 'visible' });
}

/** Run creation step 2: selects the plate rows (header click, ctrl-click to add) and gives them a kit, lot and sample type. */
async function configurePlateRows(page: Page, rows: string[], kit: string, lot: string): Promise<void> {
  for (const [index, row] of rows.entries()) {
    await page
      .locator(testId(`plate-row-${row}`))
      .click(index === 0 ? undefined : { modifiers: ['Control'] });
  }
  await page.locator(`${testId(`plate-well-${rows[rows.length - 1]}12`)}[data-selected="true"]`).waitFor();
  expect(await page.locator('[data-testid^="plate-well-"][data-selected="true"]').count()).toBe(
    rows.length * 12,
  );
  expect(await chooseOption(page, 'well-kit-select', kit)).toBe(true);
  expect(await chooseOption(page, 'well-lot-select', lot)).toBe(true);
  await page.locator(testId('apply-sample-type')).click();
}

/** Selects `position` and checks whether the sample-type select offers `label` (the offer loads after the lots). */
async function expectSampleType(
  page: Page,
  position: string,
  label: string,
  offered: boolean,
): Promise<void> {
  await page.locator(testId(`plate-well-${position}`)).click();
  let texts: string[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    texts = await optionTexts(page, 'sample-type-select');
    if (texts.includes(label) === offered) return;
    await page.waitForTimeout(500);
  }
  throw new Error(
    `${position}: sample types ${texts.join(', ')}; ${label} expected ${offered ? '' : 'not '}offered`,
  );
}

describe('run setup and review (embedded)', () => {
  let browser: Browser | undefined;
  let app: EmbeddedApp | undefined;
  beforeAll(async () => {
    if (!existsSync(GENOTYPING_FIXTURE)) throw new Error(`fixture not found: ${GENOTYPING_FIXTURE}`);
    browser = await launchBrowser();
    app = await startEmbeddedApp();
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await browser?.close();
  }, 60_000);

  it('technician configures, saves a template, overrides and comments, submits; physician sees the trail and approves', async () => {
    if (!browser || !app) throw new Error('not started');
    const technician = await newSignedInPage(browser, app.url, 'technician');
    const physician = await newSignedInPage(browser, app.url, 'physician');
    try {
      const runId = await technicianFlow(technician, app.url);
      await physicianApproves(physician, app.url, runId, 'A1', 'Checked again by e2e');
    } catch (error) {
      await screenshot(technician, 'technician');
      await screenshot(physician, 'physician');
      throw error;
    } finally {
      await technician.context().close();
      await physician.context().close();
    }
  }, 300_000);

  it('the saved template configures the wells of a new run (kit, lot and the sample types its kit offers)', async () => {
    if (!browser || !app) throw new Error('not started');
    const page = await newSignedInPage(browser, app.url, 'technician');
    try {
      await importRun(page, app.url);
      await chooseKitAndLot(page);
      await page.locator(testId('run-creation-next')).click();
      await page.locator(testId('well-panel')).waitFor({ state: 'visible' });
      const a1 = page.locator(testId('plate-well-A1'));
      await expect(a1.getAttribute('data-color')).resolves.toBe('');
      await expect(page.locator(testId('start-interpretation')).isEnabled()).resolves.toBe(false);
      // Applied with its sample types (GET /sample-type/template offers SAMPLE for the kit).
      await loadTemplate(page, TEMPLATE_NAME);
      await expect(page.locator(testId('start-interpretation')).isEnabled()).resolves.toBe(true);
    } catch (error) {
      await screenshot(page, 'template');
      throw error;
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('deletes a run at RUN_TO_INTERPRET and goes back to the run list', async () => {
    if (!browser || !app) throw new Error('not started');
    const page = await newSignedInPage(browser, app.url, 'technician');
    try {
      const runId = await importRun(page, app.url);
      await page.goto(`${app.url}/run/${encodeURIComponent(runId)}`, { waitUntil: 'domcontentloaded' });
      await page.locator(testId('delete-run')).click();
      await page.locator(testId('delete-run-confirm')).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: SLOW });
      await page.locator(testId('run-table')).waitFor({ state: 'visible' });
      expect(await page.locator(`a[href*="${runId}"]`).count()).toBe(0);
    } catch (error) {
      await screenshot(page, 'delete');
      throw error;
    } finally {
      await page.context().close();
    }
  }, 300_000);

  it('CFX exports saved under arbitrary names are grouped into one run by their content and imported', async () => {
    if (!browser || !app) throw new Error('not started');
    const page = await newSignedInPage(browser, app.url, 'technician');
    try {
      const files = cfxFiles(true);
      expect(files).toHaveLength(6);
      await page.goto(`${app.url}/run/import`, { waitUntil: 'domcontentloaded' });
      await chooseAnalyser(page, CFX_ANALYSER);
      await page.locator(`${testId('import-files')} input[type="file"]`).setInputFiles(files);
      // By name these are six runs; by content (the same 96 wells) one run of six files.
      const group = page.locator(`${testId('import-group-1')}[data-file-count="6"]`);
      await group.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await page.locator(`${testId('import-groups')} [data-testid^="import-group-"]`).count()).toBe(1);
      await page.locator(testId('import-next')).click();
      try {
        // One run goes on to run creation (a batch of several would go back to the run list).
        await page.waitForURL((url) => url.pathname === '/run/configuration', { timeout: SLOW });
      } catch (error) {
        await screenshot(page, 'cfx-renamed');
        throw new Error(`CFX import did not reach run creation; page says: ${await visibleErrors(page)}`, {
          cause: error,
        });
      }
      const runId = new URL(page.url()).searchParams.get('id');
      if (!runId) throw new Error('no run id');
      const run = await apiGet<{ analyser: { id: string }; wells: Record<string, unknown> }>(
        page,
        `/api/run/${encodeURIComponent(runId)}`,
      );
      expect(run.analyser.id).toBe('biorad-cfx');
      expect(Object.keys(run.wells)).toHaveLength(96);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('CFX run: two kits and two lots configured through a saved template, override with a comment, physician approves', async () => {
    if (!browser || !app) throw new Error('not started');
    const technician = await newSignedInPage(browser, app.url, 'technician');
    const physician = await newSignedInPage(browser, app.url, 'physician');
    const templateName = `E2E CFX two kits ${Date.now().toString(36)}`;
    const comment = 'CFX well checked by e2e';
    const running = app;
    try {
      await withFailureReport({ technician, physician }, [running.process], async () => {
        // A first import of the CFX run: rows A-D the respiratory kit, rows E-H the SYBR kit; saved as a template.
        await importRun(technician, running.url, cfxSource());
        await chooseCfxKitLotRows(technician);
        for (const { kit, lot, rows } of CFX_KITS) await configurePlateRows(technician, rows, kit, lot);
        // A rubber band with shift held, from A1 to C3, selects the 9 wells of that rectangle (SPEC 2).
        await technician.locator(testId('plate-well-A1')).hover();
        await technician.keyboard.down('Shift');
        await technician.mouse.down();
        await technician.locator(testId('plate-well-B2')).hover();
        await technician.locator(testId('plate-well-C3')).hover();
        await technician.mouse.up();
        await technician.keyboard.up('Shift');
        const band = await technician
          .locator('[data-testid^="plate-well-"][data-selected="true"]')
          .evaluateAll((nodes) =>
            nodes.map((node) => node.getAttribute('data-testid')?.slice('plate-well-'.length)),
          );
        expect(band.sort()).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3']);
        // Each well is offered the sample types of its own kit version: the SYBR kit has no extraction control.
        await expectSampleType(technician, 'E1', 'Negative extraction control', false);
        await expectSampleType(technician, 'A1', 'Negative extraction control', true);
        await expect(technician.locator(testId('start-interpretation')).isEnabled()).resolves.toBe(true);
        await saveTemplate(technician, templateName);

        // A new import of the same files, its wells configured by loading that template.
        const runId = await importRun(technician, running.url, cfxSource());
        await chooseCfxKitLotRows(technician);
        await expect(technician.locator(testId('plate-well-A1')).getAttribute('data-color')).resolves.toBe(
          '',
        );
        await expect(technician.locator(testId('start-interpretation')).isEnabled()).resolves.toBe(false);
        await loadTemplate(technician, templateName, 'H12');
        await startInterpretation(technician, running.url, runId);

        // Each well interpreted by its own kit: its kit version, and a result of that kit's diagnostics.
        await technician
          .locator(`${testId('plate-well-E1')}:not([data-color=""])`)
          .waitFor({ state: 'visible', timeout: SLOW });
        const interpretation = await apiGet<{ wells: InterpretedWell[] }>(
          technician,
          `/api/run/${encodeURIComponent(runId)}/interpretation`,
        );
        const summary = JSON.stringify(
          interpretation.wells
            .filter((well) => ['A1', 'A2', 'E1', 'E2'].includes(well.position))
            .map(({ position, kitVersionId, suggestedResult, resultState, reasonCode }) => ({
              position,
              kitVersionId,
              suggestedResult: suggestedResult?.label,
              resultState,
              reasonCode,
            })),
        );
        for (const { versionId, rows, labels, outcome } of CFX_KITS) {
          const wells = interpretation.wells.filter((well) => rows.includes(well.position[0]));
          expect(wells).toHaveLength(rows.length * 12);
          expect(wells.filter((well) => well.kitVersionId !== versionId)).toEqual([]);
          const results = wells.flatMap((well) => (well.suggestedResult ? [well.suggestedResult.label] : []));
          expect(results.filter((label) => !labels.includes(label))).toEqual([]);
          if (outcome === 'result' && results.length === 0) {
            throw new Error(`no result for the wells of ${versionId}: ${summary}`);
          }
          if (outcome === 'channels-not-in-file') {
            // The respiratory kit reads FAM and HEX: this SYBR run has neither, and says so for each of its wells.
            expect(
              wells.filter(
                (well) => well.resultState !== 'NO_RESULT' || well.reasonCode !== 'CHANNEL_NOT_MAPPED',
              ),
            ).toEqual([]);
          }
        }

        await overrideCommentAndSubmit(technician, 'E1', comment);
        await physicianApproves(physician, running.url, runId, 'E1', comment);
      });
    } catch (error) {
      await screenshot(technician, 'cfx-technician');
      await screenshot(physician, 'cfx-physician');
      throw error;
    } finally {
      await technician.context().close();
      await physician.context().close();
    }
  }, 420_000);

  it('leaving a half-filled import asks to discard it (the window shown without animation)', async () => {
    if (!browser || !app) throw new Error('not started');
    const page = await newSignedInPage(browser, app.url, 'technician');
    try {
      await page.goto(app.url, { waitUntil: 'domcontentloaded' });
      await page.locator(testId('run-import-button')).click();
      await page.waitForURL(`${app.url}/run/import`);
      await chooseAnalyser(page);
      await page.locator(`${testId('import-files')} input[type="file"]`).setInputFiles(GENOTYPING_FIXTURE);
      await page.goBack();
      // Reduced motion asked for (CONTEXT_OPTIONS): the window appears at once, with no zoom or fade class on it.
      await page.locator('.ant-modal').first().waitFor({ state: 'visible' });
      await expect(
        page
          .locator('.ant-modal, .ant-modal-mask')
          .evaluateAll((nodes) =>
            nodes
              .map((node): string => (node as HTMLElement).className)
              .filter((name) => /ant-(zoom|fade)-/.test(name)),
          ),
      ).resolves.toEqual([]);
      await confirm(page);
      await page.waitForURL((url) => url.pathname === '/', { timeout: SLOW });
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
