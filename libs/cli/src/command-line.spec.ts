import { parseCommandLine, UsageError } from './command-line';

describe('parseCommandLine', () => {
  it('reads every option and the files', () => {
    expect(
      parseCommandLine([
        'analyse',
        '--analyser',
        'rdml',
        '--threshold',
        'fam=27.29',
        '--threshold=VIC=0.1',
        '--cq-method',
        'sdm',
        '--format=csv',
        '--kit-config',
        'kit.json',
        'a.rdml',
        'b.csv',
      ]),
    ).toEqual({
      analyser: 'rdml',
      kitConfigPath: 'kit.json',
      thresholds: { FAM: 27.29, VIC: 0.1 },
      cqMethod: 'sdm',
      format: 'csv',
      files: ['a.rdml', 'b.csv'],
    });
  });

  it('refuses what it does not understand, clearly', () => {
    expect(() => parseCommandLine(['analyse'])).toThrow('no file given');
    expect(() => parseCommandLine(['analyze', 'x'])).toThrow('unknown command "analyze"');
    expect(() => parseCommandLine(['analyse', '--threshold', 'FAM', 'x'])).toThrow(UsageError);
    expect(() => parseCommandLine(['analyse', '--cq-method', 'max', 'x'])).toThrow(
      '--cq-method is threshold, sdm, cy0',
    );
    expect(parseCommandLine(['analyse', '--cq-method', 'cy0', 'x']).cqMethod).toBe('cy0');
    expect(() => parseCommandLine(['analyse', '--format'])).toThrow('--format needs a value');
    expect(() => parseCommandLine(['analyse', '--verbose', 'x'])).toThrow('unknown option --verbose');
  });
});
