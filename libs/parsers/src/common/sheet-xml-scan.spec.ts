import { SheetXmlScanner } from './sheet-xml';

const STRINGS = ['Well', 'Cycle', 'FAM'];

function scan(xml: string, pieces = 1): unknown[][] {
  const scanner = new SheetXmlScanner(STRINGS, 1000);
  const size = Math.ceil(xml.length / pieces);
  for (let at = 0; at < xml.length; at += size) scanner.push(xml.slice(at, at + size));
  return scanner.finish();
}

describe('the sheet XML scanner (index-based reading of rows and cells)', () => {
  const sheet =
    '<worksheet><sheetData>' +
    '<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>' +
    '<row r="2"></row>' +
    '<row r="3"><c r="A3"><v>1</v></c><c r="C3" s="1"><v>12.5</v></c></row>' +
    '<row r="4"/>' +
    '<row><c r="B5"><f>SUM(A1:A3)</f><v>7</v></c><c r="C5" t="str"><v>a &amp; b</v></c></row>' +
    '<row r="6"><c r="A6" t="b"><v>1</v></c><c r="B6" t="e"><v>#N/A</v></c><c r="C6" t="inlineStr"><is><t>x&lt;y</t></is></c></row>' +
    '<row r="7"><c r="A7" s="2"></c><c r="B7"/><c r="C7" t="n"><v>-3</v></c></row>' +
    '</sheetData></worksheet>';
  const expected = [
    ['Well', 'Cycle', 'FAM'],
    [],
    [1, null, 12.5],
    [],
    [null, 7, 'a & b'],
    [true, null, 'x<y'],
    [null, null, -3],
  ];

  it('reads values by type, columns by reference, and skipped or empty rows as empty', () => {
    expect(scan(sheet)).toEqual(expected);
  });

  it('gives the same rows whatever pieces the XML arrives in', () => {
    for (const pieces of [2, 3, 7, 50]) expect(scan(sheet, pieces)).toEqual(expected);
  });

  it('reads rows and cells without references in order', () => {
    expect(
      scan(
        '<sheetData><row><c><v>1</v></c><c t="s"><v>2</v></c></row><row><c><v>3</v></c></row></sheetData>',
      ),
    ).toEqual([[1, 'FAM'], [3]]);
  });

  it('reads namespace-prefixed rows and cells', () => {
    expect(
      scan('<x:sheetData><x:row r="1"><x:c r="B1" t="s"><x:v>1</x:v></x:c></x:row></x:sheetData>'),
    ).toEqual([[null, 'Cycle']]);
    expect(scan('<sheetData><row r="1"><x:c r="A1"><x:v>4</x:v></x:c></row></sheetData>')).toEqual([[4]]);
  });

  it('reads a numeric sheet without type attributes in time linear in its size', () => {
    // Every cell lacks t="...": a search for the attribute must stay within the cell's tag.
    const row = (r: number): string =>
      `<row r="${r}">${Array.from({ length: 400 }, (_unused, c) => `<c r="${String.fromCharCode(65 + (c % 26))}${r}"><v>${c}.5</v></c>`).join('')}</row>`;
    const small = `<sheetData>${Array.from({ length: 50 }, (_unused, r) => row(r + 1)).join('')}</sheetData>`;
    const large = `<sheetData>${Array.from({ length: 400 }, (_unused, r) => row(r + 1)).join('')}</sheetData>`;
    const time = (xml: string): number => {
      scan(xml);
      const started = performance.now();
      for (let repeat = 0; repeat < 3; repeat += 1) scan(xml);
      return performance.now() - started;
    };
    const ratio = time(large) / time(small);
    // 8x the cells: about 8x the time; a quadratic scan takes about 64x.
    expect(ratio).toBeLessThan(25);
  });
});
