import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SftpTestServer } from '../../libs/adapters/src/file-transfer/testing/sftp-test-server';
import { sshKeyPair } from '../../libs/adapters/src/file-transfer/testing/transfer-test-keys';
import {
  confirm,
  launchBrowser,
  newSignedInPage,
  startEmbeddedApp,
  startScaledApp,
  testId,
  chooseAnalyser,
  GENOTYPING_FIXTURE,
  uploadGenotypingRun,
  interpretEveryWellAsSample,
  withFailureReport,
  approveOpenRun,
  type AppProcess,
} from './harness';

/**
 * Exports and file transfer in the browser (issue 12): a physician configures SFTP (Test shows the
 * host key, Save pins it, send on approval on); a technician imports, interprets and submits a run;
 * the physician approves it and sees the envelope ok in the run list (the file is on the SFTP
 * server, once); then exports PDF, PDF as plate, XLSX, CSV and XML from the export window. Run in
 * the embedded mode, and in the scaled mode with two APIs and two workers (the technician on the
 * second API, the export and transfer jobs in the workers).
 */
const SLOW = 90_000;
const hostKey = sshKeyPair();

/** antd puts a radio's or checkbox's data-testid on its hidden input: click the label around it. */
async function tick(page: Page, id: string): Promise<void> {
  await page.locator(`label:has(${testId(id)})`).click();
}

/** The input of a field, whether the data-testid sits on the input or on its wrapper. */
function field(page: Page, id: string) {
  return page.locator(`input${testId(id)}, textarea${testId(id)}, ${testId(id)} input`).first();
}

/** Technician: import, configure every well as a sample, interpret, submit. Returns the run id. */
async function importInterpretSubmit(page: Page, appUrl: string): Promise<string> {
  await page.locator(testId('run-import-button')).click();
  await chooseAnalyser(page);
  const runId = await uploadGenotypingRun(page, SLOW);
  await interpretEveryWellAsSample(page, appUrl, runId, 'QS7Pro e2e', SLOW);
  // Submit is enabled once the interpretation is there.
  const submit = page.locator(`${testId('run-submit')}:not([disabled])`);
  await submit.waitFor({ state: 'visible', timeout: SLOW });
  await submit.click();
  await confirm(page);
  await page
    .locator(`${testId('run-information')} ${testId('run-status')}[data-status="WAIT_FOR_APPROVAL"]`)
    .waitFor({ state: 'visible' });
  return runId;
}

async function configureSftp(page: Page, appUrl: string, port: number): Promise<void> {
  await page.goto(`${appUrl}/admin/configuration/ftp`);
  await page.locator(testId('ftp-add')).click();
  await tick(page, 'ftp-protocol-SFTP');
  await expect(field(page, 'ftp-port').inputValue()).resolves.toBe('22');
  expect(await page.locator(testId('ftp-test')).isDisabled()).toBe(true);
  await field(page, 'ftp-host').fill('127.0.0.1');
  await field(page, 'ftp-port').fill(String(port));
  await field(page, 'ftp-directory').fill('/upload');
  await field(page, 'ftp-username').fill('lims');
  await field(page, 'ftp-password').fill('lims password');
  await tick(page, 'ftp-send-on-approval');
  await page.locator(testId('ftp-test')).click();
  await expect(page.locator(testId('ftp-host-key')).textContent({ timeout: SLOW })).resolves.toBe(
    hostKey.fingerprint,
  );
  await page.locator(testId('ftp-save')).click();
  await page.locator(testId('ftp-delete')).waitFor({ state: 'visible' });
}

async function exportEach(page: Page): Promise<void> {
  await page.locator(testId('run-export')).click();
  await page.locator(testId('export-window')).waitFor({ state: 'visible' });
  // SPEC 2: the export window takes the right-hand side's place of the well interpretation panel.
  expect(await page.locator(testId('well-interpretation-panel')).count()).toBe(0);
  const cases: Array<{ format: string; asPlate?: boolean; magic: string }> = [
    { format: 'pdf', magic: '%PDF' },
    { format: 'pdf', asPlate: true, magic: '%PDF' },
    { format: 'xlsx', magic: 'PK' },
    { format: 'csv', magic: '\ufeff' },
    { format: 'xml', magic: '<?xml' },
  ];
  const directory = mkdtempSync(join(tmpdir(), 'amplio-e2e-downloads-'));
  try {
    for (const { format, asPlate, magic } of cases) {
      await tick(page, `export-format-${format}`);
      if (asPlate) await tick(page, 'export-as-plate');
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: SLOW }),
        page.locator(testId('export-download')).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`_\\d{8}-\\d{4}\\.${format}$`));
      const file = join(directory, `${format}${asPlate ? '-plate' : ''}`);
      await download.saveAs(file);
      expect(statSync(file).size).toBeGreaterThan(100);
      const head = readFileSync(file).subarray(0, 8).toString('utf8');
      expect(head.startsWith(magic)).toBe(true);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A running deployment of either mode: the physician's and the technician's API, and stop. */
interface Deployment {
  physicianUrl: string;
  technicianUrl: string;
  processes: AppProcess[];
  stop(): Promise<void>;
}

/** The whole scenario against one deployment and its own SFTP server. */
async function exportsAndTransfer(browser: Browser, app: Deployment, sftp: SftpTestServer, root: string) {
  const physician = await newSignedInPage(browser, app.physicianUrl, 'physician');
  const technician = await newSignedInPage(browser, app.technicianUrl, 'technician');
  await withFailureReport({ physician, technician }, app.processes, () =>
    scenario(physician, technician, app, root, sftp.port),
  );
}

/** SFTP configured, a run imported, approved, delivered once and shown ok, then exported. */
async function scenario(physician: Page, technician: Page, app: Deployment, root: string, sftpPort: number) {
  await configureSftp(physician, app.physicianUrl, sftpPort);
  const runId = await importInterpretSubmit(technician, app.technicianUrl);

  await physician.goto(`${app.physicianUrl}/run/${runId}`);
  await approveOpenRun(physician, SLOW);

  // Send on approval: the file arrives once; the run list shows the envelope ok.
  // The file is written under a temporary name first, then renamed: wait for the final name.
  const delivered = (): boolean =>
    readdirSync(join(root, 'upload')).some((name) => /_\d{8}-\d{4}\.xml$/.test(name));
  for (let i = 0; i < 300 && !delivered(); i += 1) await new Promise((done) => setTimeout(done, 200));
  // A second delivery (two workers, a retry) would show here as a second file.
  await new Promise((done) => setTimeout(done, 2_000));
  expect(readdirSync(join(root, 'upload'))).toEqual([expect.stringMatching(/_\d{8}-\d{4}\.xml$/)]);
  await physician.goto(app.physicianUrl);
  await physician
    .locator('[data-testid$="-ftp"][aria-label="Results sent to the laboratory: ok"]')
    .first()
    .waitFor({ state: 'visible', timeout: SLOW });

  await physician.goto(`${app.physicianUrl}/run/${runId}`);
  await physician.locator(testId('plate-grid')).waitFor({ state: 'visible', timeout: SLOW });
  await exportEach(physician);
}

const modes: Array<[string, () => Promise<Deployment>]> = [
  [
    'embedded',
    async () => {
      const app = await startEmbeddedApp();
      return {
        physicianUrl: app.url,
        technicianUrl: app.url,
        processes: [app.process],
        stop: () => app.stop(),
      };
    },
  ],
  [
    'scaled: 2 APIs, 2 workers, Redis',
    async () => {
      const app = await startScaledApp({ apis: 2, workers: 2 });
      return {
        physicianUrl: app.urls[0],
        technicianUrl: app.urls[1],
        processes: [...app.apis, ...app.workers],
        stop: () => app.stop(),
      };
    },
  ],
];

describe.each(modes)('exports and file transfer in Chromium (%s)', (_mode, start) => {
  let browser: Browser | undefined;
  let app: Deployment | undefined;
  let sftp: SftpTestServer | undefined;
  let root = '';

  beforeAll(async () => {
    if (!existsSync(GENOTYPING_FIXTURE)) throw new Error(`fixture not found: ${GENOTYPING_FIXTURE}`);
    root = mkdtempSync(join(tmpdir(), 'amplio-e2e-sftp-'));
    mkdirSync(join(root, 'upload'));
    sftp = new SftpTestServer({
      root,
      username: 'lims',
      password: 'lims password',
      authorizedKey: hostKey.publicKey,
      hostKey: hostKey.privateKey,
    });
    await sftp.start();
    browser = await launchBrowser();
    app = await start();
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await browser?.close();
    await sftp?.stop();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('physician configures SFTP, approves a run, sees the envelope ok, and exports every format', async () => {
    await exportsAndTransfer(browser!, app!, sftp!, root);
  }, 400_000);
});
