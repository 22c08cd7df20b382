import type { SampleType } from '@amplio/domain';
import type { Lot, Run, RunWell } from '../api/types';
import { isSampleType } from '../components/plate/sample-types';

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

/** The run metadata form (run creation step 1). */
export type RunMetadata = { instrumentName: string; plateId?: string; kitId?: string; lotId?: string };

/** The form's first values: the run's own, and the lot its wells already use (or the only lot). */
export function initialRunMetadata(run: Run, lots: readonly Lot[]): RunMetadata {
  const usedWell = Object.values(run.wells).find((well) => well.lotId || well.lotName);
  const lot =
    lots.find((candidate) => candidate.id === usedWell?.lotId || candidate.name === usedWell?.lotName) ??
    (lots.length === 1 ? lots[0] : undefined);
  return {
    instrumentName: run.instrumentName ?? '',
    plateId: run.plateId ?? '',
    kitId: lot?.kit.id,
    lotId: lot?.id,
  };
}
