import type { SampleType } from '@amplio/domain';

/** One well's configuration in run creation step 2 (SPEC 2): kit, lot (its version follows), sample type, name. */
export type WellConfig = { kitId?: string; lotId?: string; sampleType?: SampleType; name?: string };

export type LotChoice = { id: string; name: string; kitId: string; kitVersionId: string };

export type MissingItem = 'kit' | 'lot' | 'sampleType';

/** SPEC 4: after a kit change the lot is cleared; without a kit the sample type is cleared too. */
export function withKit(well: WellConfig, kitId: string | undefined): WellConfig {
  if (well.kitId === kitId) return well;
  const next: WellConfig = { ...well, kitId, lotId: undefined };
  if (!kitId) next.sampleType = undefined;
  return next;
}

/** Choosing a lot selects its kit (and so its kit version); a lot of another kit is refused. */
export function withLot(well: WellConfig, lot: LotChoice | undefined): WellConfig {
  if (!lot) return { ...well, lotId: undefined };
  return { ...well, kitId: lot.kitId, lotId: lot.id };
}

export function withSampleType(well: WellConfig, sampleType: SampleType | undefined): WellConfig {
  return { ...well, sampleType };
}

/**
 * SPEC 4: when exactly one lot (or one kit) is available, the wells that have a sample type get it.
 * With one kit and several lots only the kit is assigned.
 */
export function autoAssign(
  wells: Record<string, WellConfig>,
  lots: readonly LotChoice[],
): Record<string, WellConfig> {
  const kits = new Set(lots.map((lot) => lot.kitId));
  if (kits.size !== 1) return wells;
  const [kitId] = [...kits];
  const onlyLot = lots.length === 1 ? lots[0] : undefined;
  const next: Record<string, WellConfig> = {};
  for (const [position, well] of Object.entries(wells)) {
    if (!well.sampleType) {
      next[position] = well;
      continue;
    }
    const kit = well.kitId ?? kitId;
    next[position] = {
      ...well,
      kitId: kit,
      lotId: well.lotId ?? (onlyLot && onlyLot.kitId === kit ? onlyLot.id : undefined),
    };
  }
  return next;
}

/** SPEC 4: a well is incomplete when some but not all of kit, lot and sample type are set. */
export function missingItems(well: WellConfig | undefined): MissingItem[] {
  if (!well) return [];
  const missing: MissingItem[] = [];
  if (!well.kitId) missing.push('kit');
  if (!well.lotId) missing.push('lot');
  if (!well.sampleType) missing.push('sampleType');
  return missing.length === 3 ? [] : missing;
}

export function isComplete(well: WellConfig | undefined): boolean {
  return Boolean(well?.kitId && well.lotId && well.sampleType);
}

/** SPEC 4: the selected wells hold different values of one field (a yes/no confirmation is asked). */
export function holdsDifferentValues(
  wells: Record<string, WellConfig>,
  selected: Iterable<string>,
  field: keyof WellConfig,
): boolean {
  const values = new Set<string>();
  for (const position of selected) values.add(wells[position]?.[field] ?? '');
  return values.size > 1;
}

/** SPEC 5: Start interpretation and Save template are disabled until at least one well has a sample. */
export function hasSample(wells: Record<string, WellConfig>): boolean {
  return Object.values(wells).some((well) => well.sampleType !== undefined);
}

/** The first SPEC 5 problem of the wells, for the message; null when all are fine (check-control next). */
export type WellProblem =
  | { kind: 'missing'; position: string; items: MissingItem[] }
  | { kind: 'invalid'; position: string; item: MissingItem };

export function firstWellProblem(
  wells: Record<string, WellConfig>,
  lots: readonly LotChoice[],
  order: readonly string[],
): WellProblem | null {
  const lotById = new Map(lots.map((lot) => [lot.id, lot]));
  for (const position of order) {
    const well = wells[position];
    const missing = missingItems(well);
    if (missing.length > 0) return { kind: 'missing', position, items: missing };
    if (!well || !isComplete(well)) continue;
    const lot = well.lotId ? lotById.get(well.lotId) : undefined;
    if (!lot) return { kind: 'invalid', position, item: 'lot' };
    if (lot.kitId !== well.kitId) return { kind: 'invalid', position, item: 'kit' };
  }
  return null;
}

/** SPEC 4: a kit can be used in only one kit-and-lot row; a lot not of the row's kit is cleared. */
export type KitLotRow = { kitId?: string; lotIds: string[] };

export function kitTakenByAnotherRow(rows: readonly KitLotRow[], index: number, kitId: string): boolean {
  return rows.some((row, other) => other !== index && row.kitId === kitId);
}

export function rowWithKit(row: KitLotRow, kitId: string | undefined, lots: readonly LotChoice[]): KitLotRow {
  const ofKit = new Set(lots.filter((lot) => lot.kitId === kitId).map((lot) => lot.id));
  return { kitId, lotIds: row.lotIds.filter((id) => ofKit.has(id)) };
}

/** SPEC 5: at least one lot must be selected. */
export function selectedLotIds(rows: readonly KitLotRow[]): string[] {
  return [...new Set(rows.flatMap((row) => row.lotIds))];
}
