import type { DiagnosticDefinition, ValidityType } from '@amplio/domain';
import type { ReasonCode, ResultState, WellResult } from './interpret';
import { findByDye } from './rules';

/** One channel of `GET /api/run/{id}/chart` (SPEC 3: name, threshold, cq, line points). */
export interface ChartChannel {
  name: string;
  threshold: number | null;
  cq: number | null;
  points: { x: number; y: number }[];
}

export function toChartChannels(result: WellResult): ChartChannel[] {
  return result.channels.map((c) => ({ name: c.dye, threshold: c.threshold, cq: c.cq, points: c.points }));
}

/** One channel of a well interpretation (SPEC 3: channel1, channel2 with cq and endRFU). */
export interface InterpretationChannel {
  name: string;
  cq: number | null;
  endRFU: number | null;
}

export interface SuggestedResult {
  id: string;
  label: string;
  color: string;
  validityType: ValidityType;
}

/** `WellInterpretation` of docs/api.md without the database id and well name. */
export interface WellInterpretationData {
  position: string;
  channel1: InterpretationChannel | null;
  channel2: InterpretationChannel | null;
  ratio: number | null;
  suggestedResult: SuggestedResult | null;
  resultState: ResultState;
  reason: string | null;
  reasonCode: ReasonCode | null;
}

/**
 * The well interpretation of `GET /api/run/{id}/interpretation`. channel1 and channel2 are the
 * dyes named in `channelOrder` (give the kit's ratio numerator and denominator, e.g. FAM then HEX;
 * HEX/VIC aliases apply), otherwise the well's first two channels.
 */
export function toWellInterpretation(
  result: WellResult,
  diagnostics: readonly DiagnosticDefinition[],
  channelOrder?: readonly [string, string],
): WellInterpretationData {
  const pick = (index: 0 | 1): InterpretationChannel | null => {
    const channel = channelOrder ? findByDye(result.channels, channelOrder[index]) : result.channels[index];
    return channel ? { name: channel.dye, cq: channel.cq, endRFU: channel.endRfu } : null;
  };
  const diagnostic = result.suggestedDiagnosticId
    ? diagnostics.find((d) => d.id === result.suggestedDiagnosticId)
    : undefined;
  return {
    position: result.position,
    channel1: pick(0),
    channel2: pick(1),
    ratio: result.ratio,
    suggestedResult: diagnostic
      ? {
          id: diagnostic.id,
          label: diagnostic.label,
          color: diagnostic.color,
          validityType: diagnostic.validityType,
        }
      : null,
    resultState: result.resultState,
    reason: result.reason,
    reasonCode: result.reasonCode,
  };
}
