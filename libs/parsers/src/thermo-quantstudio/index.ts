export { quantStudioWorkbookParser, isQuantStudioWorkbook } from './quantstudio-workbook.parser';
export { quantStudioTextParser } from './quantstudio-text.parser';
export { readQuantStudioTables, type QuantStudioSource } from './quantstudio-tables';
