import { parseRunFiles } from '../index';

/**
 * CFX Manager 1.x Cq tables (the C1000 exports of the public pyQPCR test data): tab-separated,
 * CRLF with a blank line after rows, decimal commas, "N/A" for no Cq, and the Cq column headed
 * "C(t)" or "Threshold Cycle ( C(t) )" with "C(t) Mean" and "C(t) Std. Dev" (derived here).
 */
function table(name: string, header: string[], rows: string[][]) {
  const lines = [header, ...rows].map((cells) => ['', ...cells].join('\t'));
  return { name, content: Buffer.from(lines.join('\r\n\r\n') + '\r\n') };
}

describe('CFX Manager 1.x Cq tables', () => {
  it('reads "C(t)" as the Cq column, decimal commas and N/A', async () => {
    const run = await parseRunFiles([
      table(
        'c1000_1.txt',
        ['Well', 'Fluor', 'Content', 'Sample', 'C(t)'],
        [
          ['A01', 'SYBR', 'Unkn', '', '25,79'],
          ['A02', 'SYBR', 'Unkn', '', 'N/A'],
        ],
      ),
    ]);
    expect(run.wells.map((well) => [well.position, well.channels.SYBR.instrumentCq])).toEqual([
      ['A1', 25.79],
      ['A2', null],
    ]);
  });

  it('reads "Threshold Cycle ( C(t) )" with its Mean and Std. Dev columns as a Cq Results table', async () => {
    const run = await parseRunFiles([
      table(
        'c1000_2.txt',
        [
          'Well',
          'Fluor',
          'Content',
          'Target',
          'Sample',
          'Threshold Cycle ( C(t) )',
          'C(t) Mean',
          'C(t) Std. Dev',
        ],
        [['A01', 'SYBR', 'Std', 'GAPDH', 'no', '27,15', '27,15', '0,000']],
      ),
    ]);
    expect(run.wells[0].channels.SYBR.instrumentCq).toBe(27.15);
    expect(run.wells[0].sampleName).toBe('no');
  });
});
