import { readFileSync } from 'fs';
import { dirname, join, resolve } from 'path';
import type { RunFile } from '@amplio/domain';
import { ImportFileError } from './common/import-errors';
import { checkImportFiles, parseRunFiles } from './index';
import { fixtureFile, fixtureFilesUnder } from './testing/fixture-files';

jest.setTimeout(120_000);

const QS_DA = 'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx';
const CFX_TXT = 'biorad-cfx/maestro-xlsx-384/TEST01.BIORAD.FORMAT.1.txt';
const renamed = (file: RunFile, name: string): RunFile => ({ name, content: file.content });

describe('checkImportFiles: the analyser chosen and the files given', () => {
  it('refuses a QuantStudio workbook imported with the analyser set to CFX, naming the format it is', () => {
    const [problem, ...rest] = checkImportFiles('biorad-cfx', [fixtureFile(QS_DA)]);
    expect(rest).toEqual([]);
    expect(problem).toBeInstanceOf(ImportFileError);
    expect(problem.messageKey).toBe('errorImportOtherAnalyserFormat');
    expect(problem.params).toEqual({
      file: QS_DA.split('/').pop(),
      format: 'QuantStudio / 7500 workbook (Applied Biosystems)',
      analyser: 'biorad-cfx',
    });
  });

  it('refuses a CFX table imported as a QuantStudio text export, whatever it is called', () => {
    const [problem] = checkImportFiles('thermo-quantstudio-rt', [renamed(fixtureFile(CFX_TXT), 'run.txt')]);
    expect(problem.messageKey).toBe('errorImportOtherAnalyserFormat');
    expect(problem.params.format).toBe('Bio-Rad CFX export');
  });

  it('refuses a file whose extension the analyser does not take, naming the file and the extensions', () => {
    const problems = checkImportFiles('roche-lc480', [
      renamed(fixtureFile('roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt'), 'cp.csv'),
      fixtureFile('roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt'),
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0].messageKey).toBe('errorImportWrongExtension');
    expect(problems[0].params).toEqual({ file: 'cp.csv', extensions: '.txt' });
    expect(problems[0].key).toBe('errorImportInvalidFile');
  });

  it.each([
    ['thermo-quantstudio-da', [QS_DA]],
    ['thermo-quantstudio-rt', ['thermo-quantstudio/appbio_quantstudio_example02.txt']],
    ['thermo-7500-stepone', ['thermo-7500-stepone/7500_std.xls']],
    ['thermo-7500-stepone', ['thermo-7500-stepone/stepone_std.rdml']],
    ['biorad-cfx', fixtureFilesUnder('biorad-cfx/covmatic-simulated')],
    ['biorad-cfx', ['biorad-cfx/BioRad_384.rdml']],
    ['roche-lc480', ['roche-lc480/Stuart_dAgr_glyS_spoVG_5S_individualWells_Cq.txt']],
    ['roche-lc96', ['roche-lc96/lc96_bACTXY.rdml']],
    ['qiagen-rotorgene', ['qiagen-rotorgene/slc6a2_cell_lines_B_64oC_170617.rex']],
    ['rdml', ['rdml/shifted_baseline.rdml']],
  ])('accepts the files of %s as they come', (analyser, paths) => {
    expect(checkImportFiles(analyser, paths.map(fixtureFile))).toEqual([]);
  });

  it('parseRunFiles with analyserId refuses before parsing', async () => {
    await expect(parseRunFiles([fixtureFile(QS_DA)], { analyserId: 'biorad-cfx' })).rejects.toMatchObject({
      messageKey: 'errorImportOtherAnalyserFormat',
      key: 'errorImportInvalidFile',
    });
  });
});

describe('browser entry', () => {
  /** Every module browser.ts reaches inside the package, by relative import. */
  function reachable(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/from '(\.[^']+)'/g))
      reachable(`${resolve(dirname(file), match[1])}.ts`, seen);
    return seen;
  }

  it('reaches no Node API (no node: or fs/path/zlib import, no Buffer)', () => {
    const modules = [...reachable(join(__dirname, 'browser.ts'))];
    expect(modules.length).toBeGreaterThan(3);
    for (const module of modules) {
      const source = readFileSync(module, 'utf8');
      expect([module, /from '(node:|fs|path|zlib|stream|crypto|os)/.test(source)]).toEqual([module, false]);
      expect([module, /\bBuffer\b/.test(source)]).toEqual([module, false]);
      expect([module, /from '@e965\/xlsx'/.test(source)]).toEqual([module, false]);
    }
  });
});
