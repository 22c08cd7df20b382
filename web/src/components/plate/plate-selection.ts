import { formatPosition, parsePosition, PLATE_DIMENSIONS, type PlateType } from '@amplio/domain';

export type SelectionModifiers = { shift: boolean; ctrl: boolean };

/** Wells of the rectangle between two positions. */
export function rectangle(from: string, to: string): string[] {
  const a = parsePosition(from);
  const b = parsePosition(to);
  if (!a || !b) return [to];
  const positions: string[] = [];
  for (let row = Math.min(a.row, b.row); row <= Math.max(a.row, b.row); row += 1) {
    for (let column = Math.min(a.column, b.column); column <= Math.max(a.column, b.column); column += 1) {
      positions.push(formatPosition({ row, column }));
    }
  }
  return positions;
}

export function rowPositions(plateType: PlateType, row: number): string[] {
  return Array.from({ length: PLATE_DIMENSIONS[plateType].columns }, (_, column) =>
    formatPosition({ row, column }),
  );
}

export function columnPositions(plateType: PlateType, column: number): string[] {
  return Array.from({ length: PLATE_DIMENSIONS[plateType].rows }, (_, row) =>
    formatPosition({ row, column }),
  );
}

/**
 * SPEC 2 rubber band: pressing on a well with shift held and moving over the plate selects the
 * rectangle from the pressed well to the one under the pointer (the wells present only), replacing
 * the selection; with ctrl too, nothing (as for a click). Null when there is no band.
 */
export function bandSelection(
  from: string,
  to: string,
  modifiers: SelectionModifiers,
  selectable: (position: string) => boolean,
): Set<string> | null {
  if (!modifiers.shift || modifiers.ctrl) return null;
  return new Set(rectangle(from, to).filter(selectable));
}

/**
 * SPEC 2 Run creation step 2: a click replaces the selection; shift selects the rectangle from the
 * anchor; ctrl adds (or toggles a single well); ctrl and shift together do nothing.
 */
export function nextSelection(
  current: ReadonlySet<string>,
  target: string[],
  modifiers: SelectionModifiers,
  anchor: string | null,
  selectable: (position: string) => boolean,
): Set<string> | null {
  if (modifiers.shift && modifiers.ctrl) return null;
  const wanted = (
    modifiers.shift && anchor && target.length === 1 ? rectangle(anchor, target[0]) : target
  ).filter(selectable);
  if (modifiers.ctrl) {
    const next = new Set(current);
    const allSelected = wanted.every((position) => next.has(position));
    for (const position of wanted) {
      if (allSelected) next.delete(position);
      else next.add(position);
    }
    return next;
  }
  return new Set(wanted);
}
