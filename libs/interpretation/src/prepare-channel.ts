import type { AmplificationCurve, ChannelConfiguration, KitAnalyserConfiguration } from '@amplio/domain';
import { amplificationEvidence } from './amplification-check';
import {
  amplifyingBaselineWindow,
  autoBaselineWindow,
  correctBaseline,
  fixedBaselineWindow,
  type BaselineWindow,
} from './baseline';
import { curveIssue, type CurveIssue } from './curve-quality';
import type { ChannelInput, ChannelResult, ThresholdSource } from './interpret-types';
import { normalizedDye, sameDye } from './rules';
import type { SignalProcessing } from './signal-processing';

/** A channel after baseline correction, before its threshold is settled. */
export interface PreparedChannel {
  dye: string;
  cycles: ArrayLike<number>;
  /** The reads as the file gave them (raw or instrument-corrected). */
  values: ArrayLike<number>;
  corrected: Float64Array;
  window: BaselineWindow;
  noiseSd: number;
  subtracted: boolean;
  fixedThreshold: number | null;
  fixedSource: ThresholdSource | null;
  signalProcessing: SignalProcessing;
  /** The safety net's verdict on `values` when the window needed it, else null (not yet computed). */
  amplifying: boolean | null;
}

/** A channel whose curve cannot be read. */
export interface BrokenChannel {
  dye: string;
  issue: CurveIssue;
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
 * The reads in ascending cycle order (curveIssue has already refused non-finite reads and
 * duplicated cycles). The arrays are used as they are when already ascending (no copy).
 */
function orderedReads(curve: AmplificationCurve): { cycles: ArrayLike<number>; values: ArrayLike<number> } {
  const n = curve.cycles.length;
  let ascending = true;
  for (let i = 1; ascending && i < n; i++) if (curve.cycles[i] <= curve.cycles[i - 1]) ascending = false;
  if (ascending) return { cycles: curve.cycles, values: curve.fluorescence };
  const order = [...curve.cycles.keys()].sort((a, b) => curve.cycles[a] - curve.cycles[b]);
  return { cycles: order.map((i) => curve.cycles[i]), values: order.map((i) => curve.fluorescence[i]) };
}

/**
 * A window that ends at or after the last read is not a baseline (QuantStudio's relative-threshold
 * Crt method reports 1 to the last cycle): the automatic window is used instead.
 */
function wholeCurve(window: { start: number; end: number }, cycles: ArrayLike<number>): boolean {
  return window.start <= cycles[0] && window.end >= cycles[cycles.length - 1];
}

export function isBroken(channel: PreparedChannel | BrokenChannel | null): channel is BrokenChannel {
  return channel !== null && 'issue' in channel;
}

/** Baseline-corrects a channel's curve; null for a channel the kit does not use that has no curve, a BrokenChannel for bad input or a kit channel without a curve. */
export function prepareChannel(
  input: ChannelInput,
  config: KitAnalyserConfiguration,
): PreparedChannel | BrokenChannel | null {
  const curve = input.curve;
  // A kit channel without a curve cannot be judged: left blank, the rules would read "no Cq" as
  // "not detected" (a silent negative). A channel the kit does not use is simply left out.
  if (!curve) return configuredChannel(config, input.dye) ? { dye: input.dye, issue: 'CURVE_MISSING' } : null;
  const issue = curveIssue(curve);
  if (issue) return { dye: input.dye, issue };
  const { cycles, values } = orderedReads(curve);
  const alreadyCorrected = curve.kind === 'baseline-corrected';
  let window: BaselineWindow;
  let amplifying: boolean | null = null;
  if (config.baseline) window = fixedBaselineWindow(cycles, config.baseline);
  else if (alreadyCorrected && input.instrumentBaseline && !wholeCurve(input.instrumentBaseline, cycles))
    window = fixedBaselineWindow(cycles, input.instrumentBaseline);
  // The safety net corrects the window of raw curves, whose baseline line we fit (a window that
  // takes in the rise tilts it, a whole-curve window leaves no reads to search). Curves the
  // instrument corrected (its own "No Amp" baseline to the last cycle) and the QuantStudio emulation
  // keep the steepest-step rule: the safety net flags such a curve for review instead.
  else if (alreadyCorrected || input.signalProcessing === 'quantstudio')
    window = autoBaselineWindow(cycles, values);
  else {
    const evidence = amplificationEvidence(cycles, values);
    amplifying = evidence.amplifies;
    window = amplifyingBaselineWindow(cycles, values, evidence);
  }
  // A short automatic window (before an early rise, or ended by a noise step the steepest-step rule
  // read as a take-off) keeps its slope only when clear of the noise; a kit's window is used as it
  // is (an instrument's window only bounds curves the instrument corrected: no line is subtracted).
  const correction = correctBaseline(cycles, values, window, alreadyCorrected, !config.baseline);
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
    values,
    corrected: correction.corrected,
    window,
    noiseSd: correction.noiseSd,
    subtracted: !alreadyCorrected,
    fixedThreshold,
    fixedSource,
    signalProcessing: input.signalProcessing ?? 'none',
    amplifying,
  };
}

export function emptyChannel(dye: string, issue: CurveIssue | null = null): ChannelResult {
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
    amplification: false,
    curveIssue: issue,
  };
}
