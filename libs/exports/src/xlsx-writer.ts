import ExcelJS from 'exceljs';
import type { ExportRun, ExportScope } from './export-run';
import { buildExportTables, type ExportCell } from './export-table';
import { neutraliseFormula } from './formula-guard';
import { effectiveResult } from './export-run';

/** Excel number format for a number of decimals (section 9 rounding shown as stored). */
const numberFormat = (decimals: number): string => (decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`);

/** #RRGGBB to Excel's ARGB, or null when the colour is not a 6-digit hex colour. */
export function excelColour(colour: string | undefined): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(colour ?? '');
  return match ? `FF${match[1].toUpperCase()}` : null;
}

/**
 * A text cell: neutralised against formulas first, then line breaks written as LF (XLSX is XML,
 * whose readers turn CR and CRLF into LF anyway; writing LF makes the file say what readers see).
 */
const xlsxText = (text: string): string => neutraliseFormula(text).replace(/\r\n?/g, '\n');

/** Writes one row: text cells neutralised against formulas, number cells stay numbers. */
function addRow(sheet: ExcelJS.Worksheet, cells: readonly ExportCell[]): ExcelJS.Row {
  const row = sheet.addRow(
    cells.map((cell) => (cell === null ? null : cell.kind === 'text' ? xlsxText(cell.text) : cell.value)),
  );
  cells.forEach((cell, index) => {
    if (cell?.kind === 'number') row.getCell(index + 1).numFmt = numberFormat(cell.decimals);
  });
  return row;
}

/**
 * The run as an XLSX workbook: sheet "Run" (run information, run comments, footer) and sheet
 * "Wells" (one row per well in plate order, frozen header, the effective result cell filled with
 * its colour). Same content and rounding as the CSV.
 */
export async function writeXlsx(run: ExportRun, scope: ExportScope = {}): Promise<Buffer> {
  const tables = buildExportTables(run, scope);
  const { labels } = tables;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = run.footer.exportedBy;
  workbook.created = run.footer.exportedAt;
  workbook.modified = run.footer.exportedAt;
  const footerText = `${labels.researchUseOnly} - ${run.footer.productVersion}`;

  const info = workbook.addWorksheet(labels.runInformation, { headerFooter: { oddFooter: footerText } });
  for (const row of tables.info) addRow(info, row);
  info.addRow([]);
  addRow(info, [{ kind: 'text', text: labels.runComments }]).font = { bold: true };
  addRow(
    info,
    tables.runCommentHeader.map((text) => ({ kind: 'text', text })),
  ).font = { bold: true };
  for (const row of tables.runComments) addRow(info, row);
  info.addRow([]);
  for (const row of tables.footer) addRow(info, row);
  info.getColumn(1).font = { bold: true };
  info.columns.forEach((column) => (column.width = 28));

  const wells = workbook.addWorksheet(labels.wells, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }],
    headerFooter: { oddFooter: footerText },
  });
  addRow(
    wells,
    tables.wellHeader.map((text) => ({ kind: 'text', text })),
  ).font = { bold: true };
  const effectiveColumn = tables.wellHeader.indexOf(labels.effectiveResult) + 1;
  tables.wellRows.forEach((cells, index) => {
    const row = addRow(wells, cells);
    const argb = excelColour(effectiveResult(tables.wells[index])?.color);
    if (argb) row.getCell(effectiveColumn).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb } };
    row.alignment = { vertical: 'top', wrapText: true };
  });
  wells.columns.forEach((column) => (column.width = 14));
  wells.getColumn(tables.wellHeader.length).width = 48;

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
