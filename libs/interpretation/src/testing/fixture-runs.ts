/**
 * Test and report helper (not exported from the library): reads the real instrument fixtures
 * (../shared/fixtures, or AMPLIO_FIXTURES) through @amplio/parsers, interprets them and pairs our Cq
 * with the instrument's own. Used by the agreement specs and by `npm run agreement`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { KitAnalyserConfiguration, ParsedRun } from '@amplio/domain';
import { parseAllRdmlRuns, parseRunFiles } from '@amplio/parsers';
import { interpretRun } from '../interpret';
import type { WellResult } from '../interpret-types';
import { wellInputsFromParsedRun } from '../parsed-run-input';
import type { CqPair } from './agreement-stats';

export const FIXTURES = process.env.AMPLIO_FIXTURES ?? resolve(__dirname, '../../../../../shared/fixtures');

export function fixturePath(relative: string): string {
  return resolve(FIXTURES, relative);
}

/** The fixture files of a folder whose names start with a prefix (a run split over several files). */
export function filesStartingWith(folder: string, prefix: string): string[] {
  return readdirSync(fixturePath(folder))
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => join(folder, name));
}

const parsed = new Map<string, Promise<ParsedRun>>();

/** The run the parsers read from these fixture files (cached per file list). */
export function parseFixture(...relative: string[]): Promise<ParsedRun> {
  const key = relative.join('\n');
  let run = parsed.get(key);
  if (!run) {
    run = parseRunFiles(
      relative.map((r) => ({ name: r.split('/').pop() ?? r, content: readFileSync(fixturePath(r)) })),
    );
    parsed.set(key, run);
  }
  return run;
}

/** One experiment (plate) of an RDML fixture that holds several, by its experiment id. */
export function parseRdmlExperiment(relative: string, experimentId: string): ParsedRun {
  const name = relative.split('/').pop() ?? relative;
  const runs = parseAllRdmlRuns([{ name, content: readFileSync(fixturePath(relative)) }]);
  const run = runs.find((r) => r.experimentId === experimentId);
  if (!run)
    throw new Error(
      `${relative}: no experiment "${experimentId}" (${runs.map((r) => r.experimentId).join(', ')})`,
    );
  return run;
}

/** Rows of a tab-separated fixture table as records keyed by its header. */
export function readTsvRecords(relative: string): Record<string, string>[] {
  const lines = readFileSync(fixturePath(relative), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = lines[0].split('\t').map((h) => h.trim());
  return lines.slice(1).map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').trim()]));
  });
}

export const NO_KIT: KitAnalyserConfiguration = {
  channels: [],
  cqMethod: 'threshold',
  baseline: null,
  ratio: null,
  diagnostics: [],
};

export interface RunComparison {
  results: WellResult[];
  /** One pair per well and channel that has a curve. */
  pairs: CqPair[];
  /** Channels flagged (AMPLIFICATION_WITHOUT_CQ, THRESHOLD_CROSSED_AT_LAST_READ) where the instrument has no Cq either. */
  falseAlarms: string[];
  /** Channels with a curve issue (bad input code). */
  curveIssues: string[];
}

/**
 * Interprets a parsed run (every well a SAMPLE) and pairs each channel's Cq with the instrument's.
 * `instrumentCq` overrides the file's own values (e.g. a separate results table), keyed "A1|DYE".
 */
export function compareRun(
  run: ParsedRun,
  config: KitAnalyserConfiguration,
  options: { dyes?: string[]; instrumentCq?: Map<string, number | null> } = {},
): RunComparison {
  const inputs = wellInputsFromParsedRun(run, () => 'SAMPLE');
  const results = interpretRun(inputs, config, { chartPoints: false });
  const byPosition = new Map(run.wells.map((well) => [well.position, well]));
  const pairs: CqPair[] = [];
  const falseAlarms: string[] = [];
  const curveIssues: string[] = [];
  for (const result of results) {
    const well = byPosition.get(result.position);
    for (const channel of result.channels) {
      if (options.dyes && !options.dyes.includes(channel.dye)) continue;
      const parsedChannel = well?.channels[channel.dye];
      if (!parsedChannel?.curve) continue;
      const key = `${result.position}|${channel.dye}`;
      if (options.instrumentCq && !options.instrumentCq.has(key)) continue;
      const instrument = options.instrumentCq
        ? (options.instrumentCq.get(key) ?? null)
        : parsedChannel.instrumentCq;
      const id = `${result.position} ${channel.dye}`;
      pairs.push({ id, ours: channel.cq, instrument });
      if (channel.curveIssue) curveIssues.push(`${id} ${channel.curveIssue}`);
      const flagged = channel.amplification === true || channel.lastReadCrossing === true;
      if (channel.cq === null && flagged && instrument === null) falseAlarms.push(id);
    }
  }
  return { results, pairs, falseAlarms, curveIssues };
}
