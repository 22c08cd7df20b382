import type { InitOptions } from 'i18next';

export const LANGUAGES = ['en-GB', 'fr-FR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-GB';

/** en-GB is the default and fallback; messages use SPEC-style `{0}` placeholders. */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
} satisfies InitOptions;
