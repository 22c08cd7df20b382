import type { ControlType, KitConfigurationDocument, StoredChannel, StoredDiagnostic } from '@amplio/db';
import {
  CQ_METHODS,
  type CqMethod,
  EXPRESSION_OPERATORS,
  type ErrorKey,
  SAMPLE_TYPES,
  type SampleType,
} from '@amplio/domain';

/** A configuration as a client sends it: nothing is trusted (SPEC 5 "Lots, kits, versions"). */
export interface ConfigurationInput {
  channels?: Array<{ channel?: string | null; threshold?: unknown; analyserChannel?: string | null }> | null;
  diagnostics?: Array<DiagnosticInput> | null;
  cqMethod?: string | null;
  ratio?: { numerator?: string | null; denominator?: string | null } | null;
}

/** The Cq method the client chose, when it is one of the engine's; the threshold method otherwise. */
export function cqMethodOf(value: string | null | undefined): CqMethod {
  return CQ_METHODS.find((method) => method === value) ?? 'threshold';
}

export interface DiagnosticInput {
  id?: string | null;
  diagnosticType?: string | null;
  label?: string | null;
  color?: string | null;
  validityType?: string | null;
  control?: { controlType?: string | null; barCode?: string | null; sampleType?: string | null } | null;
  conditions?: Array<{
    expressions?: Array<{
      leftVariable?: string | null;
      operator?: string | null;
      rightVariable?: unknown;
    }> | null;
  }> | null;
}

export interface ConfigurationRefusal {
  key: ErrorKey;
  params: string[];
}

const blank = (value: string | null | undefined): boolean =>
  value === undefined || value === null || value.trim() === '';

/** A decimal as the SPEC asks: a finite number, or a string that is one ("0.5", "-2", "1e3" refused). */
export function toDecimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(value))
    return Number(value.trim().replace(',', '.'));
  return null;
}

const refuse = (key: ErrorKey, ...params: string[]): { error: ConfigurationRefusal } => ({
  error: { key, params },
});

/**
 * Checks a configuration against every rule of SPEC 5 and answers the document to store, or the
 * first refusal (its key names the rule, its parameter the offending field).
 */
export function buildConfiguration(
  input: ConfigurationInput,
  newId: () => string,
): { document: KitConfigurationDocument } | { error: ConfigurationRefusal } {
  const channelsIn = input.channels ?? [];
  const diagnosticsIn = input.diagnostics ?? [];
  if (channelsIn.length === 0) return refuse('errorKitConfigurationNotConfigured', 'channels');
  if (diagnosticsIn.length === 0) return refuse('errorKitConfigurationNotConfigured', 'diagnostics');
  const channels: StoredChannel[] = [];
  for (const [i, channel] of channelsIn.entries()) {
    if (blank(channel.channel)) return refuse('errorFieldRequired', `channels[${i}].channel`);
    if (channel.threshold === undefined || channel.threshold === null || channel.threshold === '')
      return refuse('errorFieldRequired', `channels[${i}].threshold`);
    const threshold = toDecimal(channel.threshold);
    if (threshold === null || threshold < 0) return refuse('errorFieldDecimal', `channels[${i}].threshold`);
    const name = (channel.channel as string).trim();
    if (channels.some((c) => c.channel.toUpperCase() === name.toUpperCase()))
      return refuse('errorFieldUnique', `channels[${i}].channel`);
    channels.push({
      channel: name,
      threshold,
      analyserChannel: blank(channel.analyserChannel) ? null : (channel.analyserChannel as string).trim(),
    });
  }
  const diagnostics: StoredDiagnostic[] = [];
  for (const [i, d] of diagnosticsIn.entries()) {
    const built = buildDiagnostic(d, i, newId);
    if ('error' in built) return built;
    diagnostics.push(built.diagnostic);
  }
  const unique = checkUniqueness(diagnostics);
  if (unique) return { error: unique };
  const ratio =
    input.ratio && !blank(input.ratio.numerator) && !blank(input.ratio.denominator)
      ? {
          numerator: (input.ratio.numerator as string).trim(),
          denominator: (input.ratio.denominator as string).trim(),
        }
      : channels.length >= 2
        ? { numerator: channels[0].channel, denominator: channels[1].channel }
        : null;
  return {
    document: {
      channels,
      cqMethod: cqMethodOf(input.cqMethod),
      baseline: null,
      ratio,
      diagnostics,
    },
  };
}

function buildDiagnostic(
  d: DiagnosticInput,
  i: number,
  newId: () => string,
): { diagnostic: StoredDiagnostic } | { error: ConfigurationRefusal } {
  const at = `diagnostics[${i}]`;
  const diagnosticType =
    d.diagnosticType === 'CONTROL' ? 'CONTROL' : d.diagnosticType === 'RESULT' ? 'RESULT' : null;
  if (!diagnosticType) return refuse('errorFieldRequired', `${at}.diagnosticType`);
  if (d.validityType !== 'VALID' && d.validityType !== 'INVALID')
    return refuse('errorFieldRequired', `${at}.validityType`);
  if (blank(d.color)) return refuse('errorFieldRequired', `${at}.color`);
  let controlType: ControlType | null = null;
  let sampleType: SampleType | null = null;
  if (diagnosticType === 'CONTROL') {
    controlType = d.control?.controlType === 'INTERNAL' ? 'INTERNAL' : 'KIT';
    const wanted = d.control?.sampleType ?? null;
    if (!wanted || !(SAMPLE_TYPES as readonly string[]).includes(wanted) || wanted === 'SAMPLE')
      return refuse('errorFieldRequired', `${at}.control.sampleType`);
    sampleType = wanted as SampleType;
  }
  if (blank(d.label) && controlType !== 'KIT') return refuse('errorFieldRequired', `${at}.label`);
  const conditionsIn = d.conditions ?? [];
  if (conditionsIn.length === 0) return refuse('errorFieldRequired', `${at}.conditions`);
  const conditions: StoredDiagnostic['conditions'] = [];
  for (const [c, condition] of conditionsIn.entries()) {
    const expressionsIn = condition.expressions ?? [];
    if (expressionsIn.length === 0) return refuse('errorFieldRequired', `${at}.conditions[${c}].expressions`);
    const expressions: StoredDiagnostic['conditions'][number]['expressions'] = [];
    for (const [x, e] of expressionsIn.entries()) {
      const path = `${at}.conditions[${c}].expressions[${x}]`;
      if (blank(e.leftVariable)) return refuse('errorFieldRequired', `${path}.leftVariable`);
      if (!e.operator || !(EXPRESSION_OPERATORS as readonly string[]).includes(e.operator))
        return refuse('errorFieldRequired', `${path}.operator`);
      if (e.rightVariable === undefined || e.rightVariable === null || e.rightVariable === '')
        return refuse('errorFieldRequired', `${path}.rightVariable`);
      const right = toDecimal(e.rightVariable);
      if (right === null) return refuse('errorFieldDecimal', `${path}.rightVariable`);
      expressions.push({
        leftVariable: (e.leftVariable as string).trim(),
        operator: e.operator as (typeof EXPRESSION_OPERATORS)[number],
        rightVariable: right,
      });
    }
    conditions.push({ expressions });
  }
  return {
    diagnostic: {
      id: blank(d.id) ? newId() : (d.id as string),
      index: i,
      diagnosticType,
      label: (d.label ?? '').trim(),
      color: (d.color as string).trim(),
      validityType: d.validityType,
      controlSampleType: sampleType,
      controlType,
      barCode: blank(d.control?.barCode) ? null : (d.control?.barCode as string).trim(),
      conditions,
    },
  };
}

/** Colours, labels, control sample types and bar codes that must not repeat (SPEC 5). */
export function checkUniqueness(diagnostics: readonly StoredDiagnostic[]): ConfigurationRefusal | null {
  const validControl = (d: StoredDiagnostic): boolean =>
    d.diagnosticType === 'CONTROL' && d.validityType === 'VALID';
  const seen = {
    color: new Set<string>(),
    label: new Set<string>(),
    sampleType: new Set<string>(),
    barCode: new Set<string>(),
  };
  for (const [i, d] of diagnostics.entries()) {
    const at = `diagnostics[${i}]`;
    if (d.diagnosticType === 'RESULT' || validControl(d)) {
      const color = d.color.toLowerCase();
      if (seen.color.has(color)) return { key: 'errorFieldUnique', params: [`${at}.color`] };
      seen.color.add(color);
    }
    const invalidControl = d.diagnosticType === 'CONTROL' && d.validityType === 'INVALID';
    if (!invalidControl && d.label !== '') {
      const label = d.label.toLowerCase();
      if (seen.label.has(label)) return { key: 'errorFieldUnique', params: [`${at}.label`] };
      seen.label.add(label);
    }
    if (validControl(d) && d.controlType === 'KIT' && d.controlSampleType) {
      if (seen.sampleType.has(d.controlSampleType))
        return { key: 'errorFieldUnique', params: [`${at}.control.sampleType`] };
      seen.sampleType.add(d.controlSampleType);
    }
    if (d.barCode) {
      const barCode = d.barCode.toLowerCase();
      if (seen.barCode.has(barCode)) return { key: 'errorFieldUnique', params: [`${at}.control.barCode`] };
      seen.barCode.add(barCode);
    }
  }
  return null;
}

/** Compares field by field: stored JSONB does not keep the key order the client sent. */
const controlSignature = (d: StoredDiagnostic): string =>
  JSON.stringify([
    d.id,
    d.label,
    d.color.toLowerCase(),
    d.validityType,
    d.controlSampleType,
    d.barCode ?? null,
    d.conditions.map((c) => c.expressions.map((e) => [e.leftVariable, e.operator, e.rightVariable])),
  ]);

/**
 * A doctor who is not an admin cannot edit kit-type controls nor add or remove internal controls
 * (SPEC 5 and 6): compares the new configuration with the one it replaces (or starts from).
 */
export function checkDoctorControls(
  before: readonly StoredDiagnostic[],
  after: readonly StoredDiagnostic[],
): ConfigurationRefusal | null {
  const kit = (list: readonly StoredDiagnostic[]): string[] =>
    list
      .filter((d) => d.diagnosticType === 'CONTROL' && (d.controlType ?? 'KIT') === 'KIT')
      .map(controlSignature)
      .sort();
  if (JSON.stringify(kit(before)) !== JSON.stringify(kit(after)))
    return { key: 'errorKitControlForbidden', params: [] };
  const internal = (list: readonly StoredDiagnostic[]): string[] =>
    list
      .filter((d) => d.diagnosticType === 'CONTROL' && d.controlType === 'INTERNAL')
      .map((d) => d.id)
      .sort();
  if (JSON.stringify(internal(before)) !== JSON.stringify(internal(after)))
    return { key: 'errorInternalControlForbidden', params: [] };
  return null;
}
