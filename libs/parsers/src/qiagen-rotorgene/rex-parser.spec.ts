import { readFileSync } from 'fs';
import { RunFileError, type RunFile } from '@amplio/domain';
import { fixtureFile, fixturePath } from '../rdml/testing/fixture-files';
import { rejectedWithin as rejectedWithinBudget } from '../rdml/testing/timing';
import { parseRotorGene, rotorGeneParser } from './rex-parser';
import { rotorTubeToPosition } from './rotor-positions';

const REX = 'qiagen-rotorgene/slc6a2_cell_lines_B_64oC_170617.rex';

/**
 * Read by hand from the .rex (Python ElementTree): RawChannel "Cycling A.Green" with StartX 1,
 * StepX 1, MinXPoints 65 and 72 <Reading> elements of 65 space-separated values; RawChannel
 * "HRM A.HRM" (XAxisLabel ºC) left out; 72 <Sample> on Page 1, TubePosition 1..72, tube 1
 * "NTC (SLC6A2)", tube 13 "100% SLC6A2", tube 72 "NL426 SE"; Record fields "Machine Serial No"
 * 120668 and "Machine Version" "Rotor-Gene Q, Firmware Version=6, ..."; StartTime 2017-06-17T15:35:12.
 */
const rexText = readFileSync(fixturePath(REX), 'latin1');

/** Independent reading of the Cycling A.Green readings, tube by tube (regular expressions). */
function readGreenReadings(): number[][] {
  const channel =
    /<RawChannel>\s*<Name>Cycling A\.Green<\/Name>([\s\S]*?)<\/RawChannel>/.exec(rexText)?.[1] ?? '';
  return [...channel.matchAll(/<Reading>([^<]*)<\/Reading>/g)].map((match) =>
    match[1].trim().split(' ').map(Number),
  );
}

function rejectedWithin(file: RunFile, limitMs = 1000): RunFileError {
  return rejectedWithinBudget(() => parseRotorGene([file]), limitMs);
}

describe('rotorGeneParser on the real fixture', () => {
  it('72 tubes on a 96-well plate, channel Cycling A.Green as FAM, 65 raw cycles, no instrument Cq', () => {
    const file = fixtureFile(REX);
    expect(rotorGeneParser.detect([file])).toBe(true);
    const run = parseRotorGene([file]);
    expect(run.format).toBe('qiagen-rotorgene-rex');
    expect(run.plateType).toBe('RECTANGULAR_96');
    expect(run.wells).toHaveLength(72);
    expect(run.wells[0].position).toBe('A1');
    expect(run.wells[71].position).toBe('F12');
    expect(run.channels).toEqual([{ dye: 'FAM', originalName: 'Cycling A.Green' }]);
    expect(run.cycleCount).toBe(65);
    expect(run.instrumentName).toBe('Rotor-Gene Q');
    expect(run.serialNumber).toBe('120668');
    expect(run.runDate).toBe('2017-06-17T15:35:12');
    for (const well of run.wells) {
      expect(well.channels.FAM.curve?.kind).toBe('raw');
      expect(well.channels.FAM.curve?.cycles).toEqual(Array.from({ length: 65 }, (_, index) => index + 1));
      expect(well.channels.FAM.instrumentCq).toBeNull();
    }
    expect(run.wells.find((well) => well.position === 'A1')?.sampleName).toBe('NTC (SLC6A2)');
    expect(run.wells.find((well) => well.position === 'B1')?.sampleName).toBe('100% SLC6A2');
    expect(run.wells.find((well) => well.position === 'F12')?.sampleName).toBe('NL426 SE');
  });

  it('every tube n carries the n-th <Reading> of the file, at position row-major n', () => {
    const readings = readGreenReadings();
    expect(readings).toHaveLength(72);
    const run = parseRotorGene([fixtureFile(REX)]);
    readings.forEach((values, index) => {
      const position = `${'ABCDEF'[Math.floor(index / 12)]}${(index % 12) + 1}`;
      expect(run.wells.find((well) => well.position === position)?.channels.FAM.curve?.fluorescence).toEqual(
        values,
      );
    });
  });

  it('maps tubes onto the plate row by row: 72-tube rotor on 96 wells, 100-tube disc on 384 wells', () => {
    expect([1, 12, 13, 72].map((tube) => rotorTubeToPosition(tube, 72))).toEqual(['A1', 'A12', 'B1', 'F12']);
    expect([1, 36].map((tube) => rotorTubeToPosition(tube, 36))).toEqual(['A1', 'C12']);
    expect([1, 24, 25, 100].map((tube) => rotorTubeToPosition(tube, 100))).toEqual(['A1', 'A24', 'B1', 'E4']);
    expect(() => rotorTubeToPosition(0, 72)).toThrow(RangeError);
  });

  it('detects by content, not by name', () => {
    expect(rotorGeneParser.detect([fixtureFile(REX, 'run.rdml')])).toBe(true);
    expect(rotorGeneParser.detect([fixtureFile('thermo-7500-stepone/stepone_std.rdml', 'run.rex')])).toBe(
      false,
    );
    expect(
      rotorGeneParser.detect([
        fixtureFile('roche-lc480/Stuart_dAgr_glyS_spoVG_5S_individualWells_Cq.txt', 'run.rex'),
      ]),
    ).toBe(false);
  });
});

describe('rotorGeneParser on malformed input', () => {
  it('a truncated .rex: corrupted-file error within a second', () => {
    const error = rejectedWithin({
      name: 'cut.rex',
      content: Buffer.from(rexText.slice(0, rexText.length / 2), 'latin1'),
    });
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toMatch(/^cut\.rex: XML not well-formed/);
  });

  it('a .rex with a DOCTYPE entity bomb: refused', () => {
    const bomb = rexText.replace(
      '<Experiment>',
      '<!DOCTYPE Experiment [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>\n<Experiment>',
    );
    expect(rejectedWithin({ name: 'bomb.rex', content: Buffer.from(bomb, 'latin1') }).detail).toMatch(
      /DOCTYPE/,
    );
  });

  it('a reading that is not a number: invalid-file error naming channel, tube and reading', () => {
    const bad = rexText.replace('<Reading>.122987716487373 ', '<Reading>x.12 ');
    const error = rejectedWithin({ name: 'bad.rex', content: Buffer.from(bad, 'latin1') });
    expect(error.key).toBe('errorImportInvalidFile');
    expect(error.detail).toMatch(/Cycling A\.Green tube 1 reading 1/);
  });

  it('a .rex without a cycling channel: invalid-file error', () => {
    const noCycling = rexText
      .replace('<Name>Cycling A.Green</Name>', '<Name>Melt A.Green</Name>')
      .replace('<XAxisLabel>Cycle</XAxisLabel>', '<XAxisLabel>C</XAxisLabel>');
    expect(
      rejectedWithin({ name: 'nocycling.rex', content: Buffer.from(noCycling, 'latin1') }).detail,
    ).toMatch(/no amplification \(Cycling\) channel/);
  });

  it('two files, or an empty one: invalid-file errors', () => {
    const file = fixtureFile(REX);
    expect(() => parseRotorGene([file, file])).toThrow(RunFileError);
    expect(rejectedWithin({ name: 'empty.rex', content: Buffer.alloc(0) }).key).toBe(
      'errorImportInvalidFile',
    );
  });
});
