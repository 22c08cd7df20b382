import type { RunFile } from '@amplio/domain';
import { ImportFileError } from './common/import-errors';
import { findParser } from './find-parser';

/** What an analyser takes: file extensions and the formats (parser ids) its exports are. */
export interface AnalyserImportRule {
  /** Extensions with their dot, lower case. */
  extensions: readonly string[];
  /** Parser ids (FORMAT_PARSERS) of this analyser's exports. */
  formats: readonly string[];
}

const QS_WORKBOOK = 'thermo-quantstudio-workbook';
const QS_TEXT = 'thermo-quantstudio-txt';
const QS_CSV = 'thermo-quantstudio-csv';
const SDS_TEXT = 'thermo-7500-sds-txt';

/**
 * Per analyser (the ids of the seeded analysers, and the parser families), what it takes. The
 * extensions match the analysers' `extension` of the server seed.
 */
export const ANALYSER_IMPORT_RULES: Readonly<Record<string, AnalyserImportRule>> = {
  'thermo-quantstudio-da': { extensions: ['.xlsx', '.xls', '.csv'], formats: [QS_WORKBOOK, QS_CSV] },
  'thermo-quantstudio-rt': {
    extensions: ['.xls', '.xlsx', '.txt', '.csv'],
    formats: [QS_WORKBOOK, QS_TEXT, QS_CSV],
  },
  'thermo-quantstudio': {
    extensions: ['.xls', '.xlsx', '.txt', '.csv'],
    formats: [QS_WORKBOOK, QS_TEXT, QS_CSV],
  },
  'thermo-7500-stepone': {
    extensions: ['.xls', '.xlsx', '.txt', '.csv', '.eds', '.rdml'],
    formats: [QS_WORKBOOK, QS_TEXT, QS_CSV, SDS_TEXT, 'rdml'],
  },
  'biorad-cfx': { extensions: ['.csv', '.xlsx', '.txt', '.rdml'], formats: ['biorad-cfx', 'rdml'] },
  'roche-lc480': { extensions: ['.txt'], formats: ['roche-lc480-txt'] },
  'roche-lc96': { extensions: ['.rdml', '.xml'], formats: ['rdml'] },
  'qiagen-rotorgene': { extensions: ['.rex'], formats: ['qiagen-rotorgene-rex'] },
  rdml: { extensions: ['.rdml', '.xml'], formats: ['rdml'] },
};

/** How a format is named to the user when a file of it is imported under another analyser. */
export const FORMAT_NAMES: Readonly<Record<string, string>> = {
  [QS_WORKBOOK]: 'QuantStudio / 7500 workbook (Applied Biosystems)',
  [QS_TEXT]: 'QuantStudio / 7500 text export (Applied Biosystems)',
  [QS_CSV]: 'QuantStudio / StepOne results CSV (Applied Biosystems)',
  [SDS_TEXT]: '7500 SDS results text export (Applied Biosystems)',
  'biorad-cfx': 'Bio-Rad CFX export',
  'roche-lc480-txt': 'LightCycler 480 text export (Roche)',
  'qiagen-rotorgene-rex': 'Rotor-Gene Q run file (Qiagen)',
  rdml: 'RDML',
};

/** ".XLSX" of "run.XLSX", lower case; "" when the name has none. */
export function fileExtension(name: string): string {
  const match = /(\.[^./\\]+)$/.exec(name);
  return match ? match[1].toLowerCase() : '';
}

/**
 * Checks the files chosen for one import against the analyser chosen (an analyser id or a parser
 * family, see ANALYSER_IMPORT_RULES), before any parsing: every file must have one of the
 * analyser's extensions (errorImportWrongExtension: {file}, {extensions}), and no file may be the
 * export of another analyser's format (errorImportOtherAnalyserFormat: {file}, {format},
 * {analyser}). Returns every problem found, [] when the files may be parsed; an analyser without
 * a rule ('' = any format) is not checked. Pure: reads names and bytes only.
 */
export function checkImportFiles(analyser: string, files: readonly RunFile[]): ImportFileError[] {
  const rule = ANALYSER_IMPORT_RULES[analyser];
  if (!rule) return [];
  const problems: ImportFileError[] = [];
  for (const file of files) {
    const extension = fileExtension(file.name);
    if (!rule.extensions.includes(extension)) {
      const extensions = rule.extensions.join(', ');
      problems.push(
        new ImportFileError(
          'errorImportWrongExtension',
          { file: file.name, extensions },
          'errorImportInvalidFile',
          `${file.name}: the analyser takes ${extensions} files only`,
        ),
      );
      continue;
    }
    const format = findParser([file])?.id ?? null;
    if (format !== null && !rule.formats.includes(format)) {
      const name = FORMAT_NAMES[format] ?? format;
      problems.push(
        new ImportFileError(
          'errorImportOtherAnalyserFormat',
          { file: file.name, format: name, analyser },
          'errorImportInvalidFile',
          `${file.name}: this file is a ${name}, not an export of the analyser chosen (${analyser})`,
        ),
      );
    }
  }
  return problems;
}

/** checkImportFiles, throwing the first problem. */
export function assertImportFiles(analyser: string, files: readonly RunFile[]): void {
  const [first] = checkImportFiles(analyser, files);
  if (first) throw first;
}
