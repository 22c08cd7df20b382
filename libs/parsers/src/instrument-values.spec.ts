import type { ParsedRun, RunFile } from '@amplio/domain';
import { parseRunFiles } from './index';
import { fixtureFile, fixtureFilesUnder } from './testing/fixture-files';

jest.setTimeout(120_000);

/**
 * The instrument's own Cq (and threshold, call) is kept per well and channel wherever the file
 * carries one (fixtures README: "Cq" and "Thr" columns), for every family.
 */
interface Case {
  name: string;
  files: () => RunFile[];
  /** Least share of well channels with an instrument Cq (undetermined wells have none). */
  cq: number;
  threshold: boolean;
  call: boolean;
}

const QS = 'thermo-quantstudio/appbio_quantstudio_';
const one = (path: string) => () => [fixtureFile(path)];
const folder =
  (path: string, filter = '') =>
  () =>
    fixtureFilesUnder(path)
      .filter((name) => name.includes(filter))
      .map(fixtureFile);

const CASES: Case[] = [
  {
    name: 'QuantStudio D&A 4-plex',
    files: one(`${QS}designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx`),
    cq: 0.9,
    threshold: true,
    call: true,
  },
  {
    name: 'QuantStudio D&A genotyping',
    files: one(`${QS}designandanalysis_QS7Pro_Genotyping_example07.xlsx`),
    cq: 0.5,
    threshold: true,
    call: true,
  },
  {
    name: 'QuantStudio D&A presence/absence',
    files: one(`${QS}designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx`),
    cq: 0.5,
    threshold: true,
    call: true,
  },
  {
    name: 'QuantStudio D&A auto-export',
    files: one(`${QS}designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls`),
    cq: 0.3,
    threshold: true,
    call: true,
  },
  { name: 'QuantStudio 6 Flex text', files: one(`${QS}example02.txt`), cq: 0.5, threshold: true, call: true },
  {
    name: 'QuantStudio 7 Flex genotyping text',
    files: one(`${QS}example03.txt`),
    cq: 0.5,
    threshold: true,
    call: true,
  },
  {
    name: 'QuantStudio 7 Flex xlsx (Crt)',
    files: one(`${QS}example08.xlsx`),
    cq: 0.9,
    threshold: true,
    call: false,
  },
  {
    name: 'StepOne RDML',
    files: one('thermo-7500-stepone/stepone_std.rdml'),
    cq: 0.8,
    threshold: false,
    call: false,
  },
  {
    name: 'CFX Maestro Cq CSV',
    files: one('biorad-cfx/allotropy_cfxmaestro_example01.csv'),
    cq: 0.9,
    threshold: false,
    call: false,
  },
  {
    name: 'CFX Manager CSV run',
    files: folder('biorad-cfx/cfx-manager-sybr', '09-57-01'),
    cq: 0.9,
    threshold: false,
    call: false,
  },
  {
    name: 'CFX Maestro CSV run (end point calls)',
    files: folder('biorad-cfx/covmatic-simulated'),
    cq: 0.9,
    threshold: false,
    call: true,
  },
  { name: 'CFX384 RDML', files: one('biorad-cfx/BioRad_384.rdml'), cq: 0.9, threshold: false, call: false },
  {
    name: 'LightCycler 96 RDML',
    files: one('roche-lc96/lc96_bACTXY.rdml'),
    cq: 0.2,
    threshold: false,
    call: true,
  },
  {
    name: 'LightCycler 480 raw data and Cp table',
    files: () => [
      fixtureFile('roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt'),
      fixtureFile('roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt'),
    ],
    cq: 0.5,
    threshold: false,
    call: false,
  },
  {
    name: 'LightCycler 480 Cp table alone',
    files: one('roche-lc480/Stuart_dAgr_glyS_spoVG_5S_individualWells_Cq.txt'),
    cq: 0.8,
    threshold: false,
    call: false,
  },
];

function shares(run: ParsedRun): { cq: number; threshold: number; call: number } {
  const entries = run.wells.flatMap((well) => Object.values(well.channels));
  const share = (test: (entry: (typeof entries)[number]) => boolean) =>
    entries.filter(test).length / entries.length;
  return {
    cq: share((entry) => entry.instrumentCq !== null),
    threshold: share((entry) => entry.instrumentThreshold !== null),
    call: share((entry) => entry.instrumentCall !== null),
  };
}

describe.each(CASES)("$name keeps the instrument's own values", (expected) => {
  it('per well and channel', async () => {
    const run = await parseRunFiles(expected.files());
    const found = shares(run);
    expect(found.cq).toBeGreaterThanOrEqual(expected.cq);
    if (expected.threshold) expect(found.threshold).toBeGreaterThan(0.9);
    if (expected.call) expect(found.call).toBeGreaterThan(0);
    for (const well of run.wells) {
      for (const entry of Object.values(well.channels)) {
        if (entry.instrumentCq !== null) expect(Number.isFinite(entry.instrumentCq)).toBe(true);
      }
    }
  });
});
