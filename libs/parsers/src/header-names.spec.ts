import type { ParsedRun, RunFile } from '@amplio/domain';
import { ImportFileError } from './common/import-errors';
import { parseRunFiles } from './index';
import { fixtureFile, fixtureFilesUnder } from './testing/fixture-files';
import { resaveText, resaveWorkbook, type TableEdit } from './testing/resave';

// Re-saving a workbook in memory is slow on a loaded machine.
jest.setTimeout(180_000);

/**
 * Every tabular family reads its columns by header name: a fixture's tables re-saved with an extra
 * "Singleplex" column, or with their columns in reverse order, parse to exactly the same run; a
 * table without a required column is refused with errorImportMissingColumn naming the column.
 */
interface Family {
  name: string;
  files: () => RunFile[];
  /** Builds the derived run files for an edit. */
  edit: (files: RunFile[], edit: TableEdit) => RunFile[];
  /** A required column to drop, and the column the error must name. */
  required: { column: string; named: string };
}

const QS = 'thermo-quantstudio/appbio_quantstudio_';
const one = (path: string) => () => [fixtureFile(path)];

function workbookFamily(
  name: string,
  path: string,
  sheets: Array<{ sheet: string; headerCell: string }>,
  required: { sheet: string; column: string; named?: string },
): Family {
  return {
    name,
    files: one(path),
    edit: ([file], edit) =>
      edit.kind === 'drop'
        ? [resaveWorkbook(file, [{ sheet: required.sheet, headerCell: edit.column, edit }])]
        : [
            resaveWorkbook(
              file,
              sheets.map((entry) => ({ ...entry, edit })),
            ),
          ],
    required: { column: required.column, named: required.named ?? required.column },
  };
}

const CFX_RUN = 'biorad-cfx/cfx-manager-sybr';
const cfxRun = () =>
  fixtureFilesUnder(CFX_RUN)
    .filter((path) => path.includes('09-57-01'))
    .map(fixtureFile);
const isAmplification = (file: RunFile) => file.name.includes('Amplification Results');
const isCqResults = (file: RunFile) => file.name.includes('Cq Results');

const LC480 = 'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02';

const FAMILIES: Family[] = [
  workbookFamily(
    'QuantStudio Design & Analysis xlsx',
    `${QS}designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx`,
    [
      { sheet: 'Results', headerCell: 'Well Position' },
      { sheet: 'Amplification Data', headerCell: 'Well Position' },
    ],
    { sheet: 'Amplification Data', column: 'Cycle Number' },
  ),
  workbookFamily(
    'QuantStudio Design & Analysis auto-export .xls (an xlsx)',
    `${QS}designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls`,
    [
      { sheet: 'Results', headerCell: 'Well Position' },
      { sheet: 'Target Call', headerCell: 'Consolidated Call' },
    ],
    { sheet: 'Amplification Data', column: 'Target', named: 'Target Name' },
  ),
  workbookFamily(
    'QuantStudio 7 Flex xlsx',
    `${QS}example08.xlsx`,
    [
      { sheet: 'Sample Setup', headerCell: 'Well Position' },
      { sheet: 'Results', headerCell: 'Well Position' },
      { sheet: 'Amplification Data', headerCell: 'Delta Rn' },
    ],
    { sheet: 'Amplification Data', column: 'Cycle', named: 'Cycle Number' },
  ),
  workbookFamily(
    '7500 BIFF8 .xls',
    'thermo-7500-stepone/7500_std.xls',
    [
      { sheet: 'Sample Setup', headerCell: 'Sample Name' },
      { sheet: 'Multicomponent Data', headerCell: 'Cycle' },
    ],
    { sheet: 'Multicomponent Data', column: 'FAM' },
  ),
  {
    name: 'QuantStudio text export',
    files: one(`${QS}example02.txt`),
    edit: ([file], edit) => {
      if (edit.kind === 'drop')
        return [resaveText(file, edit.column, edit, { section: 'Amplification Data' })];
      const results = resaveText(file, 'Well Position', edit, { section: 'Results' });
      return [resaveText(results, 'Delta Rn', edit, { section: 'Amplification Data' })];
    },
    required: { column: 'Cycle', named: 'Cycle Number' },
  },
  {
    name: 'CFX CSV run',
    files: cfxRun,
    edit: (files, edit) =>
      files.map((file) => {
        if (edit.kind === 'drop')
          return isCqResults(file) ? resaveText(file, 'Fluor', edit, { delimiter: ',' }) : file;
        if (isAmplification(file)) return resaveText(file, 'Cycle', edit, { delimiter: ',' });
        return isCqResults(file) ? resaveText(file, 'Fluor', edit, { delimiter: ',' }) : file;
      }),
    required: { column: 'Fluor', named: 'Fluor' },
  },
  {
    name: 'CFX Maestro xlsx',
    files: one('biorad-cfx/maestro-xlsx-384/2026-0326 LMD spc -  Quantification Amplification Results.xlsx'),
    edit: ([file], edit) => [resaveWorkbook(file, [{ sheet: 'SYBR', headerCell: 'Cycle', edit }])],
    required: { column: 'Cycle', named: 'Cycle' },
  },
  {
    name: 'LightCycler 480 Raw Data and Cp table',
    files: () => [fixtureFile(`${LC480}.txt`), fixtureFile(`${LC480}_Cq.txt`)],
    edit: ([raw, cp], edit) =>
      edit.kind === 'drop'
        ? [raw, resaveText(cp, edit.column, edit)]
        : [resaveText(raw, 'SamplePos', edit), resaveText(cp, 'Pos', edit)],
    required: { column: 'Cp', named: 'Cp' },
  },
];

/** The run without its per-file notes (they name the files, identical here anyway). */
function comparable(run: ParsedRun): ParsedRun {
  return { ...run, notes: undefined };
}

describe.each(FAMILIES)('$name: columns read by header name', (family) => {
  let original: ParsedRun | null = null;
  const originalRun = async () => (original ??= await parseRunFiles(family.files()));

  it('reads a table with an extra "Singleplex" column exactly as the original', async () => {
    const edited = await parseRunFiles(family.edit(family.files(), { kind: 'extra-column' }));
    expect(comparable(edited)).toEqual(comparable(await originalRun()));
  });

  it('reads a table with its columns in reverse order exactly as the original', async () => {
    const edited = await parseRunFiles(family.edit(family.files(), { kind: 'reordered' }));
    expect(comparable(edited)).toEqual(comparable(await originalRun()));
  });

  it('refuses a table without a required column, naming the column', async () => {
    const files = family.edit(family.files(), { kind: 'drop', column: family.required.column });
    const error: unknown = await parseRunFiles(files).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportFileError);
    const importError = error as ImportFileError;
    expect(importError.messageKey).toBe('errorImportMissingColumn');
    expect(importError.params.column).toBe(family.required.named);
    expect(importError.key).toBe('errorImportInvalidFile');
  });
});
