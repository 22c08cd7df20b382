import { readFileSync } from 'fs';
import { join } from 'path';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { generateExportRun } from './testing/export-run-generator';
import { writeXml } from './xml-writer';

const SCHEMA = readFileSync(join(__dirname, '../../../docs/export-schema.xsd'), 'utf8');

async function validate(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'export.xml', contents: xml }],
    schema: [{ fileName: 'export-schema.xsd', contents: SCHEMA }],
  });
  return result.errors.map((error) => error.rawMessage);
}

interface ParsedWell {
  '@_id': string;
  '@_position': string;
  name: string;
  channel: Array<{ '@_name': string; cq?: string; endRfu?: string; instrumentCq?: string }>;
  ratio?: string;
  effectiveResult?: { '#text': string; '@_color': string };
  override?: { '#text': string; '@_by': string; '@_at': string };
  comment?: Array<{ '#text': string; '@_author': string; '@_at': string }>;
}

function readWells(xml: string): ParsedWell[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: false,
    htmlEntities: true,
    isArray: (name) => ['well', 'channel', 'comment', 'lot', 'kit'].includes(name),
  });
  const document = parser.parse(xml) as { runExport: { wells: { well: ParsedWell[] } } };
  return document.runExport.wells.well;
}

describe('writeXml', () => {
  it.each(['RECTANGULAR_96', 'RECTANGULAR_384'] as const)(
    'writes a %s run that validates against docs/export-schema.xsd',
    async (plateType) => {
      const run = generateExportRun(plateType, 'fr-FR');
      const xml = writeXml(run).toString('utf8');
      expect(await validate(xml)).toEqual([]);
      const wells = readWells(xml);
      expect(wells.map((well) => well['@_position'])).toEqual(run.wells.map((well) => well.position));
      wells.forEach((read, index) => {
        const well = run.wells[index];
        expect(read['@_id']).toBe(well.id);
        expect(read.name).toBe(well.name);
        expect(read.effectiveResult?.['#text']).toBe((well.override?.result ?? well.suggestedResult)?.label);
        expect(read.override?.['@_by']).toBe(well.override?.by);
      });
    },
  );

  it('keeps text exactly (no spreadsheet neutralisation), CR included, and rounds numbers', async () => {
    const xml = writeXml(generateExportRun()).toString('utf8');
    expect(await validate(xml)).toEqual([]);
    const wells = readWells(xml);
    const well = (position: string): ParsedWell =>
      wells.find((w) => w['@_position'] === position) as ParsedWell;
    expect(well('A2').name).toBe('=HYPERLINK("http://evil.example","x")');
    expect(well('A1').comment?.[0]['#text']).toBe('Line one\r\nline two, "quoted"');
    expect(well('A1').comment?.[0]['@_author']).toBe('Zoë Lefèvre');
    expect(well('A4').channel[0]).toMatchObject({
      '@_name': 'FAM',
      cq: '1.01',
      endRfu: '-12.35',
      instrumentCq: '1.02',
    });
    expect(well('A4').ratio).toBe('-0.12345679');
    expect(well('A5').channel[0]).toMatchObject({ '@_name': 'FAM', endRfu: '3.14' });
    expect(well('A5').channel[0].cq).toBeUndefined();
    expect(well('A5').channel[0].instrumentCq).toBeUndefined();
    expect(well('A5').effectiveResult).toBeUndefined();
    expect(well('B1').override).toEqual({
      '#text': 'Sick',
      '@_color': '#C62828',
      '@_by': 'Dr Ève Martin',
      '@_at': '2026-11-21T16:45:00.000Z',
    });
    expect(xml).toContain('<notice>For Research Use Only</notice>');
  });

  it('exports only the selected wells and the schema refuses a file that breaks it', async () => {
    const xml = writeXml(generateExportRun(), { wellIds: ['well-2'] }).toString('utf8');
    expect(readWells(xml).map((well) => well['@_position'])).toEqual(['A2']);
    expect(await validate(xml)).toEqual([]);
    expect(await validate(xml.replace('position="A2"', 'position="Z99"'))).not.toEqual([]);
    expect(await validate(xml.replace(/<ratio>[^<]*/, '<ratio>1.123456789'))).not.toEqual([]);
  });
});
