import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dictionaryVersion } from '../../../server/lib/dictionary-version';
import { dictionaryUrl, fetchDictionary } from '../../../src/services/dictionaries';

const publicDictionary = (lang: string) =>
  readFileSync(resolve(import.meta.dirname, `../../../public/assets/i18n/${lang}.json`));

describe('the dictionary the app asks for (issue 19)', () => {
  it.each(['en', 'fr'])(
    'names the %s file under the version the server computes from the same text',
    (lang) => {
      // The build writes the versions into the app's code; the server lets a browser keep the file only under
      // the version it computes itself (server/lib/static-app.ts): the two must agree or nothing is ever kept.
      expect(dictionaryUrl(lang)).toBe(
        `./assets/i18n/${lang}.json?v=${dictionaryVersion(publicDictionary(lang))}`,
      );
    },
  );

  it('asks without a version where the build wrote none', () => {
    expect(dictionaryUrl('fr', {})).toBe('./assets/i18n/fr.json');
  });

  it('fetches that very URL, the one the page preloads', async () => {
    const asked: string[] = [];
    const dictionary = await fetchDictionary('fr', async (input) => {
      asked.push(String(input));
      return new Response('{"nav":{"home":"Accueil"}}');
    });
    expect(asked).toEqual([dictionaryUrl('fr')]);
    expect(dictionary).toEqual({ nav: { home: 'Accueil' } });
  });
});
