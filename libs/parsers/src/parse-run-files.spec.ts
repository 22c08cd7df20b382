import { RunFileError } from '@amplio/domain';
import { detectFormat, findParser, parseRunFiles, sniffContainer } from './index';
import { FORMAT_PARSERS } from './parser-registry';
import { fixtureFile } from './testing/fixture-files';

const DA_XLS =
  'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls';
const BIFF = 'thermo-7500-stepone/7500_std.xls';
const CFX_CSV = 'biorad-cfx/allotropy_cfxmaestro_example01.csv';
const QS_TXT = 'thermo-quantstudio/appbio_quantstudio_example03.txt';

describe('detection by content', () => {
  it('reads the container from the bytes, not the name', () => {
    expect(sniffContainer(fixtureFile(DA_XLS).content)).toBe('ooxml-zip');
    expect(sniffContainer(fixtureFile(BIFF).content)).toBe('ole2');
    expect(sniffContainer(fixtureFile(CFX_CSV).content)).toBe('text');
    expect(sniffContainer(fixtureFile('thermo-7500-stepone/stepone_std.rdml').content)).toBe('zip');
    expect(sniffContainer(fixtureFile('qiagen-rotorgene/slc6a2_cell_lines_B_64oC_170617.rex').content)).toBe(
      'xml',
    );
    expect(sniffContainer(Buffer.alloc(0))).toBe('empty');
    expect(sniffContainer(Buffer.from([0, 159, 146, 150, 0, 1]))).toBe('binary');
  });

  it('names the parser whatever the file is called', () => {
    const cases: Array<[string, string]> = [
      [DA_XLS, 'thermo-quantstudio-workbook'],
      [BIFF, 'thermo-quantstudio-workbook'],
      [QS_TXT, 'thermo-quantstudio-txt'],
      [CFX_CSV, 'biorad-cfx'],
    ];
    for (const [path, id] of cases) {
      const { content } = fixtureFile(path);
      for (const name of ['run.xlsx', 'run.csv', 'run', 'run.rdml']) {
        expect(detectFormat({ name, content })).toEqual({ container: sniffContainer(content), parserId: id });
      }
    }
  });

  it('lists every parser once, colleagues\u2019 included', () => {
    const ids = FORMAT_PARSERS.map((parser) => parser.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'thermo-quantstudio-workbook',
        'thermo-quantstudio-txt',
        'biorad-cfx',
        'rdml',
        'roche-lc480-txt',
        'qiagen-rotorgene-rex',
      ]),
    );
  });
});

describe('parseRunFiles', () => {
  it('restricts detection to the analyser family asked for', async () => {
    const file = fixtureFile(QS_TXT);
    expect(findParser([file], { analyserFamily: 'thermo-quantstudio' })?.id).toBe('thermo-quantstudio-txt');
    expect(findParser([file], { analyserFamily: 'biorad-cfx' })).toBeNull();
    await expect(parseRunFiles([file], { analyserFamily: 'biorad-cfx' })).rejects.toMatchObject({
      key: 'errorImportInvalidFile',
      detail: expect.stringMatching(/^appbio_quantstudio_example03\.txt: not a run export/) as unknown,
    });
    const run = await parseRunFiles([file], { analyserFamily: 'thermo-quantstudio' });
    expect(run.format).toBe('thermo-quantstudio-txt');
  });

  it('names the file that does not belong, and refuses files of different formats', async () => {
    const stranger = { name: 'notes.pdf', content: Buffer.from('%PDF-1.4 \u0000\u0001 binary') };
    const error = await parseRunFiles([fixtureFile(CFX_CSV), stranger]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RunFileError);
    expect((error as RunFileError).detail).toBe(
      'notes.pdf: not a run export Amplio reads (the other files are)',
    );
    const mixed = await parseRunFiles([fixtureFile(CFX_CSV), fixtureFile(QS_TXT)]).catch(
      (caught: unknown) => caught,
    );
    expect((mixed as RunFileError).detail).toMatch(/files of different formats cannot be one run/);
  });

  it('refuses no file at all', async () => {
    await expect(parseRunFiles([])).rejects.toMatchObject({
      key: 'errorImportInvalidFile',
      detail: 'no file given',
    });
  });
});

describe('Bio-Rad spanning marker', () => {
  it('sniffs a .rdml that starts with PK\\x07\\x08 as a zip, and still reads it', async () => {
    const file = fixtureFile('biorad-cfx/BioRad_384.rdml');
    expect([...file.content.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x07, 0x08]);
    expect(sniffContainer(file.content)).toBe('zip');
    const run = await parseRunFiles([file]);
    expect(run.wells).toHaveLength(48);
  });
});
