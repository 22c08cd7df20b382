import { readFileSync } from 'fs';
import { deflateSync, strFromU8, unzipSync } from 'fflate';
import { RunFileError, type RunFile } from '@amplio/domain';
import { MAX_ZIP_ENTRIES } from '../common/limits';
import { parseAllRdmlRuns, rdmlParser } from './rdml-parser';
import { fixturePath } from './testing/fixture-files';
import { rejectedWithin as rejectedWithinBudget } from './testing/timing';
import { buildZip, deflateBomb } from './testing/zip-builder';

/** Parses and expects a RunFileError within a second (CPU time; see testing/timing.ts). */
function rejectedWithin(file: RunFile, limitMs = 1000): RunFileError {
  return rejectedWithinBudget(() => parseAllRdmlRuns([file]), limitMs);
}

const stepOneZip = readFileSync(fixturePath('thermo-7500-stepone/stepone_std.rdml'));
const stepOneXml = strFromU8(unzipSync(new Uint8Array(stepOneZip))['rdml_data.xml']);

const ENTITY_BOMB = `<?xml version="1.0"?>
<!DOCTYPE rdml [
  <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
  <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
  <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
  <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
  <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">
]>
<rdml version="1.1" xmlns="http://www.rdml.org"><experiment id="x"><run id="r"><react id="A1"><sample id="&g;"/></react></run></experiment></rdml>`;

describe('rdmlParser on malformed input', () => {
  it('a truncated zip: corrupted-file error naming the file', () => {
    const cut = stepOneZip.subarray(0, Math.floor(stepOneZip.length / 2));
    const error = rejectedWithin({ name: 'cut.rdml', content: Buffer.from(cut) });
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toMatch(/^cut\.rdml: .*truncated/);
  });

  it('a zip whose entry is cut inside its deflate stream: corrupted-file error', () => {
    const xml = unzipSync(new Uint8Array(stepOneZip))['rdml_data.xml'];
    const stream = deflateSync(xml);
    const broken = buildZip([
      {
        name: 'rdml_data.xml',
        data: stream.subarray(0, stream.length >> 1),
        raw: true,
        declaredSize: xml.length,
      },
    ]);
    expect(rejectedWithin({ name: 'half.rdml', content: Buffer.from(broken) }).key).toBe(
      'errorImportCorruptedFile',
    );
  });

  it('a DOCTYPE entity bomb, plain or zipped: refused before any entity is expanded', () => {
    const plain = rejectedWithin({ name: 'bomb.xml', content: Buffer.from(ENTITY_BOMB) });
    expect(plain.key).toBe('errorImportInvalidFile');
    expect(plain.detail).toMatch(/bomb\.xml: .*DOCTYPE/);
    expect(rdmlParser.detect([{ name: 'bomb.xml', content: Buffer.from(ENTITY_BOMB) }])).toBe(true);
    const zipped = buildZip([{ name: 'rdml_data.xml', data: Buffer.from(ENTITY_BOMB) }]);
    expect(rejectedWithin({ name: 'bomb.rdml', content: Buffer.from(zipped) }).detail).toMatch(/DOCTYPE/);
  });

  it('a zip that inflates to 1 GB and says so: refused from its directory', () => {
    const bomb = deflateBomb(1 << 30);
    const zip = buildZip([{ name: 'rdml_data.xml', data: bomb, raw: true, declaredSize: 1 << 30 }]);
    const error = rejectedWithin({ name: 'gigabyte.rdml', content: Buffer.from(zip) });
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toMatch(/over the limit|limit/);
  });

  it('a zip that inflates to 1 GB but declares 2 kB: inflation stops at the declared size', () => {
    const bomb = deflateBomb(1 << 30);
    const zip = buildZip([{ name: 'rdml_data.xml', data: bomb, raw: true, declaredSize: 2048 }]);
    const error = rejectedWithin({ name: 'liar.rdml', content: Buffer.from(zip) });
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toMatch(/inflates past/);
  });

  it('a zip with more entries than the limit: refused', () => {
    const entries = Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, index) => ({
      name: `e${index}.txt`,
      data: Uint8Array.of(index & 0xff),
    }));
    expect(rejectedWithin({ name: 'many.rdml', content: Buffer.from(buildZip(entries)) }).detail).toMatch(
      /entries/,
    );
  });

  it('XML cut in the middle: corrupted-file error', () => {
    const cut = stepOneXml.slice(0, Math.floor(stepOneXml.length * 0.6));
    const error = rejectedWithin({ name: 'cut.xml', content: Buffer.from(cut) });
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toMatch(/never closed|not well-formed/);
  });

  it('a fluorescence that is not a number: invalid-file error naming the react and cycle', () => {
    const bad = stepOneXml.replace('<fluor>0.689337</fluor>', '<fluor>zero</fluor>');
    const error = rejectedWithin({ name: 'bad.xml', content: Buffer.from(bad) });
    expect(error.key).toBe('errorImportInvalidFile');
    expect(error.detail).toMatch(/react A1 target RNase P: adp fluor at cycle 1/);
  });

  it('a numeric react id beyond the pcrFormat: invalid-file error', () => {
    const xml = `<rdml version="1.2" xmlns="http://www.rdml.org"><target id="t"><dyeId id="FAM"/></target><experiment id="e"><run id="r"><pcrFormat><rows>8</rows><columns>12</columns><rowLabel>ABC</rowLabel><columnLabel>123</columnLabel></pcrFormat><react id="97"><data><tar id="t"/><adp><cyc>1</cyc><fluor>1</fluor></adp></data></react></run></experiment></rdml>`;
    expect(rejectedWithin({ name: 'outside.xml', content: Buffer.from(xml) }).detail).toMatch(
      /react id 97 outside the 8 x 12/,
    );
  });

  it('a zip without an RDML document, and an empty file: invalid-file errors', () => {
    const zip = buildZip([{ name: 'notes.xml', data: Buffer.from('<notes/>') }]);
    expect(rejectedWithin({ name: 'other.rdml', content: Buffer.from(zip) }).detail).toMatch(
      /no XML document whose root element is <rdml>/,
    );
    expect(rejectedWithin({ name: 'empty.rdml', content: Buffer.alloc(0) }).detail).toMatch(/empty file/);
  });

  it('without pcrFormat, lays numeric react ids row by row on the smallest plate that holds them', () => {
    const xml = (id: number): string =>
      `<rdml version="1.0" xmlns="http://www.rdml.org"><target id="t"><dyeId>FAM</dyeId></target><experiment id="e"><run id="r"><pcrFormat>free format</pcrFormat><react id="${id}"><data><tar id="t"/><adp><cyc>1</cyc><fluor>1</fluor></adp></data></react></run></experiment></rdml>`;
    const small = parseAllRdmlRuns([{ name: 'free.xml', content: Buffer.from(xml(13)) }])[0];
    expect([small.plateType, small.wells[0].position]).toEqual(['RECTANGULAR_96', 'B1']);
    const large = parseAllRdmlRuns([{ name: 'free.xml', content: Buffer.from(xml(100)) }])[0];
    expect([large.plateType, large.wells[0].position]).toEqual(['RECTANGULAR_384', 'E4']);
    expect(rejectedWithin({ name: 'free.xml', content: Buffer.from(xml(385)) }).detail).toMatch(
      /react id 385 outside the 16 x 24 plate/,
    );
  });

  it('a rotor written as a 72 x 1 pcrFormat is laid row by row on a 96-well plate (tube 13 = B1)', () => {
    const xml = `<rdml version="1.2" xmlns="http://www.rdml.org"><target id="t"><dyeId id="FAM"/></target><experiment id="e"><run id="r"><pcrFormat><rows>72</rows><columns>1</columns><rowLabel>123</rowLabel><columnLabel>123</columnLabel></pcrFormat><react id="13"><data><tar id="t"/><adp><cyc>1</cyc><fluor>1</fluor></adp></data></react><react id="72"><data><tar id="t"/><adp><cyc>1</cyc><fluor>1</fluor></adp></data></react></run></experiment></rdml>`;
    const [run] = parseAllRdmlRuns([{ name: 'rotor.xml', content: Buffer.from(xml) }]);
    expect(run.plateType).toBe('RECTANGULAR_96');
    expect(run.wells.map((well) => well.position)).toEqual(['B1', 'F12']);
  });

  it('maps a numeric react id row by row, and reads rdml:-prefixed elements like unprefixed ones', () => {
    const xml = `<rdml:rdml version="1.3" xmlns:rdml="http://www.rdml.org"><rdml:dye id="HEX"/><target id="t"><rdml:dyeId id="HEX"/></target><rdml:experiment id="e"><run id="r"><pcrFormat><rows>8</rows><columns>12</columns><rowLabel>ABC</rowLabel><columnLabel>123</columnLabel></pcrFormat><rdml:react id="13"><data><tar id="t"/><cq>-1</cq><adp><cyc>1</cyc><fluor>1.5</fluor></adp><adp><cyc>2</cyc><fluor>2.5</fluor></adp></data></rdml:react></run></rdml:experiment></rdml:rdml>`;
    const [run] = parseAllRdmlRuns([{ name: 'prefixed.xml', content: Buffer.from(xml) }]);
    expect(run.wells.map((well) => well.position)).toEqual(['B1']);
    expect(run.wells[0].channels.HEX.curve?.fluorescence).toEqual([1.5, 2.5]);
    expect(run.wells[0].channels.HEX.instrumentCq).toBeNull();
  });
});
