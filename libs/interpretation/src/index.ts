export type {
  ChannelInput,
  WellInput,
  ChannelResult,
  ResultState,
  ReasonCode,
  ThresholdSource,
  WellResult,
  InterpretOptions,
} from './interpret';
export { interpretWell, interpretRun } from './interpret';
export {
  EXPRESSION_OPERATORS,
  type ExpressionOperator,
  type ParsedVariable,
  type RuleValues,
  DYE_ALIAS_GROUPS,
  expressionVariables,
  parseVariable,
  cqVariable,
  ratioVariable,
  variableValue,
  evaluateExpression,
  evaluateCondition,
  diagnosticMatches,
  firstMatchingDiagnostic,
  applicableDiagnostics,
  isControlSampleType,
  rfuRatio,
  sameDye,
  findByDye,
} from './rules';
export {
  autoBaselineWindow,
  fixedBaselineWindow,
  correctBaseline,
  type BaselineWindow,
  type BaselineCorrection,
} from './baseline';
export { thresholdCq, autoThreshold, AUTO_THRESHOLD_NOISE_SDS, CONFIRMING_READS } from './threshold-cq';
export { sdmCq, discreteSdmCq, fittedDerivativeMaxima, type SdmVariant } from './sdm-cq';
export { fitLogistic, logisticSignal, type LogisticFit } from './logistic-fit';
export {
  toChartChannels,
  toWellInterpretation,
  type ChartChannel,
  type InterpretationChannel,
  type SuggestedResult,
  type WellInterpretationData,
} from './chart';
export {
  signalProcessingForFormat,
  savitzkyGolayQuadratic,
  QUANTSTUDIO_SMOOTHING_WINDOW,
  type SignalProcessing,
} from './signal-processing';
export {
  genotypingDemoConfiguration,
  GENOTYPE_DIAGNOSTIC_IDS,
  GENOTYPING_CQ_CUTOFF,
  GENOTYPING_HOMOZYGOUS_ALLELE_1_MAX_RATIO,
  GENOTYPING_HOMOZYGOUS_ALLELE_2_MIN_RATIO,
} from './genotyping-configuration';
export { wellInputsFromParsedRun } from './parsed-run-input';
