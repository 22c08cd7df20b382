import { filesByLocale, mergeAreas } from './catalogue';
import { readAreaFiles } from './testing/test-i18n';

describe('translation catalogue', () => {
  it('merges flat area files into nested resources', () => {
    expect(
      mergeAreas({ common: { 'common.yes': 'Yes', app: 'Amplio' }, runs: { 'runList.title': 'Runs' } }),
    ).toEqual({ common: { yes: 'Yes' }, app: 'Amplio', runList: { title: 'Runs' } });
  });

  it('refuses a key defined in two area files, or both as a text and a group', () => {
    expect(() => mergeAreas({ a: { 'common.yes': 'Yes' }, b: { 'common.yes': 'Oui' } })).toThrow(
      "'common.yes' is defined in a.json and b.json",
    );
    expect(() => mergeAreas({ a: { common: 'Common', 'common.yes': 'Yes' } })).toThrow('under the text');
  });

  it('groups files by locale folder', () => {
    expect(filesByLocale({ './en-GB/runs.json': { x: 'X' }, './fr-FR/runs.json': { x: 'FR_X' } })).toEqual({
      'en-GB': { runs: { x: 'X' } },
      'fr-FR': { runs: { x: 'FR_X' } },
    });
  });

  it('loads the real area files of both languages with the same keys', () => {
    const locales = filesByLocale(readAreaFiles());
    const keys = (locale: string) =>
      Object.values(locales[locale])
        .flatMap((file) => Object.keys(file))
        .sort();
    expect(keys('en-GB').length).toBeGreaterThan(300);
    expect(keys('fr-FR')).toEqual(keys('en-GB'));
  });
});
