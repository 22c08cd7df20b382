import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import {
  chooseAnalyser,
  chooseOption,
  confirm,
  GENOTYPING_FIXTURE,
  pageTimeline,
  QUANTSTUDIO_ANALYSER,
  repoRoot,
  testId,
} from './harness';

/** Browser steps of run import, run creation and run review, shared by the run setup and review end-to-end tests. */
export const CFX_ANALYSER = 'CFX Manager / CFX Maestro';
/** One CFX Manager run of six CSV exports (96 wells, SYBR). */
const CFX_FOLDER = resolve(repoRoot, '..', 'shared', 'fixtures', 'biorad-cfx', 'cfx-manager-sybr');
const CFX_RUN = 'admin_2021-02-19 09-57-01_BR002605';
export const SLOW = 90_000;

/** Notifications and form errors on the page: what could explain a step that does not move on. */
export async function visibleErrors(page: Page): Promise<string> {
  const notices = await page.locator('.ant-notification-notice:visible').allInnerTexts();
  const fields = await page.locator('.ant-form-item-explain-error:visible').allInnerTexts();
  return [...notices, ...fields].map((text) => text.replace(/\s+/g, ' ').trim()).join(' | ') || '(none)';
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.AMPLIO_E2E_SCREENSHOTS === '0') return;
  const file = resolve(repoRoot, 'test-results', `run-setup-review-${name}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
}

type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** What import step 1 is given: the analyser, the files, and what shows they are listed. */
type ImportSource = {
  analyser: string;
  files: string | UploadFile[];
  listed: (page: Page) => Promise<void>;
};

const QUANTSTUDIO_SOURCE: ImportSource = {
  analyser: QUANTSTUDIO_ANALYSER,
  files: GENOTYPING_FIXTURE,
  listed: (page) =>
    page.locator('.ant-upload-list-item', { hasText: 'example07.xlsx' }).waitFor({ state: 'visible' }),
};

/** The six CSV exports of the CFX run, under their own names or renamed `export N.csv`. */
export function cfxFiles(renamed: boolean): UploadFile[] {
  return readdirSync(CFX_FOLDER)
    .filter((name) => name.startsWith(CFX_RUN))
    .sort()
    .map((name, index) => ({
      name: renamed ? `export ${index + 1}.csv` : name,
      mimeType: 'text/csv',
      buffer: readFileSync(resolve(CFX_FOLDER, name)),
    }));
}

/** The CFX run under its own file names: six files grouped into one run of six files. */
export function cfxSource(): ImportSource {
  return {
    analyser: CFX_ANALYSER,
    files: cfxFiles(false),
    listed: (page) =>
      page
        .locator(`${testId('import-group-1')}[data-file-count="6"]`)
        .waitFor({ state: 'visible', timeout: 30_000 }),
  };
}

/** Run import step 1 through the UI, on to run creation; answers the run id. */
export async function importRun(
  page: Page,
  appUrl: string,
  source: ImportSource = QUANTSTUDIO_SOURCE,
): Promise<string> {
  await page.goto(appUrl, { waitUntil: 'domcontentloaded' });
  await page.locator(testId('run-import-button')).click();
  await page.waitForURL(`${appUrl}/run/import`);
  await chooseAnalyser(page, source.analyser);
  await page.locator(`${testId('import-files')} input[type="file"]`).setInputFiles(source.files);
  await source.listed(page);
  await page.locator(testId('import-next')).click();
  try {
    await page.waitForURL((url) => url.pathname === '/run/configuration', { timeout: SLOW });
  } catch (error) {
    await screenshot(page, 'import');
    throw new Error(`import did not reach run creation; page says: ${await visibleErrors(page)}`, {
      cause: error,
    });
  }
  const runId = new URL(page.url()).searchParams.get('id');
  if (!runId) throw new Error('no run id');
  const instrument = page.locator(testId('run-instrument-name'));
  await instrument.waitFor({ state: 'visible', timeout: SLOW });
  if ((await instrument.inputValue()).trim() === '') await instrument.fill('e2e instrument');
  return runId;
}

/**
 * Run creation step 2: saves the wells as a plate template under `name` (POST /plate-template
 * answered 2xx). The name is checked to be in the field (the confirm button enabled) before the
 * click; a click that sent no request (lost while the window opened) is made again.
 */
export async function saveTemplate(page: Page, name: string): Promise<void> {
  await page.locator(testId('save-template')).click();
  const field = page.locator(testId('template-name'));
  const confirmButton = page.locator(`${testId('save-template-confirm')}:enabled`);
  for (let attempt = 1; (await field.inputValue()) !== name; attempt += 1) {
    if (attempt > 3) throw new Error(`template name not taken by the field: ${await field.inputValue()}`);
    await field.fill(name);
  }
  await confirmButton.waitFor({ state: 'visible' });
  const isSave = (request: Request) =>
    request.method() === 'POST' && /\/api\/plate-template\b/.test(request.url());
  let request: Request | undefined;
  for (let attempt = 1; !request; attempt += 1) {
    const sent = page.waitForRequest(isSave, { timeout: 15_000 }).catch(() => undefined);
    await confirmButton.click();
    request = await sent;
    if (!request && (attempt >= 3 || !(await confirmButton.isVisible()))) {
      throw new Error(
        `template ${name}: no POST /api/plate-template after ${attempt} clicks\n${pageTimeline(page).format('page')}`,
      );
    }
  }
  const response = await Promise.race([
    request.response(),
    new Promise<null>((done) => setTimeout(() => done(null), SLOW)),
  ]);
  if (!response) {
    throw new Error(
      `template ${name}: POST /api/plate-template unanswered after ${SLOW} ms\n${pageTimeline(page).format('page')}`,
    );
  }
  if (!response.ok()) {
    throw new Error(`template not saved: ${response.status()} ${await response.text().catch(() => '')}`);
  }
  // The window closes once saved (its test id is not on a DOM element: wait for its button).
  await page.locator(testId('save-template-confirm')).waitFor({ state: 'hidden' });
}

/** Run creation step 2: loads the plate template `name` and waits for `position` to be configured by it. */
export async function loadTemplate(page: Page, name: string, position = 'A1'): Promise<void> {
  await page.locator(testId('load-template')).click();
  const row = page.locator(testId(`load-template-${name}`));
  const configured = page.locator(`${testId(`plate-well-${position}`)}:not([data-color=""])`);
  // A click made while the load window is still opening can be lost: click the row again while it shows.
  for (let attempt = 1; ; attempt += 1) {
    await row.click();
    const done = await configured
      .waitFor({ state: 'visible', timeout: attempt < 3 ? 15_000 : 60_000 })
      .then(() => true)
      .catch(() => false);
    if (done) return;
    if (attempt >= 3 || !(await row.isVisible())) {
      throw new Error(`template ${name} did not configure ${position}`);
    }
  }
}

export async function startInterpretation(page: Page, appUrl: string, runId: string): Promise<void> {
  await page.locator(testId('start-interpretation')).click();
  await confirm(page);
  await page.waitForURL(`${appUrl}/run/${encodeURIComponent(runId)}`, { timeout: SLOW });
}

/** Run interpretation: overrides the well at `position`, comments it, submits the run. */
export async function overrideCommentAndSubmit(page: Page, position: string, comment: string): Promise<void> {
  await page.locator(testId('plate-grid')).waitFor({ state: 'visible', timeout: SLOW });
  await selectOneWell(page, position);
  await chooseOption(page, 'diagnostic-select');
  // SPEC 2: while a diagnostic is being edited, a click on another well does not change the selection.
  const other = position === 'A2' ? 'A3' : 'A2';
  await page.locator(testId(`plate-well-${other}`)).click();
  expect(await page.locator(testId(`plate-well-${position}`)).getAttribute('data-selected')).toBe('true');
  expect(await page.locator(testId(`plate-well-${other}`)).getAttribute('data-selected')).toBe('false');
  await page.locator(testId('diagnostic-save')).click();
  await page.locator(testId('override-trail')).waitFor({ state: 'visible', timeout: SLOW });
  await page.locator(testId('well-comment-input')).fill(comment);
  await page.locator(testId('well-comment-save')).click();
  await page.getByText(comment).first().waitFor({ state: 'visible' });
  await addRunComment(page, `${comment} (run)`);
  await page.locator(testId('run-submit')).click();
  await confirm(page);
  await page
    .locator(`${testId('run-information')} ${testId('run-status')}[data-status="WAIT_FOR_APPROVAL"]`)
    .waitFor({ state: 'visible' });
}

/**
 * Clicks the well until it alone is selected and its diagnostic form shows. A click made while the
 * results render again (the interpretation's live event refetches them, the wells' buttons are
 * replaced) can be lost, seen once in CI under load: the plate kept its 96 wells selected.
 */
async function selectOneWell(page: Page, position: string): Promise<void> {
  const well = page.locator(testId(`plate-well-${position}`));
  const form = page.locator(testId('diagnostic-select'));
  for (let attempt = 1; ; attempt += 1) {
    await well.click();
    const shown = await form
      .waitFor({ state: 'visible', timeout: attempt < 3 ? 10_000 : SLOW })
      .then(() => true)
      .catch(() => false);
    if (shown && (await well.getAttribute('data-selected')) === 'true') return;
    if (attempt >= 3) throw new Error(`well ${position} could not be selected alone`);
  }
}

/**
 * SPEC 2: the plate on the left, and on the right one of the well interpretation panel, the run
 * comments form or the export window. Switches to the run comments form, adds `text`, and back.
 */
async function addRunComment(page: Page, text: string): Promise<void> {
  const plate = await page.locator(testId('plate-grid')).boundingBox();
  const wellsPanel = page.locator(testId('well-interpretation-panel'));
  const right = await wellsPanel.boundingBox();
  expect(plate && right && plate.x + plate.width <= right.x).toBe(true);
  await page.locator(testId('panel-comments')).click();
  await page.locator(testId('run-comment-input')).fill(text);
  expect(await wellsPanel.count()).toBe(0);
  await page.locator(testId('run-comment-save')).click();
  await page.locator(testId('run-comments')).getByText(text).waitFor({ state: 'visible' });
  await page.locator(testId('panel-wells')).click();
  await wellsPanel.waitFor({ state: 'visible' });
}

/** The physician opens the run, sees the override trail and the comment of `position`, and approves. */
export async function physicianApproves(
  page: Page,
  appUrl: string,
  runId: string,
  position: string,
  comment: string,
): Promise<void> {
  await page.goto(`${appUrl}/run/${encodeURIComponent(runId)}`, { waitUntil: 'domcontentloaded' });
  await page.locator(testId('plate-grid')).waitFor({ state: 'visible', timeout: SLOW });
  await page.locator(testId(`plate-well-${position}`)).click();
  const trail = page.locator(testId('override-trail'));
  await trail.waitFor({ state: 'visible', timeout: SLOW });
  expect(await trail.textContent()).toMatch(/suggested result changed from .+ to .+ by /);
  await page.getByText(comment).first().waitFor({ state: 'visible' });
  await page.locator(testId('panel-comments')).click();
  await page.locator(testId('run-comments')).getByText(`${comment} (run)`).waitFor({ state: 'visible' });
  await page.locator(testId('panel-wells')).click();
  // A physician sees the well's kit version in its metadata (SPEC 6).
  await page.locator(testId('tab-metadata')).click();
  const version = page.locator(testId('well-metadata-kit-version'));
  await version.waitFor({ state: 'visible' });
  expect((await version.innerText()).trim()).not.toBe('');
  await page.locator(testId('run-approve')).click();
  await confirm(page);
  await page
    .locator(`${testId('run-information')} ${testId('run-status')}[data-status="APPROVED"]`)
    .waitFor({ state: 'visible', timeout: SLOW });
}
