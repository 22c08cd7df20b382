import { readFileSync } from 'fs';
import fc from 'fast-check';
import { fixturePath } from '../rdml/testing/fixture-files';
import { asFile, expectRunOrRunFileError, mutatedBytes } from '../rdml/testing/mutations';
import { lightCycler480Parser, parseLightCycler480 } from './lc480-parser';

/**
 * Mutated LightCycler 480 exports: a run or a RunFileError, never anything else, within a second.
 * The raw export is cut to rows A and B (48 wells, both programs) so that each of the many parses
 * stays short; the Cp tables are whole.
 */
const rawLines = readFileSync(
  fixturePath('roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt'),
  'latin1',
).split('\r\n');
const rawRowsAB = Buffer.from(
  rawLines.filter((line, index) => index < 2 || /^[AB]\d+\t/.test(line)).join('\r\n'),
  'latin1',
);
const cp = readFileSync(fixturePath('roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt'));
const cpAlone = readFileSync(fixturePath('roche-lc480/Stuart_dAgr_glyS_spoVG_5S_individualWells_Cq.txt'));

describe('lightCycler480Parser property: a run or a RunFileError, never anything else, never a hang', () => {
  jest.setTimeout(180_000);

  it('mutated Raw Data (rows A-B) with the intact Cp table', () => {
    fc.assert(
      fc.property(mutatedBytes(rawRowsAB), (bytes) => {
        const files = [asFile('raw.txt', bytes), asFile('cp.txt', cp)];
        expect(typeof lightCycler480Parser.detect(files)).toBe('boolean');
        expectRunOrRunFileError(() => parseLightCycler480(files));
      }),
      { numRuns: 150 },
    );
  });

  it('intact Raw Data (rows A-B) with a mutated Cp table', () => {
    fc.assert(
      fc.property(mutatedBytes(cp), (bytes) => {
        expectRunOrRunFileError(() =>
          parseLightCycler480([asFile('raw.txt', rawRowsAB), asFile('cp.txt', bytes)]),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('a mutated Cp table alone', () => {
    fc.assert(
      fc.property(mutatedBytes(cpAlone), (bytes) => {
        expectRunOrRunFileError(() => parseLightCycler480([asFile('cp.txt', bytes)]));
      }),
      { numRuns: 200 },
    );
  });
});
