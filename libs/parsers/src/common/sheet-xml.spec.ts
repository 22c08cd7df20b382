import { strToU8, zipSync } from 'fflate';
import { RunFileError } from '@amplio/domain';
import { parseRunFiles } from '../index';
import { ImportFileError } from './import-errors';
import { MAX_SHEET_XML_BYTES } from './limits';
import { SheetXmlScanner, columnIndex } from './sheet-xml';

function workbook(sheetXml: Uint8Array, declaredLie = false) {
  const entries = {
    '[Content_Types].xml': strToU8('<Types/>'),
    'xl/workbook.xml': strToU8(
      '<workbook xmlns:r="r"><sheets><sheet name="Results" sheetId="1" r:id="rId1"/><sheet name="Amplification Data" sheetId="2" r:id="rId2"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': sheetXml,
    'xl/worksheets/sheet2.xml': strToU8('<worksheet><sheetData/></worksheet>'),
  };
  const zip = Buffer.from(zipSync(entries));
  if (declaredLie) {
    // Make the central directory declare 1 MiB for sheet1.xml (it inflates to far more).
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    for (
      let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      at >= 0;
      at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
    ) {
      if (zip.subarray(at + 46, at + 46 + name.length).equals(name)) zip.writeUInt32LE(1024 * 1024, at + 24);
    }
  }
  return { name: 'big.xlsx', content: zip };
}

function hugeSheet(bytes: number): Uint8Array {
  const row = '<row><c t="inlineStr"><is><t>A1</t></is></c><c><v>1</v></c></row>';
  return strToU8(
    `<worksheet><sheetData>${row.repeat(Math.ceil(bytes / row.length))}</sheetData></worksheet>`,
  );
}

describe('streaming sheet reader', () => {
  it('reads rows split across pieces, skipped rows and cells, every cell type', () => {
    const scanner = new SheetXmlScanner(['shared', 'Well'], 100);
    const xml =
      '<sheetData><row r="1"><c r="A1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>a &amp; b</t></is></c></row>' +
      '<row r="3"><c r="B3"><v>2.5</v></c><c r="C3" t="b"><v>1</v></c><c r="D3" t="e"><v>#N/A</v></c><c r="E3" t="str"><v>x</v></c><c r="F3" s="1"/></row></sheetData>';
    for (let at = 0; at < xml.length; at += 7) scanner.push(xml.slice(at, at + 7));
    expect(scanner.finish()).toEqual([['Well', null, 'a & b'], [], [null, 2.5, true, null, 'x', null]]);
    expect(columnIndex('AB')).toBe(27);
  });

  it('refuses more rows than the limit while reading', () => {
    const scanner = new SheetXmlScanner([], 2);
    expect(() => scanner.push('<row r="3"><c><v>1</v></c></row>')).toThrow('more than 2 rows');
  });
});

describe('oversize sheets are refused as soon as the limit is crossed', () => {
  it('from the declared size, before inflating anything', async () => {
    const file = workbook(hugeSheet(MAX_SHEET_XML_BYTES + 1024));
    const cpu = process.cpuUsage();
    const error: unknown = await parseRunFiles([file]).then(
      () => null,
      (caught: unknown) => caught,
    );
    const used = process.cpuUsage(cpu);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as ImportFileError).messageKey).toBe('errorImportSheetTooLarge');
    expect((error as ImportFileError).params.sheet).toBe('Results');
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
  });

  it('while inflating, when the declared size lies', async () => {
    const file = workbook(hugeSheet(8 * 1024 * 1024), true);
    const error: unknown = await parseRunFiles([file]).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RunFileError);
    expect((error as RunFileError).detail).toMatch(/inflates past its declared|larger than/);
  });
});
