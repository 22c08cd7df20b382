export type {
  ChannelInput,
  WellInput,
  ChannelResult,
  ResultState,
  ReasonCode,
  ReasonParams,
  ThresholdSource,
  WellResult,
  InterpretOptions,
} from './interpret-types';
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
export { cy0Cq, cy0OfFit } from './cy0-cq';
export { fitLogistic, logisticSignal, type LogisticFit } from './logistic-fit';
export { curveIssue, MIN_CURVE_CYCLES, type CurveIssue } from './curve-quality';
export {
  mapKitChannels,
  applyChannelMapping,
  channelKey,
  DEFAULT_CHANNEL_GROUPS,
  type ChannelMapping,
  type ChannelMappingError,
} from './channel-mapping';
export {
  amplifies,
  amplificationEvidence,
  AMPLIFICATION_MIN_SNR,
  AMPLIFICATION_MIN_MONOTONE_FRACTION,
  AMPLIFICATION_MIN_PLATEAU_FRACTION,
  type AmplificationEvidence,
} from './amplification-check';
export {
  signalProcessingForFormat,
  signalProcessingForRun,
  confirmingReadsFor,
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
