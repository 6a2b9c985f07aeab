import * as z from 'zod/mini';
import type { Language } from '../../../contract/common';
import { LANGUAGES } from '../../../contract/rules/language';
import { withArticleIds } from '../../../contract/rules/news-article-id';
import { entriesOf, happeningSchema, newsArticleSchema } from '../../../contract/stored';
import type { KeyValueStore } from '../device-store';
import { createUpdateQueue, idbKeyValueStore } from '../device-store';

/**
 * Headlines and happenings the student opened, kept on the device so they stay readable offline ("read
 * once, readable offline"). Logout clears them with the rest of the device's data.
 */
export const READ_ARTICLES_KEY = 'read-articles';
/** Per kind; the oldest reads go first. A few dozen short texts cost next to nothing. */
export const READ_ARTICLES_KEPT = 30;

/** A headline is kept under its id (`article.id`), a happening under its `_id`; savedAt is ISO 8601. */
const readHeadlineSchema = z.object({
  kind: z.literal('headline'),
  key: z.string(),
  lang: z.enum(LANGUAGES),
  article: newsArticleSchema,
  savedAt: z.string(),
});
const readHappeningSchema = z.object({
  kind: z.literal('happening'),
  key: z.string(),
  happening: happeningSchema,
  savedAt: z.string(),
});
export type ReadArticle = z.infer<typeof readHeadlineSchema> | z.infer<typeof readHappeningSchema>;

/** As it may be stored: a headline kept before articles had ids has none (`withId` gives it its id). */
const storedReadArticleSchema = z.discriminatedUnion('kind', [
  z.extend(readHeadlineSchema, { article: z.extend(newsArticleSchema, { id: z.optional(z.string()) }) }),
  readHappeningSchema,
]);
type StoredReadArticle = z.infer<typeof storedReadArticleSchema>;

export interface ReadArticles {
  /** Keeps an article just opened (again: its date is refreshed). Never throws: keeping is a bonus. */
  remember(entry: ReadArticle): Promise<void>;
  /** Newest read first. Headlines of one language only, when `lang` is given. */
  headlines(lang?: Language): Promise<Extract<ReadArticle, { kind: 'headline' }>[]>;
  happenings(): Promise<Extract<ReadArticle, { kind: 'happening' }>[]>;
}

const newestFirst = (a: ReadArticle, b: ReadArticle) => Date.parse(b.savedAt) - Date.parse(a.savedAt);

/**
 * A headline kept before articles had ids was keyed by its address, which several articles can share (the
 * one read last then replaced the others): it gets the id the server gives the same article, and is keyed
 * by it, so it reads offline and is replaced when the student opens that article again.
 */
function withId(entry: StoredReadArticle): ReadArticle[] {
  if (entry.kind !== 'headline') return [entry];
  const [article] = withArticleIds([entry.article]);
  return article === undefined ? [] : [{ ...entry, key: article.id, article }];
}

export function createReadArticles(store: KeyValueStore | null = idbKeyValueStore()): ReadArticles {
  const queue = createUpdateQueue();
  const readAll = async (): Promise<ReadArticle[]> => {
    if (!store) return [];
    try {
      const value = await store.get(READ_ARTICLES_KEY);
      return entriesOf(value, storedReadArticleSchema).flatMap(withId).sort(newestFirst);
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
