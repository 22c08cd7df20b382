import { readFileSync } from 'fs';
import { unzipSync, strFromU8 } from 'fflate';
import { normalizeDyeName, RunFileError, type ParsedRun, type RunFile } from '@amplio/domain';
import { parseAllRdmlRuns, rdmlParser } from './rdml-parser';
import type { RdmlWellChannel } from './rdml-reader';
import { fixtureFile, fixturePath } from './testing/fixture-files';

/**
 * Expected values were read by hand from the fixtures, independently of the parser: the zips
 * unpacked with `unzip`, then counted with grep and Python's ElementTree (number of <react> per
 * <run>, <adp> per <data>, <cq> elements, pcrFormat rows/columns, <dye>/<dyeId>). The Cq checks
 * below re-read every <cq> with regular expressions over the raw XML (inflated with fflate, not
 * with the parser's zip reader) and compare each well and dye.
 */
interface HandRead {
  file: string;
  plates: number;
  plateType: ParsedRun['plateType'];
  wells: number;
  dyes: string[];
  originalDyes: string[];
  cycles: number;
  /** Wells x dyes with a non-null instrument Cq after the documented rules. */
  cqCount: number;
  first: string;
  last: string;
  kind: 'raw' | 'baseline-corrected';
  instrumentName: string | null;
  serialNumber: string | null;
  runDate: string | null;
}

const HAND_READ: HandRead[] = [
  {
    // CFX Manager 3.0, RDML 1.1; two runs (Amp Step 3_FAM, Amp Step 3_Cy5) of one plate, 30 reacts
    // each, 41 <adp> + 61 <mdp> per data; 26 <cq> in the FAM run, none in the Cy5 run.
    file: 'biorad-cfx/BioRad_qPCR_melt.rdml',
    plates: 1,
    plateType: 'RECTANGULAR_96',
    wells: 30,
    dyes: ['FAM', 'CY5'],
    originalDyes: ['FAM', 'Cy5'],
    cycles: 41,
    cqCount: 26,
    first: 'A1',
    last: 'H10',
    kind: 'baseline-corrected',
    instrumentName: 'Bio-Rad CFX96',
    serialNumber: 'CC009466',
    runDate: null,
  },
  {
    // CFX384, 16 x 24, 48 reacts (ids 1..195), SYBR, 40 <adp>, 48 <cq>; does not validate against RDML 1.1.
    file: 'biorad-cfx/BioRad_384.rdml',
    plates: 1,
    plateType: 'RECTANGULAR_384',
    wells: 48,
    dyes: ['SYBR'],
    originalDyes: ['SYBR'],
    cycles: 40,
    cqCount: 48,
    first: 'A1',
    last: 'I3',
    kind: 'baseline-corrected',
    instrumentName: 'Bio-Rad CFX384',
    serialNumber: 'CC001010',
    runDate: null,
  },
  {
    // StepOne RDML 1.0: pcrFormat "free format", react ids A1..C8 (24), target RNase P with
    // <dyeId>FAM</dyeId> as text, 40 <adp>; 24 <cq> of which 3 are 40.0 (undetermined).
    file: 'thermo-7500-stepone/stepone_std.rdml',
    plates: 1,
    plateType: 'RECTANGULAR_96',
    wells: 24,
    dyes: ['FAM'],
    originalDyes: ['FAM'],
    cycles: 40,
    cqCount: 21,
    first: 'A1',
    last: 'C8',
    kind: 'raw',
    instrumentName: 'Applied Biosystems StepOne™ Instrument',
    serialNumber: null,
    runDate: '2006-11-10T09:24:39.265',
  },
  {
    // LightCycler 96: 96 reacts x 4 data (FAM, Hex, Texas Red, Cy5), 50 <adp>, 384 <cq>;
    // calculated_data.xml: 81 Positive, 258 Negative, 45 Invalid factGraph calls.
    file: 'roche-lc96/lc96_bACTXY.rdml',
    plates: 1,
    plateType: 'RECTANGULAR_96',
    wells: 96,
    dyes: ['FAM', 'HEX', 'TEXAS RED', 'CY5'],
    originalDyes: ['FAM', 'Hex', 'Texas Red', 'Cy5'],
    cycles: 50,
    cqCount: 81,
    first: 'A1',
    last: 'H12',
    kind: 'raw',
    instrumentName: 'LightCycler 96',
    serialNumber: '11301',
    runDate: '2014-08-19T11:30:20',
  },
  {
    // RDML 1.4, three experiments of one run each (AMC 384, EMBL 384, EMBL 96): 57, 58, 57 reacts;
    // 45 <adp>; no <cq> (the machines' Cq are in volume_machine_cq.tsv).
    file: 'rdml/volume_machine.rdml',
    plates: 3,
    plateType: 'RECTANGULAR_384',
    wells: 57,
    dyes: ['SYBR'],
    originalDyes: ['SYBR'],
    cycles: 45,
    cqCount: 0,
    first: 'A1',
    last: 'J4',
    kind: 'raw',
    instrumentName: null,
    serialNumber: null,
    runDate: null,
  },
  {
    // RDML 1.4, one run, 16 x 24, 144 reacts (ids 2..301), dye "SYBR - Roche", 60 <adp>, 72 <cq>.
    file: 'rdml/shifted_baseline.rdml',
    plates: 1,
    plateType: 'RECTANGULAR_384',
    wells: 144,
    dyes: ['SYBR'],
    originalDyes: ['SYBR - Roche'],
    cycles: 60,
    cqCount: 72,
    first: 'A2',
    last: 'M13',
    kind: 'raw',
    instrumentName: null,
    serialNumber: null,
    runDate: null,
  },
  {
    // Vermeulen set, RDML 1.4: 64 runs (one per gene) of 15 reacts each on a 16 x 24 pcrFormat
    // (ids 326..336 and 362..378, even), SYBR, 50 <adp> in the first run (AHCY), no <cq>; mixed
    // rdml:-prefixed and unprefixed elements.
    file: 'benchmarks/data_vermeulen_std_150000_15.rdml',
    plates: 64,
    plateType: 'RECTANGULAR_384',
    wells: 15,
    dyes: ['SYBR'],
    originalDyes: ['SYBR'],
    cycles: 50,
    cqCount: 0,
    first: 'N14',
    last: 'P18',
    kind: 'raw',
    instrumentName: null,
    serialNumber: null,
    runDate: null,
  },
];

/** Independent reading of the raw XML (test-only): every data element's position, dye and cq. */
interface ExpectedData {
  run: string;
  position: string;
  dye: string;
  target: string;
  cq: number | null;
  adpCount: number;
}

function rawDocuments(relative: string): { xml: string; calculated: string | null } {
  const entries = unzipSync(new Uint8Array(readFileSync(fixturePath(relative))));
  const names = Object.keys(entries);
  const rdmlName = names.includes('rdml_data.xml')
    ? 'rdml_data.xml'
    : names.find((name) => name.endsWith('.xml'));
  if (!rdmlName) throw new Error(`no xml in ${relative}`);
  return {
    xml: strFromU8(entries[rdmlName]),
    calculated: entries['calculated_data.xml'] ? strFromU8(entries['calculated_data.xml']) : null,
  };
}

const ROWS = 'ABCDEFGHIJKLMNOP';

function readExpected(xml: string): ExpectedData[] {
  const dyeOf = new Map<string, string>();
  for (const target of xml.matchAll(/<(?:rdml:)?target id="([^"]*)">([\s\S]*?)<\/(?:rdml:)?target>/g)) {
    const dye =
      /<(?:rdml:)?dyeId id="([^"]*)"/.exec(target[2])?.[1] ??
      /<(?:rdml:)?dyeId>([^<]*)</.exec(target[2])?.[1];
    dyeOf.set(target[1], dye ?? target[1]);
  }
  const expected: ExpectedData[] = [];
  for (const run of xml.matchAll(/<(?:rdml:)?run id="([^"]*)">([\s\S]*?)<\/(?:rdml:)?run>/g)) {
    const columns = Number(/<(?:rdml:)?columns>(\d+)</.exec(run[2])?.[1] ?? '0');
    for (const react of run[2].matchAll(/<(?:rdml:)?react id="([^"]*)">([\s\S]*?)<\/(?:rdml:)?react>/g)) {
      const id = react[1];
      const position = /^\d+$/.test(id)
        ? `${ROWS[Math.floor((Number(id) - 1) / columns)]}${((Number(id) - 1) % columns) + 1}`
        : id.replace(/^([A-P])0*(\d+)$/, '$1$2');
      for (const data of react[2].matchAll(/<(?:rdml:)?data>([\s\S]*?)<\/(?:rdml:)?data>/g)) {
        const target = /<(?:rdml:)?tar id="([^"]*)"/.exec(data[1])?.[1] ?? '';
        const cqText = /<(?:rdml:)?cq>([^<]*)</.exec(data[1])?.[1];
        expected.push({
          run: run[1],
          position,
          dye: normalizeDyeName(dyeOf.get(target) ?? target),
          target,
          cq: cqText === undefined ? null : Number(cqText),
          adpCount: (data[1].match(/<(?:rdml:)?adp>/g) ?? []).length,
        });
      }
    }
  }
  return expected;
}

function readRocheCalls(calculated: string): Map<string, string> {
  const calls = new Map<string, string>();
  for (const react of calculated.matchAll(/<react id="(\d+)">([\s\S]*?)<\/react>/g)) {
    for (const graph of react[2].matchAll(
      /<factGraph id="[^"]*" targetId="([^"]*)">\s*<call>([^<]*)<\/call>/g,
    )) {
      calls.set(`${react[1]}|${graph[1]}`, graph[2]);
    }
  }
  return calls;
}

function channelsOf(run: ParsedRun): Array<{ position: string; channel: RdmlWellChannel }> {
  return run.wells.flatMap((well) =>
    Object.values(well.channels).map((channel) => ({
      position: well.position,
      channel: channel as RdmlWellChannel,
    })),
  );
}

describe('rdmlParser on the real fixtures', () => {
  it.each(HAND_READ.map((entry) => [entry.file, entry] as const))(
    '%s: plate, wells, dyes, cycles as read by hand',
    (_file, entry) => {
      const file = fixtureFile(entry.file);
      expect(rdmlParser.detect([file])).toBe(true);
      const runs = parseAllRdmlRuns([file]);
      expect(runs).toHaveLength(entry.plates);
      const run = runs[0];
      expect(run.format).toBe('rdml');
      expect(run.plateType).toBe(entry.plateType);
      expect(run.wells).toHaveLength(entry.wells);
      expect(run.channels.map((channel) => channel.dye)).toEqual(entry.dyes);
      expect(run.channels.map((channel) => channel.originalName)).toEqual(entry.originalDyes);
      expect(run.cycleCount).toBe(entry.cycles);
      expect(run.wells[0].position).toBe(entry.first);
      expect(run.wells[run.wells.length - 1].position).toBe(entry.last);
      expect(run.instrumentName).toBe(entry.instrumentName);
      expect(run.serialNumber).toBe(entry.serialNumber);
      expect(run.runDate).toBe(entry.runDate);
      const channels = channelsOf(run);
      expect(channels.filter(({ channel }) => channel.instrumentCq !== null)).toHaveLength(entry.cqCount);
      for (const { channel } of channels) {
        if (channel.curve) expect(channel.curve.kind).toBe(entry.kind);
        if (channel.curve) expect(channel.curve.cycles).toHaveLength(channel.curve.fluorescence.length);
      }
      expect(new Set(run.wells.map((well) => well.position)).size).toBe(run.wells.length);
    },
  );

  it.each([
    'biorad-cfx/BioRad_qPCR_melt.rdml',
    'biorad-cfx/BioRad_384.rdml',
    'thermo-7500-stepone/stepone_std.rdml',
    'roche-lc96/lc96_bACTXY.rdml',
    'rdml/shifted_baseline.rdml',
  ])('%s: every well and dye has the Cq the file wrote (read again with regular expressions)', (relative) => {
    const { xml, calculated } = rawDocuments(relative);
    const calls = calculated ? readRocheCalls(calculated) : null;
    const expected = readExpected(xml);
    expect(expected.length).toBeGreaterThan(0);
    const run = parseAllRdmlRuns([fixtureFile(relative)])[0];
    let compared = 0;
    for (const data of expected) {
      const well = run.wells.find((candidate) => candidate.position === data.position);
      const channel = well?.channels[data.dye] as RdmlWellChannel | undefined;
      expect(channel).toBeDefined();
      if (!channel) continue;
      expect(channel.target).toBe(data.target);
      expect(channel.curve?.cycles.length ?? 0).toBe(data.adpCount);
      // The documented rules: cq -1 = not available; a cq at or past the last cycle (StepOne's 40.0
      // of 40) = undetermined; on a LightCycler 96 only Roche's Positive call keeps the cq.
      let cq = data.cq !== null && data.cq >= 0 && data.cq < data.adpCount ? data.cq : null;
      const call = calls?.get(`${reactNumber(data.position)}|${data.target}`);
      if (call !== undefined && call !== 'Positive') cq = null;
      expect(channel.instrumentCq).toBe(cq);
      if (call !== undefined) expect(channel.instrumentCall).toBe(call);
      compared += 1;
    }
    expect(compared).toBe(expected.length);
  });

  it('StepOne: the three undetermined wells written cq=40.0 have no instrument Cq and the call Undetermined', () => {
    const run = parseAllRdmlRuns([fixtureFile('thermo-7500-stepone/stepone_std.rdml')])[0];
    for (const position of ['A1', 'A2', 'A3']) {
      const well = run.wells.find((candidate) => candidate.position === position);
      expect(well?.sampleRole).toBe('ntc');
      expect(well?.channels.FAM.instrumentCq).toBeNull();
      expect(well?.channels.FAM.instrumentCall).toBe('Undetermined');
    }
    expect(run.wells.find((well) => well.position === 'A4')?.channels.FAM.instrumentCq).toBe(28.96287);
  });

  it('LightCycler 96: negative wells keep their call but not the spurious cq the RDML carries', () => {
    const { xml, calculated } = rawDocuments('roche-lc96/lc96_bACTXY.rdml');
    const calls = readRocheCalls(calculated ?? '');
    const negativesWithCq = readExpected(xml).filter(
      (data) => data.cq !== null && calls.get(`${reactNumber(data.position)}|${data.target}`) === 'Negative',
    );
    expect(negativesWithCq.length).toBe(258);
    const run = parseAllRdmlRuns([fixtureFile('roche-lc96/lc96_bACTXY.rdml')])[0];
    const negatives = channelsOf(run).filter(({ channel }) => channel.instrumentCall === 'Negative');
    expect(negatives).toHaveLength(258);
    expect(negatives.every(({ channel }) => channel.instrumentCq === null)).toBe(true);
    const positives = channelsOf(run).filter(({ channel }) => channel.instrumentCall === 'Positive');
    expect(positives).toHaveLength(81);
    expect(positives.every(({ channel }) => typeof channel.instrumentCq === 'number')).toBe(true);
    expect(channelsOf(run).every(({ channel }) => channel.endPoint !== null)).toBe(true);
  });

  it('volume_machine: three plates, each well of the machines Cq table found at its position with its sample and target', () => {
    const runs = parseAllRdmlRuns([fixtureFile('rdml/volume_machine.rdml')]);
    expect(runs.map((run) => [run.experimentId, run.plateType, run.wells.length, run.cycleCount])).toEqual([
      ['AMC Amsterdam NL - 384 Wells', 'RECTANGULAR_384', 57, 45],
      ['EMBL Heidelberg DE - 384 Wells', 'RECTANGULAR_384', 58, 45],
      ['EMBL Heidelberg DE - 96 Wells', 'RECTANGULAR_96', 57, 45],
    ]);
    const rows = readFileSync(fixturePath('rdml/volume_machine_cq.tsv'), 'utf8')
      .split(/\r?\n/)
      .filter((row) => /^[A-P]\d+$/.test(row.split('\t')[2] ?? ''));
    // awk -F'\t' '$3 ~ /^[A-P][0-9]+$/' over the TSV: 112 data rows (repeated headers skipped).
    expect(rows.length).toBe(112);
    for (const row of rows) {
      const [experiment, , well, sample, target] = row.split('\t');
      const run = runs.find((candidate) => candidate.experimentId === experiment);
      const parsed = run?.wells.find((candidate) => candidate.position === well);
      expect({
        experiment,
        well,
        sample: parsed?.sampleName,
        target: (parsed?.channels.SYBR as RdmlWellChannel | undefined)?.target,
      }).toEqual({
        experiment,
        well,
        sample,
        target,
      });
    }
  });

  it('Vermeulen: 64 plates, one per gene, 15 wells each; the ALUsq run has 45 cycles', () => {
    const runs = parseAllRdmlRuns([fixtureFile('benchmarks/data_vermeulen_std_150000_15.rdml')]);
    expect(runs).toHaveLength(64);
    expect(runs.every((run) => run.wells.length === 15 && run.plateType === 'RECTANGULAR_384')).toBe(true);
    const alu = runs.find((run) => run.runIds[0].startsWith('ALUsq'));
    expect(alu?.cycleCount).toBe(45);
    expect(runs[0].wells.map((well) => well.sampleName)).toContain('STD_150000');
  });

  it('reads a plain .xml RDML (no zip) and an inner XML not called rdml_data.xml alike', () => {
    const { xml } = rawDocuments('biorad-cfx/BioRad_qPCR_melt.rdml');
    const plain: RunFile = { name: 'export.bin', content: Buffer.from(xml, 'utf8') };
    expect(rdmlParser.detect([plain])).toBe(true);
    const fromXml = parseAllRdmlRuns([plain])[0];
    const fromZip = parseAllRdmlRuns([fixtureFile('biorad-cfx/BioRad_qPCR_melt.rdml')])[0];
    expect(fromXml.wells).toEqual(fromZip.wells);
  });

  it('detects by content, not by name', () => {
    const lc480 = fixtureFile('roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt', 'run.rdml');
    const rex = fixtureFile('qiagen-rotorgene/slc6a2_cell_lines_B_64oC_170617.rex', 'run.rdml');
    expect(rdmlParser.detect([lc480])).toBe(false);
    expect(rdmlParser.detect([rex])).toBe(false);
    expect(
      rdmlParser.detect([fixtureFile('thermo-quantstudio/appbio_quantstudio_example08.xlsx', 'run.rdml')]),
    ).toBe(false);
    expect(rdmlParser.detect([fixtureFile('roche-lc96/lc96_bACTXY.rdml', 'renamed.zip')])).toBe(true);
  });

  it('refuses several files as one RDML run with a RunFileError', () => {
    const file = fixtureFile('biorad-cfx/BioRad_384.rdml');
    expect(() => parseAllRdmlRuns([file, file])).toThrow(RunFileError);
  });
});

/** LC96 react ids are 1..96 row by row: A1 = 1, H12 = 96. */
function reactNumber(position: string): number {
  return ROWS.indexOf(position[0]) * 12 + Number(position.slice(1));
}
