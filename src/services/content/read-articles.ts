import type { Language } from '../../../contract/common';
import type { Happening, NewsArticle } from '../../../contract/content';
import { withArticleIds } from '../../../contract/rules/news-article-id';
import type { KeyValueStore } from '../device-store';
import { createUpdateQueue, idbKeyValueStore } from '../device-store';

/**
 * Headlines and happenings the student opened, kept on the device so they stay readable offline ("read
 * once, readable offline"). Logout clears them with the rest of the device's data.
 */
export const READ_ARTICLES_KEY = 'read-articles';
/** Per kind; the oldest reads go first. A few dozen short texts cost next to nothing. */
export const READ_ARTICLES_KEPT = 30;

export type ReadArticle =
  /** A headline is kept under its id (`article.id`). */
  | { kind: 'headline'; key: string; lang: Language; article: NewsArticle; savedAt: string }
  | { kind: 'happening'; key: string; happening: Happening; savedAt: string };

export interface ReadArticles {
  /** Keeps an article just opened (again: its date is refreshed). Never throws: keeping is a bonus. */
  remember(entry: ReadArticle): Promise<void>;
  /** Newest read first. Headlines of one language only, when `lang` is given. */
  headlines(lang?: Language): Promise<Extract<ReadArticle, { kind: 'headline' }>[]>;
  happenings(): Promise<Extract<ReadArticle, { kind: 'happening' }>[]>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isReadArticle(value: unknown): value is ReadArticle {
  if (!isRecord(value) || typeof value.key !== 'string' || typeof value.savedAt !== 'string') return false;
  if (value.kind === 'headline') {
    return (
      isRecord(value.article) &&
      typeof value.article.title === 'string' &&
      isRecord(value.article.source) &&
      typeof value.lang === 'string'
    );
  }
  return value.kind === 'happening' && isRecord(value.happening) && typeof value.happening._id === 'string';
}

const newestFirst = (a: ReadArticle, b: ReadArticle) => Date.parse(b.savedAt) - Date.parse(a.savedAt);

/**
 * A headline kept before articles had ids was keyed by its address, which several articles can share (the
 * one read last then replaced the others): it gets the id the server gives the same article, and is keyed
 * by it, so it reads offline and is replaced when the student opens that article again.
 */
function withId(entry: ReadArticle): ReadArticle {
  if (entry.kind !== 'headline') return entry;
  const [article] = withArticleIds([entry.article]);
  return article === undefined || (article.id === entry.article.id && entry.key === article.id)
    ? entry
    : { ...entry, key: article.id, article };
}

export function createReadArticles(store: KeyValueStore | null = idbKeyValueStore()): ReadArticles {
  const queue = createUpdateQueue();
  const readAll = async (): Promise<ReadArticle[]> => {
    if (!store) return [];
    try {
      const value = await store.get(READ_ARTICLES_KEY);
      return Array.isArray(value) ? value.filter(isReadArticle).map(withId).sort(newestFirst) : [];
    } catch {
      return [];
    }
  };
  return {
    remember: (entry) =>
      queue(async () => {
        if (!store) return;
        const others = (await readAll()).filter((item) => item.kind !== entry.kind || item.key !== entry.key);
        const sameKind = others.filter((item) => item.kind === entry.kind).slice(0, READ_ARTICLES_KEPT - 1);
        const otherKind = others.filter((item) => item.kind !== entry.kind);
        try {
          await store.set(READ_ARTICLES_KEY, [entry, ...sameKind, ...otherKind]);
        } catch {
          // A full or refused store only means this article will not read offline.
        }
      }),
    headlines: async (lang) =>
      (await readAll()).filter(
        (item): item is Extract<ReadArticle, { kind: 'headline' }> =>
          item.kind === 'headline' && (lang === undefined || item.lang === lang),
      ),
    happenings: async () =>
      (await readAll()).filter(
        (item): item is Extract<ReadArticle, { kind: 'happening' }> => item.kind === 'happening',
      ),
  };
}
