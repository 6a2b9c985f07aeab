import { describe, expect, it } from 'vitest';
import { languageFor } from '../../contract/rules/language';
import { pageLanguage } from '../../server/lib/app-page';

// Issue 12: the prerendered page in the student's language. The server (cookie, Accept-Language) and the
// service worker (cookie where it can read it, navigator.languages, by contract/rules/language.ts's
// languageFor, src/sw/sw.ts) must choose alike, or an installed app
// would open in another language than the server sends.
const CASES: Array<{ cookie: string | null; languages: string[]; expected: 'en' | 'fr' }> = [
  { cookie: null, languages: [], expected: 'en' },
  { cookie: null, languages: ['fr-CM', 'en'], expected: 'fr' },
  { cookie: null, languages: ['en-GB', 'fr'], expected: 'en' },
  { cookie: null, languages: ['de-DE', 'FR'], expected: 'fr' },
  { cookie: null, languages: ['de', 'es'], expected: 'en' },
  { cookie: 'fr', languages: ['en-US'], expected: 'fr' },
  { cookie: 'en', languages: ['fr-FR'], expected: 'en' },
  { cookie: 'xx', languages: ['fr'], expected: 'fr' },
];

describe('the language of the page sent', () => {
  it.each(CASES)(
    'cookie $cookie, languages $languages → $expected, on the server and in the worker',
    ({ cookie, languages, expected }) => {
      const cookieHeader = cookie === null ? undefined : `theme=dark; language=${cookie}; x=1`;
      expect(pageLanguage(cookieHeader, languages.join(', '))).toBe(expected);
      expect(languageFor(cookie, languages)).toBe(expected);
    },
  );

  it('reads Accept-Language by its q weights, not only its order', () => {
    expect(pageLanguage(undefined, 'en;q=0.4, fr-CM;q=0.9')).toBe('fr');
    expect(pageLanguage(undefined, 'fr;q=0, en')).toBe('en');
    expect(pageLanguage(undefined, '*')).toBe('en');
    expect(pageLanguage('language=frx', 'en')).toBe('en');
  });
});
