import { PlainRowReader } from './sheet-xml-plain';
import { SheetXmlScanner } from './sheet-xml';

const STRINGS = ['Well', 'Cycle', 'FAM'];

function scan(xml: string): unknown[][] {
  const scanner = new SheetXmlScanner(STRINGS, 1000);
  scanner.push(xml);
  return scanner.finish();
}

function plain(row: string): unknown[] | null {
  return new PlainRowReader(STRINGS).read(row, 0, row.length);
}

describe('the one-pass reading of plain sheet rows', () => {
  it('reads the cells instruments write, white space between elements (CFX Maestro) or none', () => {
    const row =
      '\r\n  <c r="A1" s="5" />\r\n  <c r="B1" s="3" t="s">\r\n    <v>1</v>\r\n  </c>' +
      '<c r="C1"><v>12.5</v></c><c r="D1" t="n"><v>3.0000672020488524</v></c><c r="E1" s="2"></c>' +
      '<c r="F1" t="inlineStr"><is><t>x&lt;y</t></is></c><c r="G1" t="str"><v>a &amp; b</v></c>' +
      '<c r="H1" t="b"><v>1</v></c><c r="I1" t="e"><v>#N/A</v></c><c r="K1"><v>-7</v></c></row>';
    const cells = [null, 'Cycle', 12.5, 3.0000672020488524, null, 'x<y', 'a & b', true, null, null, -7];
    expect(plain(row)).toEqual(cells);
    expect(scan(`<sheetData><row r="1">${row}</sheetData>`)).toEqual([cells]);
  });

  it('gives up on any other shape, which the general reading then reads the same as before', () => {
    const others = [
      '<c r="A1"><f>SUM(B1)</f><v>7</v></c></row>',
      '<c r="A1" t="inlineStr"><is><r><t>a</t></r><r><t>b</t></r></is></c></row>',
      '<c r="A1" t="inlineStr"></c></row>',
      '<c r="A1" t="inlineStr"> <is><t>a</t></is></c></row>',
      '<c r="A1"><v>1</v></c><extLst/></row>',
      '<c r="A1"><v>1</v></c>',
      '<x:c r="A1"><x:v>1</x:v></x:c></row>',
    ];
    for (const row of others) expect(plain(row)).toBeNull();
    expect(scan(`<sheetData><row r="1">${others[0]}</sheetData>`)).toEqual([[7]]);
    expect(scan(`<sheetData><row r="1">${others[1]}</sheetData>`)).toEqual([['ab']]);
    expect(scan(`<sheetData><row r="1">${others[2]}</sheetData>`)).toEqual([['']]);
    expect(scan(`<sheetData><row r="1">${others[4]}</sheetData>`)).toEqual([[1]]);
  });

  it('skips text between elements as the general reading does', () => {
    const row = 'x<c r="A1">abc<v>1</v>junk</c> text <c r="B1"/><c r="C1">n</c></row>';
    expect(plain(row)).toEqual([1, null, null]);
    expect(scan(`<sheetData><row r="1">${row}</sheetData>`)).toEqual([[1, null, null]]);
  });

  it('finds the attributes of each tag, whatever the cells around it hold', () => {
    const row =
      '<c r="A1"><v>1</v></c><c r="B1" t="inlineStr"><is><t>a t="s" r="Z9"</t></is></c>' +
      '<c><v>2</v></c><c s="1" t="s"><v>0</v></c><c r="F1"><v>3</v></c></row>';
    expect(plain(row)).toEqual([1, 'a t="s" r="Z9"', 2, 'Well', null, 3]);
    const reader = new PlainRowReader(STRINGS);
    expect(reader.read(row, 0, row.length)).toEqual([1, 'a t="s" r="Z9"', 2, 'Well', null, 3]);
    reader.reset();
    expect(reader.read('<c t="s"><v>1</v></c></row>', 0, 27)).toEqual(['Cycle']);
  });

  it('keeps the first of two cells written for one column, and reads cells without references in order', () => {
    const row = '<c r="B1"><v>1</v></c><c r="A1"><v>2</v></c><c><v>3</v></c></row>';
    expect(plain(row)).toEqual([null, 1, 3]);
    expect(scan(`<sheetData><row r="1">${row}</sheetData>`)).toEqual([[null, 1, 3]]);
  });

  it('reads numbers as Number() does, in place or not', () => {
    const values = ['0.1', '-0', '1e3', '17.000000000000004', '3.121501203716398', ' 4 ', 'NaN', ''];
    const row = `${values.map((value) => `<c><v>${value}</v></c>`).join('')}</row>`;
    const expected = [0.1, -0, 1000, 17.000000000000004, 3.121501203716398, 4, 'NaN', ''];
    expect(plain(row)).toEqual(expected);
    expect(Object.is(plain(row)?.[1], -0)).toBe(true);
  });
});
