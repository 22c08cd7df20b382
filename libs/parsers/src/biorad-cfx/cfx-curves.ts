/**
 * The curves of a CFX amplification table (one column per well, one row per cycle). Read by the
 * reader, or as soon as a workbook sheet is scanned (readCurvesEarly) so that the sheet's rows can
 * be dropped at once: kept until the whole workbook is read, their numbers survived the young
 * generation and the garbage collector copied them (measured: a quarter of the parse time of a
 * 384-well, 4-fluorophore workbook).
 */
import { formatPosition, parsePosition } from '@amplio/domain';
import type { CellValue } from '../common/workbook';
import { cellText, headerKey } from '../common/table';
import type { TableCurves } from './cfx-fluor-match';

export type Curves = TableCurves['curves'];

function isBlankRow(row: CellValue[]): boolean {
  for (let index = 0; index < row.length; index += 1) if (cellText(row[index]) !== '') return false;
  return true;
}

/** The column headed "Cycle", or -1. */
export function cycleColumnOf(header: string[]): number {
  return header.findIndex((cell) => headerKey(cell) === 'cycle');
}

/** Whether a header cell names a well ("A1", "P24"). */
export function isWellHeader(text: string): boolean {
  return /^[A-Za-z]\d{1,2}$/.test(text) && parsePosition(text) !== null;
}

/**
 * The curves of the wells whose positions head the columns (`positions[column]`, null for other
 * columns), one per position (a position headed twice reads into the same curve), in header order.
 * Blank rows are skipped; `cycleOf` and `valueOf` read what is not a finite number (and may throw).
 */
export function readCurves(
  rows: CellValue[][],
  cycleColumn: number,
  positions: Array<string | null>,
  cycleOf: (cell: CellValue | undefined, rowNumber: number) => number,
  valueOf: (cell: CellValue | undefined, column: number, rowNumber: number) => number | null,
): Curves {
  const curves: Curves = new Map();
  const list: Array<{ cycles: number[]; values: number[] }> = [];
  const counts: number[] = [];
  const columns: number[] = [];
  /** Per well column: its curve in `list`. */
  const curveOf: number[] = [];
  const indexOf = new Map<string, number>();
  // Copies of one array of the table's length, of small integers (cycles) or doubles (values):
  // each made at once in the kind of array its points need (a third of the memory of arrays grown
  // point by point), then cut to the points read.
  const cycleTemplate = new Array<number>(Math.max(0, rows.length - 1)).fill(0);
  const valueTemplate = new Array<number>(Math.max(0, rows.length - 1)).fill(0.5);
  positions.forEach((position, column) => {
    if (position === null) return;
    let at = indexOf.get(position);
    if (at === undefined) {
      at = list.length;
      const curve = { cycles: cycleTemplate.slice(), values: valueTemplate.slice() };
      indexOf.set(position, at);
      curves.set(position, curve);
      list.push(curve);
      counts.push(0);
    }
    columns.push(column);
    curveOf.push(at);
  });
  for (let rowIndex = 1; rowIndex < rows.length; rowIndex += 1) {
    const row = rows[rowIndex];
    if (isBlankRow(row)) continue;
    const rowNumber = rowIndex + 1;
    const cycleCell = row[cycleColumn];
    const cycle =
      typeof cycleCell === 'number' && Number.isFinite(cycleCell) ? cycleCell : cycleOf(cycleCell, rowNumber);
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index];
      const cell = row[column];
      // Number cells (the usual) kept apart from text: a value that may be null would be boxed.
      let value: number;
      if (typeof cell === 'number') {
        if (!Number.isFinite(cell)) continue;
        value = cell;
      } else {
        const read = valueOf(cell, column, rowNumber);
        if (read === null) continue;
        value = read;
      }
      const at = curveOf[index];
      const curve = list[at];
      const count = counts[at];
      curve.cycles[count] = cycle;
      curve.values[count] = value;
      counts[at] = count + 1;
    }
  }
  list.forEach((curve, at) => {
    curve.cycles.length = counts[at];
    curve.values.length = counts[at];
  });
  return curves;
}

/** Thrown inside readCurvesEarly at the first cell it leaves to the reader. */
const LEFT_TO_THE_READER = new Error('left to the reader');

/**
 * The curves of a workbook amplification sheet, read at once, when every cycle cell is a number
 * and every well cell a number or empty: then nothing the reader would report can happen while
 * reading them (its errors and their order are unchanged); else null and the reader reads the rows.
 * Positions are those the reader's wells get (normalised, "A01" -> "A1").
 */
export function readCurvesEarly(rows: CellValue[][]): Curves | null {
  const header = (rows[0] ?? []).map((cell) => cellText(cell));
  const cycleColumn = cycleColumnOf(header);
  if (cycleColumn < 0) return null;
  const positions = header.map((cell, column) => {
    const coordinates = column !== cycleColumn && isWellHeader(cell) ? parsePosition(cell) : null;
    return coordinates ? formatPosition(coordinates) : null;
  });
  try {
    return readCurves(
      rows,
      cycleColumn,
      positions,
      () => {
        throw LEFT_TO_THE_READER;
      },
      (cell) => {
        if (cell === null || cell === undefined) return null;
        throw LEFT_TO_THE_READER;
      },
    );
  } catch (error) {
    if (error === LEFT_TO_THE_READER) return null;
    throw error;
  }
}
