import type {
  Condition,
  DiagnosticDefinition,
  ExpressionOperator,
  KitAnalyserConfiguration,
} from '@amplio/domain';

const RATIO = 'RFU FAM/VIC ratio';

function when(...expressions: Array<[string, ExpressionOperator, number]>): Condition {
  return {
    expressions: expressions.map(([leftVariable, operator, rightVariable]) => ({
      leftVariable,
      operator,
      rightVariable,
    })),
  };
}

function diagnostic(
  index: number,
  label: string,
  color: string,
  conditions: Condition[],
  control: DiagnosticDefinition['controlSampleType'] = null,
  validityType: DiagnosticDefinition['validityType'] = 'VALID',
): DiagnosticDefinition {
  return {
    id: `demo-${index}`,
    index,
    diagnosticType: control ? 'CONTROL' : 'RESULT',
    label,
    color,
    validityType,
    controlSampleType: control,
    conditions,
  };
}

/**
 * The demo SNP genotyping kit on QuantStudio (VIC = allele 1, FAM = allele 2). Thresholds are the
 * ones the instrument used on the demo workbook (dRn); the genotype follows the end-RFU FAM/VIC ratio.
 */
export const DEMO_GENOTYPING_CONFIGURATION: KitAnalyserConfiguration = {
  channels: [
    { channel: 'FAM', threshold: 0.107 },
    { channel: 'VIC', threshold: 0.101 },
  ],
  cqMethod: 'threshold',
  baseline: null,
  ratio: { numerator: 'FAM', denominator: 'VIC' },
  diagnostics: [
    diagnostic(1, 'Negative', '#8c8c8c', [when(['CQ FAM', '>', 38], ['CQ VIC', '>', 38])]),
    diagnostic(2, 'Homozygous wild type', '#52c41a', [when([RATIO, '<', 0.4])]),
    diagnostic(3, 'Homozygous mutated', '#f5222d', [when([RATIO, '>', 2.5])]),
    diagnostic(4, 'Heterozygous', '#fa8c16', [when([RATIO, '>=', 0.4], [RATIO, '<=', 2.5])]),
    diagnostic(
      5,
      'Negative control OK',
      '#13c2c2',
      [when(['CQ FAM', '>', 38], ['CQ VIC', '>', 38])],
      'NEGATIVE_AMPLIFICATION_CONTROL',
    ),
    diagnostic(
      6,
      'Negative control KO',
      '#722ed1',
      [when(['CQ FAM', '<=', 38]), when(['CQ VIC', '<=', 38])],
      'NEGATIVE_AMPLIFICATION_CONTROL',
      'INVALID',
    ),
    diagnostic(
      7,
      'Positive control OK',
      '#2f54eb',
      [when(['CQ VIC', '<', 35]), when(['CQ FAM', '<', 35])],
      'POSITIVE_CONTROL',
    ),
    diagnostic(
      8,
      'Positive control KO',
      '#eb2f96',
      [when(['CQ FAM', '>=', 35], ['CQ VIC', '>=', 35])],
      'POSITIVE_CONTROL',
      'INVALID',
    ),
  ],
};
