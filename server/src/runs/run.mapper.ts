import type {
  AnalyserEntity,
  RunEntity,
  RunKitPair,
  WellEntity,
  WellInterpretationEntity,
  WellOverride,
} from '@amplio/db';
import type { InstrumentCq, LotView } from '@amplio/db';
import type { RunChartDto } from './dto/run-chart.dto';
import type { RunInterpretationDto, WellInterpretationDto } from './dto/run-interpretation.dto';
import type { RunSummaryDto } from './dto/run-summary.dto';
import type { RunDto } from './dto/run.dto';

/** The distinct names, in order, comma-separated; null when there are none. */
function joinedNames(names: string[]): string | null {
  return names.length === 0 ? null : [...new Set(names)].join(', ');
}

export function toRunSummary(run: RunEntity, kits: RunKitPair[]): RunSummaryDto {
  const runDate = run.runDate ? run.runDate.toISOString() : null;
  return {
    id: run.id,
    businessId: run.businessId,
    fileName: run.fileName,
    instrumentName: run.instrumentName,
    interpretationRunByName: run.interpretationRunByName,
    created: run.createdAt.toISOString(),
    status: run.status,
    runDate,
    runImportDate: runDate,
    kits,
    kitName: joinedNames(kits.map((pair) => pair.kitName)),
    lotName: joinedNames(kits.map((pair) => pair.lotName)),
    ftpSent: run.ftpSent,
  };
}

export function toRunDto(
  run: RunEntity,
  kits: RunKitPair[],
  analyser: AnalyserEntity | null,
  wells: WellEntity[],
  lots: LotView[],
  versionNames: ReadonlyMap<string, string> = new Map(),
  laboratoryName = '',
): RunDto {
  const lotById = new Map(lots.map((lot) => [lot.id, lot]));
  return {
    ...toRunSummary(run, kits),
    laboratory: { id: run.laboratoryId, name: laboratoryName },
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
            kitVersion: well.kitVersionId ? (versionNames.get(well.kitVersionId) ?? null) : null,
            lotName: lot?.name ?? null,
            lotId: well.lotId,
            analyseWell: well.lotId !== null && well.sampleType !== null,
            kit: lot ? { id: lot.kitId, name: lot.kitName } : null,
            lot: lot ? { id: lot.id, name: lot.name } : null,
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

/** The instrument's own Cq of each well and channel, keyed `<wellId>/<channel>`. */
export function instrumentCqIndex(curves: InstrumentCq[]): Map<string, number | null> {
  return new Map(curves.map((curve) => [`${curve.wellId}/${curve.channel}`, curve.instrumentCq]));
}

/** Rows in plate order (A1, A2 ... B1), each with its effective result: override, else suggested (SPEC 3). */
export function toInterpretationDto(
  wells: WellEntity[],
  interpretations: WellInterpretationEntity[],
  curves: InstrumentCq[] = [],
  overrides: WellOverride[] = [],
): RunInterpretationDto {
  const byWell = new Map(interpretations.map((item) => [item.wellId, item]));
  const overrideByWell = new Map(overrides.map((item) => [item.wellId, item]));
  const instrumentCq = instrumentCqIndex(curves);
  const channel = (
    wellId: string,
    value: { dye: string; cq: number | null; endRfu: number | null } | undefined,
  ) =>
    value
      ? {
          name: value.dye,
          cq: value.cq,
          endRFU: value.endRfu,
          instrumentCq: instrumentCq.get(`${wellId}/${value.dye}`) ?? null,
        }
      : null;
  const rows: WellInterpretationDto[] = [];
  for (const well of [...wells].sort(plateOrder)) {
    const item = byWell.get(well.id);
    if (!item) continue;
    const [first, second] = [...item.channels].sort(fluorescentChannelOrder);
    const suggestedResult =
      item.suggestedLabel && item.suggestedColor
        ? {
            label: item.suggestedLabel,
            color: item.suggestedColor,
            validityType: item.validityType ?? 'VALID',
          }
        : null;
    const override = overrideByWell.get(well.id);
    const overrideResult = override
      ? {
          label: override.label,
          color: override.color,
          validityType: override.validityType,
          technicianName: override.technicianName,
          previousLabel: override.previousLabel,
        }
      : null;
    rows.push({
      id: well.id,
      name: well.name,
      position: well.position,
      channel1: channel(well.id, first),
      channel2: channel(well.id, second),
      ratio: item.ratio,
      suggestedResult,
      resultState: item.resultState,
      reason: item.reason,
      reasonCode: item.reasonCode,
      reasonParams: item.reasonParams,
      requiresReview: item.requiresReview,
      override: overrideResult,
      effectiveResult: overrideResult
        ? {
            label: overrideResult.label,
            color: overrideResult.color,
            validityType: overrideResult.validityType,
          }
        : suggestedResult,
      sampleType: well.sampleType,
      kitVersionId: well.kitVersionId,
    });
  }
  return { wells: rows };
}

/** Plate order: row letter, then column number (A1, A2 ... A12, B1). */
export function plateOrder(a: { position: string }, b: { position: string }): number {
  const row = a.position.charCodeAt(0) - b.position.charCodeAt(0);
  return row !== 0 ? row : Number(a.position.slice(1)) - Number(b.position.slice(1));
}

/** Significant digits of a chart point's fluorescence: far finer than a chart shows, at any scale. */
export const CHART_DIGITS = 6;

/**
 * A chart point's fluorescence to CHART_DIGITS significant digits (relative error at most 5e-6): the
 * stored value has 15 to 17 digits that no chart can show and that gzip cannot shrink, which made the
 * 384-well chart 1.1 MB of JSON (docs/performance.md). Significant digits, not decimals: LightCycler
 * 96 curves read about 0.001.
 */
export function chartValue(y: number): number {
  return Number.isFinite(y) ? Number(y.toPrecision(CHART_DIGITS)) : y;
}

export function toChartDto(
  wells: WellEntity[],
  interpretations: WellInterpretationEntity[],
  curves: InstrumentCq[] = [],
): RunChartDto {
  const instrumentCq = instrumentCqIndex(curves);
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
          instrumentCq: instrumentCq.get(`${item.wellId}/${channel.dye}`) ?? null,
          points: channel.points.map((point) => ({ x: point.x, y: chartValue(point.y) })),
        })),
      })),
  };
}
