import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  openImportWith,
  testId,
  apiGet,
  launchBrowser,
  newSignedInPage,
  repoRoot,
  startEmbeddedApp,
  type EmbeddedApp,
} from './harness';

/**
 * Run import step 1 in the browser, once per analyser family (issue 3 item 7): the technician
 * chooses the family's analyser, gives one real instrument export (or the several files of one
 * run), clicks Next and lands on run creation; the run created holds the plate and the wells the
 * file really has. Plus the SPEC error of a file that is not what its name says.
 *
 * Plate sizes and well counts were read by hand from the files (shared/fixtures/README.md,
 * docs/formats.md, the hand-read tables of the parser specs), never from Amplio's own output.
 */

// CI clones the repository with shared/ beside it.
const FIXTURES = resolve(repoRoot, '..', 'shared', 'fixtures');
const CFX_RUN = 'admin_2021-02-19 09-57-01_BR002605';
const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 90_000;
/** Parsing runs inline in the embedded app; the largest fixture (D&A 4-plex, 12 MB of XML) takes seconds. */
const PARSE_TIMEOUT = 60_000;

type PlateType = 'RECTANGULAR_96' | 'RECTANGULAR_384';

interface FamilyCase {
  family: string;
  analyserId: string;
  /** The analyser's name as the select shows it (server/src/seed/analysers.ts). */
  analyserName: string;
  /** Paths under shared/fixtures. */
  files: string[];
  plateType: PlateType;
  /** Loaded wells, read by hand from the file. */
  wells: number;
}

const FAMILIES: FamilyCase[] = [
  {
    // Results sheet: 25 metadata rows, then 384 rows = 96 positions A1..H12 x 4 reporters;
    // Block Type "96-Well 0.2-mL Block".
    family: 'QuantStudio Design & Analysis (4-plex .xlsx)',
    analyserId: 'thermo-quantstudio-da',
    analyserName: 'QuantStudio Design & Analysis',
    files: [
      'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
    ],
    plateType: 'RECTANGULAR_96',
    wells: 96,
  },
  {
    // "* Block Type = 96-Well Block (0.2mL)"; [Sample Setup] and [Results] list 96 loaded positions.
    family: 'QuantStudio Real-Time PCR text export (.txt)',
    analyserId: 'thermo-quantstudio-rt',
    analyserName: 'QuantStudio Real-Time PCR Software',
    files: ['thermo-quantstudio/appbio_quantstudio_example03.txt'],
    plateType: 'RECTANGULAR_96',
    wells: 96,
  },
  {
    // Sample Setup lists all 96 positions, 24 of them loaded (docs/formats.md, quantstudio.spec.ts).
    family: 'Applied Biosystems 7500 (BIFF8 .xls)',
    analyserId: 'thermo-7500-stepone',
    analyserName: '7500 / StepOne',
    files: ['thermo-7500-stepone/7500_std.xls'],
    plateType: 'RECTANGULAR_96',
    wells: 24,
  },
  {
    // One run of six CSV files; Plate View has 12 columns (CFX96), Cq Results and the SYBR
    // amplification table name 96 wells.
    family: 'Bio-Rad CFX Manager (one run in six CSV files)',
    analyserId: 'biorad-cfx',
    analyserName: 'CFX Manager / CFX Maestro',
    files: [
      `${CFX_RUN} -  End Point Results_SYBR.csv`,
      `${CFX_RUN} -  Quantification Amplification Results_SYBR.csv`,
      `${CFX_RUN} -  Quantification Cq Results_0.csv`,
      `${CFX_RUN} -  Quantification Plate View Results_SYBR.csv`,
      `${CFX_RUN} -  Quantification Summary_0.csv`,
      `${CFX_RUN}_Run Information.csv`,
    ].map((name) => `biorad-cfx/cfx-manager-sybr/${name}`),
    plateType: 'RECTANGULAR_96',
    wells: 96,
  },
  {
    // Raw Data export with SamplePos A1..P24 (384 distinct positions), plus its Cp table.
    family: 'Roche LightCycler 480 (raw data + Cp table)',
    analyserId: 'roche-lc480',
    analyserName: 'LightCycler 480',
    files: [
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt',
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt',
    ],
    plateType: 'RECTANGULAR_384',
    wells: 384,
  },
  {
    // rdml_data.xml: 96 distinct react ids on an 8 x 12 pcrFormat.
    family: 'Roche LightCycler 96 (.rdml)',
    analyserId: 'roche-lc96',
    analyserName: 'LightCycler 96',
    files: ['roche-lc96/lc96_bACTXY.rdml'],
    plateType: 'RECTANGULAR_96',
    wells: 96,
  },
  {
    // 144 Reading elements over 2 raw channels = a 72-tube rotor, laid A1..F12 on a 96-well plate.
    family: 'Qiagen Rotor-Gene Q (.rex)',
    analyserId: 'qiagen-rotorgene',
    analyserName: 'Rotor-Gene Q',
    files: ['qiagen-rotorgene/slc6a2_cell_lines_B_64oC_170617.rex'],
    plateType: 'RECTANGULAR_96',
    wells: 72,
  },
  {
    // bio_rad_384.xml: pcrFormat 16 x 24, 48 distinct react ids; breaks the RDML 1.1 schema.
    family: 'RDML (CFX384 file that does not validate against its schema)',
    analyserId: 'rdml',
    analyserName: 'RDML (any instrument)',
    files: ['biorad-cfx/BioRad_384.rdml'],
    plateType: 'RECTANGULAR_384',
    wells: 48,
  },
];

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
/** innerText collapses runs of spaces (the CFX names have two after the dash). */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The part of GET /api/run/{id} this spec reads. */
interface RunView {
  id: string;
  fileName: string | null;
  plateType: PlateType;
  analyser: { id: string; name: string };
  wells: Record<string, { position: string }>;
}

/** What the page shows that could explain a refusal: notifications and form errors. */
async function visibleErrors(page: Page): Promise<string[]> {
  const notices = await page.locator('.ant-notification-notice:visible').allInnerTexts();
  const fields = await page.locator('.ant-form-item-explain-error:visible').allInnerTexts();
  return [...notices, ...fields].map(squash).filter(Boolean);
}

/** Polls until `done` says yes or the page shows an error; answers the errors shown (none on success). */
async function waitUnlessRefused(
  page: Page,
  done: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return [];
    const errors = await visibleErrors(page);
    if (errors.length > 0) return errors;
    if (Date.now() > deadline) return [`timed out after ${timeoutMs / 1000} s (now at ${page.url()})`];
    await page.waitForTimeout(200);
  }
}

/** The run as the API answers it, with the signed-in page's own token. */
function fetchRun(page: Page, runId: string): Promise<RunView> {
  return apiGet<RunView>(page, `/api/run/${encodeURIComponent(runId)}`);
}

async function screenshotOnFailure(page: Page, name: string): Promise<void> {
  if (process.env.AMPLIO_E2E_SCREENSHOTS === '0') return;
  const file = resolve(repoRoot, 'test-results', `import-families-${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
}

describe('run import step 1, one real export per analyser family (embedded app)', () => {
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    const missing = FAMILIES.flatMap((entry) => entry.files)
      .map((file) => resolve(FIXTURES, file))
      .filter((file) => !existsSync(file));
    if (missing.length > 0)
      throw new Error(`fixtures not found (shared/ must sit beside the clone): ${missing.join(', ')}`);
    [app, browser] = await Promise.all([startEmbeddedApp(), launchBrowser()]);
    page = await newSignedInPage(browser, app.url, 'technician');
  }, START_TIMEOUT);

  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
    await app?.stop();
  }, 60_000);

  it.each(FAMILIES)(
    '$family: $analyserId imports and lands on run creation with $wells wells on a $plateType plate',
    async ({ family, analyserId, analyserName, files, plateType, wells }) => {
      const p = page!;
      const appUrl = app!.url;
      try {
        await openImportWith(p, appUrl, analyserName);

        await p
          .locator(`${testId('import-files')} input[type="file"]`)
          .setInputFiles(files.map((file) => resolve(FIXTURES, file)));
        const listed = p.locator(`${testId('import-files')} .ant-upload-list-item`);
        // Every file is accepted by extension: the page lists them all and says nothing.
        const refusedAtPick = await waitUnlessRefused(
          p,
          async () => (await listed.count()) === files.length,
          10_000,
        );
        expect(refusedAtPick).toEqual([]);
        const listedNames = (await listed.allInnerTexts()).map(squash).sort();
        expect(listedNames).toEqual(files.map((file) => squash(baseName(file))).sort());

        await p.locator(testId('import-next')).click();
        // The file count is within the analyser's bounds and the files parse: run creation opens.
        const refusedAtNext = await waitUnlessRefused(
          p,
          () => new URL(p.url()).pathname === '/run/configuration',
          PARSE_TIMEOUT,
        );
        expect(refusedAtNext).toEqual([]);
        const runId = new URL(p.url()).searchParams.get('id');
        expect(runId).toBeTruthy();
        // Run creation step 1 rendered for that run (an unreadable run sends the user home).
        await p.locator(testId('run-instrument-name')).waitFor({ state: 'visible', timeout: 30_000 });
        expect(new URL(p.url()).pathname).toBe('/run/configuration');

        // Step 1 of run creation shows no plate: the run the page works on says what was imported.
        const run = await fetchRun(p, runId!);
        expect(run.id).toBe(runId);
        expect(run.analyser.id).toBe(analyserId);
        expect(run.plateType).toBe(plateType);
        expect(Object.keys(run.wells)).toHaveLength(wells);
      } catch (error) {
        await screenshotOnFailure(p, family);
        throw error;
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'a text file named .xlsx on QuantStudio Design & Analysis shows the invalid-file error naming it and stays on step 1',
    async () => {
      const p = page!;
      const appUrl = app!.url;
      const name = 'plain-text-named-as-workbook.xlsx';
      try {
        await openImportWith(p, appUrl, 'QuantStudio Design & Analysis');
        await p.locator(`${testId('import-files')} input[type="file"]`).setInputFiles({
          name,
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from('Well\tSample\tCq\nA1\tpatient 1\t24.5\n', 'utf8'),
        });
        await p
          .locator(`${testId('import-files')} .ant-upload-list-item`, { hasText: name })
          .waitFor({ state: 'visible' });
        await p.locator(testId('import-next')).click();

        const notice = p
          .locator('.ant-notification-notice:visible')
          .filter({ hasText: 'An error occurred during the file parsing: invalid file:' });
        await notice.first().waitFor({ state: 'visible', timeout: PARSE_TIMEOUT });
        const text = squash(await notice.first().innerText());
        expect(text).toContain('Run import');
        expect(text).toContain(`An error occurred during the file parsing: invalid file: ${name}`);
        // Still on step 1, ready for another try.
        expect(new URL(p.url()).pathname).toBe('/run/import');
        await p.locator(`${testId('import-next')}:not(.ant-btn-loading)`).waitFor({ state: 'visible' });
        await expect(p.locator(testId('import-next')).isEnabled()).resolves.toBe(true);
      } catch (error) {
        await screenshotOnFailure(p, 'renamed-text-file');
        throw error;
      }
    },
    TEST_TIMEOUT,
  );
});
