import {
  normalizeDyeName,
  type Condition,
  type DiagnosticDefinition,
  type Expression,
  type ExpressionOperator,
  type SampleType,
} from '@amplio/domain';

export { EXPRESSION_OPERATORS } from '@amplio/domain';
export type { ExpressionOperator } from '@amplio/domain';

/** Dyes read on the same optical channel by different kits: a rule naming one finds the other. */
export const DYE_ALIAS_GROUPS: ReadonlyArray<readonly string[]> = [['HEX', 'VIC']];

const normalizedDyes = new Map<string, string>();

/** normalizeDyeName, memoised (dye names are few; the rules ask for them for every well). */
export function normalizedDye(name: string): string {
  let normalized = normalizedDyes.get(name);
  if (normalized === undefined) {
    normalized = normalizeDyeName(name);
    if (normalizedDyes.size < 10_000) normalizedDyes.set(name, normalized);
  }
  return normalized;
}

/** True when two dye names denote the same channel (same normalised name, or aliases HEX/VIC). */
export function sameDye(a: string, b: string): boolean {
  const na = normalizedDye(a);
  const nb = normalizedDye(b);
  if (na === nb) return true;
  return DYE_ALIAS_GROUPS.some((group) => group.includes(na) && group.includes(nb));
}

/** Finds the channel for a dye: exact normalised name first, then an alias (HEX for VIC and back). */
export function findByDye<T extends { dye: string }>(items: readonly T[], dye: string): T | undefined {
  const wanted = normalizeDyeName(dye);
  return (
    items.find((item) => normalizeDyeName(item.dye) === wanted) ??
    items.find((item) => sameDye(item.dye, dye))
  );
}

export type ParsedVariable =
  { kind: 'cq'; dye: string } | { kind: 'ratio'; numerator: string; denominator: string };

const CQ_VARIABLE = /^\s*CQ\s+(.+?)\s*$/i;
const RATIO_VARIABLE = /^\s*RFU\s+(.+?)\s*\/\s*(.+?)\s+RATIO\s*$/i;

const parsedVariables = new Map<string, ParsedVariable | null>();

/** Reads "CQ FAM" and "RFU FAM/HEX ratio"; null for anything else. Memoised. */
export function parseVariable(variable: string): ParsedVariable | null {
  if (parsedVariables.has(variable)) return parsedVariables.get(variable) ?? null;
  const parsed = readVariable(variable);
  if (parsedVariables.size < 10_000) parsedVariables.set(variable, parsed);
  return parsed;
}

function readVariable(variable: string): ParsedVariable | null {
  const ratio = RATIO_VARIABLE.exec(variable);
  if (ratio)
    return { kind: 'ratio', numerator: normalizeDyeName(ratio[1]), denominator: normalizeDyeName(ratio[2]) };
  const cq = CQ_VARIABLE.exec(variable);
  if (cq) return { kind: 'cq', dye: normalizeDyeName(cq[1]) };
  return null;
}

export function cqVariable(dye: string): string {
  return `CQ ${normalizeDyeName(dye)}`;
}

export function ratioVariable(numerator: string, denominator: string): string {
  return `RFU ${normalizeDyeName(numerator)}/${normalizeDyeName(denominator)} ratio`;
}

/** The variables a kit's expressions may use, for the configuration screen's dropdown. */
export function expressionVariables(
  channels: readonly string[],
  ratio: { numerator: string; denominator: string } | null,
): string[] {
  const variables = channels.map(cqVariable);
  if (ratio) variables.push(ratioVariable(ratio.numerator, ratio.denominator));
  return [...new Set(variables)];
}

/** What the rules read of one well. */
export interface RuleValues {
  channels: ReadonlyArray<{ dye: string; cq: number | null; endRfu: number | null }>;
}

/** Relative tolerance of the '=' operator (values are decimals read from files). */
export const EQUALITY_TOLERANCE = 1e-9;

function compare(left: number, operator: ExpressionOperator, right: number): boolean {
  switch (operator) {
    case '=':
      return Math.abs(left - right) <= EQUALITY_TOLERANCE * Math.max(1, Math.abs(right));
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
  }
}

/** Ratio endRfu(numerator) / endRfu(denominator); null when either is missing or the denominator is 0. */
export function rfuRatio(values: RuleValues, numerator: string, denominator: string): number | null {
  const num = findByDye(values.channels, numerator);
  const den = findByDye(values.channels, denominator);
  if (!num || !den || num.endRfu === null || den.endRfu === null || den.endRfu === 0) return null;
  return num.endRfu / den.endRfu;
}

/**
 * The value an expression's left variable takes in a well:
 * - "CQ <DYE>": the Cq, or +Infinity when the channel has no Cq (no Cq = later than every cycle);
 * - "RFU <NUM>/<DEN> ratio": the end-RFU ratio;
 * - null when the variable is unknown, the channel is absent from the well, or the ratio is undefined:
 *   an expression on a null value is false.
 */
export function variableValue(variable: string, values: RuleValues): number | null {
  const parsed = parseVariable(variable);
  if (!parsed) return null;
  if (parsed.kind === 'ratio') return rfuRatio(values, parsed.numerator, parsed.denominator);
  const channel = findByDye(values.channels, parsed.dye);
  if (!channel) return null;
  return channel.cq ?? Number.POSITIVE_INFINITY;
}

export function evaluateExpression(expression: Expression, values: RuleValues): boolean {
  const left = variableValue(expression.leftVariable, values);
  if (left === null || !Number.isFinite(expression.rightVariable)) return false;
  return compare(left, expression.operator, expression.rightVariable);
}

/** Expressions joined by AND; a condition without expressions never holds. */
export function evaluateCondition(condition: Condition, values: RuleValues): boolean {
  return (
    condition.expressions.length > 0 && condition.expressions.every((e) => evaluateExpression(e, values))
  );
}

/** Conditions joined by OR; a diagnostic without conditions never matches. */
export function diagnosticMatches(diagnostic: DiagnosticDefinition, values: RuleValues): boolean {
  return diagnostic.conditions.some((c) => evaluateCondition(c, values));
}

/** Sample types judged by CONTROL diagnostics (SPEC: the three control types other than the blank). */
export function isControlSampleType(sampleType: SampleType): boolean {
  return sampleType !== 'SAMPLE' && sampleType !== 'BLANK_CONTROL';
}

/** The diagnostics that may judge a well of this sample type, in evaluation (index) order. */
export function applicableDiagnostics(
  diagnostics: readonly DiagnosticDefinition[],
  sampleType: SampleType,
): DiagnosticDefinition[] {
  const applicable = isControlSampleType(sampleType)
    ? diagnostics.filter((d) => d.diagnosticType === 'CONTROL' && d.controlSampleType === sampleType)
    : sampleType === 'SAMPLE'
      ? diagnostics.filter((d) => d.diagnosticType === 'RESULT')
      : [];
  return applicable.sort((a, b) => a.index - b.index);
}

/** First diagnostic (by index) whose conditions hold, or null. */
export function firstMatchingDiagnostic(
  diagnostics: readonly DiagnosticDefinition[],
  sampleType: SampleType,
  values: RuleValues,
): DiagnosticDefinition | null {
  for (const diagnostic of applicableDiagnostics(diagnostics, sampleType)) {
    if (diagnosticMatches(diagnostic, values)) return diagnostic;
  }
  return null;
}
