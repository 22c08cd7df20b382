import { readFileSync } from 'fs';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { parseAllRdmlRuns, rdmlParser } from './rdml-parser';
import { fixturePath } from './testing/fixture-files';
import { asFile, expectRunOrRunFileError, mutatedBytes } from './testing/mutations';
import { buildZip } from './testing/zip-builder';

/**
 * Mutated real fixtures (byte flips, truncations, deletions, duplications, hostile insertions):
 * the RDML reader returns well-formed runs or throws a RunFileError, never anything else, always
 * within a second. detect() never throws.
 */
const stepOneZip = readFileSync(fixturePath('thermo-7500-stepone/stepone_std.rdml'));
const stepOneXml = Buffer.from(unzipSync(new Uint8Array(stepOneZip))['rdml_data.xml']);
const bioRad384 = readFileSync(fixturePath('biorad-cfx/BioRad_384.rdml'));
const lc96 = readFileSync(fixturePath('roche-lc96/lc96_bACTXY.rdml'));
const lc96Entries = unzipSync(new Uint8Array(lc96));
const bioRadMeltXml = Buffer.from(
  unzipSync(new Uint8Array(readFileSync(fixturePath('biorad-cfx/BioRad_qPCR_melt.rdml'))))[
    'BioRad_qPCR_melt.xml'
  ],
);

/** The LightCycler 96 zip rebuilt (stored, not deflated) with a mutated calculated_data.xml. */
function lc96WithCalls(calculated: Buffer): Buffer {
  return Buffer.from(
    buildZip([
      { name: 'rdml_data.xml', data: lc96Entries['rdml_data.xml'], method: 0 },
      { name: 'calculated_data.xml', data: calculated, method: 0 },
    ]),
  );
}

function check(name: string, bytes: Buffer): 'run' | 'error' {
  const file = asFile(name, bytes);
  expect(typeof rdmlParser.detect([file])).toBe('boolean');
  return expectRunOrRunFileError(() => parseAllRdmlRuns([file]));
}

describe('rdmlParser property: a run or a RunFileError, never anything else, never a hang', () => {
  jest.setTimeout(180_000);

  it.each([
    ['StepOne RDML 1.0 as plain XML', stepOneXml, 200],
    ['StepOne .rdml zip', stepOneZip, 200],
    ['Bio-Rad CFX384 .rdml zip (PK\\x07\\x08 prefix)', bioRad384, 150],
    ['LightCycler 96 .rdml zip with calculated_data.xml', lc96, 12],
    ['Bio-Rad CFX96 two-run RDML 1.1 as plain XML', bioRadMeltXml, 60],
  ] as const)('%s', (_label, original, runs) => {
    const outcomes = { run: 0, error: 0 };
    fc.assert(
      fc.property(mutatedBytes(original), (bytes) => {
        outcomes[check('mutated.rdml', bytes)] += 1;
      }),
      { numRuns: runs },
    );
    expect(outcomes.run + outcomes.error).toBe(runs);
  });

  it('LightCycler 96 zip with a mutated calculated_data.xml (the calls reader)', () => {
    const calculated = Buffer.from(lc96Entries['calculated_data.xml']);
    fc.assert(
      fc.property(mutatedBytes(calculated), (bytes) => {
        check('lc96.rdml', lc96WithCalls(bytes));
      }),
      { numRuns: 15 },
    );
  });
});
