import type { CqMethod, Expression, SampleType } from '@amplio/domain';
import type { ControlType, KitConfigurationDocument, StoredChannel, StoredDiagnostic } from '@amplio/db';
import { genotypingDemoConfiguration } from '@amplio/interpretation';

const e = (leftVariable: string, operator: Expression['operator'], rightVariable: number): Expression => ({
  leftVariable,
  operator,
  rightVariable,
});

interface DiagnosticSpec {
  id: string;
  label: string;
  color: string;
  validityType?: 'VALID' | 'INVALID';
  control?: { sampleType: SampleType; type: ControlType; barCode?: string };
  /** Conditions joined by OR, each a list of expressions joined by AND. */
  conditions: Expression[][];
}

function diagnostics(specs: DiagnosticSpec[]): StoredDiagnostic[] {
  return specs.map((spec, index) => ({
    id: spec.id,
    index,
    diagnosticType: spec.control ? 'CONTROL' : 'RESULT',
    label: spec.label,
    color: spec.color,
    validityType: spec.validityType ?? 'VALID',
    controlSampleType: spec.control?.sampleType ?? null,
    controlType: spec.control?.type ?? null,
    barCode: spec.control?.barCode ?? null,
    conditions: spec.conditions.map((expressions) => ({ expressions })),
  }));
}

/** The genotyping kit (SPEC 3 labels): the interpretation library's rules, labelled as the SPEC names them. */
export function genotypingConfiguration(): KitConfigurationDocument {
  const labels: Record<string, string> = {
    'genotype-allele-2-allele-2': 'Homozygous mutated',
    'genotype-allele-1-allele-2': 'Heterozygous variant',
    'genotype-allele-1-allele-1': 'Homozygous wild type',
    'genotype-ntc-passed': 'Negative control OK',
    'genotype-ntc-failed': 'Negative control KO',
  };
  return {
    ...genotypingDemoConfiguration,
    channels: genotypingDemoConfiguration.channels.map((channel) => ({ ...channel, analyserChannel: null })),
    diagnostics: genotypingDemoConfiguration.diagnostics.map((diagnostic) => ({
      ...diagnostic,
      label: labels[diagnostic.id] ?? diagnostic.label,
      controlType: diagnostic.diagnosticType === 'CONTROL' ? 'KIT' : null,
      barCode: null,
    })),
  };
}

/**
 * A two-target infectious-disease kit: the pathogen target in FAM, the internal control in HEX (VIC on
 * Thermo analysers). Thresholds are on each analyser's own scale; 0 means the run's automatic threshold.
 */
export function respiratoryConfiguration(
  channels: StoredChannel[],
  cqMethod: CqMethod = 'threshold',
): KitConfigurationDocument {
  return {
    channels,
    cqMethod,
    baseline: null,
    ratio: { numerator: 'FAM', denominator: 'HEX' },
    diagnostics: diagnostics([
      { id: 'rv-positive', label: 'Positive', color: '#f5222d', conditions: [[e('CQ FAM', '<', 38)]] },
      {
        id: 'rv-negative',
        label: 'Negative',
        color: '#52c41a',
        conditions: [[e('CQ FAM', '>=', 38), e('CQ HEX', '<', 36)]],
      },
      {
        id: 'rv-invalid',
        label: 'Invalid: internal control not amplified',
        color: '#8c8c8c',
        validityType: 'INVALID',
        conditions: [[e('CQ FAM', '>=', 38), e('CQ HEX', '>=', 36)]],
      },
      {
        id: 'rv-pc-ok',
        label: 'Positive control OK',
        color: '#1677ff',
        control: { sampleType: 'POSITIVE_CONTROL', type: 'KIT', barCode: 'RV-PC-01' },
        conditions: [[e('CQ FAM', '<', 35)]],
      },
      {
        id: 'rv-pc-ko',
        label: 'Positive control KO',
        color: '#fa541c',
        validityType: 'INVALID',
        control: { sampleType: 'POSITIVE_CONTROL', type: 'KIT' },
        conditions: [[e('CQ FAM', '>=', 35)]],
      },
      {
        id: 'rv-nc-ok',
        label: 'Negative control OK',
        color: '#13c2c2',
        control: { sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL', type: 'KIT', barCode: 'RV-NC-01' },
        conditions: [[e('CQ FAM', '>=', 38)]],
      },
      {
        id: 'rv-nc-ko',
        label: 'Negative control KO',
        color: '#722ed1',
        validityType: 'INVALID',
        control: { sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL', type: 'KIT' },
        conditions: [[e('CQ FAM', '<', 38)]],
      },
      {
        id: 'rv-nec-ok',
        label: 'Extraction control OK',
        color: '#a0d911',
        control: { sampleType: 'NEGATIVE_EXTRACTION_CONTROL', type: 'INTERNAL' },
        conditions: [[e('CQ FAM', '>=', 38), e('CQ HEX', '<', 36)]],
      },
    ]),
  };
}

/** A single-channel intercalating-dye (SYBR Green / EvaGreen) screening kit. */
export function sybrConfiguration(
  analyserChannel: string | null,
  threshold: number,
  cqMethod: CqMethod = 'threshold',
): KitConfigurationDocument {
  return {
    channels: [{ channel: 'SYBR', threshold, analyserChannel }],
    cqMethod,
    baseline: null,
    ratio: null,
    diagnostics: diagnostics([
      { id: 'sg-detected', label: 'Detected', color: '#f5222d', conditions: [[e('CQ SYBR', '<', 35)]] },
      {
        id: 'sg-not-detected',
        label: 'Not detected',
        color: '#52c41a',
        conditions: [[e('CQ SYBR', '>=', 35)]],
      },
      {
        id: 'sg-pc-ok',
        label: 'Positive control OK',
        color: '#1677ff',
        control: { sampleType: 'POSITIVE_CONTROL', type: 'KIT' },
        conditions: [[e('CQ SYBR', '<', 35)]],
      },
      {
        id: 'sg-nc-ok',
        label: 'Negative control OK',
        color: '#13c2c2',
        control: { sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL', type: 'KIT' },
        conditions: [[e('CQ SYBR', '>=', 35)]],
      },
      {
        id: 'sg-nc-ko',
        label: 'Negative control KO',
        color: '#722ed1',
        validityType: 'INVALID',
        control: { sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL', type: 'KIT' },
        conditions: [[e('CQ SYBR', '<', 35)]],
      },
    ]),
  };
}

const channel = (name: string, threshold: number, analyserChannel: string | null = null): StoredChannel => ({
  channel: name,
  threshold,
  analyserChannel,
});

/** Which configuration each analyser family gets, per demo kit (analyser id to configuration). */
export const RESPIRATORY_BY_ANALYSER: Record<string, KitConfigurationDocument> = {
  'thermo-quantstudio-da': respiratoryConfiguration([channel('FAM', 0.2), channel('HEX', 0.2, 'VIC')]),
  'thermo-quantstudio-rt': respiratoryConfiguration([channel('FAM', 0.2), channel('HEX', 0.2, 'VIC')]),
  'thermo-7500-stepone': respiratoryConfiguration([channel('FAM', 0), channel('HEX', 0, 'VIC')]),
  'biorad-cfx': respiratoryConfiguration([channel('FAM', 100), channel('HEX', 100)]),
  // Roche's LightCycler software gives Cp/Cq as the second-derivative maximum: so do these kits.
  'roche-lc480': respiratoryConfiguration(
    [channel('FAM', 0, '465-510'), channel('HEX', 0, '533-580')],
    'sdm',
  ),
  'roche-lc96': respiratoryConfiguration([channel('FAM', 0), channel('HEX', 0)], 'sdm'),
  'qiagen-rotorgene': respiratoryConfiguration([channel('FAM', 0, 'Green'), channel('HEX', 0, 'Yellow')]),
  rdml: respiratoryConfiguration([channel('FAM', 0), channel('HEX', 0)]),
};

export const SYBR_BY_ANALYSER: Record<string, KitConfigurationDocument> = {
  'thermo-quantstudio-rt': sybrConfiguration(null, 0),
  'thermo-7500-stepone': sybrConfiguration(null, 0),
  'biorad-cfx': sybrConfiguration(null, 100),
  'roche-lc480': sybrConfiguration('483-533', 0, 'sdm'),
  'roche-lc96': sybrConfiguration(null, 0, 'sdm'),
  'qiagen-rotorgene': sybrConfiguration('Green', 0),
  rdml: sybrConfiguration(null, 0),
};
