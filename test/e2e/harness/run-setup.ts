import type { Page } from 'playwright-core';
import { chooseKitAndLot, GENOTYPING_FIXTURE } from './ant-select';
import { confirm, testId } from './browser';

/**
 * Import step 1 with the analyser already chosen: uploads the genotyping workbook, goes on, and
 * answers the id of the run the import job created once run creation shows.
 */
export async function uploadGenotypingRun(page: Page, timeout: number): Promise<string> {
  await page.locator(`${testId('import-files')} input[type="file"]`).setInputFiles(GENOTYPING_FIXTURE);
  await page.locator('.ant-upload-list-item', { hasText: 'example07.xlsx' }).waitFor({ state: 'visible' });
  await page.locator(testId('import-next')).click();
  await page.waitForURL((url) => url.pathname === '/run/configuration', { timeout });
  const runId = new URL(page.url()).searchParams.get('id') ?? '';
  if (runId === '') throw new Error(`run creation opened without a run id: ${page.url()}`);
  return runId;
}

/**
 * Run creation on the open run: an instrument name when the file gave none, the prefilled (or first)
 * kit and lot, every well a sample, then interpretation; ends on the run's screen with its plate.
 */
export async function interpretEveryWellAsSample(
  page: Page,
  appUrl: string,
  runId: string,
  instrumentName: string,
  timeout: number,
): Promise<void> {
  const instrument = page.locator(testId('run-instrument-name'));
  await instrument.waitFor({ state: 'visible', timeout });
  if ((await instrument.inputValue()).trim() === '') await instrument.fill(instrumentName);
  await chooseKitAndLot(page);
  await page.locator(testId('run-creation-next')).click();
  await page.locator(testId('well-panel')).waitFor({ state: 'visible' });
  await page.locator(testId('apply-sample-type')).click();
  await page.locator(testId('start-interpretation')).click();
  await confirm(page);
  await page.waitForURL(`${appUrl}/run/${encodeURIComponent(runId)}`, { timeout });
  await page.locator(testId('plate-grid')).waitFor({ state: 'visible', timeout });
}

/**
 * On the run's screen: approves (with confirmation) once the button shows, and waits until the run
 * information says APPROVED and the button is gone.
 */
export async function approveOpenRun(page: Page, timeout: number): Promise<void> {
  const approve = page.locator(testId('run-approve'));
  await approve.waitFor({ state: 'visible', timeout });
  await approve.click();
  await confirm(page);
  await page
    .locator(`${testId('run-information')} ${testId('run-status')}[data-status="APPROVED"]`)
    .waitFor({ state: 'visible' });
  await approve.waitFor({ state: 'hidden' });
}
