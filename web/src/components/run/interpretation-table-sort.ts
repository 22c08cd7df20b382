/** Sorting and derived values of the interpretation data table (plate order by default). */

/** Plate order: row letter, then column number (A1, A2 ... A12, B1). */
export function byPlateOrder(a: { position: string }, b: { position: string }): number {
  const row = a.position.charCodeAt(0) - b.position.charCodeAt(0);
  return row !== 0 ? row : Number(a.position.slice(1)) - Number(b.position.slice(1));
}

/** Column-wise plate order: column number, then row letter (A1, B1 ... H1, A2). */
export function byColumnOrder(a: { position: string }, b: { position: string }): number {
  const column = Number(a.position.slice(1)) - Number(b.position.slice(1));
  return column !== 0 ? column : a.position.charCodeAt(0) - b.position.charCodeAt(0);
}

/** How the lab reads its plates: row by row (A1, A2 ...) or column by column (A1, B1 ...). */
export type PlateOrder = 'ROW' | 'COLUMN';

export const plateOrderComparator = (order: PlateOrder) =>
  order === 'COLUMN' ? byColumnOrder : byPlateOrder;

const PLATE_ORDER_KEY = 'amplio.plateOrder';

/**
 * This browser's override of the laboratory's plate order, or null when there is none. Of the values
 * kept before the laboratory setting existed, `COLUMNS` still overrides; `ROWS` was the only default
 * then and now leaves the laboratory's order in force.
 */
export function storedPlateOrder(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): PlateOrder | null {
  try {
    const value = storage?.getItem(PLATE_ORDER_KEY);
    return value === 'COLUMN' || value === 'COLUMNS' ? 'COLUMN' : value === 'ROW' ? 'ROW' : null;
  } catch {
    return null;
  }
}

/** The order the table shows: this browser's override, else the laboratory's setting, else row by row. */
export function effectivePlateOrder(
  override: PlateOrder | null,
  laboratoryOrder: PlateOrder | null | undefined,
): PlateOrder {
  return override ?? laboratoryOrder ?? 'ROW';
}

/**
 * Keeps the choice on this browser. Choosing the laboratory's own order removes the override, so a
 * later change of the laboratory setting applies again. Answers the override now in force.
 */
export function storePlateOrder(
  order: PlateOrder,
  laboratoryOrder: PlateOrder | null | undefined,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): PlateOrder | null {
  const override = order === (laboratoryOrder ?? 'ROW') ? null : order;
  try {
    if (override) storage?.setItem(PLATE_ORDER_KEY, override);
    else storage?.removeItem(PLATE_ORDER_KEY);
  } catch {
    // private mode or storage full: the choice lasts for this page only
  }
  return override;
}

/** Numbers ascending, empty values last whatever the direction antd applies. */
export function byNumber<T>(value: (row: T) => number | null | undefined): (a: T, b: T) => number {
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
    if (y === null || y === undefined) return -1;
    return x - y;
  };
}

export function byText<T>(value: (row: T) => string | null | undefined): (a: T, b: T) => number {
  return (a, b) => (value(a) ?? '').localeCompare(value(b) ?? '', undefined, { numeric: true });
}

/** Our Cq minus the instrument's, when both exist. */
export function cqDifference(
  channel: { cq?: number | null; instrumentCq?: number | null } | null | undefined,
): number | null {
  if (!channel || channel.cq === null || channel.cq === undefined) return null;
  if (channel.instrumentCq === null || channel.instrumentCq === undefined) return null;
  return channel.cq - channel.instrumentCq;
}

/** A well is invalid when its effective result is INVALID or the engine found it INVALID. */
export function isInvalidWell(well: {
  resultState: string;
  effectiveResult?: { validityType: string } | null;
  suggestedResult?: { validityType: string } | null;
}): boolean {
  const result = well.effectiveResult ?? well.suggestedResult;
  return result ? result.validityType === 'INVALID' : well.resultState === 'INVALID';
}
