import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { KitConfigurationDocument } from '@amplio/db';
import type { ParsedRun, ParsedWellChannel } from '@amplio/domain';
import {
  applyChannelMapping,
  interpretRun,
  mapKitChannels,
  wellInputsFromParsedRun,
} from '@amplio/interpretation';
import { parseRunFiles } from '@amplio/parsers';
import { RESPIRATORY_BY_ANALYSER, SYBR_BY_ANALYSER } from './demo-kits';

jest.setTimeout(120_000);

/**
 * Each fixture family imported with its demo kit configuration (server/src/seed/demo-kits.ts), every
 * well a sample: the suggested results against the instrument's own verdict on the kit's target
 * channel, its call where the file has one ("Presence", "Absence"), else its own Cq (detected below
 * the kit's cut-off minus one cycle, not detected without a Cq); wells whose instrument Cq lies within
 * a cycle of the cut-off are borderline and not compared, called or not. The demo configuration must agree and must not call everything one way.
 */
const FIXTURES = process.env.AMPLIO_FIXTURES ?? resolve(__dirname, '../../../../shared/fixtures');

interface FamilyCase {
  name: string;
  analyserId: string;
  kit: 'respiratory' | 'sybr';
  files: string[];
  /** Least number of wells compared (read from the file: called or clear-cut Cq). */
  compared: number;
  /** The file holds both detected and not-detected wells. */
  both: boolean;
  /** A curve without the instrument's Cq is its "not detected" (false: the file leaves some Cq out). */
  noCqIsNegative: boolean;
}

const under = (folder: string, prefix: string): string[] =>
  readdirSync(join(FIXTURES, folder))
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => `${folder}/${name}`);

const CASES: FamilyCase[] = [
  {
    name: 'QuantStudio Design & Analysis presence/absence (calls)',
    analyserId: 'thermo-quantstudio-da',
    kit: 'respiratory',
    files: [
      'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx',
    ],
    compared: 80,
    both: true,
    noCqIsNegative: true,
  },
  {
    name: 'QuantStudio Design & Analysis 4-plex standard curve (Cq)',
    analyserId: 'thermo-quantstudio-da',
    kit: 'respiratory',
    files: [
      'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
    ],
    compared: 90,
    both: false,
    noCqIsNegative: true,
  },
  {
    name: 'StepOne RDML (Cq)',
    analyserId: 'thermo-7500-stepone',
    kit: 'sybr',
    files: ['thermo-7500-stepone/stepone_std.rdml'],
    compared: 20,
    both: true,
    noCqIsNegative: true,
  },
  {
    name: 'CFX Manager CSV run (Cq)',
    analyserId: 'biorad-cfx',
    kit: 'sybr',
    files: under('biorad-cfx/cfx-manager-sybr', 'admin_2021-02-19 09-57-01'),
    compared: 90,
    both: true,
    noCqIsNegative: true,
  },
  {
    name: 'LightCycler 480 raw data and Cp table (Cq)',
    analyserId: 'roche-lc480',
    kit: 'sybr',
    files: [
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt',
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt',
    ],
    compared: 350,
    both: true,
    noCqIsNegative: true,
  },
  {
    name: 'LightCycler 96 RDML (Roche calls)',
    analyserId: 'roche-lc96',
    kit: 'respiratory',
    files: ['roche-lc96/lc96_bACTXY.rdml'],
    compared: 45,
    both: true,
    noCqIsNegative: false,
  },
  {
    name: 'RDML with shifted baselines (Cq)',
    analyserId: 'rdml',
    kit: 'sybr',
    files: ['rdml/shifted_baseline.rdml'],
    compared: 60,
    both: false,
    noCqIsNegative: false,
  },
];

const DETECTED = new Set(['rv-positive', 'sg-detected']);
const NOT_DETECTED = new Set(['rv-negative', 'rv-invalid', 'sg-not-detected']);

/** The kit's Cq cut-off of the target: the value of its "detected" condition (CQ <target> < x). */
function cutOff(configuration: KitConfigurationDocument): number {
  const detected = configuration.diagnostics.find((d) => DETECTED.has(d.id));
  const expression = detected?.conditions[0]?.expressions[0];
  if (!expression) throw new Error('demo kit without a detected diagnostic');
  return expression.rightVariable;
}

/** The instrument's verdict on one well's target channel; null when it gives none or it is borderline. */
function instrumentVerdict(
  channel: ParsedWellChannel | undefined,
  cut: number,
  noCqIsNegative: boolean,
): boolean | null {
  if (!channel) return null;
  // A Cq within a cycle of the kit's cut-off is borderline whatever the instrument called it.
  if (channel.instrumentCq !== null && Math.abs(channel.instrumentCq - cut) < 1) return null;
  const call = channel.instrumentCall?.toLowerCase() ?? '';
  if (/presence|positive/.test(call)) return true;
  if (/absence|negative/.test(call)) return false;
  if (/undetermined|no amp/.test(call)) return false;
  if (channel.instrumentCq === null) return channel.curve && noCqIsNegative ? false : null;
  if (channel.instrumentCq < cut - 1) return true;
  return channel.instrumentCq >= cut + 1 ? false : null;
}

function interpret(run: ParsedRun, configuration: KitConfigurationDocument) {
  const table: Record<string, string> = {};
  for (const channel of configuration.channels)
    if (channel.analyserChannel) table[channel.analyserChannel] = channel.channel;
  const mapping = mapKitChannels(
    configuration.channels.map((channel) => channel.channel),
    run.channels.map((channel) => channel.dye),
    table,
  );
  expect(mapping.errors).toEqual([]);
  const inputs = wellInputsFromParsedRun(run, () => 'SAMPLE');
  const results = interpretRun(
    inputs.map((input) => applyChannelMapping(input, mapping)),
    configuration,
  );
  return { results, target: mapping.byKitChannel[configuration.channels[0].channel] };
}

describe('demo kit configurations on each fixture family agree with the instrument', () => {
  beforeAll(() => {
    if (!existsSync(FIXTURES)) throw new Error(`fixtures not found: ${FIXTURES}`);
  });

  it.each(CASES)('$name', async (family) => {
    const configuration = (family.kit === 'respiratory' ? RESPIRATORY_BY_ANALYSER : SYBR_BY_ANALYSER)[
      family.analyserId
    ];
    const run = await parseRunFiles(
      family.files.map((file) => ({
        name: file.split('/').pop() ?? file,
        content: readFileSync(join(FIXTURES, file)),
      })),
    );
    const cut = cutOff(configuration);
    const { results, target } = interpret(run, configuration);
    const byPosition = new Map(run.wells.map((well) => [well.position, well]));
    const disagreements: string[] = [];
    const verdicts = new Set<boolean>();
    let compared = 0;
    for (const result of results) {
      const expected = instrumentVerdict(
        byPosition.get(result.position)?.channels[target],
        cut,
        family.noCqIsNegative,
      );
      if (expected === null) continue;
      compared++;
      verdicts.add(expected);
      const ours = result.suggestedDiagnosticId;
      const agrees = expected ? DETECTED.has(ours ?? '') : NOT_DETECTED.has(ours ?? '');
      if (!agrees)
        disagreements.push(`${result.position}: instrument ${expected}, ours ${ours ?? result.reasonCode}`);
    }
    expect(compared).toBeGreaterThanOrEqual(family.compared);
    // At most 2 % of the compared wells (at least one) differ: curve-level judgements near the cut-off,
    // or the amplification safety net holding a well the instrument left undetermined for review.
    const allowed = Math.max(1, Math.floor(compared * 0.02));
    if (disagreements.length > allowed)
      throw new Error(
        `${disagreements.length} of ${compared} differ (allowed ${allowed}):\n${disagreements.join('\n')}`,
      );
    expect(verdicts.size).toBe(family.both ? 2 : 1);
  });
});
