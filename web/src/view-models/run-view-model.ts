import type { SampleType } from '@amplio/domain';
import type { Lot, Run, RunWell } from '../api/types';
import { isSampleType } from '../components/plate/sample-types';
import type { KitLotRow, LotChoice, WellConfig } from '../pages/run-creation/well-configuration-rules';

/** Sample types and names a set of wells (a run's, or a plate plan's) gives, by position. */
export type WellSetup = { sampleTypes: Record<string, SampleType>; names: Record<string, string> };

/** The wells' sample types and names; with `within`, only positions the run has. */
export function wellSetupOf(wells: Record<string, RunWell>, within?: Run['wells']): WellSetup {
  const setup: WellSetup = { sampleTypes: {}, names: {} };
  for (const well of Object.values(wells)) {
    if (within && !(well.position in within)) continue;
    if (isSampleType(well.sampleType)) setup.sampleTypes[well.position] = well.sampleType;
    if (well.name) setup.names[well.position] = well.name;
  }
  return setup;
}

/** The run metadata form (run creation step 1): several kit-and-lot rows. */
export type RunMetadata = { instrumentName: string; plateId?: string; rows: KitLotRow[] };

/** The form's first values: the run's own, the lots its wells already use by kit (or the only lot). */
export function initialRunMetadata(run: Run, lots: readonly Lot[]): RunMetadata {
  const used = new Set(Object.values(run.wells).flatMap((well) => (well.lotId ? [well.lotId] : [])));
  const usedLots = lots.filter((lot) => used.has(lot.id));
  const chosen = usedLots.length > 0 ? usedLots : lots.length === 1 ? [lots[0]] : [];
  const rows = new Map<string, KitLotRow>();
  for (const lot of chosen) {
    const row = rows.get(lot.kit.id) ?? { kitId: lot.kit.id, lotIds: [] };
    row.lotIds.push(lot.id);
    rows.set(lot.kit.id, row);
  }
  return {
    instrumentName: run.instrumentName ?? '',
    plateId: run.plateId ?? '',
    rows: rows.size > 0 ? [...rows.values()] : [{ lotIds: [] }],
  };
}

export function lotChoiceOf(lot: Lot): LotChoice {
  return { id: lot.id, name: lot.name, kitId: lot.kit.id, kitVersionId: lot.kitVersion.id };
}

/** Each well's kit, lot, sample type and name from the run (and a plate plan's setup on top). */
export function initialWellConfigs(
  run: Run,
  lots: readonly Lot[],
  planned: WellSetup | null,
): Record<string, WellConfig> {
  const lotById = new Map(lots.map((lot) => [lot.id, lot]));
  const own = wellSetupOf(run.wells);
  const configs: Record<string, WellConfig> = {};
  for (const well of Object.values(run.wells)) {
    const lot = well.lotId ? lotById.get(well.lotId) : undefined;
    const sampleType = planned?.sampleTypes[well.position] ?? own.sampleTypes[well.position];
    const name = planned?.names[well.position] ?? own.names[well.position];
    if (!lot && !sampleType && !name) continue;
    configs[well.position] = { kitId: lot?.kit.id, lotId: lot?.id, sampleType, name };
  }
  return configs;
}
