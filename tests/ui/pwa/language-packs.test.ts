import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_PACKS_CACHE } from '../../../src/sw/cache-names';
import {
  createLanguagePackStore,
  dictionaryLanguageOf,
  type ManifestEntry,
  splitLanguagePacks,
} from '../../../src/sw/language-packs';
import { createFakeCacheStorage } from './fake-cache-storage';

const SCOPE = 'https://study.example/app/';
const manifest = (revision: string): ManifestEntry[] => [
  { url: 'index.html', revision: `en-page-${revision}` },
  { url: 'index.fr.html', revision: `fr-page-${revision}` },
  { url: 'assets/i18n/en.json', revision: `en-dict-${revision}` },
  { url: 'assets/i18n/fr.json', revision: `fr-dict-${revision}` },
  'assets/index-Dbqy_DOK.js',
  { url: 'manifest.webmanifest', revision: 'm' },
];

function world() {
  const { storage, caches } = createFakeCacheStorage();
  const fetched: string[] = [];
  const fetch = vi.fn(async (request: Request) => {
    fetched.push(request.url.slice(SCOPE.length));
    return new Response(`body of ${request.url}`);
  });
  const storeFor = (revision: string) =>
    createLanguagePackStore({
      packs: splitLanguagePacks(manifest(revision)).packs,
      scope: SCOPE,
      caches: storage,
      fetch,
    });
  const keys = () =>
    [...(caches.get(LANGUAGE_PACKS_CACHE)?.keys() ?? [])].map((key) => key.slice(SCOPE.length));
  return { storeFor, fetched, keys };
}

describe('language packs', () => {
  it('take each language’s page and dictionary out of the precache manifest', () => {
    const { shell, packs } = splitLanguagePacks(manifest('1'));
    expect(shell).toEqual(['assets/index-Dbqy_DOK.js', { url: 'manifest.webmanifest', revision: 'm' }]);
    expect(packs.fr).toEqual({
      page: { url: 'index.fr.html', revision: 'fr-page-1' },
      dictionary: { url: 'assets/i18n/fr.json', revision: 'fr-dict-1' },
    });
    expect(() => splitLanguagePacks(manifest('1').slice(1))).toThrow('index.html');
    expect(dictionaryLanguageOf('assets/i18n/fr.json')).toBe('fr');
    expect(dictionaryLanguageOf('assets/i18n/de.json')).toBeNull();
    expect(dictionaryLanguageOf('media/assets/i18n/fr.json')).toBeNull();
  });

  it('install the student’s language only, and an update refreshes every language the device holds', async () => {
    const { storeFor, fetched, keys } = world();
    await storeFor('1').install('fr');
    expect(fetched.sort()).toEqual(['assets/i18n/fr.json', 'index.fr.html']);

    // The student switched to English: the app asked for its dictionary, the page came with it.
    await storeFor('1').dictionary('en', (work) => void work);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(keys().filter((key) => key.includes('en'))).toHaveLength(2);

    // A new build: both packs are downloaded again, and the old files go at activation.
    fetched.length = 0;
    const next = storeFor('2');
    await next.install('fr');
    expect(fetched.sort()).toEqual([
      'assets/i18n/en.json',
      'assets/i18n/fr.json',
      'index.fr.html',
      'index.html',
    ]);
    await next.removeOutdated();
    expect(keys().sort()).toEqual([
      'assets/i18n/en.json?__WB_REVISION__=en-dict-2',
      'assets/i18n/fr.json?__WB_REVISION__=fr-dict-2',
      'index.fr.html?__WB_REVISION__=fr-page-2',
      'index.html?__WB_REVISION__=en-page-2',
    ]);
  });

  it('offline, a language never used opens on the page the device has', async () => {
    const { storage } = createFakeCacheStorage();
    let online = true;
    const store = createLanguagePackStore({
      packs: splitLanguagePacks(manifest('1')).packs,
      scope: SCOPE,
      caches: storage,
      fetch: async (request) => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response(request.url.endsWith('fr.html') ? 'fr page' : 'other');
      },
    });
    await store.install('fr');
    online = false;
    expect(await (await store.page('en', () => undefined)).text()).toBe('fr page');
    await expect(store.dictionary('en', () => undefined)).rejects.toThrow('Failed to fetch');
  });
});
