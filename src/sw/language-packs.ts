/**
 * Each language's own files (its prerendered page and its dictionary), kept by the service worker apart from
 * the precache (issue 18). The precache downloads everything it lists on every device; a French-speaking
 * phone on costly mobile data must never download the English page and dictionary. So the worker installs
 * the pack of the student's language only (the explicit choice, else the browser's languages), plus any pack
 * the device already holds (an update refreshes them); a pack the student starts to use later (a switch of
 * language) is downloaded when first asked for and kept, so the language in use always opens offline.
 * Versioned like the precache: each file is kept under its URL and the build's revision, and what the
 * running build no longer lists goes at activation. Plain functions of the Cache API and fetch, so they are
 * tested without a worker (tests/ui/pwa/sw-worker.test.ts runs the whole worker on them).
 */
import type { Language } from '../../contract/rules/language';
import { LANGUAGES, otherLanguage } from '../../contract/rules/language';
import { dictionaryPath } from '../services/dictionaries';
import { LANGUAGE_PACKS_CACHE } from './cache-names';
import { APP_PAGES } from './routes';

/** An entry of the precache manifest workbox-build injects (scripts/build-sw.ts). */
export type ManifestEntry = string | { url: string; revision: string | null };
interface VersionedFile {
  url: string;
  revision: string | null;
}

/** A language's own files. */
export interface LanguagePack {
  page: VersionedFile;
  dictionary: VersionedFile;
}
export type LanguagePacks = Record<Language, LanguagePack>;

const DICTIONARY = /^assets\/i18n\/(en|fr)\.json$/;

/** The language of a dictionary request's path (relative to the scope), or null for any other path. */
export function dictionaryLanguageOf(path: string): Language | null {
  const language = DICTIONARY.exec(path)?.[1];
  return language === 'en' || language === 'fr' ? language : null;
}

const entryOf = (entry: ManifestEntry): VersionedFile =>
  typeof entry === 'string' ? { url: entry, revision: null } : entry;

/**
 * The build's manifest split in two: the app shell every device precaches, and the language packs. A build
 * without a language's page or dictionary is a broken build: the worker refuses to start on it.
 */
export function splitLanguagePacks(manifest: readonly ManifestEntry[]): {
  shell: ManifestEntry[];
  packs: LanguagePacks;
} {
  const pathOf = (entry: ManifestEntry) => entryOf(entry).url.replace(/^\.?\//, '');
  const files = new Map(manifest.map((entry) => [pathOf(entry), entryOf(entry)]));
  const take = (path: string): VersionedFile => {
    const file = files.get(path);
    if (file === undefined) throw new Error(`The build lists no ${path}`);
    return file;
  };
  const packs = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, { page: take(APP_PAGES[lang]), dictionary: take(dictionaryPath(lang)) }]),
  ) as LanguagePacks;
  const packPaths = new Set<string>(LANGUAGES.flatMap((lang) => [APP_PAGES[lang], dictionaryPath(lang)]));
  return { shell: manifest.filter((entry) => !packPaths.has(pathOf(entry))), packs };
}

export interface LanguagePackDeps {
  packs: LanguagePacks;
  /** The worker's scope (registration.scope): the packs' files are relative to it. */
  scope: string;
  caches: CacheStorage;
  fetch: (request: Request) => Promise<Response>;
}

/** Lets a response's background work (the other file of a pack) outlive the answer: event.waitUntil. */
export type Background = (work: Promise<unknown>) => void;

export function createLanguagePackStore({ packs, scope, caches, fetch }: LanguagePackDeps) {
  const open = () => caches.open(LANGUAGE_PACKS_CACHE);
  const urlOf = (file: VersionedFile) => new URL(file.url, scope).href;
  const keyOf = (file: VersionedFile) =>
    file.revision === null
      ? urlOf(file)
      : `${urlOf(file)}?__WB_REVISION__=${encodeURIComponent(file.revision)}`;
  const filesOf = (lang: Language) => [packs[lang].page, packs[lang].dictionary];
  const current = new Set(LANGUAGES.flatMap((lang) => filesOf(lang).map(keyOf)));

  async function download(file: VersionedFile): Promise<Response> {
    // Revalidated with the server, never an old copy from the browser's HTTP cache.
    const response = await fetch(new Request(urlOf(file), { cache: 'no-cache', credentials: 'same-origin' }));
    if (!response.ok) throw new Error(`${file.url} answered ${response.status}`);
    await (await open()).put(keyOf(file), response.clone());
    return response;
  }
  const cached = async (file: VersionedFile) => (await open()).match(keyOf(file));
  const ensure = async (file: VersionedFile) => (await cached(file)) ?? download(file);

  /** The languages whose files this device holds, of this build or an older one. */
  async function held(): Promise<Language[]> {
    const paths = new Set((await (await open()).keys()).map((request) => new URL(request.url).pathname));
    return LANGUAGES.filter((lang) => filesOf(lang).some((file) => paths.has(new URL(urlOf(file)).pathname)));
  }

  return {
    /** At install: the student's language's pack, and a fresh copy of every pack the device holds. */
    async install(language: Language): Promise<void> {
      const languages = new Set<Language>([language, ...(await held())]);
      await Promise.all([...languages].flatMap((lang) => filesOf(lang).map(ensure)));
    },

    /** At activation: files of older builds go. */
    async removeOutdated(): Promise<void> {
      const cache = await open();
      for (const request of await cache.keys()) {
        if (!current.has(request.url)) await cache.delete(request);
      }
    },

    /**
     * The page in `lang`: kept, else downloaded (with its dictionary, in the background). Offline with that
     * language never used, the other language's page: the app then starts in the language it can load.
     */
    async page(lang: Language, background: Background): Promise<Response> {
      try {
        const page = await ensure(packs[lang].page);
        background(ensure(packs[lang].dictionary).catch(() => undefined));
        return page;
      } catch (error) {
        const other = await cached(packs[otherLanguage(lang)].page);
        if (other) return other;
        throw error;
      }
    },

    /** The dictionary of `lang`: kept, else downloaded (with its page, in the background) and kept. */
    async dictionary(lang: Language, background: Background): Promise<Response> {
      const dictionary = await ensure(packs[lang].dictionary);
      background(ensure(packs[lang].page).catch(() => undefined));
      return dictionary;
    },
  };
}
