import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './app-process';
import { testId } from './browser';

/** The QuantStudio Design & Analysis genotyping workbook most browser scenarios import (CI clones with shared/ beside it). */
export const GENOTYPING_FIXTURE = resolve(
  repoRoot,
  '..',
  'shared',
  'fixtures',
  'thermo-quantstudio',
  'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
);
export const QUANTSTUDIO_ANALYSER = 'QuantStudio Design & Analysis';

/** The dropdown the select just opened (closed dropdowns stay in the DOM, hidden). */
const OPEN_DROPDOWN = '.ant-select-dropdown:visible:not(.ant-select-dropdown-hidden)';

/**
 * Opens an Ant Design Select, types `typed` to filter when given (searchable, virtual lists), and
 * picks the enabled option containing `text` (or the first enabled one). Waits for the dropdown to
 * be open before counting: counting at once raced its rendering and silently chose nothing.
 * Answers false (and closes it) when the open dropdown has no enabled option.
 */
export async function chooseOption(
  page: Page,
  selectTestId: string,
  text?: string,
  typed?: string,
): Promise<boolean> {
  const select = page.locator(testId(selectTestId));
  // A select enabled by the previous choice (a row's lot after its kit) may still be disabled for a moment.
  const combobox = select.locator('[role="combobox"]').first();
  for (let wait = 0; wait < 100 && (await combobox.count()) > 0 && !(await combobox.isEnabled()); wait += 1) {
    await page.waitForTimeout(100);
  }
  await select.click();
  if (typed) await page.keyboard.type(typed);
  // Its own dropdown: the one holding the listbox its combobox controls (another may still be closing).
  const listId = (await combobox.count()) > 0 ? await combobox.getAttribute('aria-controls') : null;
  const dropdown = listId
    ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) })
    : page.locator(OPEN_DROPDOWN).last();
  await dropdown.waitFor({ state: 'visible' });
  const options = dropdown.locator('.ant-select-item-option:not(.ant-select-item-option-disabled)');
  if ((await options.count()) === 0) {
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    return false;
  }
  await (text ? options.filter({ hasText: text }) : options).first().click();
  await dropdown.waitFor({ state: 'hidden' });
  return true;
}

/** The texts of an Ant Design Select's options (opened, read, closed again). */
export async function optionTexts(page: Page, selectTestId: string): Promise<string[]> {
  const select = page.locator(testId(selectTestId));
  const combobox = select.locator('[role="combobox"]').first();
  await select.click();
  const listId = await combobox.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  await dropdown.waitFor({ state: 'visible' });
  const texts = await dropdown.locator('.ant-select-item-option').allInnerTexts();
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
  return texts.map((text) => text.trim());
}

/**
 * Chooses the analyser on import step 1. The select is searchable and its list virtual: type the
 * name so its option is rendered, wait for it, click it, then wait for the file picker to be enabled.
 */
export async function chooseAnalyser(page: Page, name = QUANTSTUDIO_ANALYSER): Promise<void> {
  await page.locator(testId('import-analyser')).click();
  await page.keyboard.type(name);
  const option = page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`).filter({ hasText: name }).first();
  await option.waitFor({ state: 'visible' });
  await option.click();
  await option.waitFor({ state: 'hidden' });
  await page
    .locator(`${testId('import-files')} .ant-upload-disabled`)
    .waitFor({ state: 'detached', timeout: 10_000 });
}

/** Opens run import step 1 and chooses the analyser. */
export async function openImportWith(page: Page, appUrl: string, analyserName: string): Promise<void> {
  await page.goto(`${appUrl}/run/import`, { waitUntil: 'domcontentloaded' });
  // The options come from GET /api/analyser.
  await page.locator(testId('import-analyser')).waitFor({ state: 'visible' });
  await chooseAnalyser(page, analyserName);
}

/** Whether an Ant Design Select shows a chosen value (class names of antd 6, and of antd 5). */
export async function hasValue(page: Page, selectTestId: string): Promise<boolean> {
  const root = testId(selectTestId);
  const value = page.locator(
    `${root} .ant-select-content-value, ${root}.ant-select-content-has-value, ` +
      `${root} .ant-select-content-has-value, ${root} .ant-select-selection-item`,
  );
  return (await value.count()) > 0;
}

/** Run creation step 1: the prefilled kit and lot, or the first ones offered. */
export async function chooseKitAndLot(page: Page): Promise<void> {
  // Kit and lot are prefilled when the laboratory has exactly one usable lot; choose otherwise.
  if (!(await hasValue(page, 'run-lot-select'))) {
    if (!(await hasValue(page, 'run-kit-select'))) await chooseOption(page, 'run-kit-select');
    await chooseOption(page, 'run-lot-select');
  }
}
