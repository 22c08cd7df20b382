/**
 * Test-only (never imported by the app): the same `<locale>/<area>.json` files as `i18n.ts`, read
 * with Node's fs, since Jest cannot evaluate Vite's `import.meta.glob`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type i18n } from 'i18next';
import { filesByLocale, mergeAreas, type AreaFile } from '../catalogue';
import { I18N_OPTIONS, LANGUAGES, type Language } from '../i18n-options';

const CATALOGUE_DIR = join(__dirname, '..');

/** Every area file, keyed like Vite's glob (`./en-GB/runs.json`). */
export function readAreaFiles(): Record<string, AreaFile> {
  const files: Record<string, AreaFile> = {};
  for (const locale of LANGUAGES) {
    for (const name of readdirSync(join(CATALOGUE_DIR, locale)).filter((file) => file.endsWith('.json'))) {
      files[`./${locale}/${name}`] = JSON.parse(
        readFileSync(join(CATALOGUE_DIR, locale, name), 'utf8'),
      ) as AreaFile;
    }
  }
  return files;
}

/** An i18next instance with the real translations, in the given language. */
export async function createTestI18n(language: Language): Promise<i18n> {
  const locales = filesByLocale(readAreaFiles());
  const instance = createInstance();
  await instance.init({
    ...I18N_OPTIONS,
    lng: language,
    resources: Object.fromEntries(
      LANGUAGES.map((locale) => [locale, { translation: mergeAreas(locales[locale] ?? {}) }]),
    ),
  });
  return instance;
}
