import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enGB from './en-GB.json';
import frFR from './fr-FR.json';

export const LANGUAGES = ['en-GB', 'fr-FR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-GB';
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

/** en-GB is the default and fallback; messages use SPEC-style `{0}` placeholders. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({
    resources: { 'en-GB': { translation: enGB }, 'fr-FR': { translation: frFR } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
}

export { positional } from './positional';
