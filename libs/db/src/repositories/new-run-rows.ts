import { randomUUID } from 'node:crypto';
import type { PlateType } from '@amplio/domain';
import type { RunEntity, RunImportEntity } from '../entities/run.entity';
import type { WellCurveEntity, WellEntity } from '../entities/well.entity';

export interface NewRunCurve {
  channel: string;
  originalName: string;
  kind: 'raw' | 'baseline-corrected' | null;
  cycles: number[];
  fluorescence: number[];
  instrumentCq: number | null;
  instrumentThreshold: number | null;
  instrumentCall: string | null;
  instrumentBaselineStart: number | null;
  instrumentBaselineEnd: number | null;
}

export interface NewRun {
  plateType: PlateType;
  instrumentName: string | null;
  serialNumber: string | null;
  runDate: Date | null;
  fileName: string;
  parsedFormat: string;
  cycleCount: number;
  wells: Array<{ position: string; name: string | null; sampleRole: string | null; curves: NewRunCurve[] }>;
}

/**
 * The business id a run carries inside the transaction that creates it, before its laboratory's
 * counter gives it its number (never committed: replaced in the same transaction; unique, so two
 * imports writing at once do not collide).
 */
export function provisionalBusinessId(runId: string): string {
  return `~${runId}`;
}

/**
 * The rows an import writes for a new run: the run (under its provisional business id, ready to
 * interpret), its wells (not configured yet) and their curves.
 */
export function newRunRows(
  runId: string,
  runImport: RunImportEntity,
  run: NewRun,
): Omit<RunEntity, 'createdAt'> & { wells: WellEntity[]; curves: WellCurveEntity[] } {
  const wells: WellEntity[] = [];
  const curves: WellCurveEntity[] = [];
  for (const well of run.wells) {
    const wellId = randomUUID();
    wells.push({
      id: wellId,
      runId,
      position: well.position,
      name: well.name,
      sampleRole: well.sampleRole,
      sampleType: null,
      kitId: null,
      kitVersionId: null,
      lotId: null,
    });
    for (const curve of well.curves) curves.push({ id: randomUUID(), runId, wellId, ...curve });
  }
  return {
    id: runId,
    businessId: provisionalBusinessId(runId),
    laboratoryId: runImport.laboratoryId,
    analyserId: runImport.analyserId,
    plateType: run.plateType,
    plateId: null,
    instrumentName: run.instrumentName,
    serialNumber: run.serialNumber,
    runDate: run.runDate,
    fileName: run.fileName,
    parsedFormat: run.parsedFormat,
    cycleCount: run.cycleCount,
    status: 'RUN_TO_INTERPRET',
    importState: 'READY',
    importError: null,
    createdById: runImport.createdById,
    createdByName: runImport.createdByName,
    interpretationRunByName: null,
    submittedByName: null,
    approvedBy: null,
    rejectedBy: null,
    ftpSent: null,
    dirty: false,
    kitAnalyserId: null,
    kitConfigurationVersion: null,
    wells,
    curves,
  };
}
