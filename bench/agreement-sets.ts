/**
 * The fixture runs `npm run agreement` compares, per instrument family, with the configuration
 * each is read with (see docs/interpretation.md, "Agreement report").
 */
import type { KitAnalyserConfiguration, ParsedRun } from '@amplio/domain';
import { NO_KIT, filesStartingWith, readTsvRecords } from '../libs/interpretation/src/testing/fixture-runs';
import { recoveredThresholds } from '../libs/interpretation/src/testing/recovered-thresholds';

export interface AgreementSet {
  family: 'Bio-Rad CFX' | 'QuantStudio' | 'StepOne' | 'LightCycler 480' | 'LightCycler 96';
  label: string;
  files: () => string[];
  /** The RDML experiment (plate) to read when the file holds several; default the first plate. */
  experiment?: string;
  config: (run: ParsedRun) => KitAnalyserConfiguration;
  /** The instrument's Cq from another table than the run files, keyed "A1|DYE". */
  instrumentCq?: (run: ParsedRun) => Map<string, number | null>;
  /**
   * Call disagreements (a Cq on one side only) count, and fail the report, only where that Cq (the
   * instrument's, or ours when the instrument has none) is below this (Roche: 35, the goal of
   * issue 9); later ones are printed apart. Default: all count.
   */
  countCallsBelow?: number;
  /**
   * The calls are also compared with the threshold method and the automatic threshold (what
   * `npx amplio analyse` does without options), when `config` uses another Cq method (Roche: the
   * second-derivative maximum). Those call disagreements count too.
   */
  alsoThresholdCalls?: boolean;
  /**
   * The Cq also read with the threshold method at the threshold recovered from the instrument's own
   * Cq (`recoveredThresholds`: per dye, the median of the reads the engine searches, at the
   * instrument's Cq), as CFX runs are read. Printed, never counted: on a set counted by the
   * second-derivative maximum it shows how far one threshold is from the instrument's Cq.
   */
  alsoRecoveredThreshold?: boolean;
  /** Another Cq method's figures and calls on the same wells, printed, never counted. */
  alsoMethod?: { label: string; config: (run: ParsedRun) => KitAnalyserConfiguration };
  /**
   * Prints, per dye, the slope of log(reading at the instrument's Cq) on log(curve height)
   * (`thresholdAmplitudeSlope`): near 0 the instrument's Cq sit at one fluorescence (a threshold,
   * LightCycler 480 "Fit Points" with its noise band), near 1 at a fraction of the height (the
   * second-derivative maximum). It tells which analysis a Cp table came from, which the table does not say.
   */
  readsThresholdSlope?: boolean;
  /**
   * Instrument calls whose wells, without an instrument Cq, are not compared when we find a Cq
   * (LightCycler 96 "Invalid": Roche says neither positive nor negative). Printed, never counted.
   */
  uncomparedCalls?: string[];
  /**
   * Channels ("A1 DYE") whose calls are printed, never counted, with the reason (LightCycler 96:
   * the dye reads at the background level in that well, see darkChannels).
   */
  uncountedChannels?: (run: ParsedRun) => { ids: Set<string>; reason: string };
  /**
   * Simulator output (fixtures README: "Layout only: the curves are simulator output"): printed,
   * never counted.
   */
  layoutOnly?: boolean;
  /** Call disagreements of this set are printed, never counted, for this reason. */
  callsNotCounted?: string;
  /**
   * Dyes whose calls cannot be compared, with the reason (CFX: no well of the dye has a Cq, so the
   * run's threshold cannot be read off the curves and our automatic threshold stands in for an
   * unknown one). Printed with the highest reading of the dye, never counted.
   */
  unknownThresholdDyes?: (run: ParsedRun) => string[];
}

/** The threshold method at the threshold read off the instrument's Cq (CFX; LightCycler 480 Fit Points). */
const atRecoveredThreshold = (run: ParsedRun): KitAnalyserConfiguration => ({
  ...NO_KIT,
  channels: recoveredThresholds(run),
});
/** CFX dyes for which the file carries no Cq at all: CFX's threshold for them is unknown. */
const cfxUnknown = (run: ParsedRun): string[] => {
  const known = new Set(recoveredThresholds(run).map((c) => c.channel));
  return run.channels.map((c) => c.dye).filter((dye) => !known.has(dye));
};
const noKit = (): KitAnalyserConfiguration => NO_KIT;
const sdm = (): KitAnalyserConfiguration => ({ ...NO_KIT, cqMethod: 'sdm' });
const QS = 'thermo-quantstudio';
const VOLUME_LC480 = 'AMC Amsterdam NL - 384 Wells';
/** The threshold method with the automatic threshold: the command line's default. */
export const THRESHOLD_DEFAULT = noKit;

const VOLUME_QS6 = 'EMBL Heidelberg DE - 384 Wells';
const VOLUME_STEPONE = 'EMBL Heidelberg DE - 96 Wells';

/** A channel reads at the background level when its baseline is under this fraction of the dye's brightest well's. */
export const DARK_FRACTION = 0.1;

/**
 * Channels whose dye reads at the instrument's background level: the median raw read of cycles 3
 * to 10 under DARK_FRACTION of the highest such level among the dye's wells. On lc96_bACTXY.rdml the
 * dyes are loaded in rows D and E only (baselines 0.02 to 0.09); elsewhere they read about 0.001,
 * and Roche calls 25 such HEX curves Positive and others Negative with the same shapes (rises of
 * 20 % to 80 % of a background read, Positive E2 1.22x, Negative B5 1.50x): not a call a curve can
 * reproduce, so those calls are printed and not counted.
 */
export function darkChannels(run: ParsedRun): Set<string> {
  const levels = new Map<string, number>();
  const highest = new Map<string, number>();
  for (const well of run.wells)
    for (const [dye, channel] of Object.entries(well.channels)) {
      const curve = channel.curve;
      if (!curve || curve.kind !== 'raw') continue;
      const reads = curve.fluorescence.filter((_, i) => curve.cycles[i] >= 3 && curve.cycles[i] <= 10);
      if (reads.length === 0) continue;
      reads.sort((a, b) => a - b);
      const level = reads[reads.length >> 1];
      levels.set(`${well.position} ${dye}`, level);
      highest.set(dye, Math.max(highest.get(dye) ?? -Infinity, level));
    }
  const dark = new Set<string>();
  for (const [id, level] of levels) {
    const top = highest.get(id.slice(id.indexOf(' ') + 1)) ?? 0;
    if (top > 0 && level < DARK_FRACTION * top) dark.add(id);
  }
  return dark;
}

/** "Machine Cq" of one experiment of volume_machine, keyed "A1|DYE" for every dye of the run. */
const volumeMachineCq =
  (experiment: string) =>
  (run: ParsedRun): Map<string, number | null> => {
    const cqs = new Map<string, number | null>();
    for (const record of readTsvRecords('rdml/volume_machine_cq.tsv')) {
      if (record.Experiment !== experiment) continue;
      const value = record['Machine Cq'];
      const cq = value === '' ? null : Number(value);
      for (const { dye } of run.channels) cqs.set(`${record.well}|${dye}`, Number.isFinite(cq) ? cq : null);
    }
    return cqs;
  };

export const AGREEMENT_SETS: AgreementSet[] = [
  {
    family: 'Bio-Rad CFX',
    label: 'BioRad_qPCR_melt.rdml',
    files: () => ['biorad-cfx/BioRad_qPCR_melt.rdml'],
    config: atRecoveredThreshold,
    unknownThresholdDyes: cfxUnknown,
  },
  {
    family: 'Bio-Rad CFX',
    label: 'BioRad_384.rdml',
    files: () => ['biorad-cfx/BioRad_384.rdml'],
    config: atRecoveredThreshold,
    unknownThresholdDyes: cfxUnknown,
  },
  ...['admin_2021-02-19 09-57-01', 'admin_2021-02-19 11-52-02'].map((run): AgreementSet => ({
    family: 'Bio-Rad CFX',
    label: `cfx-manager-sybr ${run}`,
    files: () => filesStartingWith('biorad-cfx/cfx-manager-sybr', run),
    config: atRecoveredThreshold,
    unknownThresholdDyes: cfxUnknown,
  })),
  {
    family: 'Bio-Rad CFX',
    label: 'covmatic-simulated (simulator output)',
    files: () => filesStartingWith('biorad-cfx/covmatic-simulated', 'Data_'),
    config: atRecoveredThreshold,
    layoutOnly: true,
  },
  ...[
    'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
    'appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx',
    'appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls',
    'appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
    'appbio_quantstudio_example02.txt',
    'appbio_quantstudio_example03.txt',
    'appbio_quantstudio_example08.xlsx',
  ].map((file): AgreementSet => ({
    family: 'QuantStudio',
    label: file,
    files: () => [`${QS}/${file}`],
    config: noKit,
  })),
  {
    family: 'LightCycler 480',
    // Its Cp sit at one fluorescence whatever the curve's height (slope 0.01, where AMC's Machine Cq
    // and Vermeulen's Standard-Cq, second-derivative maxima, give 0.8 and 1.3): a "Fit Points"
    // analysis with a noise band, read as CFX runs are (docs/interpretation.md, "Nrd1 is a Fit
    // Points analysis"); the second-derivative maximum is printed beside it.
    label: 'Edward_qPCR_Nrd1_calibration (curves + Cp table; Fit Points, at the recovered noise band)',
    files: () => [
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt',
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt',
    ],
    config: atRecoveredThreshold,
    countCallsBelow: 35,
    alsoThresholdCalls: true,
    alsoMethod: { label: 'second-derivative maximum (cqMethod sdm)', config: sdm },
    readsThresholdSlope: true,
  },
  {
    family: 'LightCycler 480',
    label: `volume_machine.rdml, ${VOLUME_LC480} (Machine Cq)`,
    files: () => ['rdml/volume_machine.rdml'],
    experiment: VOLUME_LC480,
    config: sdm,
    instrumentCq: volumeMachineCq(VOLUME_LC480),
    countCallsBelow: 35,
    alsoThresholdCalls: true,
    alsoRecoveredThreshold: true,
    readsThresholdSlope: true,
  },
  {
    // Roche's calls are in calculated_data.xml: the parser keeps the cq of Positive wells only, so a
    // Negative (or Invalid) well has no instrument Cq (docs/formats.md, RDML).
    family: 'LightCycler 96',
    label: 'lc96_bACTXY.rdml (Roche calls, Cq of Positive wells)',
    files: () => ['roche-lc96/lc96_bACTXY.rdml'],
    config: sdm,
    countCallsBelow: 35,
    alsoThresholdCalls: true,
    uncomparedCalls: ['Invalid'],
    uncountedChannels: (run) => ({ ids: darkChannels(run), reason: 'dye at background level' }),
  },
  {
    family: 'QuantStudio',
    label: `volume_machine.rdml, ${VOLUME_QS6} (QuantStudio 6 Flex, Machine Cq)`,
    files: () => ['rdml/volume_machine.rdml'],
    experiment: VOLUME_QS6,
    config: noKit,
    instrumentCq: volumeMachineCq(VOLUME_QS6),
    alsoRecoveredThreshold: true,
  },
  {
    family: 'StepOne',
    label: `volume_machine.rdml, ${VOLUME_STEPONE} (StepOne, Machine Cq)`,
    files: () => ['rdml/volume_machine.rdml'],
    experiment: VOLUME_STEPONE,
    config: noKit,
    callsNotCounted:
      'StepOne Machine Cq not from these curves (replicates rising together differ by up to 3.4 cycles)',
    instrumentCq: volumeMachineCq(VOLUME_STEPONE),
  },
];
