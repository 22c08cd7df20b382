import type { DiagnosticDefinition, Expression, KitAnalyserConfiguration } from '@amplio/domain';

/**
 * A bi-allelic TaqMan SNP genotyping kit configuration, designed from first principles (see
 * docs/interpretation.md, "Genotyping"): VIC reports allele 1, FAM reports allele 2.
 *
 * - A reaction amplifies an allele when its channel has a Cq before GENOTYPING_CQ_CUTOFF.
 * - The end-point signal ratio R = end RFU(FAM) / end RFU(VIC) places a reaction that amplified
 *   on the allele-2 axis. A homozygote for allele 1 still shows some FAM (probe cross-reactivity),
 *   so R is low but not zero; a heterozygote has both signals; a homozygote for allele 2 shows
 *   little or no VIC (R large, or VIC without Cq, where its end RFU is noise around 0 and R is
 *   meaningless: the Cq rule decides then).
 * - The cut-offs sit between the clusters on a log scale: homozygous-allele-1 clusters measured
 *   at R 0.46 to 0.57, heterozygotes at 1.22 to 2.57 depending on the assay, homozygous-allele-2
 *   at 3.83 and above; 0.8 and 3.2 are about the geometric means of the neighbouring edges.
 * - No Cq in either channel is "no amplification": an invalid sample, or a passing NTC.
 */
export const GENOTYPING_CQ_CUTOFF = 35;
export const GENOTYPING_HOMOZYGOUS_ALLELE_1_MAX_RATIO = 0.8;
export const GENOTYPING_HOMOZYGOUS_ALLELE_2_MIN_RATIO = 3.2;

export const GENOTYPE_DIAGNOSTIC_IDS = {
  noAmplification: 'genotype-no-amplification',
  homozygousAllele2: 'genotype-allele-2-allele-2',
  heterozygous: 'genotype-allele-1-allele-2',
  homozygousAllele1: 'genotype-allele-1-allele-1',
  ntcPassed: 'genotype-ntc-passed',
  ntcFailed: 'genotype-ntc-failed',
} as const;

const RATIO = 'RFU FAM/VIC ratio';
const e = (leftVariable: string, operator: Expression['operator'], rightVariable: number): Expression => ({
  leftVariable,
  operator,
  rightVariable,
});
const vicAmplified = e('CQ VIC', '<', GENOTYPING_CQ_CUTOFF);
const famAmplified = e('CQ FAM', '<', GENOTYPING_CQ_CUTOFF);
const vicSilent = e('CQ VIC', '>=', GENOTYPING_CQ_CUTOFF);
const famSilent = e('CQ FAM', '>=', GENOTYPING_CQ_CUTOFF);

const diagnostics: DiagnosticDefinition[] = [
  {
    id: GENOTYPE_DIAGNOSTIC_IDS.noAmplification,
    index: 0,
    diagnosticType: 'RESULT',
    label: 'No amplification',
    color: '#8c8c8c',
    validityType: 'INVALID',
    controlSampleType: null,
    conditions: [{ expressions: [vicSilent, famSilent] }],
  },
  {
    id: GENOTYPE_DIAGNOSTIC_IDS.homozygousAllele2,
    index: 1,
    diagnosticType: 'RESULT',
    label: 'Allele 2/Allele 2 (homozygous mutated)',
    color: '#1677ff',
    validityType: 'VALID',
    controlSampleType: null,
    conditions: [
      { expressions: [famAmplified, vicSilent] },
      { expressions: [famAmplified, vicAmplified, e(RATIO, '>=', GENOTYPING_HOMOZYGOUS_ALLELE_2_MIN_RATIO)] },
    ],
  },
  {
    id: GENOTYPE_DIAGNOSTIC_IDS.heterozygous,
    index: 2,
    diagnosticType: 'RESULT',
    label: 'Allele 1/Allele 2 (heterozygous)',
    color: '#52c41a',
    validityType: 'VALID',
    controlSampleType: null,
    conditions: [
      {
        expressions: [
          vicAmplified,
          famAmplified,
          e(RATIO, '>=', GENOTYPING_HOMOZYGOUS_ALLELE_1_MAX_RATIO),
          e(RATIO, '<', GENOTYPING_HOMOZYGOUS_ALLELE_2_MIN_RATIO),
        ],
      },
    ],
  },
  {
    id: GENOTYPE_DIAGNOSTIC_IDS.homozygousAllele1,
    index: 3,
    diagnosticType: 'RESULT',
    label: 'Allele 1/Allele 1 (homozygous wild type)',
    color: '#fa8c16',
    validityType: 'VALID',
    controlSampleType: null,
    conditions: [
      { expressions: [vicAmplified, famSilent] },
      { expressions: [vicAmplified, famAmplified, e(RATIO, '<', GENOTYPING_HOMOZYGOUS_ALLELE_1_MAX_RATIO)] },
    ],
  },
  {
    id: GENOTYPE_DIAGNOSTIC_IDS.ntcPassed,
    index: 4,
    diagnosticType: 'CONTROL',
    label: 'Negative control OK',
    color: '#13c2c2',
    validityType: 'VALID',
    controlSampleType: 'NEGATIVE_AMPLIFICATION_CONTROL',
    conditions: [{ expressions: [vicSilent, famSilent] }],
  },
  {
    id: GENOTYPE_DIAGNOSTIC_IDS.ntcFailed,
    index: 5,
    diagnosticType: 'CONTROL',
    label: 'Negative control KO',
    color: '#f5222d',
    validityType: 'INVALID',
    controlSampleType: 'NEGATIVE_AMPLIFICATION_CONTROL',
    conditions: [{ expressions: [vicAmplified] }, { expressions: [famAmplified] }],
  },
];

/**
 * The genotyping demo kit-analyser configuration (QuantStudio, dRn scale thresholds of 0.1 for both
 * probes, automatic baseline, threshold Cq). The demo seed may reuse it.
 */
export const genotypingDemoConfiguration: KitAnalyserConfiguration = {
  channels: [
    { channel: 'VIC', threshold: 0.1 },
    { channel: 'FAM', threshold: 0.1 },
  ],
  cqMethod: 'threshold',
  baseline: null,
  ratio: { numerator: 'FAM', denominator: 'VIC' },
  diagnostics,
};
