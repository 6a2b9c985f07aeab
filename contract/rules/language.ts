// The language rule (issue 18), as pure functions: the language machine, the service worker and the server
// (its messages and the page it sends) decide alike with them. Imports nothing, so the service worker takes
// it without XState and the server without the app.
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

/**
 * The languages of an Accept-Language header in the order the browser prefers them (RFC 9110 §12.5.4): by
 * q-value, equal ones in the order written; a q of 0 (or one that is not a number) means "not this one".
 * The server reads the browser's languages from it, as the app reads navigator.languages.
 */
export function acceptLanguageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language to show: the explicit choice when there is one (en or fr), else the browser's. */
export function languageFor(choice: unknown, languages: readonly string[]): Language {
  return isLanguage(choice) ? choice : browserLanguage(languages);
}

/** The other one: a dictionary that cannot load at start falls back to it. */
export function otherLanguage(language: Language): Language {
  return language === 'en' ? 'fr' : 'en';
}
