/**
 * What one Bio-Rad CFX table is, told by its header row only. No Node API (runs in a browser too):
 * used by the parser and by the browser-safe run grouping (cfx-run-grouping.ts).
 */
import { parsePosition } from '@amplio/domain';
import { cellText, headerKey } from '../common/table';
import type { CellValue } from '../common/sheet-xml';

/** What one Bio-Rad CFX table is, read from its header. */
export type BioRadTableKind =
  | 'amplification'
  | 'cq-results'
  | 'summary'
  | 'end-point'
  | 'run-information'
  /** Plate View (`,,1,2,...,12` or `...,24`): only its width is read, to tell a CFX384 from a CFX96. */
  | 'plate-view'
  /** Other CFX exports of the same run (plate view, melt, allelic discrimination, standard curve, gene expression): accepted, not read. */
  | 'other';

/**
 * The Cq column's names: CFX Manager 1.x wrote "C(t)" or "Threshold Cycle ( C(t) )", the iQ5 / MyiQ
 * software "Threshold Cycle (Ct)".
 */
export const CQ_COLUMN = ['Cq', 'C(t)', 'Threshold Cycle ( C(t) )', 'Threshold Cycle (Ct)'];
/** The content column (Unkn, Std, NTC): "Type" in the iQ5 / MyiQ software. */
export const CONTENT_COLUMN = ['Content', 'Type'];

function headerCells(rows: CellValue[][]): string[] {
  return (rows[0] ?? []).map((cell) => headerKey(cellText(cell)));
}

function isPositionText(text: string): boolean {
  return /^[A-Za-z]\d{1,2}$/.test(text) && parsePosition(text) !== null;
}

/** Classifies a table by its first row; null when it is not a CFX table at all. */
export function classifyBioRadTable(rows: CellValue[][]): BioRadTableKind | null {
  const header = headerCells(rows);
  const first = header.findIndex((cell) => cell !== '');
  if (first < 0) return null;
  const has = (...names: string[]) => names.every((name) => header.includes(headerKey(name)));
  // Wide tables (one column per well): a Cycle or Temperature column and well positions, in any order.
  const positions = (rows[0] ?? []).filter((cell) => isPositionText(cellText(cell))).length;
  if (positions > 0 && header.includes('temperature')) return 'other';
  // Without its Cycle column it is still an amplification table: the reader names the missing column.
  if (positions > 1 || (positions > 0 && header.includes('cycle'))) return 'amplification';
  // A Cq Results table is told by its Cq Mean / Cq Std. Dev columns; its required columns are then checked by name.
  // iQ5 / MyiQ name theirs "Ct Mean" (as QuantStudio does): with a Fluor column only.
  if (
    ['Cq Mean', 'Cq Std. Dev', 'C(t) Mean', 'C(t) Std. Dev'].some((name) => has(name)) ||
    (has('Fluor') && (has('Ct Mean') || has('Ct Std. Dev')))
  )
    return 'cq-results';
  if (has('Well', 'Fluor', 'Content') && CQ_COLUMN.some((name) => has(name))) return 'summary';
  if (has('Well', 'Fluor', 'End RFU')) return 'end-point';
  if (has('Well', 'Fluor', 'Content')) return 'other';
  // Gene Expression results (bar chart, clustergram, heat map, scatter and volcano plots, summary).
  if (
    header.includes('target') &&
    header.some((cell) => /expression|regulation|relative quantity/.test(cell))
  )
    return 'other';
  if (has('Well', 'Sample', 'Call', 'RFU1')) return 'other';
  if (has('Fluor', 'Efficiency %')) return 'other';
  if (first === 2 && header[2] === '1' && header[3] === '2') return 'plate-view';
  const keys = new Set(rows.slice(0, 40).map((row) => headerKey(cellText(row[0]))));
  if (keys.has('file name') && (keys.has('run started') || keys.has('base serial number')))
    return 'run-information';
  return null;
}
