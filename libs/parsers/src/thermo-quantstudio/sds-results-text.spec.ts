import { zipSync } from 'fflate';
import { detectFormat, parseRunFiles } from '../index';

/**
 * The 7500 SDS "Results" text export with amplification data, in the layout of a public run
 * (guillermodeandajauregui/qPCR_pipeline_COVID19, data/analysis_result_ejemplo.txt: CDC SARS-CoV-2
 * assay, 40 cycles), built here: values are made up, the layout is the export's.
 */
function reads(from: number, rise: number): string {
  return Array.from({ length: 40 }, (_value, index) => {
    const cycle = index + 1;
    return (from + rise / (1 + Math.exp(-(cycle - 26) / 1.5))).toPrecision(8);
  }).join('\t');
}

function block(well: number, sample: string, detector: string, ct: string, rise: number): string[] {
  return [
    `${well}\t${sample}\t${detector}\tTarget\t${ct}\t\t\t\t\t\t`,
    `Rn values\t${reads(1, rise)}`,
    `Delta Rn values\t${reads(0, rise)}`,
    `DDCT Values\t${well}\t\t${sample}\t${detector}\tTarget\t${ct}\t\t\t\t\t\t\t\t\tfalse\t`,
    // QuantStudio 6/7 Flex 1.7 .eds analysis results add standard-curve rows to each well.
    `Std Curve Results\t${detector}\t0.9968\t-3.1637\t2613.7\t37.746\t0.0417`,
    `Std Curve Results X Values\t1.0\t2.0`,
  ];
}

/** An export of `blocks` under the Session Name line and `header`, CRLF line ends. */
function sdsExport(header: string, blocks: string[][], end = ''): { name: string; content: Buffer } {
  return {
    name: 'analysis_result.txt',
    content: Buffer.from(['Session Name\t', header, ...blocks.flat()].join('\r\n') + end),
  };
}

const file = sdsExport(
  'Well\tSample Name\tDetector\tTask\tCt\tAvg Ct\tCt SD\tDelta Ct\tQty\tAvg Qty\tQty SD',
  [
    block(0, 'Agua', 'ORF1ab', '40.0', 0),
    block(0, 'Agua', 'RNAsaP', '40.0', 0),
    block(24, 'ControlPos', 'ORF1ab', '27.42105', 2),
    block(24, 'ControlPos', 'RNAsaP', '40.0', 0),
  ],
  '\r\n',
);

describe('7500 SDS results text export', () => {
  it('is detected by its Session Name line and header', () => {
    expect(detectFormat(file).parserId).toBe('thermo-7500-sds-txt');
  });

  it('reads wells numbered from 0, detectors as channels, Delta Rn curves, and a Ct at the last cycle as none', async () => {
    const run = await parseRunFiles([file]);
    expect(run.plateType).toBe('RECTANGULAR_96');
    expect(run.wells.map((well) => [well.position, well.sampleName])).toEqual([
      ['A1', 'Agua'],
      ['C1', 'ControlPos'],
    ]);
    expect(run.channels.map((channel) => channel.originalName)).toEqual(['ORF1ab', 'RNAsaP']);
    const [water, control] = run.wells;
    expect(water.channels.ORF1AB.instrumentCq).toBeNull();
    expect(control.channels.ORF1AB.instrumentCq).toBe(27.42105);
    expect(control.channels.RNASAP.instrumentCq).toBeNull();
    const curve = control.channels.ORF1AB.curve;
    expect(curve?.kind).toBe('baseline-corrected');
    expect(curve?.cycles).toHaveLength(40);
    expect(curve?.fluorescence[39]).toBeCloseTo(2, 3);
  });

  it("recovers a detector's threshold from the Cts of its wells when they agree (the export holds none)", async () => {
    const twoControls = sdsExport('Well\tSample Name\tDetector\tTask\tCt', [
      block(24, 'ControlPos', 'ORF1ab', '27.42105', 2),
      block(36, 'ControlPos', 'ORF1ab', '27.42105', 2),
    ]);
    const run = await parseRunFiles([twoControls]);
    const threshold = run.wells[0].channels.ORF1AB.instrumentThreshold;
    // The reads' value at Ct 27.42105, linearly interpolated: 2 / (1 + e^-((c - 26) / 1.5)) between cycles 27 and 28.
    const at = (cycle: number) => 2 / (1 + Math.exp(-(cycle - 26) / 1.5));
    expect(threshold).toBeCloseTo(at(27) + 0.42105 * (at(28) - at(27)), 6);
    expect(run.wells[1].channels.ORF1AB.instrumentThreshold).toBe(threshold);
    expect((run.notes ?? []).some((note) => note.startsWith('7500 threshold for ORF1AB recovered'))).toBe(
      true,
    );
  });

  it('reads an .eds run file (a zip) through the analysis result it holds', async () => {
    const eds = {
      name: 'DEMO.eds',
      content: Buffer.from(zipSync({ 'apldbio/sds/analysis_result.txt': new Uint8Array(file.content) })),
    };
    expect(detectFormat(eds).parserId).toBe('thermo-7500-sds-txt');
    const fromEds = await parseRunFiles([eds]);
    const fromText = await parseRunFiles([file]);
    expect(fromEds.wells).toEqual(fromText.wells);
  });

  it('a results table without its Detector column is refused, naming it', async () => {
    const broken = {
      name: file.name,
      content: Buffer.from(file.content.toString('utf8').replace('\tDetector\t', '\tTarget\t')),
    };
    await expect(parseRunFiles([broken])).rejects.toMatchObject({
      detail: expect.stringContaining('Detector') as unknown,
    });
  });
});
