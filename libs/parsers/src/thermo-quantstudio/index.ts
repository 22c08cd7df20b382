export { quantStudioWorkbookParser, isQuantStudioWorkbook } from './quantstudio-workbook.parser';
export { quantStudioTextParser } from './quantstudio-text.parser';
export { readQuantStudioTables } from './quantstudio-tables';
export type { QuantStudioSource } from './quantstudio-columns';
export { quantStudioCsvParser } from './quantstudio-csv.parser';
export { sdsResultsTextParser } from './sds-results-text.parser';
