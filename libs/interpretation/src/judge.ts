import type { DiagnosticDefinition, KitAnalyserConfiguration, SampleType } from '@amplio/domain';
import type { ChannelResult, WellResult } from './interpret-types';
import { applicableDiagnostics, diagnosticMatches, isControlSampleType, rfuRatio } from './rules';

/** The diagnostics for each sample type, filtered and sorted once per interpretation call. */
export type DiagnosticsFor = (sampleType: SampleType) => DiagnosticDefinition[];

export function diagnosticsBySampleType(config: KitAnalyserConfiguration): DiagnosticsFor {
  const cache = new Map<SampleType, DiagnosticDefinition[]>();
  return (sampleType) => {
    let list = cache.get(sampleType);
    if (!list) {
      list = applicableDiagnostics(config.diagnostics, sampleType);
      cache.set(sampleType, list);
    }
    return list;
  };
}

const CURVE_ISSUE_TEXT: Record<string, string> = {
  CURVE_MISSING: 'no amplification curve in the file',
  CURVE_NOT_NUMERIC: 'readings that are not numbers',
  CURVE_TOO_SHORT: 'fewer than 10 cycles',
  CURVE_DUPLICATE_CYCLES: 'a cycle read twice',
  CURVE_NEGATIVE: 'negative raw readings',
  CURVE_SATURATED: 'saturated (clipped) readings',
  CURVE_CONSTANT: 'a constant curve',
};

/**
 * The well's state from its channels and the kit's rules, in this order:
 * 1. a BLANK_CONTROL well is not interpreted (NO_RESULT, BLANK_WELL);
 * 2. a channel whose curve cannot be read (bad input) makes the well INVALID with that curve's
 *    code (CURVE_*), requiresReview true;
 * 3. a channel whose curve amplifies by the safety net but has no Cq makes the well NO_RESULT with
 *    AMPLIFICATION_WITHOUT_CQ and requiresReview true: it is never called negative (the rules'
 *    match is kept in matchedDiagnosticId, nothing is suggested);
 * 4. a channel whose reads cross the threshold only at the last read, with no Cq (see
 *    ChannelResult.lastReadCrossing), makes the well NO_RESULT with THRESHOLD_CROSSED_AT_LAST_READ
 *    and requiresReview true, in the same way;
 * 5. otherwise the first matching diagnostic (by index) of the sample type.
 */
export function judge(
  position: string,
  sampleType: SampleType,
  channels: ChannelResult[],
  config: KitAnalyserConfiguration,
  diagnosticsFor: DiagnosticsFor,
): WellResult {
  const ratio = config.ratio
    ? rfuRatio({ channels }, config.ratio.numerator, config.ratio.denominator)
    : null;
  const base = { position, sampleType, channels, ratio, reasonParams: null, requiresReview: false };
  if (sampleType === 'BLANK_CONTROL') {
    return {
      ...base,
      suggestedDiagnosticId: null,
      matchedDiagnosticId: null,
      resultState: 'NO_RESULT',
      reason: 'Blank well: not interpreted',
      reasonCode: 'BLANK_WELL',
    };
  }
  const broken = channels.find((c) => c.curveIssue);
  if (broken?.curveIssue) {
    return {
      ...base,
      suggestedDiagnosticId: null,
      matchedDiagnosticId: null,
      resultState: 'INVALID',
      reason: `Channel ${broken.dye}: unreadable curve (${CURVE_ISSUE_TEXT[broken.curveIssue]})`,
      reasonCode: broken.curveIssue,
      reasonParams: { channel: broken.dye },
      requiresReview: true,
    };
  }
  const control = isControlSampleType(sampleType);
  const values = { channels };
  let matched: DiagnosticDefinition | null = null;
  for (const diagnostic of diagnosticsFor(sampleType)) {
    if (diagnosticMatches(diagnostic, values)) {
      matched = diagnostic;
      break;
    }
  }
  const review = reviewReason(channels);
  if (review) {
    return {
      ...base,
      suggestedDiagnosticId: null,
      matchedDiagnosticId: matched?.id ?? null,
      resultState: 'NO_RESULT',
      reason: `Channel ${review.dye}: ${review.text}; review it`,
      reasonCode: review.code,
      reasonParams: { channel: review.dye },
      requiresReview: true,
    };
  }
  if (!matched) {
    return {
      ...base,
      suggestedDiagnosticId: null,
      matchedDiagnosticId: null,
      resultState: 'NO_RESULT',
      reason: control ? `No ${sampleType} control diagnostic matched` : 'No diagnostic matched',
      reasonCode: control ? 'NO_CONTROL_DIAGNOSTIC_MATCHED' : 'NO_DIAGNOSTIC_MATCHED',
    };
  }
  const invalid = matched.validityType === 'INVALID';
  return {
    ...base,
    suggestedDiagnosticId: matched.id,
    matchedDiagnosticId: matched.id,
    resultState: invalid ? 'INVALID' : 'RESULT',
    reason: invalid ? `${control ? 'Control failed' : 'Invalid result'}: ${matched.label}` : null,
    reasonCode: invalid ? 'INVALID_DIAGNOSTIC' : null,
  };
}

/** What sends a channel without Cq to a person (steps 3 and 4 of `judge`), in order of precedence. */
const REVIEW_RULES = [
  {
    code: 'AMPLIFICATION_WITHOUT_CQ',
    applies: (c: ChannelResult) => c.amplification === true,
    text: 'the curve amplifies but the Cq method found no Cq',
  },
  {
    code: 'THRESHOLD_CROSSED_AT_LAST_READ',
    applies: (c: ChannelResult) => c.lastReadCrossing === true,
    text: 'the curve crosses the threshold only at its last read',
  },
] as const;

/** A channel without Cq that a person must look at, or null. */
function reviewReason(
  channels: ChannelResult[],
): { code: (typeof REVIEW_RULES)[number]['code']; dye: string; text: string } | null {
  for (const rule of REVIEW_RULES) {
    const channel = channels.find((c) => c.cq === null && rule.applies(c));
    if (channel) return { code: rule.code, dye: channel.dye, text: rule.text };
  }
  return null;
}

/** Why a control well makes the run's samples invalid, or null when it passed. */
export function controlFailure(result: WellResult): string | null {
  if (!isControlSampleType(result.sampleType) || result.resultState === 'RESULT') return null;
  return `${result.sampleType} ${result.position}: ${result.reason ?? 'failed'}`;
}
