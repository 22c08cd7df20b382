import type {
  AmplificationCurve,
  ChannelConfiguration,
  DiagnosticDefinition,
  KitAnalyserConfiguration,
  SampleType,
} from '@amplio/domain';
import { autoBaselineWindow, correctBaseline, fixedBaselineWindow, type BaselineWindow } from './baseline';
import {
  applicableDiagnostics,
  diagnosticMatches,
  isControlSampleType,
  normalizedDye,
  rfuRatio,
  sameDye,
} from './rules';
import { sdmCq } from './sdm-cq';
import { savitzkyGolayQuadratic, type SignalProcessing } from './signal-processing';
import { autoThreshold, thresholdCq } from './threshold-cq';

export interface ChannelInput {
  dye: string;
  curve: AmplificationCurve | null;
  /** The threshold the instrument used, when the file has one (used when the kit sets none). */
  instrumentThreshold?: number | null;
  /**
   * The baseline window the instrument used (1-based cycles), when the file has one. On curves the
   * instrument already corrected it bounds the Cq search instead of the automatic window.
   */
  instrumentBaseline?: { start: number; end: number } | null;
  /** How the Cq search reads the curve (default 'none'); see signalProcessingForFormat. */
  signalProcessing?: SignalProcessing;
}

export interface WellInput {
  position: string;
  sampleType: SampleType;
  channels: ChannelInput[];
}

export type ThresholdSource = 'configuration' | 'instrument' | 'automatic';

export interface ChannelResult {
  dye: string;
  cq: number | null;
  endRfu: number | null;
  threshold: number | null;
  /** Baseline window used (1-based cycles); null without a curve. */
  baseline: { start: number; end: number } | null;
  /** Corrected curve for the chart. */
  points: { x: number; y: number }[];
  /** Where the threshold came from; null when there is none. */
  thresholdSource: ThresholdSource | null;
  /** SD of the corrected reads in the baseline window (noise), null without a curve. */
  baselineNoiseSd: number | null;
  /** True when this engine subtracted the baseline (false: the instrument had done it). */
  baselineSubtracted: boolean;
}

export interface InterpretOptions {
  /**
   * Build each channel's `points` (the corrected curve for the chart). Default true; false leaves
   * `points` empty and saves about a quarter of the time (e.g. the CLI, which prints no chart).
   */
  chartPoints?: boolean;
}

export type ResultState = 'RESULT' | 'NO_RESULT' | 'INVALID';

/** Machine-readable reason, for translation: see docs/interpretation.md. */
export type ReasonCode =
  | 'BLANK_WELL'
  | 'NO_DIAGNOSTIC_MATCHED'
  | 'NO_CONTROL_DIAGNOSTIC_MATCHED'
  | 'INVALID_DIAGNOSTIC'
  | 'RUN_CONTROL_FAILED';

export interface WellResult {
  position: string;
  sampleType: SampleType;
  channels: ChannelResult[];
  ratio: number | null;
  /** The suggested result; null when none applies (NO_RESULT) or a run control failed. */
  suggestedDiagnosticId: string | null;
  /** The diagnostic the well's own rules matched, kept even when a run control invalidates the well. */
  matchedDiagnosticId: string | null;
  resultState: ResultState;
  /** Human-readable (English) explanation when the state is not a plain valid result. */
  reason: string | null;
  reasonCode: ReasonCode | null;
}

/** A channel after baseline correction, before its threshold is settled. */
interface PreparedChannel {
  dye: string;
  cycles: ArrayLike<number>;
  corrected: Float64Array;
  window: BaselineWindow;
  noiseSd: number;
  subtracted: boolean;
  fixedThreshold: number | null;
  fixedSource: ThresholdSource | null;
  signalProcessing: SignalProcessing;
}

function positiveFinite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** The kit's channel configuration for a dye (exact normalised name first, then HEX/VIC alias). */
function configuredChannel(config: KitAnalyserConfiguration, dye: string): ChannelConfiguration | undefined {
  const wanted = normalizedDye(dye);
  for (const c of config.channels) if (normalizedDye(c.channel) === wanted) return c;
  for (const c of config.channels) if (sameDye(c.channel, dye)) return c;
  return undefined;
}

/**
 * The reads the engine uses: pairs whose cycle and fluorescence are both finite numbers, in
 * ascending cycle order (a missing or non-numeric read is dropped, not interpolated). The arrays are
 * used as they are when they already qualify (the common case, no copy).
 */
function usableReads(curve: AmplificationCurve): { cycles: ArrayLike<number>; values: ArrayLike<number> } {
  const n = Math.min(curve.cycles.length, curve.fluorescence.length);
  let clean = curve.cycles.length === n && curve.fluorescence.length === n;
  for (let i = 0; clean && i < n; i++) {
    if (!Number.isFinite(curve.cycles[i]) || !Number.isFinite(curve.fluorescence[i])) clean = false;
    else if (i > 0 && curve.cycles[i] <= curve.cycles[i - 1]) clean = false;
  }
  if (clean) return { cycles: curve.cycles, values: curve.fluorescence };
  const pairs: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    if (Number.isFinite(curve.cycles[i]) && Number.isFinite(curve.fluorescence[i]))
      pairs.push([curve.cycles[i], curve.fluorescence[i]]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  const cycles: number[] = [];
  const values: number[] = [];
  for (const [cycle, value] of pairs) {
    if (cycles.length > 0 && cycles[cycles.length - 1] === cycle) continue;
    cycles.push(cycle);
    values.push(value);
  }
  return { cycles, values };
}

function prepareChannel(input: ChannelInput, config: KitAnalyserConfiguration): PreparedChannel | null {
  const curve = input.curve;
  if (!curve) return null;
  const { cycles, values } = usableReads(curve);
  if (cycles.length === 0) return null;
  const alreadyCorrected = curve.kind === 'baseline-corrected';
  let window: BaselineWindow;
  if (config.baseline) window = fixedBaselineWindow(cycles, config.baseline);
  else if (alreadyCorrected && input.instrumentBaseline)
    window = fixedBaselineWindow(cycles, input.instrumentBaseline);
  else window = autoBaselineWindow(cycles, values);
  const correction = correctBaseline(cycles, values, window, alreadyCorrected);
  const configured = configuredChannel(config, input.dye);
  let fixedThreshold: number | null = null;
  let fixedSource: ThresholdSource | null = null;
  if (configured && positiveFinite(configured.threshold)) {
    fixedThreshold = configured.threshold;
    fixedSource = 'configuration';
  } else if (positiveFinite(input.instrumentThreshold)) {
    fixedThreshold = input.instrumentThreshold;
    fixedSource = 'instrument';
  }
  return {
    dye: input.dye,
    cycles,
    corrected: correction.corrected,
    window,
    noiseSd: correction.noiseSd,
    subtracted: !alreadyCorrected,
    fixedThreshold,
    fixedSource,
    signalProcessing: input.signalProcessing ?? 'none',
  };
}

function emptyChannel(dye: string): ChannelResult {
  return {
    dye,
    cq: null,
    endRfu: null,
    threshold: null,
    baseline: null,
    points: [],
    thresholdSource: null,
    baselineNoiseSd: null,
    baselineSubtracted: false,
  };
}

function finishChannel(
  prepared: PreparedChannel,
  config: KitAnalyserConfiguration,
  automatic: number | null,
  chartPoints: boolean,
): ChannelResult {
  const { cycles, corrected, window } = prepared;
  const threshold = prepared.fixedThreshold ?? automatic;
  const source: ThresholdSource | null = prepared.fixedSource ?? (automatic === null ? null : 'automatic');
  const n = corrected.length;
  const quantStudio = prepared.signalProcessing === 'quantstudio';
  const searched = quantStudio ? savitzkyGolayQuadratic(corrected) : corrected;
  const crossing =
    threshold === null
      ? null
      : thresholdCq(
          cycles,
          searched,
          threshold,
          window.endIndex,
          undefined,
          quantStudio ? 'log-linear' : 'linear',
        );
  let cq = crossing;
  if (config.cqMethod === 'sdm') cq = crossing === null ? null : sdmCq(cycles, corrected, window.startIndex);
  const points = new Array<{ x: number; y: number }>(chartPoints ? n : 0);
  if (chartPoints) for (let i = 0; i < n; i++) points[i] = { x: cycles[i], y: corrected[i] };
  return {
    dye: prepared.dye,
    cq,
    endRfu: corrected[n - 1],
    threshold,
    baseline: { start: window.start, end: window.end },
    points,
    thresholdSource: source,
    baselineNoiseSd: prepared.noiseSd,
    baselineSubtracted: prepared.subtracted,
  };
}

/** The diagnostics for each sample type, filtered and sorted once per interpretation call. */
type DiagnosticsFor = (sampleType: SampleType) => DiagnosticDefinition[];

function diagnosticsBySampleType(config: KitAnalyserConfiguration): DiagnosticsFor {
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

function judge(
  position: string,
  sampleType: SampleType,
  channels: ChannelResult[],
  config: KitAnalyserConfiguration,
  diagnosticsFor: DiagnosticsFor,
): WellResult {
  const ratio = config.ratio
    ? rfuRatio({ channels }, config.ratio.numerator, config.ratio.denominator)
    : null;
  const base = { position, sampleType, channels, ratio };
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
  const control = isControlSampleType(sampleType);
  const values = { channels };
  let matched: DiagnosticDefinition | null = null;
  for (const diagnostic of diagnosticsFor(sampleType)) {
    if (diagnosticMatches(diagnostic, values)) {
      matched = diagnostic;
      break;
    }
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

function interpretPrepared(
  well: WellInput,
  prepared: ReadonlyArray<PreparedChannel | null>,
  config: KitAnalyserConfiguration,
  automatic: (dye: string, prepared: PreparedChannel) => number | null,
  diagnosticsFor: DiagnosticsFor,
  chartPoints: boolean,
): WellResult {
  const channels = well.channels.map((input, i) => {
    const p = prepared[i];
    return p
      ? finishChannel(p, config, p.fixedThreshold === null ? automatic(input.dye, p) : null, chartPoints)
      : emptyChannel(input.dye);
  });
  return judge(well.position, well.sampleType, channels, config, diagnosticsFor);
}

/**
 * Interprets one well on its own: baseline, Cq, end RFU, ratio and the kit's rules. A channel with
 * neither a configured nor an instrument threshold uses 10 x its own baseline noise SD. Control wells
 * are judged by their CONTROL diagnostics, but the run-level control rule needs `interpretRun`.
 */
export function interpretWell(
  well: WellInput,
  config: KitAnalyserConfiguration,
  options: InterpretOptions = {},
): WellResult {
  const prepared = well.channels.map((c) => prepareChannel(c, config));
  return interpretPrepared(
    well,
    prepared,
    config,
    (_dye, p) => autoThreshold([p.noiseSd]),
    diagnosticsBySampleType(config),
    options.chartPoints ?? true,
  );
}

/** Why a control well makes the run's samples invalid, or null when it passed. */
function controlFailure(result: WellResult): string | null {
  if (!isControlSampleType(result.sampleType) || result.resultState === 'RESULT') return null;
  return `${result.sampleType} ${result.position}: ${result.reason ?? 'failed'}`;
}

/**
 * Interprets the wells of one kit in one run (call it once per kit-analyser configuration):
 * - a channel with neither a configured nor an instrument threshold gets the run's automatic
 *   threshold for its dye, 10 x the median baseline noise SD of the run's wells in that dye;
 * - every control well (POSITIVE_CONTROL, NEGATIVE_*_CONTROL) must match a VALID control diagnostic
 *   of its sample type; when one does not (an INVALID control diagnostic matched, or none matched),
 *   every SAMPLE well becomes INVALID, suggests nothing, and names the failed controls in its reason.
 */
export function interpretRun(
  wells: WellInput[],
  config: KitAnalyserConfiguration,
  options: InterpretOptions = {},
): WellResult[] {
  const prepared = wells.map((well) => well.channels.map((c) => prepareChannel(c, config)));
  const noiseByDye = new Map<string, number[]>();
  for (const channels of prepared) {
    for (const p of channels) {
      if (!p || p.fixedThreshold !== null) continue;
      const key = p.dye.toUpperCase();
      const list = noiseByDye.get(key);
      if (list) list.push(p.noiseSd);
      else noiseByDye.set(key, [p.noiseSd]);
    }
  }
  const thresholdByDye = new Map<string, number | null>();
  for (const [dye, sds] of noiseByDye) thresholdByDye.set(dye, autoThreshold(sds));
  const diagnosticsFor = diagnosticsBySampleType(config);
  const results = wells.map((well, i) =>
    interpretPrepared(
      well,
      prepared[i],
      config,
      (dye) => thresholdByDye.get(dye.toUpperCase()) ?? null,
      diagnosticsFor,
      options.chartPoints ?? true,
    ),
  );
  const failures = results.map(controlFailure).filter((f): f is string => f !== null);
  if (failures.length === 0) return results;
  const reason = `Run control failed (${failures.join('; ')})`;
  return results.map((result) =>
    result.sampleType === 'SAMPLE'
      ? {
          ...result,
          suggestedDiagnosticId: null,
          resultState: 'INVALID',
          reason,
          reasonCode: 'RUN_CONTROL_FAILED',
        }
      : result,
  );
}
