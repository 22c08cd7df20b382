import { acceptedExtensions, DEFAULT_EXTENSIONS, hasExtension } from './accepted-extensions';

describe('accepted extensions', () => {
  it("reads the analyser's comma-separated list, adding the dot where missing", () => {
    expect(acceptedExtensions({ extension: '.xlsx, XLS,txt' })).toEqual(['.xlsx', '.xls', '.txt']);
  });

  it('falls back to .xlsx, .xls and .xml', () => {
    expect(acceptedExtensions({ extension: '' })).toEqual(DEFAULT_EXTENSIONS);
    expect(acceptedExtensions(undefined)).toEqual(DEFAULT_EXTENSIONS);
  });

  it('matches file names case-insensitively', () => {
    expect(hasExtension('RUN.XLSX', ['.xlsx'])).toBe(true);
    expect(hasExtension('run.csv', ['.xlsx'])).toBe(false);
  });
});
