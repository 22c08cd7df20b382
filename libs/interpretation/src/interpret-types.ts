import type { AmplificationCurve, SampleType } from '@amplio/domain';
import type { CurveIssue } from './curve-quality';
import type { SignalProcessing } from './signal-processing';

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
  /**
   * True when the safety net sees an amplification on this curve (see amplification-check.ts),
   * whatever the Cq method said. Optional for backward compatibility: absent means false.
   */
  amplification?: boolean;
  /**
   * True when the reads cross the threshold only at the last read, a crossing the Cq search does not
   * count (it asks for a confirming read) and the safety net does not confirm: no Cq, but the well
   * is flagged for review (THRESHOLD_CROSSED_AT_LAST_READ), never called negative in silence.
   */
  lastReadCrossing?: boolean;
  /** Why the curve could not be read (bad input); absent or null when it could. */
  curveIssue?: CurveIssue | null;
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
  | 'RUN_CONTROL_FAILED'
  | 'AMPLIFICATION_WITHOUT_CQ'
  | 'THRESHOLD_CROSSED_AT_LAST_READ'
  | CurveIssue;

/** Parameters of a reason code (e.g. { channel: 'FAM' }), for the translated text. */
export type ReasonParams = Record<string, string | number>;

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
  /** Parameters of reasonCode (the channel concerned...); null when it has none. */
  reasonParams: ReasonParams | null;
  /**
   * True when a person must look at the well before it can be approved: an amplification the Cq
   * method gave no Cq for (AMPLIFICATION_WITHOUT_CQ), a threshold crossed only at the last read
   * (THRESHOLD_CROSSED_AT_LAST_READ) or an unreadable curve (CURVE_*). The server
   * refuses approval of such a well without a person's override.
   */
  requiresReview: boolean;
}
