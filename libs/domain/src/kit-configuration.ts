/** Kit-analyser configuration of SPEC sections 3 and 5, as the interpretation engine reads it. */
export const EXPRESSION_OPERATORS = ['=', '>', '>=', '<', '<='] as const;
export type ExpressionOperator = (typeof EXPRESSION_OPERATORS)[number];

/** Variables: "CQ <DYE>" for each channel, and "RFU <NUM>/<DEN> ratio" (SPEC: RFU FAM/HEX ratio). */
export type ExpressionVariable = string;

export interface Expression {
  leftVariable: ExpressionVariable;
  operator: ExpressionOperator;
  rightVariable: number;
}

/** Expressions joined by AND. */
export interface Condition {
  expressions: Expression[];
}

export const DIAGNOSTIC_TYPES = ['RESULT', 'CONTROL'] as const;
export type DiagnosticType = (typeof DIAGNOSTIC_TYPES)[number];
export const VALIDITY_TYPES = ['VALID', 'INVALID'] as const;
export type ValidityType = (typeof VALIDITY_TYPES)[number];

export const SAMPLE_TYPES = [
  'SAMPLE',
  'NEGATIVE_AMPLIFICATION_CONTROL',
  'NEGATIVE_EXTRACTION_CONTROL',
  'POSITIVE_CONTROL',
  'BLANK_CONTROL',
] as const;
export type SampleType = (typeof SAMPLE_TYPES)[number];

export interface DiagnosticDefinition {
  id: string;
  /** Evaluation order: lower first. */
  index: number;
  diagnosticType: DiagnosticType;
  label: string;
  color: string;
  validityType: ValidityType;
  /** For CONTROL diagnostics: the control sample type they judge. */
  controlSampleType: SampleType | null;
  /** Joined by OR. */
  conditions: Condition[];
}

/**
 * How a channel's Cq is computed (docs/interpretation.md): `threshold` (crossing of the threshold by
 * the baseline-corrected curve), `sdm` (second-derivative maximum of a fitted curve, the
 * LightCycler's Cp), `cy0` (Guescini's Cy0: the tangent at the inflection point of a fitted
 * Richards curve meets the baseline; per reaction, no threshold).
 */
export const CQ_METHODS = ['threshold', 'sdm', 'cy0'] as const;
export type CqMethod = (typeof CQ_METHODS)[number];

export interface ChannelConfiguration {
  channel: string;
  threshold: number;
}

export interface KitAnalyserConfiguration {
  channels: ChannelConfiguration[];
  cqMethod: CqMethod;
  /** Fixed baseline window (1-based cycles) or null for automatic. */
  baseline: { start: number; end: number } | null;
  /** Ratio numerator and denominator dyes, e.g. FAM / HEX. */
  ratio: { numerator: string; denominator: string } | null;
  diagnostics: DiagnosticDefinition[];
}
