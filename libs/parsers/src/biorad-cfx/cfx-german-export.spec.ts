import { parseRunFiles } from '../index';

/**
 * A German CFX Manager 3.1 export, as the public runs of derele/Eimeria_Lab (CFX Connect) write it:
 * ";" separators, decimal commas, CRLF, "n. def." for no Cq, and the Gene Expression tables of the
 * same folder beside the quantification files (files derived here, not copied).
 */
const PREFIX = 'admin_2019-05-29 14-29-53_CC011384 -  ';

function file(name: string, lines: string[]) {
  return { name: `${PREFIX}${name}`, content: Buffer.from(lines.join('\r\n') + '\r\n', 'latin1') };
}

const amplification = file('Quantification Amplification Results_SYBR.csv', [
  ';Cycle;A1;A2',
  ...Array.from({ length: 12 }, (_value, index) => {
    const cycle = index + 1;
    const rising = cycle < 6 ? 0.5 * cycle : 40 * (cycle - 5);
    return `;${cycle};${String(rising.toFixed(4)).replace('.', ',')};${String((0.1 * cycle).toFixed(4)).replace('.', ',')}`;
  }),
]);

const cqResults = file('Quantification Cq Results_0.csv', [
  ';Well;Fluor;Target;Content;Sample;Biological Set Name;Cq;Cq Mean;Cq Std. Dev;Starting Quantity (SQ);Log Starting Quantity;SQ Mean;SQ Std. Dev;Set Point;Well Note',
  ';A01;SYBR;;Unkn;LM36;;6,2500;6,2500;0;n. def.;n. def.;0;0;60;',
  ';A02;SYBR;;Neg Ctrl;;;n. def.;0;0;n. def.;n. def.;0;0;60;',
]);

const geneExpression = [
  file('Gene Expression Results - Bar Chart_0.csv', [
    ';Data Set;Target;Sample;Ctrl;Relative Quantity;Relative Quantity SD',
    ';1;GAPDH;LM36;False;1;0',
  ]),
  file('Gene Expression Results - Clustergram_0.csv', [';True;Target;Sample;Normalized Expression']),
  file('Gene Expression Results - Heat Map_0.csv', [';Target;Sample;Regulation']),
  file('Gene Expression Results - Scatter Plot_0.csv', [
    ';True;Target;LM36 Normalized Expression;LM37 Normalized Expression;LM37 Regulation',
  ]),
  file('Gene Expression Results - Summary_0.csv', [
    ';Target;Sample;Mean Cq;Mean Efficiency Corrected Cq;Normalized Expression;Regulation',
  ]),
  file('Gene Expression Results - Volcano Plot_0.csv', [';True;Target;Sample;Regulation;P-Value']),
];

describe('German CFX Manager export', () => {
  it('reads "n. def." as no Cq and decimal commas as numbers', async () => {
    const run = await parseRunFiles([amplification, cqResults]);
    const [a1, a2] = run.wells;
    expect(a1.channels.SYBR.instrumentCq).toBe(6.25);
    expect(a2.channels.SYBR.instrumentCq).toBeNull();
    expect(a1.channels.SYBR.curve?.fluorescence[11]).toBe(280);
  });

  it('accepts the Gene Expression tables of the same folder without reading them', async () => {
    const run = await parseRunFiles([amplification, cqResults, ...geneExpression]);
    expect(run.wells.map((well) => well.position)).toEqual(['A1', 'A2']);
    expect(run.wells[0].channels.SYBR.instrumentCq).toBe(6.25);
  });
});
