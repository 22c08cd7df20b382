import { zipSync } from 'fflate';
import { parseRunFiles } from './index';

/** Exports Amplio knows and does not read are refused by name (layouts of public files, built here). */
async function refusal(name: string, content: Buffer): Promise<string> {
  const error: unknown = await parseRunFiles([{ name, content }]).then(
    () => null,
    (caught: unknown) => caught,
  );
  return (error as { detail?: string } | null)?.detail ?? '';
}

describe('formats recognised and not read', () => {
  it.each([
    [
      'raw_data_corbett1.csv',
      '"Excel Analysed Data Export"\r\n"(C)Copyright 2003 Corbett Research, Pty Ltd."\r\n"No.";"Name";"Type";"Ct"\r\n',
      /Rotor-Gene "Excel Analysed Data Export".*\.rex/,
    ],
    [
      'SDS_sample.txt',
      'SDS 2.3 RQ Results\t1.2\nFilename\tTestscreen.sdm\nAssay Type\tRQ Study\n',
      /SDS relative-quantification study export/,
    ],
    [
      'raw_data_biorad_opticon.txt',
      'Well / Set\tDye\tContent\tDescription\tEfficiency\tC(t)\nA1\tSBG1\tSample\tVector-B\t1.55\t25.75\n',
      /Bio-Rad Opticon Monitor export/,
    ],
  ])('%s', async (name, text, expected) => {
    expect(await refusal(name, Buffer.from(text))).toMatch(expected);
  });

  it('a Design & Analysis .eds (JSON inside)', async () => {
    const eds = Buffer.from(
      zipSync({
        'summary.json': new Uint8Array(Buffer.from('{}')),
        'primary/analysis_result.json': new Uint8Array(Buffer.from('{}')),
      }),
    );
    expect(await refusal('run.eds', eds)).toMatch(/Design & Analysis \.eds \(JSON inside\).*\.xlsx/);
  });

  it('an unknown text is still "not a run export"', async () => {
    expect(await refusal('notes.txt', Buffer.from('hello\nworld\n'))).toMatch(
      /not a run export Amplio reads/,
    );
  });
});

describe('Bio-Rad iQ5 / MyiQ Cq tables', () => {
  it('reads "Threshold Cycle (Ct)" with Type and Identifier as a Cq Results table', async () => {
    const table = [
      ',Well,Fluor,Type,Identifier,Replicate #,Threshold Cycle (Ct),Ct Mean,Ct Std. Dev',
      ',A01,SYBR,Unkn,CT-Cont,1,25.59,26.13,0.509',
      ',A02,SYBR,Std,Actin7,1,N/A,0,0',
    ].join('\r\n');
    const run = await parseRunFiles([{ name: 'raw_data_biorad_MyIq.csv', content: Buffer.from(table) }]);
    expect(
      run.wells.map((well) => [
        well.position,
        well.sampleName,
        well.sampleRole,
        well.channels.SYBR.instrumentCq,
      ]),
    ).toEqual([
      ['A1', 'CT-Cont', 'Unkn', 25.59],
      ['A2', 'Actin7', 'Std', null],
    ]);
  });
});
