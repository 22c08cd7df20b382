import { readFileSync } from 'fs';
import { RunFileError, type ParsedRun, type RunFile } from '@amplio/domain';
import { fixtureFile, fixturePath } from '../rdml/testing/fixture-files';
import { rejectedWithin as rejectedWithinBudget } from '../rdml/testing/timing';
import { lightCycler480Parser, parseLightCycler480 } from './lc480-parser';

const RAW = 'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt';
const CP = 'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt';
const CP_ALONE = 'roche-lc480/Stuart_dAgr_glyS_spoVG_5S_individualWells_Cq.txt';

/**
 * Read by hand with awk over the raw export (tabs, CRLF): 82 946 lines = 2 header lines +
 * 15 360 lines of program 2 / segment 2 (384 wells x Cycle# 1..40) + 67 584 lines of program 3 /
 * segment 1 (the melt: Cycle# 1 on every line, temperature rising); wells A1..P24; one filter
 * column, 483-533.
 */
const HAND_READ = {
  wells: 384,
  cycles: 40,
  filter: '483-533',
  first: 'A1',
  last: 'P24',
  firstValues: [0.59, 0.57, 0.56],
};

/** Independent reading of a Cp table: position -> Cp (null when empty). */
function readCpTable(relative: string): Map<string, number | null> {
  const lines = readFileSync(fixturePath(relative), 'latin1').split('\r\n').slice(2);
  const table = new Map<string, number | null>();
  for (const line of lines) {
    if (line === '') continue;
    const cells = line.split('\t');
    table.set(cells[2], cells[4] === '' ? null : Number(cells[4]));
  }
  return table;
}

/** Independent reading of one well's program-2 curve from the raw export. */
function readRawCurve(position: string): number[] {
  return readFileSync(fixturePath(RAW), 'latin1')
    .split('\r\n')
    .filter((line) => line.startsWith(`${position}\t`))
    .map((line) => line.split('\t'))
    .filter((cells) => cells[2] === '2')
    .map((cells) => Number(cells[7]));
}

function cqOf(run: ParsedRun, position: string): number | null | undefined {
  return run.wells.find((well) => well.position === position)?.channels.SYBR?.instrumentCq;
}

function rejectedWithin(files: RunFile[], limitMs = 1000): RunFileError {
  return rejectedWithinBudget(() => parseLightCycler480(files), limitMs);
}

describe('lightCycler480Parser on the real fixtures', () => {
  const raw = fixtureFile(RAW);
  const cp = fixtureFile(CP);

  it('Raw Data alone: 384 wells, SYBR (filter 483-533), 40 cycles of program 2, the melt program left out', () => {
    expect(lightCycler480Parser.detect([raw])).toBe(true);
    const run = parseLightCycler480([raw]);
    expect(run.format).toBe('roche-lc480-txt');
    expect(run.plateType).toBe('RECTANGULAR_384');
    expect(run.instrumentName).toBe('LightCycler 480');
    expect(run.wells).toHaveLength(HAND_READ.wells);
    expect(run.wells[0].position).toBe(HAND_READ.first);
    expect(run.wells[run.wells.length - 1].position).toBe(HAND_READ.last);
    expect(run.channels).toEqual([{ dye: 'SYBR', originalName: HAND_READ.filter }]);
    expect(run.cycleCount).toBe(HAND_READ.cycles);
    for (const well of run.wells) {
      const curve = well.channels.SYBR.curve;
      expect(curve?.kind).toBe('raw');
      expect(curve?.cycles).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
      expect(well.channels.SYBR.instrumentCq).toBeNull();
    }
    expect(run.wells[0].channels.SYBR.curve?.fluorescence.slice(0, 3)).toEqual(HAND_READ.firstValues);
    expect(run.wells[0].sampleName).toBe('Sample 1');
  });

  it.each(['A1', 'H12', 'P24'])(
    'well %s: the curve is the program-2 column of the file, value for value',
    (position) => {
      const run = parseLightCycler480([raw]);
      const expected = readRawCurve(position);
      expect(expected).toHaveLength(40);
      expect(run.wells.find((well) => well.position === position)?.channels.SYBR.curve?.fluorescence).toEqual(
        expected,
      );
    },
  );

  it('Raw Data + Cp table (either order): every well has the Cp the table wrote, an empty Cp gives null', () => {
    const expected = readCpTable(CP);
    expect(expected.size).toBe(384);
    expect([...expected.values()].filter((value) => value === null)).toHaveLength(105);
    for (const files of [
      [raw, cp],
      [cp, raw],
    ]) {
      expect(lightCycler480Parser.detect(files)).toBe(true);
      const run = parseLightCycler480(files);
      expect(run.wells).toHaveLength(384);
      for (const [position, value] of expected) expect(cqOf(run, position)).toBe(value);
      expect(run.wells.every((well) => well.channels.SYBR.curve !== null)).toBe(true);
    }
  });

  it('a Cp table alone parses as a run without curves (documented choice), keeping every Cp', () => {
    const file = fixtureFile(CP_ALONE);
    expect(lightCycler480Parser.detect([file])).toBe(true);
    const run = parseLightCycler480([file]);
    const expected = readCpTable(CP_ALONE);
    // 96 lines A1..H12 (awk), filter 483-533.
    expect(expected.size).toBe(96);
    expect(run.plateType).toBe('RECTANGULAR_96');
    expect(run.wells).toHaveLength(96);
    expect(run.cycleCount).toBe(0);
    expect(run.channels).toEqual([{ dye: 'SYBR', originalName: '483-533' }]);
    for (const [position, value] of expected) expect(cqOf(run, position)).toBe(value);
    expect(run.wells.every((well) => well.channels.SYBR.curve === null)).toBe(true);
    expect(run.notes?.join(' ')).toMatch(/without its Raw Data export/);
  });

  it('detects by content, not by name', () => {
    expect(lightCycler480Parser.detect([fixtureFile(RAW, 'run.rdml')])).toBe(true);
    expect(
      lightCycler480Parser.detect([fixtureFile('thermo-7500-stepone/stepone_std.rdml', 'run.txt')]),
    ).toBe(false);
    expect(
      lightCycler480Parser.detect([fixtureFile('biorad-cfx/allotropy_cfxmaestro_example01.csv', 'run.txt')]),
    ).toBe(false);
  });
});

describe('lightCycler480Parser on malformed input', () => {
  const rawText = readFileSync(fixturePath(RAW), 'latin1');
  const rawLines = rawText.split('\r\n');

  it('a Raw Data export missing its header lines: invalid-file error within a second', () => {
    const headless = rawLines.slice(2).join('\r\n');
    const error = rejectedWithin([{ name: 'headless.txt', content: Buffer.from(headless, 'latin1') }]);
    expect(error.key).toBe('errorImportInvalidFile');
    expect(error.detail).toMatch(/headless\.txt: neither a LightCycler 480 Raw Data export nor a Cp table/);
  });

  it('a header kept but the column line damaged: invalid-file error naming the missing header', () => {
    const damaged = [rawLines[0], 'SamplePos\tSampleName\tProgram\tSeg#', ...rawLines.slice(2)].join('\r\n');
    expect(rejectedWithin([{ name: 'damaged.txt', content: Buffer.from(damaged, 'latin1') }]).key).toBe(
      'errorImportInvalidFile',
    );
  });

  it('melt program only: no amplification program', () => {
    const meltOnly = rawLines.filter((line, index) => index < 2 || line.split('\t')[2] === '3').join('\r\n');
    expect(rejectedWithin([{ name: 'melt.txt', content: Buffer.from(meltOnly, 'latin1') }]).detail).toMatch(
      /no amplification program/,
    );
  });

  it('a fluorescence that is not a number, a well outside the plate: invalid-file errors naming the line', () => {
    const badValue = [
      ...rawLines.slice(0, 2),
      'A1\tSample 1\t2\t2\t1\t234700\t59.9\tabc',
      ...rawLines.slice(3),
    ].join('\r\n');
    expect(rejectedWithin([{ name: 'value.txt', content: Buffer.from(badValue, 'latin1') }]).detail).toMatch(
      /line 3: filter 483-533 "abc" is not a number/,
    );
    const badWell = [
      ...rawLines.slice(0, 2),
      'Q25\tSample 1\t2\t2\t1\t234700\t59.9\t0.59',
      ...rawLines.slice(3),
    ].join('\r\n');
    expect(rejectedWithin([{ name: 'well.txt', content: Buffer.from(badWell, 'latin1') }]).detail).toMatch(
      /well Q25 outside a 384-well plate/,
    );
  });

  it('a truncated export still parses the wells it holds; a cut inside a line is refused', () => {
    // Row A only: the file lists each well's 40 amplification lines then its melt lines, A1 to P24.
    const rowA = rawLines.filter((line, index) => index < 2 || /^A\d+\t/.test(line)).join('\r\n');
    expect(parseLightCycler480([{ name: 't.txt', content: Buffer.from(rowA, 'latin1') }]).wells).toHaveLength(
      24,
    );
    const cutLine = `${rawLines.slice(0, 50).join('\r\n')}\r\nA2\tSample 2\t2`;
    expect(rejectedWithin([{ name: 'cut.txt', content: Buffer.from(cutLine, 'latin1') }]).key).toBe(
      'errorImportInvalidFile',
    );
  });

  it('a Cp table of another experiment next to the raw data: refused', () => {
    const other = readFileSync(fixturePath(CP_ALONE));
    const error = rejectedWithin([fixtureFile(RAW), { name: 'other_Cq.txt', content: other }]);
    expect(error.detail).toMatch(/Stuart_WT_dAgr_spoVG_glyS_5S/);
  });

  it("the run's melt genotyping table comes with it: accepted, not read, named in the notes", () => {
    // Layout of a LightCycler 480 SW 1.5 melt genotyping export (public runs of the same
    // laboratory): the Experiment line, then Include, Color, Pos, Name, Group, Score, Res, Status.
    const melt = {
      name: 'Edward_qPCR_Nrd1_calibration_2019-02-02-melt.txt',
      content: Buffer.from(
        'Experiment: Edward qPCR Nrd1 calibration 2019-02-02  Selected Filter: SYBR Green I / HRM Dye (483-533)\r\n' +
          'Include\tColor\tPos\tName\tGroup\tScore\tRes\tStatus\r\n' +
          'True\t3200768\tA1\tSample 1\t3\t0.83\t0.15\t\r\n',
      ),
    };
    const files = [fixtureFile(RAW), fixtureFile(CP), melt];
    expect(lightCycler480Parser.detect(files)).toBe(true);
    const run = parseLightCycler480(files);
    expect(run.wells).toHaveLength(384);
    expect(cqOf(run, 'A1')).toBe(readCpTable(CP).get('A1'));
    expect((run.notes ?? []).some((note) => note.includes(melt.name))).toBe(true);
    expect(rejectedWithin([melt]).detail).toMatch(/melt or Tm table holds no amplification/);
  });

  it('the "Abs Quant" results export (quoted text, Position, CrossingPoint, Included 1/0) reads as a Cp table', () => {
    // Layout of a public LightCycler 480 export (pyQPCR's raw_data_lightcycler1.txt), built here.
    const header = [
      '"Experiment Name"',
      '"Analysis Name"',
      'Included',
      'Position',
      '"SampleName"',
      'CrossingPoint',
      'Call',
    ];
    const row = (included: string, position: string, name: string, cp: string) =>
      [
        '"Ruben_test"',
        '"Abs Quant/Fit Points for All Samples"',
        included,
        position,
        `"${name}"`,
        cp,
        'pdcPositive',
      ].join('\t');
    const file = {
      name: 'raw_data_lightcycler1.txt',
      content: Buffer.from(
        [
          header.join('\t'),
          '',
          row('1', 'A1', 'Day0_Gapdh', '14.2520551171164'),
          '',
          row('0', 'A2', 'Day0 blank', ''),
        ].join('\r\n'),
      ),
    };
    expect(lightCycler480Parser.detect([file])).toBe(true);
    const run = parseLightCycler480([file]);
    const [a1, a2] = run.wells;
    expect([a1.position, a1.sampleName, Object.values(a1.channels)[0].instrumentCq]).toEqual([
      'A1',
      'Day0_Gapdh',
      14.2520551171164,
    ]);
    expect([a2.position, a2.sampleName, Object.values(a2.channels)[0].instrumentCq]).toEqual([
      'A2',
      'Day0 blank',
      null,
    ]);
    expect((run.notes ?? []).some((note) => note.includes('A2: excluded'))).toBe(true);
  });

  it('two Raw Data exports for one run: refused', () => {
    expect(rejectedWithin([fixtureFile(RAW), fixtureFile(RAW, 'copy.txt')]).detail).toMatch(
      /several Raw Data exports/,
    );
  });
});
