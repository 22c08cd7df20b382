import type { ParsedRun, RunFile } from '@amplio/domain';
import type { FormatParser } from '../format-parser';
import { headerKey } from '../common/table';
import { openWorkbook, peekSheetNames } from '../common/workbook';
import { QUANTSTUDIO_TABLES } from './quantstudio-columns';
import { readQuantStudioTables } from './quantstudio-tables';

const ALL_TABLES: readonly string[] = Object.values(QUANTSTUDIO_TABLES).flat();

function hasAny(sheetNames: string[], wanted: readonly string[]): boolean {
  const keys = new Set(sheetNames.map(headerKey));
  return wanted.some((name) => keys.has(headerKey(name)));
}

/**
 * A QuantStudio-family workbook: a Results or Sample Setup sheet. (The amplification or
 * multicomponent sheet is required by parse, which then says which sheet is missing.)
 */
export function isQuantStudioWorkbook(sheetNames: string[]): boolean {
  return hasAny(sheetNames, [...QUANTSTUDIO_TABLES.results, ...QUANTSTUDIO_TABLES.setup]);
}

/**
 * Applied Biosystems QuantStudio Design & Analysis .xlsx, QuantStudio Real-Time PCR software .xlsx,
 * 7500 / StepOne .xls (BIFF8): one workbook per run. The format id says which: 'thermo-quantstudio-da-xlsx',
 * 'thermo-quantstudio-xlsx' or 'thermo-quantstudio-xls'.
 */
export const quantStudioWorkbookParser: FormatParser = {
  id: 'thermo-quantstudio-workbook',
  detect(files: RunFile[]): boolean {
    if (files.length !== 1) return false;
    const names = peekSheetNames(files[0]);
    return names !== null && isQuantStudioWorkbook(names);
  },
  parse(files: RunFile[]): ParsedRun {
    const [file] = files;
    const workbook = openWorkbook(file);
    // Only the sheets the reader uses: Multicomponent only when there is no Amplification Data.
    const hasAmplification = hasAny(workbook.sheetNames, QUANTSTUDIO_TABLES.amplification);
    const tables = hasAmplification
      ? ALL_TABLES.filter((table) => !QUANTSTUDIO_TABLES.multicomponent.some((name) => name === table))
      : ALL_TABLES;
    const wanted = workbook.sheetNames.filter((name) =>
      tables.some((table) => headerKey(table) === headerKey(name)),
    );
    const sheets = workbook.readSheets(wanted);
    const results =
      [...sheets.entries()].find(([name]) => hasAny([name], QUANTSTUDIO_TABLES.results))?.[1] ?? [];
    // Design & Analysis writes "Amp Status" and "Cq Confidence" in Results; the older software does not.
    const designAndAnalysis = results
      .slice(0, 200)
      .some((row) => row.some((cell) => cell === 'Amp Status') && row.some((cell) => cell === 'Cq'));
    const format =
      workbook.container === 'ole2'
        ? 'thermo-quantstudio-xls'
        : designAndAnalysis
          ? 'thermo-quantstudio-da-xlsx'
          : 'thermo-quantstudio-xlsx';
    return readQuantStudioTables({
      fileName: file.name,
      format,
      tableLabel: (name) => `sheet ${name}`,
      tables: sheets,
      metadata: new Map(),
    });
  },
};
