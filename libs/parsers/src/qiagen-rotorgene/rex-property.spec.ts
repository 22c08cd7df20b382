import { readFileSync } from 'fs';
import fc from 'fast-check';
import { fixturePath } from '../rdml/testing/fixture-files';
import { asFile, expectRunOrRunFileError, mutatedBytes } from '../rdml/testing/mutations';
import { parseRotorGene, rotorGeneParser } from './rex-parser';

/** Mutated Rotor-Gene .rex: a run or a RunFileError, never anything else, within a second. */
const rex = readFileSync(fixturePath('qiagen-rotorgene/slc6a2_cell_lines_B_64oC_170617.rex'));

describe('rotorGeneParser property: a run or a RunFileError, never anything else, never a hang', () => {
  jest.setTimeout(180_000);

  it('mutated .rex', () => {
    fc.assert(
      fc.property(mutatedBytes(rex), (bytes) => {
        const file = asFile('run.rex', bytes);
        expect(typeof rotorGeneParser.detect([file])).toBe('boolean');
        expectRunOrRunFileError(() => parseRotorGene([file]));
      }),
      { numRuns: 200 },
    );
  });
});
