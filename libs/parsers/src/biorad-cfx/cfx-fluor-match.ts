/**
 * Tells which fluorophore an amplification table is from its content, when the file does not say
 * (a CSV's fluorophore is only in its default file name). Two facts of the CFX exports:
 * - CFX's Cq is linear interpolation at one threshold per fluorophore: the curves of the right
 *   fluorophore, interpolated at the Cq Results' Cq, all give the same value (spread 1e-14 on the
 *   fixtures, about 1 for every other fluorophore);
 * - End Point Results' End RFU is the curve's last reading (differences 0.04 against 900 or more).
 */
export interface TableCurves {
  /** position -> cycles and values, in file order. */
  curves: Map<string, { cycles: number[]; values: number[] }>;
}

/** Largest relative spread of the threshold values accepted as "one threshold". */
const THRESHOLD_SPREAD = 1e-3;
/** Largest relative difference between End RFU and the last reading accepted as equal. */
const END_POINT_DIFFERENCE = 1e-2;

function interpolate(cycles: number[], values: number[], cq: number): number | null {
  for (let index = 1; index < cycles.length; index += 1) {
    if (cycles[index - 1] <= cq && cq <= cycles[index]) {
      const span = cycles[index] - cycles[index - 1];
      if (span <= 0) return null;
      return values[index - 1] + ((values[index] - values[index - 1]) * (cq - cycles[index - 1])) / span;
    }
  }
  return null;
}

function thresholdSpread(table: TableCurves, cqs: Map<string, number>): number | null {
  const crossings: number[] = [];
  for (const [position, cq] of cqs) {
    const curve = table.curves.get(position);
    const value = curve ? interpolate(curve.cycles, curve.values, cq) : null;
    if (value !== null) crossings.push(value);
  }
  if (crossings.length < 2) return null;
  const mean = crossings.reduce((sum, value) => sum + value, 0) / crossings.length;
  const spread = Math.max(...crossings) - Math.min(...crossings);
  return spread / Math.max(Math.abs(mean), 1e-9);
}

function endPointDifference(table: TableCurves, ends: Map<string, number>): number | null {
  let largest = 0;
  let scale = 0;
  let compared = 0;
  for (const [position, end] of ends) {
    const curve = table.curves.get(position);
    if (!curve || curve.values.length === 0) continue;
    const last = curve.values[curve.cycles.indexOf(Math.max(...curve.cycles))];
    largest = Math.max(largest, Math.abs(last - end));
    scale = Math.max(scale, Math.abs(end));
    compared += 1;
  }
  return compared < 2 ? null : largest / Math.max(scale, 1e-9);
}

function best(scores: Array<[string, number | null]>, limit: number): string | null {
  let found: string | null = null;
  let lowest = limit;
  for (const [fluor, score] of scores) {
    if (score !== null && score <= lowest) {
      found = fluor;
      lowest = score;
    }
  }
  return found;
}

/** The fluorophore whose Cq (else End RFU) the table's curves reproduce, among those not taken; null when none does. */
export function matchFluorByContent(
  table: TableCurves,
  cqByFluor: Map<string, Map<string, number>>,
  endByFluor: Map<string, Map<string, number>>,
  taken: (fluor: string) => boolean,
): string | null {
  const byCq = best(
    [...cqByFluor]
      .filter(([fluor]) => !taken(fluor))
      .map(([fluor, cqs]) => [fluor, thresholdSpread(table, cqs)]),
    THRESHOLD_SPREAD,
  );
  if (byCq) return byCq;
  return best(
    [...endByFluor]
      .filter(([fluor]) => !taken(fluor))
      .map(([fluor, ends]) => [fluor, endPointDifference(table, ends)]),
    END_POINT_DIFFERENCE,
  );
}
