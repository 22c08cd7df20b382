import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { filesByLocale, mergeAreas, type AreaFile } from './catalogue';
import { DEFAULT_LANGUAGE, I18N_OPTIONS, LANGUAGES, type Language } from './i18n-options';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };
const STORAGE_KEY = 'amplio.language';

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

/** Every `<locale>/<area>.json` file, bundled by Vite (a new area file needs no change here). */
const areaFiles = import.meta.glob<AreaFile>('./*/*.json', { eager: true, import: 'default' });

/** The catalogue of each language, merged from its area files. */
function resources(): Record<Language, { translation: ReturnType<typeof mergeAreas> }> {
  const locales = filesByLocale(areaFiles);
  return {
    'en-GB': { translation: mergeAreas(locales['en-GB'] ?? {}) },
    'fr-FR': { translation: mergeAreas(locales['fr-FR'] ?? {}) },
  };
}

export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({ ...I18N_OPTIONS, resources: resources(), lng: language });
}

export { positional } from './positional';
