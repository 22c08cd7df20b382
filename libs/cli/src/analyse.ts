import {
  type CqMethod,
  type KitAnalyserConfiguration,
  type ParsedRun,
  type RunFile,
  type SampleType,
} from '@amplio/domain';
import { interpretRun, wellInputsFromParsedRun } from '@amplio/interpretation';
import { parseRunFiles } from '@amplio/parsers';

export interface AnalyseOptions {
  /** Parser family or id that restricts detection (e.g. 'rdml', 'biorad-cfx'); null detects. */
  analyser: string | null;
  kitConfiguration: KitAnalyserConfiguration | null;
  thresholds: Record<string, number>;
  cqMethod: CqMethod | null;
}

export interface AnalysedChannel {
  cq: number | null;
  endRfu: number | null;
  threshold: number | null;
  instrumentCq: number | null;
  instrumentThreshold: number | null;
}

export interface AnalysedWell {
  position: string;
  sampleName: string | null;
  channels: Record<string, AnalysedChannel>;
  ratio: number | null;
  suggestedResult: string | null;
  /** Why the well has no result or is invalid (docs/interpretation.md, "Result states and reasons"); null for a result. */
  reasonCode: string | null;
  /** True when a person must look at the well (an amplification without Cq, a threshold crossed at the last read, an unreadable curve). */
  requiresReview: boolean;
}

/** The stable JSON shape of `amplio analyse` (docs/cli.md). */
export interface AnalysedRun {
  analyser: string;
  plateType: string;
  cycles: number;
  channels: string[];
  wells: AnalysedWell[];
}

const EMPTY_CONFIGURATION: KitAnalyserConfiguration = {
  channels: [],
  cqMethod: 'threshold',
  baseline: null,
  ratio: null,
  diagnostics: [],
};

/** The kit configuration with the command line's thresholds and Cq method laid over it. */
export function effectiveConfiguration(options: AnalyseOptions): KitAnalyserConfiguration {
  const base = options.kitConfiguration ?? EMPTY_CONFIGURATION;
  const channels = new Map(
    base.channels.map((channel) => [channel.channel.toUpperCase(), channel.threshold]),
  );
  for (const [channel, threshold] of Object.entries(options.thresholds))
    channels.set(channel.toUpperCase(), threshold);
  return {
    ...base,
    cqMethod: options.cqMethod ?? base.cqMethod,
    channels: [...channels].map(([channel, threshold]) => ({ channel, threshold })),
  };
}

function sampleTypeOf(role: string | null): SampleType {
  const text = (role ?? '').toLowerCase();
  if (/ntc|no template|neg/.test(text)) return 'NEGATIVE_AMPLIFICATION_CONTROL';
  if (/pos/.test(text)) return 'POSITIVE_CONTROL';
  return 'SAMPLE';
}

/** The interpretation engine a run is analysed with: this build's, or another revision's (`npm run engine-diff`). */
export interface InterpretationEngine {
  interpretRun: typeof interpretRun;
  wellInputsFromParsedRun: typeof wellInputsFromParsedRun;
}

const THIS_ENGINE: InterpretationEngine = { interpretRun, wellInputsFromParsedRun };

/** Parses the files of one run and interprets every well. Throws RunFileError on bad input. */
export async function analyseRunFiles(
  files: RunFile[],
  options: AnalyseOptions,
  engine: InterpretationEngine = THIS_ENGINE,
): Promise<AnalysedRun> {
  const parsed: ParsedRun = await parseRunFiles(
    files,
    options.analyser ? { analyserFamily: options.analyser } : {},
  );
  const configuration = effectiveConfiguration(options);
  const inputs = engine.wellInputsFromParsedRun(parsed, (well) =>
    options.kitConfiguration ? sampleTypeOf(well.sampleRole) : 'SAMPLE',
  );
  const results = engine.interpretRun(inputs, configuration, { chartPoints: false });
  const labels = new Map(configuration.diagnostics.map((diagnostic) => [diagnostic.id, diagnostic.label]));
  return {
    analyser: parsed.format,
    plateType: parsed.plateType,
    cycles: parsed.cycleCount,
    channels: parsed.channels.map((channel) => channel.dye),
    wells: parsed.wells.map((well, index) => {
      const result = results[index];
      return {
        position: well.position,
        sampleName: well.sampleName,
        channels: Object.fromEntries(
          Object.values(well.channels).map((channel) => {
            const computed = result.channels.find((candidate) => candidate.dye === channel.dye);
            return [
              channel.dye,
              {
                cq: computed?.cq ?? null,
                endRfu: computed?.endRfu ?? null,
                threshold: computed?.threshold ?? null,
                instrumentCq: channel.instrumentCq,
                instrumentThreshold: channel.instrumentThreshold,
              },
            ];
          }),
        ),
        ratio: result.ratio,
        suggestedResult: result.suggestedDiagnosticId
          ? (labels.get(result.suggestedDiagnosticId) ?? null)
          : null,
        reasonCode: result.reasonCode,
        requiresReview: result.requiresReview,
      };
    }),
  };
}

const csvCell = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One row per well and channel. */
export function toCsv(run: AnalysedRun): string {
  const header = [
    'position',
    'sampleName',
    'channel',
    'cq',
    'endRfu',
    'threshold',
    'instrumentCq',
    'instrumentThreshold',
    'ratio',
    'suggestedResult',
    'reasonCode',
    'requiresReview',
  ];
  const rows = [header.join(',')];
  for (const well of run.wells) {
    for (const [channel, values] of Object.entries(well.channels)) {
      rows.push(
        [
          well.position,
          well.sampleName,
          channel,
          values.cq,
          values.endRfu,
          values.threshold,
          values.instrumentCq,
          values.instrumentThreshold,
          well.ratio,
          well.suggestedResult,
          well.reasonCode,
          String(well.requiresReview),
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${rows.join('\n')}\n`;
}
