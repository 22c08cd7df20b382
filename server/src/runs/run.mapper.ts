import type { AnalyserEntity, RunEntity, RunKitPair, WellEntity, WellInterpretationEntity } from '@amplio/db';
import type { LotView } from '@amplio/db';
import type { RunChartDto } from './dto/run-chart.dto';
import type { RunInterpretationDto, WellInterpretationDto } from './dto/run-interpretation.dto';
import type { RunSummaryDto } from './dto/run-summary.dto';
import type { RunDto } from './dto/run.dto';

export function toRunSummary(run: RunEntity, kits: RunKitPair[]): RunSummaryDto {
  return {
    id: run.id,
    businessId: run.businessId,
    fileName: run.fileName,
    instrumentName: run.instrumentName,
    interpretationRunByName: run.interpretationRunByName,
    created: run.createdAt.toISOString(),
    status: run.status,
    runDate: run.runDate ? run.runDate.toISOString() : null,
    kits,
    ftpSent: run.ftpSent,
  };
}

export function toRunDto(
  run: RunEntity,
  kits: RunKitPair[],
  analyser: AnalyserEntity | null,
  wells: WellEntity[],
  lots: LotView[],
): RunDto {
  const lotById = new Map(lots.map((lot) => [lot.id, lot]));
  return {
    ...toRunSummary(run, kits),
    plateId: run.plateId,
    plateType: run.plateType,
    analyser: { id: run.analyserId, name: analyser?.name ?? run.analyserId },
    createdByName: run.createdByName,
    submittedByName: run.submittedByName,
    approvedBy: run.approvedBy,
    rejectedBy: run.rejectedBy,
    importState: run.importState,
    dirty: run.dirty,
    cycleCount: run.cycleCount,
    wells: Object.fromEntries(
      wells.map((well) => {
        const lot = well.lotId ? lotById.get(well.lotId) : undefined;
        return [
          well.position,
          {
            id: well.id,
            position: well.position,
            name: well.name,
            sampleType: well.sampleType,
            kitName: lot?.kitName ?? null,
            lotName: lot?.name ?? null,
            lotId: well.lotId,
          },
        ];
      }),
    ),
  };
}

/** FAM first (SPEC: FAM/HEX), then the other channels by name. */
function fluorescentChannelOrder(a: { dye: string }, b: { dye: string }): number {
  if (a.dye === b.dye) return 0;
  if (a.dye === 'FAM') return -1;
  if (b.dye === 'FAM') return 1;
  return a.dye.localeCompare(b.dye);
}

export function toInterpretationDto(
  wells: WellEntity[],
  interpretations: WellInterpretationEntity[],
): RunInterpretationDto {
  const byWell = new Map(interpretations.map((item) => [item.wellId, item]));
  const rows: WellInterpretationDto[] = [];
  for (const well of wells) {
    const item = byWell.get(well.id);
    if (!item) continue;
    const [first, second] = [...item.channels].sort(fluorescentChannelOrder);
    rows.push({
      id: well.id,
      name: well.name,
      position: well.position,
      channel1: first ? { name: first.dye, cq: first.cq, endRFU: first.endRfu } : null,
      channel2: second ? { name: second.dye, cq: second.cq, endRFU: second.endRfu } : null,
      ratio: item.ratio,
      suggestedResult:
        item.suggestedLabel && item.suggestedColor
          ? {
              label: item.suggestedLabel,
              color: item.suggestedColor,
              validityType: item.validityType ?? 'VALID',
            }
          : null,
      resultState: item.resultState,
      reason: item.reason,
      reasonCode: item.reasonCode,
      reasonParams: item.reasonParams,
    });
  }
  return { wells: rows };
}

export function toChartDto(wells: WellEntity[], interpretations: WellInterpretationEntity[]): RunChartDto {
  const positionByWell = new Map(wells.map((well) => [well.id, well.position]));
  return {
    wells: interpretations
      .filter((item) => positionByWell.has(item.wellId))
      .map((item) => ({
        position: positionByWell.get(item.wellId) ?? '',
        channels: item.channels.map((channel) => ({
          name: channel.dye,
          threshold: channel.threshold,
          cq: channel.cq,
          points: channel.points,
        })),
      })),
  };
}
