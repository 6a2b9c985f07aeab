// The language rule (issue 18), as pure functions: the language machine, the service worker and the server
// decide alike with them. Imports nothing, so the service worker takes it without XState.
//
//  1. An explicit choice (the student's, on this device or saved with their account) wins.
//  2. Without one, the browser's languages decide: the first of them that is en or fr (a region or a
//     case does not matter: fr-CM is fr); none of them: en (docs/product.md §4 "Language": anything else is en).

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr';
}

/** en or fr; anything else falls back to en. */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The first of the browser's languages (navigator.languages, in order) that is en or fr, else en. */
export function browserLanguage(languages: readonly string[]): Language {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The language to show: the explicit choice when there is one (en or fr), else the browser's. */
export function languageFor(choice: unknown, languages: readonly string[]): Language {
  return isLanguage(choice) ? choice : browserLanguage(languages);
}

/** The other one: a dictionary that cannot load at start falls back to it. */
export function otherLanguage(language: Language): Language {
  return language === 'en' ? 'fr' : 'en';
}
