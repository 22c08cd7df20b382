/** Generated inputs of the parse bench: a large CFX workbook and an oversize sheet. */
import * as XLSX from '@e965/xlsx';
import { strToU8, zipSync } from 'fflate';
import type { RunFile } from '@amplio/domain';

/** A CFX Maestro-like "Quantification Amplification Results" workbook: one sheet per fluor. */
export function generatedBioRadXlsx(): RunFile {
  const positions: string[] = [];
  for (let row = 0; row < 16; row += 1)
    for (let column = 1; column <= 24; column += 1)
      positions.push(`${String.fromCharCode(65 + row)}${column}`);
  const workbook = XLSX.utils.book_new();
  ['FAM', 'HEX', 'ROX', 'Cy5'].forEach((fluor, fluorIndex) => {
    const rows: Array<Array<string | number | null>> = [[null, 'Cycle', ...positions]];
    for (let cycle = 1; cycle <= 50; cycle += 1) {
      rows.push([
        null,
        cycle,
        ...positions.map((_position, well) => {
          const midpoint = 18 + ((well * 7 + fluorIndex * 3) % 15);
          return 5000 / (1 + Math.exp(-(cycle - midpoint) / 1.6)) + ((well * 13 + cycle) % 7);
        }),
      ]);
    }
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), fluor);
  });
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([
      ['File Name', 'generated.pcrd'],
      ['Run Started', '11/21/2026 06:00:00 UTC'],
      ['Base Serial Number', 'GEN00001'],
    ]),
    'Run Information',
  );
  return {
    name: 'generated - Quantification Amplification Results.xlsx',
    content: XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  };
}

/** A QuantStudio-like workbook whose Results sheet inflates to about `sheetBytes` (highly compressible). */
export function oversizeSheetXlsx(sheetBytes: number): { file: RunFile; sheetBytes: number } {
  const row = (index: number): string =>
    `<row r="${index}"><c r="A${index}"><v>1</v></c><c r="B${index}" t="inlineStr"><is><t>A1</t></is></c></row>`;
  const parts: string[] = ['<?xml version="1.0"?><worksheet><sheetData>'];
  let size = parts[0].length;
  for (let index = 1; size < sheetBytes; index += 1) {
    const text = row(index);
    parts.push(text);
    size += text.length;
  }
  parts.push('</sheetData></worksheet>');
  const sheet = strToU8(parts.join(''));
  const content = zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0"?><workbook xmlns:r="r"><sheets><sheet name="Results" sheetId="1" r:id="rId1"/><sheet name="Amplification Data" sheetId="2" r:id="rId2"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="worksheets/sheet2.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': sheet,
    'xl/worksheets/sheet2.xml': strToU8('<worksheet><sheetData/></worksheet>'),
  });
  return { file: { name: 'oversize.xlsx', content: Buffer.from(content) }, sheetBytes: sheet.length };
}
