import { createDeflateRaw } from 'zlib';
import * as XLSX from '@e965/xlsx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { RunFileError, type RunFile } from '@amplio/domain';
import { parseRunFiles } from './index';
import { FORMAT_PARSERS } from './parser-registry';
import { MAX_DECOMPRESSED_BYTES, MAX_FILE_BYTES, MAX_ROWS, MAX_ZIP_ENTRIES } from './common/limits';
import { fixtureFile } from './testing/fixture-files';
import { resaveText } from './testing/resave';

const DA_XLSX = 'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx';
const MAESTRO_96 =
  'biorad-cfx/maestro-xlsx-384/2026-0326 LMD spc -  Quantification Amplification Results.xlsx';
const QS_TXT = 'thermo-quantstudio/appbio_quantstudio_example02.txt';
const GIB = 1024 * 1024 * 1024;

/**
 * Parses, expecting a RunFileError; returns it with the CPU time the parse used ("within a
 * second" is CPU time, so a loaded CI machine does not fail it; the wall clock must stay under 5 s).
 */
async function refusal(files: RunFile[]): Promise<{ error: RunFileError; milliseconds: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    await parseRunFiles(files);
  } catch (error) {
    const used = process.cpuUsage(cpu);
    expect(performance.now() - started).toBeLessThan(5000);
    if (!(error instanceof RunFileError)) throw error;
    return { error, milliseconds: (used.user + used.system) / 1000 };
  }
  throw new Error('the input was accepted');
}

function removeSection(text: string, section: string): string {
  const lines = text.split(/\r?\n/);
  const start = lines.indexOf(`[${section}]`);
  let end = start + 1;
  while (end < lines.length && !lines[end].startsWith('[')) end += 1;
  return [...lines.slice(0, start), ...lines.slice(end)].join('\n');
}

/** One zip entry, written by hand so that its declared sizes can lie. */
function handMadeZip(
  entries: Array<{ name: string; data: Uint8Array; method: 0 | 8; declaredSize: number }>,
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.data));
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Raw deflate of `size` zero bytes, produced in a stream (never holds the inflated gigabyte). */
function deflatedZeros(size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflateRaw({ level: 9 });
    const chunks: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflate.on('end', () => resolve(Buffer.concat(chunks)));
    deflate.on('error', reject);
    const block = Buffer.alloc(16 * 1024 * 1024);
    let written = 0;
    const pump = (): void => {
      while (written < size) {
        written += block.length;
        if (!deflate.write(block)) {
          deflate.once('drain', pump);
          return;
        }
      }
      deflate.end();
    };
    pump();
  });
}

const CONTENT_TYPES = strToU8(
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
);

describe('malformed input: every case gives a RunFileError within a second', () => {
  it('a truncated xlsx zip', async () => {
    const file = fixtureFile(DA_XLSX);
    const { error, milliseconds } = await refusal([
      { name: 'run.xlsx', content: file.content.subarray(0, 500_000) },
    ]);
    expect(error.detail).toMatch(/^run\.xlsx: /);
    expect(['errorImportInvalidFile', 'errorImportCorruptedFile']).toContain(error.key);
    expect(milliseconds).toBeLessThan(1000);
  });

  // With a Cq column the same workbook is a run of Cq only (thermo-quantstudio/quantstudio-layouts.spec.ts).
  it('a QuantStudio workbook without its Amplification Data sheet nor a Cq column', async () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      workbook,
      XLSX.utils.aoa_to_sheet([
        ['Block Type', '96-Well 0.2-mL Block'],
        [],
        ['Well', 'Well Position', 'Sample', 'Target', 'Task', 'Reporter'],
        [1, 'A1', 'S1', 'T1', 'UNKNOWN', 'FAM'],
      ]),
      'Results',
    );
    const content = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const { error, milliseconds } = await refusal([{ name: 'run.xlsx', content }]);
    expect(error.key).toBe('errorImportInvalidFile');
    expect(error.detail).toBe('run.xlsx: sheet Amplification Data missing');
    expect(milliseconds).toBeLessThan(1000);
  });

  it('a QuantStudio text export missing its amplification sections and its Cq, or its results', async () => {
    const text = resaveText(
      fixtureFile(QS_TXT),
      'CT',
      { kind: 'drop', column: 'CT' },
      { section: 'Results' },
    ).content.toString('utf8');
    const noCurves = removeSection(removeSection(text, 'Amplification Data'), 'Multicomponent Data');
    const first = await refusal([{ name: 'run.txt', content: Buffer.from(noCurves) }]);
    expect(first.error.detail).toBe('run.txt: section [Amplification Data] missing');
    expect(first.milliseconds).toBeLessThan(1000);
    const noResults = removeSection(removeSection(text, 'Results'), 'Sample Setup');
    const second = await refusal([{ name: 'run.txt', content: Buffer.from(noResults) }]);
    expect(second.error.detail).toBe('run.txt: section [Results] missing');
  });

  it('a DOCTYPE entity bomb inside an xlsx', async () => {
    const entries = unzipSync(new Uint8Array(fixtureFile(MAESTRO_96).content));
    const sheetName = Object.keys(entries).find((name) => /sheet1\.xml$/i.test(name)) ?? '';
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>';
    entries[sheetName] = strToU8(bomb);
    const { error, milliseconds } = await refusal([
      { name: 'bomb.xlsx', content: Buffer.from(zipSync(entries)) },
    ]);
    expect(error.key).toBe('errorImportInvalidFile');
    expect(error.detail).toMatch(/^bomb\.xlsx: .*DOCTYPE/);
    expect(milliseconds).toBeLessThan(1000);
  });

  it('a plain XML DOCTYPE entity bomb', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE rdml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><rdml><id>&b;</id></rdml>';
    const { error, milliseconds } = await refusal([{ name: 'bomb.xml', content: Buffer.from(bomb) }]);
    expect(error.detail).toMatch(/^bomb\.xml: /);
    expect(milliseconds).toBeLessThan(1000);
  });

  describe('a zip that inflates to 1 GB', () => {
    let gigabyteOfZeros: Buffer;
    beforeAll(async () => {
      gigabyteOfZeros = await deflatedZeros(GIB);
    }, 120_000);

    it('declaring its size: refused from the central directory', async () => {
      const content = handMadeZip([
        { name: '[Content_Types].xml', data: CONTENT_TYPES, method: 0, declaredSize: CONTENT_TYPES.length },
        { name: 'xl/worksheets/sheet1.xml', data: gigabyteOfZeros, method: 8, declaredSize: GIB },
      ]);
      const { error, milliseconds } = await refusal([{ name: 'bomb.xlsx', content }]);
      expect(error.key).toBe('errorImportCorruptedFile');
      expect(error.detail).toMatch(/^bomb\.xlsx: .*(declares|over the)/);
      expect(milliseconds).toBeLessThan(1000);
    });

    it('lying about its size: inflation stops at the declared size', async () => {
      const content = handMadeZip([
        { name: '[Content_Types].xml', data: CONTENT_TYPES, method: 0, declaredSize: CONTENT_TYPES.length },
        { name: 'xl/workbook.xml', data: gigabyteOfZeros, method: 8, declaredSize: 4096 },
      ]);
      const { error, milliseconds } = await refusal([{ name: 'liar.xlsx', content }]);
      expect(error.key).toBe('errorImportCorruptedFile');
      expect(error.detail).toMatch(/^liar\.xlsx: .*inflates past its declared 4096 bytes/);
      expect(milliseconds).toBeLessThan(1000);
    });
  });

  it('limits: file size, zip entry count, decompressed size, rows', async () => {
    const big = await refusal([{ name: 'big.csv', content: Buffer.alloc(MAX_FILE_BYTES + 1, 0x41) }]);
    expect(big.error.key).toBe('errorImportCorruptedFile');
    const many: Record<string, Uint8Array> = { '[Content_Types].xml': CONTENT_TYPES };
    for (let index = 0; index < MAX_ZIP_ENTRIES; index += 1) many[`x/${index}.xml`] = strToU8('<a/>');
    const entries = await refusal([{ name: 'many.xlsx', content: Buffer.from(zipSync(many, { level: 0 })) }]);
    expect(entries.error.detail).toMatch(/^many\.xlsx: zip holds \d+ entries/);
    const declared = handMadeZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES, method: 0, declaredSize: CONTENT_TYPES.length },
      { name: 'a.xml', data: new Uint8Array(10), method: 8, declaredSize: MAX_DECOMPRESSED_BYTES / 2 },
      { name: 'b.xml', data: new Uint8Array(10), method: 8, declaredSize: MAX_DECOMPRESSED_BYTES / 2 + 1 },
    ]);
    expect((await refusal([{ name: 'sum.xlsx', content: declared }])).error.detail).toMatch(
      /over the \d+ limit/,
    );
    const rows = ',Cycle,A1\n' + ',1,1.0\n'.repeat(MAX_ROWS + 1);
    const tooLong = await refusal([{ name: 'rows.csv', content: Buffer.from(rows) }]);
    expect(tooLong.error.detail).toMatch(/^rows\.csv: \d+ lines, more than the 500000 limit/);
  });

  it('Bio-Rad table: a well outside a 384-well plate, a cycle that is not a number', async () => {
    const header = ',Cycle,A1,Q3';
    const outside = await refusal([{ name: 'run.csv', content: Buffer.from(`${header}\n,1,1.5,2.5\n`) }]);
    expect(outside.error.detail).toBe('run.csv: well Q3 outside a 384-well plate');
    const lines = [',Cycle,A1,B2', ...Array.from({ length: 15 }, (_value, index) => `,${index + 1},1.5,2.5`)];
    lines[11] = ',x,1.5,2.5';
    const cycle = await refusal([{ name: 'run.csv', content: Buffer.from(lines.join('\n')) }]);
    expect(cycle.error.key).toBe('errorImportInvalidFile');
    expect(cycle.error.detail).toBe('run.csv: cycle column not numeric at row 12');
  });

  it('empty, binary and unknown files', async () => {
    expect((await refusal([{ name: 'empty.csv', content: Buffer.alloc(0) }])).error.detail).toBe(
      'empty.csv: file is empty',
    );
    const binary = await refusal([{ name: 'x.bin', content: Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]) }]);
    expect(binary.error.detail).toMatch(/^x\.bin: not a run export/);
    const prose = await refusal([{ name: 'notes.txt', content: Buffer.from('hello\nworld\n') }]);
    expect(prose.error.key).toBe('errorImportInvalidFile');
  });

  it('every parser refuses an empty list and garbage with a RunFileError only', async () => {
    for (const parser of FORMAT_PARSERS) {
      for (const files of [
        [{ name: 'g.bin', content: Buffer.from('PK\u0003\u0004garbage') }],
        [{ name: 'g.txt', content: Buffer.from(strFromU8(CONTENT_TYPES)) }],
      ]) {
        try {
          await parser.parse(files);
        } catch (error) {
          expect([parser.id, error instanceof RunFileError]).toEqual([parser.id, true]);
        }
      }
    }
  });
});
