import { useEffect } from 'react';
import type { Language } from '../../contract/common';
import type { Happening, NewsArticle } from '../../contract/content';
import type { ReadArticle } from '../services/content/read-articles';
import { useAppActors } from './actors-context';
import { useContentStores } from './content-stores';
import { useResource } from './use-resource';

/** An item of a list: from the server, or (offline) the copy kept when it was read, with that date. */
export interface Listed<T> {
  item: T;
  savedAt: string | null;
}

/** Headlines in the student's language; offline, the ones already read. */
export function useHeadlines(lang: Language) {
  const { readArticles } = useContentStores();
  return useResource(async (api, language: Language): Promise<Listed<NewsArticle>[]> => {
    try {
      return (await api.fetchNews(language)).map((item) => ({ item, savedAt: null }));
    } catch (error) {
      const read = await readArticles.headlines(language);
      if (read.length === 0) throw error;
      return read.map((entry) => ({ item: entry.article, savedAt: entry.savedAt }));
    }
  }, lang);
}

/** The platform's happenings; offline, the ones already read. */
export function useHappenings() {
  const { readArticles } = useContentStores();
  return useResource(async (api): Promise<Listed<Happening>[]> => {
    try {
      return (await api.fetchHappenings()).map((item) => ({ item, savedAt: null }));
    } catch (error) {
      const read = await readArticles.happenings();
      if (read.length === 0) throw error;
      return read.map((entry) => ({ item: entry.happening, savedAt: entry.savedAt }));
    }
  });
}

/** A read article before it is stamped with the time it was kept. */
type UnsavedRead = ReadArticle extends infer T ? (T extends ReadArticle ? Omit<T, 'savedAt'> : never) : never;

/** Keeps an article the student opened (from the server) so it reads offline later. */
export function useRememberRead(entry: UnsavedRead | null) {
  const { readArticles } = useContentStores();
  const { now } = useAppActors();
  const key = entry ? `${entry.kind}|${entry.key}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one write per article opened, keyed by its identity
  useEffect(() => {
    if (!entry) return;
    void readArticles.remember({ ...entry, savedAt: new Date(now()).toISOString() } as ReadArticle);
  }, [key]);
}
