import type { RunBuilder } from '../common/run-builder';
import { missingColumn } from '../common/import-errors';
import { cellText, headerKey } from '../common/table';
import { optionalNumber, parseLooseNumber, requireNumber } from '../common/text';
import type { CellValue } from '../common/workbook';
import { CYCLE, TARGET, type TableContext } from './quantstudio-columns';

/** What the curve readers need from the QuantStudio reader that found the wells and reporters. */
export interface QuantStudioWells {
  readonly builder: RunBuilder;
  readonly fileName: string;
  tableLabel(name: string): string;
  position(context: TableContext, row: CellValue[], index: number): string;
  reporterOf(position: string, target: string): string | null;
  /** Reporter dyes the layout named (lower case). */
  reporters(): Set<string>;
  fail(what: string): never;
  /** The named table located by its required columns, or null when the export has none. */
  locate(names: readonly string[], required: string[][]): TableContext | null;
}

/** Amplification Data: one row per well, target and cycle; dRn (baseline-corrected) else Rn. */
export function readAmplification(wells: QuantStudioWells, context: TableContext): void {
  const { header, rows } = context.table;
  const label = wells.tableLabel(context.name);
  const cycleColumn = header.find(...CYCLE);
  const targetColumn = header.find(...TARGET);
  const deltaColumn = header.find('dRn', 'Delta Rn', 'ΔRn');
  const rnColumn = header.find('Rn');
  const valueColumn = deltaColumn >= 0 ? deltaColumn : rnColumn;
  if (valueColumn < 0) throw missingColumn(wells.fileName, label, 'Rn');
  const kind = deltaColumn >= 0 ? 'baseline-corrected' : 'raw';
  rows.forEach((row, index) => {
    const rowNumber = context.rowNumber(index);
    const target = cellText(row[targetColumn]);
    // Wells without a target are exported with empty target and values: nothing to read.
    if (!target && cellText(row[valueColumn]) === '') return;
    const position = wells.position(context, row, index);
    const reporter = wells.reporterOf(position, target);
    if (!reporter)
      wells.fail(`${label}: target "${target.slice(0, 40)}" at row ${rowNumber} has no reporter dye`);
    const cycle = requireNumber(
      wells.fileName,
      row[cycleColumn],
      `${label}: cycle column at row ${rowNumber}`,
    );
    // A reading the instrument could not make (NaN, empty) is left out of the curve, kept as read otherwise.
    const value = optionalNumber(
      wells.fileName,
      row[valueColumn],
      `${label}: fluorescence at row ${rowNumber}`,
    );
    if (value === null) return;
    wells.builder.addPoint(wells.builder.well(position), reporter, kind, cycle, value);
  });
}

const NOT_DYES = new Set(['well', 'well position', 'cycle', 'cycle number', 'stage number', 'step number']);

/** Multicomponent Data (raw dye signals), used when there is no Amplification Data (7500 .xls). */
export function readMulticomponent(wells: QuantStudioWells, context: TableContext): void {
  const { header, rows } = context.table;
  const label = wells.tableLabel(context.name);
  const cycleColumn = header.find(...CYCLE);
  const stageColumn = header.find('Stage Number');
  const dyeColumns = header.names
    .map((name, column) => ({ name, column }))
    .filter(({ name }) => name !== '' && !NOT_DYES.has(headerKey(name)));
  const reporters = wells.reporters();
  const wanted =
    reporters.size > 0 ? dyeColumns.filter(({ name }) => reporters.has(name.toLowerCase())) : dyeColumns;
  if (wanted.length === 0) {
    const first = [...reporters][0];
    if (first) throw missingColumn(wells.fileName, label, first.toUpperCase());
    wells.fail(`${label}: no reporter dye column`);
  }
  let lastStage: number | null = null;
  rows.forEach((row) => {
    if (stageColumn >= 0) lastStage = Math.max(lastStage ?? 0, parseLooseNumber(row[stageColumn]) ?? 0);
  });
  const { builder } = wells;
  rows.forEach((row, index) => {
    const rowNumber = context.rowNumber(index);
    if (stageColumn >= 0 && lastStage !== null && (parseLooseNumber(row[stageColumn]) ?? 0) !== lastStage)
      return;
    const position = wells.position(context, row, index);
    // Only wells the setup loaded (the export lists every well of the block).
    if (builder.wellCount > 0 && !builder.hasWell(position)) return;
    const well = builder.well(position);
    const cycle = requireNumber(
      wells.fileName,
      row[cycleColumn],
      `${label}: cycle column at row ${rowNumber}`,
    );
    for (const { name, column } of wanted) {
      const value = optionalNumber(wells.fileName, row[column], `${label}: ${name} at row ${rowNumber}`);
      if (value !== null) builder.addPoint(well, name, 'raw', cycle, value);
    }
  });
}
