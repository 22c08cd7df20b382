import fc from 'fast-check';
import { PLATE_TYPES, RunFileError, type ParsedRun, type RunFile } from '@amplio/domain';
import { timed, withinBudget } from './timing';

/** Test-only: fast-check mutations of real fixture bytes, and the "a run or a RunFileError" check. */
const NASTY = [
  '<',
  '>',
  '</react>',
  '<react id="999">',
  '<react id="0">',
  '<!DOCTYPE x [<!ENTITY a "b">]>',
  '<!--',
  '<![CDATA[',
  '&amp;',
  '&#xFFFFFF;',
  '&undefined;',
  '\t',
  '\r\n',
  '\u0000',
  'NaN',
  '-1',
  '1e309',
  'A99',
  'Q1',
  '\uFEFF',
  '"',
  "'",
  '<cq>',
  '</data>',
  '<adp><cyc>1</cyc><fluor>x</fluor></adp>',
  '<rows>99</rows>',
  '2\t2\t99999',
  'Raw Data',
  'SamplePos\tSampleName\tProg#\tSeg#\tCycle#',
  '<Reading>1 2 x</Reading>',
  'PK\u0003\u0004',
];

type Mutation =
  | { kind: 'flip'; at: number; value: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'duplicate'; at: number; length: number };

function apply(original: Uint8Array, mutations: Mutation[]): Buffer {
  let bytes = Buffer.from(original);
  for (const mutation of mutations) {
    const at = bytes.length === 0 ? 0 : mutation.at % (bytes.length + 1);
    switch (mutation.kind) {
      case 'flip':
        if (bytes.length > 0) {
          bytes = Buffer.from(bytes);
          bytes[at % bytes.length] = mutation.value;
        }
        break;
      case 'truncate':
        bytes = bytes.subarray(0, at);
        break;
      case 'delete':
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + mutation.length)]);
        break;
      case 'insert':
        bytes = Buffer.concat([
          bytes.subarray(0, at),
          Buffer.from(mutation.text, 'utf8'),
          bytes.subarray(at),
        ]);
        break;
      case 'duplicate':
        bytes = Buffer.concat([bytes.subarray(0, at + mutation.length), bytes.subarray(at)]);
        break;
    }
  }
  return bytes;
}

export function mutatedBytes(original: Uint8Array): fc.Arbitrary<Buffer> {
  const size = Math.max(1, original.length);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({
      kind: fc.constant('flip' as const),
      at: fc.nat(size - 1),
      value: fc.integer({ min: 0, max: 255 }),
    }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat(size) }),
    fc.record({
      kind: fc.constant('delete' as const),
      at: fc.nat(size),
      length: fc.integer({ min: 1, max: 4000 }),
    }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(size), text: fc.constantFrom(...NASTY) }),
    fc.record({
      kind: fc.constant('duplicate' as const),
      at: fc.nat(size),
      length: fc.integer({ min: 1, max: 4000 }),
    }),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 4 }).map((mutations) => apply(original, mutations));
}

const POSITION = /^[A-P]([1-9]|1\d|2[0-4])$/;

/** Throws (a plain Error) when `run` is not a well-formed ParsedRun. */
export function assertRunShape(run: ParsedRun): void {
  const fail = (what: string): never => {
    throw new Error(`not a well-formed run: ${what}`);
  };
  if (!PLATE_TYPES.includes(run.plateType)) fail(`plate type ${String(run.plateType)}`);
  if (!Number.isInteger(run.cycleCount) || run.cycleCount < 0) fail(`cycle count ${run.cycleCount}`);
  if (!Array.isArray(run.wells) || run.wells.length === 0) fail('no wells');
  const seen = new Set<string>();
  for (const well of run.wells) {
    if (!POSITION.test(well.position)) fail(`position ${well.position}`);
    if (run.plateType === 'RECTANGULAR_96' && !/^[A-H]([1-9]|1[0-2])$/.test(well.position))
      fail(`position ${well.position} on a 96 plate`);
    if (seen.has(well.position)) fail(`position ${well.position} twice`);
    seen.add(well.position);
    for (const [dye, channel] of Object.entries(well.channels)) {
      if (channel.dye !== dye) fail(`channel key ${dye} vs ${channel.dye}`);
      if (!run.channels.some((known) => known.dye === dye)) fail(`undeclared channel ${dye}`);
      if (channel.instrumentCq !== null && !Number.isFinite(channel.instrumentCq)) fail('non-finite Cq');
      const curve = channel.curve;
      if (curve) {
        if (curve.cycles.length !== curve.fluorescence.length) fail('cycles and fluorescence lengths differ');
        if (![...curve.cycles, ...curve.fluorescence].every(Number.isFinite)) fail('non-finite curve value');
      }
    }
  }
}

/**
 * Runs `parse`; passes when it returns a well-formed run or throws a RunFileError, within the
 * budget (CPU time, see timing.ts).
 */
export function expectRunOrRunFileError(
  parse: () => ParsedRun | ParsedRun[],
  limitMs = 1000,
): 'run' | 'error' {
  const { value, error, timing } = timed(parse);
  if (!withinBudget(timing, limitMs)) {
    throw new Error(
      `parse took ${Math.round(timing.cpuMs)} ms of CPU, ${Math.round(timing.wallMs)} ms in all`,
    );
  }
  if (value !== undefined) {
    for (const run of Array.isArray(value) ? value : [value]) assertRunShape(run);
    return 'run';
  }
  if (!(error instanceof RunFileError)) throw error;
  if (!['errorImportInvalidFile', 'errorImportCorruptedFile'].includes(error.key)) {
    throw new Error(`unexpected key ${error.key}`, { cause: error });
  }
  if (error.detail.trim() === '') throw new Error('RunFileError without detail', { cause: error });
  return 'error';
}

export function asFile(name: string, content: Buffer): RunFile {
  return { name, content };
}
