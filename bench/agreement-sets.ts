/**
 * The fixture runs `npm run agreement` compares, per instrument family, with the configuration
 * each is read with (see docs/interpretation.md, "Agreement report").
 */
import type { KitAnalyserConfiguration, ParsedRun } from '@amplio/domain';
import {
  NO_KIT,
  cfxThresholds,
  filesStartingWith,
  readTsvRecords,
} from '../libs/interpretation/src/testing/fixture-runs';

export interface AgreementSet {
  family: 'Bio-Rad CFX' | 'QuantStudio' | 'StepOne' | 'LightCycler 480';
  label: string;
  files: () => string[];
  /** The RDML experiment (plate) to read when the file holds several; default the first plate. */
  experiment?: string;
  config: (run: ParsedRun) => KitAnalyserConfiguration;
  /** The instrument's Cq from another table than the run files, keyed "A1|DYE". */
  instrumentCq?: (run: ParsedRun) => Map<string, number | null>;
  /**
   * Call disagreements (a Cq on one side only) count, and fail the report, only where that Cq is
   * below this (LightCycler 480: 35, the goal of issue 9); later ones are printed apart. Default:
   * all count.
   */
  countCallsBelow?: number;
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

const cfx = (run: ParsedRun): KitAnalyserConfiguration => ({ ...NO_KIT, channels: cfxThresholds(run) });
/** CFX dyes for which the file carries no Cq at all: CFX's threshold for them is unknown. */
const cfxUnknown = (run: ParsedRun): string[] => {
  const known = new Set(cfxThresholds(run).map((c) => c.channel));
  return run.channels.map((c) => c.dye).filter((dye) => !known.has(dye));
};
const noKit = (): KitAnalyserConfiguration => NO_KIT;
const sdm = (): KitAnalyserConfiguration => ({ ...NO_KIT, cqMethod: 'sdm' });
const QS = 'thermo-quantstudio';
const VOLUME_LC480 = 'AMC Amsterdam NL - 384 Wells';

const VOLUME_QS6 = 'EMBL Heidelberg DE - 384 Wells';
const VOLUME_STEPONE = 'EMBL Heidelberg DE - 96 Wells';

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
    config: cfx,
    unknownThresholdDyes: cfxUnknown,
  },
  {
    family: 'Bio-Rad CFX',
    label: 'BioRad_384.rdml',
    files: () => ['biorad-cfx/BioRad_384.rdml'],
    config: cfx,
    unknownThresholdDyes: cfxUnknown,
  },
  ...['admin_2021-02-19 09-57-01', 'admin_2021-02-19 11-52-02'].map((run): AgreementSet => ({
    family: 'Bio-Rad CFX',
    label: `cfx-manager-sybr ${run}`,
    files: () => filesStartingWith('biorad-cfx/cfx-manager-sybr', run),
    config: cfx,
    unknownThresholdDyes: cfxUnknown,
  })),
  {
    family: 'Bio-Rad CFX',
    label: 'covmatic-simulated (simulator output)',
    files: () => filesStartingWith('biorad-cfx/covmatic-simulated', 'Data_'),
    config: cfx,
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
    label: 'Edward_qPCR_Nrd1_calibration (curves + Cp table)',
    files: () => [
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt',
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt',
    ],
    config: sdm,
    countCallsBelow: 35,
  },
  {
    family: 'LightCycler 480',
    label: `volume_machine.rdml, ${VOLUME_LC480} (Machine Cq)`,
    files: () => ['rdml/volume_machine.rdml'],
    experiment: VOLUME_LC480,
    config: sdm,
    instrumentCq: volumeMachineCq(VOLUME_LC480),
    countCallsBelow: 35,
  },
  {
    family: 'QuantStudio',
    label: `volume_machine.rdml, ${VOLUME_QS6} (QuantStudio 6 Flex, Machine Cq)`,
    files: () => ['rdml/volume_machine.rdml'],
    experiment: VOLUME_QS6,
    config: noKit,
    instrumentCq: volumeMachineCq(VOLUME_QS6),
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
