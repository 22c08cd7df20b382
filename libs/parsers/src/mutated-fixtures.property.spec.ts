import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { PLATE_TYPES, RunFileError, normalizePosition, type ParsedRun, type RunFile } from '@amplio/domain';
import { parseRunFiles } from './index';
import { FORMAT_PARSERS } from './parser-registry';
import { fixtureFile } from './testing/fixture-files';

/**
 * Property: whatever the bytes, every parser either returns a well-formed run or throws a
 * RunFileError, and does so quickly. Inputs are real fixtures mutated at the byte level (flips,
 * truncation, insertion), at the line level (text), and inside zip entries (re-zipped, so that the
 * mutation reaches the XML/sheet readers rather than the zip layer).
 */

const SEEDS: string[][] = [
  ['thermo-quantstudio/appbio_quantstudio_example02.txt'],
  ['thermo-quantstudio/appbio_quantstudio_example03.txt'],
  ['thermo-quantstudio/appbio_quantstudio_example08.xlsx'],
  ['thermo-7500-stepone/7500_std.xls'],
  ['biorad-cfx/maestro-xlsx-384/2026-0326 LMD spc -  Quantification Amplification Results.xlsx'],
  [
    'biorad-cfx/cfx-manager-sybr/admin_2021-02-19 09-57-01_BR002605 -  Quantification Amplification Results_SYBR.csv',
    'biorad-cfx/cfx-manager-sybr/admin_2021-02-19 09-57-01_BR002605 -  Quantification Cq Results_0.csv',
    'biorad-cfx/cfx-manager-sybr/admin_2021-02-19 09-57-01_BR002605_Run Information.csv',
  ],
  ['biorad-cfx/allotropy_cfxmaestro_example01.csv'],
  ['thermo-7500-stepone/stepone_std.rdml'],
  ['roche-lc480/Stuart_dAgr_glyS_spoVG_5S_individualWells_Cq.txt'],
];

const NUM_RUNS = Number(process.env.AMPLIO_PROPERTY_RUNS ?? 30);
/** Per parse; a hang or a pathological slowdown fails the property. */
const MAX_PARSE_MS = 5000;

const seeds = SEEDS.map((paths) => paths.map(fixtureFile));

type Mutation =
  | { kind: 'flip'; at: number[]; bytes: number[] }
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'lines'; at: number; action: 'delete' | 'duplicate' | 'replace'; text: string }
  | { kind: 'entry'; entry: number; inner: Mutation };

const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const junk = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    'NaN',
    'Undetermined',
    '',
    ';',
    ',',
    '\t',
    '\r\n',
    '[Results]',
    'Q3',
    'A01',
    '-1e308',
    '1,234,5',
    '<!DOCTYPE x>',
    '"',
  ),
);
const flatMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.array(fraction, { minLength: 1, maxLength: 8 }),
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 8, maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({ kind: fc.constant('insert' as const), at: fraction, text: junk }),
  fc.record({
    kind: fc.constant('lines' as const),
    at: fraction,
    action: fc.constantFrom('delete' as const, 'duplicate' as const, 'replace' as const),
    text: junk,
  }),
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  flatMutation,
  fc.record({ kind: fc.constant('entry' as const), entry: fc.nat(), inner: flatMutation }),
);

function mutateBytes(content: Uint8Array, change: Mutation): Uint8Array {
  switch (change.kind) {
    case 'flip': {
      const copy = new Uint8Array(content);
      change.at.forEach((at, index) => {
        if (copy.length) copy[Math.floor(at * copy.length)] = change.bytes[index];
      });
      return copy;
    }
    case 'truncate':
      return content.subarray(0, Math.floor(change.at * content.length));
    case 'insert': {
      const at = Math.floor(change.at * content.length);
      const inserted = strToU8(change.text);
      const copy = new Uint8Array(content.length + inserted.length);
      copy.set(content.subarray(0, at));
      copy.set(inserted, at);
      copy.set(content.subarray(at), at + inserted.length);
      return copy;
    }
    case 'lines': {
      const lines = strFromU8(content, true).split('\n');
      const at = Math.floor(change.at * lines.length);
      if (change.action === 'delete') lines.splice(at, 1);
      else if (change.action === 'duplicate') lines.splice(at, 0, lines[at] ?? '');
      else lines[at] = change.text;
      return strToU8(lines.join('\n'), true);
    }
    case 'entry': {
      let entries: Record<string, Uint8Array>;
      try {
        entries = unzipSync(content);
      } catch {
        return mutateBytes(content, change.inner);
      }
      const names = Object.keys(entries);
      if (names.length === 0) return content;
      const name = names[change.entry % names.length];
      entries[name] = mutateBytes(entries[name], change.inner);
      return zipSync(entries);
    }
  }
}

function checkRun(run: ParsedRun): void {
  expect(PLATE_TYPES).toContain(run.plateType);
  expect(run.wells.length).toBeGreaterThan(0);
  for (const well of run.wells) {
    expect(normalizePosition(well.position)).toBe(well.position);
    for (const entry of Object.values(well.channels)) {
      if (entry.curve) expect(entry.curve.cycles.length).toBe(entry.curve.fluorescence.length);
    }
  }
}

async function outcome(parse: () => Promise<ParsedRun> | ParsedRun, label: string): Promise<void> {
  const started = performance.now();
  try {
    checkRun(await parse());
  } catch (error) {
    if (!(error instanceof RunFileError)) {
      const description = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`${label} threw ${description}`, { cause: error });
    }
    expect(['errorImportInvalidFile', 'errorImportCorruptedFile']).toContain(error.key);
  }
  const elapsed = performance.now() - started;
  if (elapsed > MAX_PARSE_MS) throw new Error(`${label} took ${Math.round(elapsed)} ms`);
}

describe('mutated fixtures: a run or a RunFileError, never anything else, never a hang', () => {
  it.each(seeds.map((files) => [files.map((file) => file.name).join(' + '), files] as const))(
    '%s',
    async (_label, files) => {
      await fc.assert(
        fc.asyncProperty(fc.nat(), mutation, async (target, change) => {
          const index = target % files.length;
          const mutated: RunFile[] = files.map((file, position) =>
            position === index
              ? { name: file.name, content: Buffer.from(mutateBytes(file.content, change)) }
              : file,
          );
          for (const parser of FORMAT_PARSERS) await outcome(() => parser.parse(mutated), parser.id);
          await outcome(() => parseRunFiles(mutated), 'parseRunFiles');
        }),
        { numRuns: NUM_RUNS, seed: Number(process.env.AMPLIO_PROPERTY_SEED ?? 20261121) },
      );
    },
    300_000,
  );
});
