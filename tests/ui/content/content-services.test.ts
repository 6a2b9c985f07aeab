import { describe, expect, it } from 'vitest';
import type { Book } from '../../../contract/books';
import type { NewsArticle } from '../../../contract/content';
import { SAVED_SCHOLARSHIPS_KEY } from '../../../src/rules/saved-scholarship';
import {
  createReadArticles,
  READ_ARTICLES_KEPT,
  READ_ARTICLES_KEY,
} from '../../../src/services/content/read-articles';
import { createReadingPositions } from '../../../src/services/content/reading-positions';
import {
  createSavedScholarships,
  SAVED_SCHOLARSHIP_TEXTS_KEY,
} from '../../../src/services/content/saved-scholarships';
import { createOfflineBookStore } from '../../../src/services/offline/book-downloads';
import { createFakeCacheStorage } from '../pwa/fake-cache-storage';
import { BOOKS, DAY, memoryStore, NOW, SCHOLARSHIPS } from './fixtures';

const PDF = new TextEncoder().encode('%PDF-1.4 a small book');

function bookStore() {
  const requests: string[] = [];
  const store = createOfflineBookStore({
    cacheStorage: createFakeCacheStorage().storage,
    baseUrl: 'http://localhost/',
    now: () => NOW,
    network: () => ({ online: true, saveData: false, type: 'cellular', effectiveType: null }),
    fetch: async (input) => {
      requests.push(String(input));
      return new Response(PDF, { status: 200, headers: { 'content-type': 'application/pdf' } });
    },
  });
  return { store, requests };
}

const readable = (book: Book, fileUrl = `http://localhost/books/file/${book._id}?sig=1`) => ({
  ...book,
  fileUrl,
});

describe('offline books', () => {
  it('plan with the size the list gave, warn on mobile data, and fetch nothing to learn it', async () => {
    const { store, requests } = bookStore();
    expect(await store.plan(readable(BOOKS[0] as Book))).toEqual({ sizeBytes: 3630, metered: true });
    expect(requests).toEqual([]);
  });

  it('keep the PDF under its URL without the signature, list it and read it back', async () => {
    const { store } = bookStore();
    const progress: number[] = [];
    const saved = await store.download(readable(BOOKS[0] as Book), (received) => progress.push(received));
    expect(saved).toMatchObject({
      key: 'http://localhost/books/file/book-free',
      bookId: 'book-free',
      sizeBytes: PDF.byteLength,
      free: true,
      downloadedAt: NOW,
    });
    expect(progress.at(-1)).toBe(PDF.byteLength);
    expect(await store.list()).toEqual([saved]);
    expect(Array.from(new Uint8Array((await store.read('book-free')) as ArrayBuffer))).toEqual(
      Array.from(PDF),
    );
    expect(await store.read('book-other')).toBeNull();
  });

  it('remove the paid books whose subject expired, and keep free books and paid ones still valid', async () => {
    const { store } = bookStore();
    const paid = { ...(BOOKS[1] as Book), locked: false };
    await store.download(readable(BOOKS[0] as Book));
    await store.download(readable(paid));
    const stillPaid = [
      {
        subjectId: paid.subjectId,
        subjectTitle: paid.subjectTitle,
        expiresAt: new Date(NOW + DAY).toISOString(),
      },
    ];
    expect(await store.removeExpired(stillPaid, NOW)).toEqual([]);
    const expired = [{ ...stillPaid[0], expiresAt: new Date(NOW - 1).toISOString() }] as typeof stillPaid;
    expect(await store.removeExpired(expired, NOW)).toEqual(['http://localhost/books/file/book-paid']);
    expect((await store.list()).map((book) => book.bookId)).toEqual(['book-free']);
  });

  it('say nothing is kept where Cache Storage does not exist', async () => {
    const store = createOfflineBookStore({ cacheStorage: null });
    expect(store.isSupported).toBe(false);
    expect(await store.list()).toEqual([]);
    expect(await store.read('book-free')).toBeNull();
  });
});

describe('saved scholarships', () => {
  it('list nearest deadline first and ignore entries not in the contract shape', async () => {
    const store = memoryStore();
    const saved = createSavedScholarships(store);
    await saved.save(SCHOLARSHIPS[0] as (typeof SCHOLARSHIPS)[number], NOW);
    await saved.save(SCHOLARSHIPS[2] as (typeof SCHOLARSHIPS)[number], NOW);
    store.data.set(SAVED_SCHOLARSHIPS_KEY, [
      ...(store.data.get(SAVED_SCHOLARSHIPS_KEY) as unknown[]),
      { id: 7 },
    ]);
    expect((await saved.list()).map((item) => item.id)).toEqual(['soon', 'far']);
    expect((await saved.details('soon'))?.eligibility.en).toBe('Who may apply to soon.');
    expect(await saved.details('closed')).toBeNull();
  });

  it('read each full text through its schema: a malformed text is none, the text beside it still reads', async () => {
    const store = memoryStore();
    const saved = createSavedScholarships(store);
    for (const index of [0, 2]) await saved.save(SCHOLARSHIPS[index] as (typeof SCHOLARSHIPS)[number], NOW);
    const texts = store.data.get(SAVED_SCHOLARSHIP_TEXTS_KEY) as Record<string, Record<string, unknown>>;
    store.data.set(SAVED_SCHOLARSHIP_TEXTS_KEY, { ...texts, far: { ...texts.far, levels: 'master' } });
    expect(await saved.details('far')).toBeNull();
    expect((await saved.details('soon'))?.eligibility.en).toBe('Who may apply to soon.');
    expect((await saved.allDetails()).map((item) => item._id)).toEqual(['soon']);
    store.data.set(SAVED_SCHOLARSHIP_TEXTS_KEY, ['not', 'a', 'record']);
    expect(await saved.allDetails()).toEqual([]);
  });

  it('keep one entry per scholarship when saved twice, and keep nothing without IndexedDB', async () => {
    const saved = createSavedScholarships(memoryStore());
    await saved.save(SCHOLARSHIPS[0] as (typeof SCHOLARSHIPS)[number], NOW);
    await saved.save(SCHOLARSHIPS[0] as (typeof SCHOLARSHIPS)[number], NOW + DAY);
    expect(await saved.list()).toHaveLength(1);
    expect((await saved.list())[0]?.savedAt).toBe(new Date(NOW + DAY).toISOString());
    const none = createSavedScholarships(null);
    expect(await none.list()).toEqual([]);
    await expect(none.save(SCHOLARSHIPS[0] as (typeof SCHOLARSHIPS)[number], NOW)).rejects.toThrow();
  });
});

describe('read articles and book pages', () => {
  it(`keep the ${READ_ARTICLES_KEPT} latest reads of each kind, newest first`, async () => {
    const read = createReadArticles(memoryStore());
    const article = (n: number): NewsArticle => ({
      id: `a${n}`,
      source: { id: null, name: 'Wire' },
      author: null,
      title: `Article ${n}`,
      description: null,
      url: `https://example.org/${n}`,
      urlToImage: null,
      publishedAt: '2026-11-01T00:00:00Z',
      content: null,
    });
    for (let n = 0; n < READ_ARTICLES_KEPT + 5; n++) {
      await read.remember({
        kind: 'headline',
        key: article(n).id,
        lang: 'en',
        article: article(n),
        savedAt: new Date(NOW + n * 1000).toISOString(),
      });
    }
    const kept = await read.headlines('en');
    expect(kept).toHaveLength(READ_ARTICLES_KEPT);
    expect(kept[0]?.article.title).toBe(`Article ${READ_ARTICLES_KEPT + 4}`);
    expect(await read.headlines('fr')).toEqual([]);
  });

  it('read each kept article through its schema: a malformed one is left out, the good ones beside it kept', async () => {
    const store = memoryStore();
    const article: NewsArticle = {
      id: 'a1',
      source: { id: null, name: 'Wire' },
      author: null,
      title: 'Kept',
      description: null,
      url: 'https://example.org/1',
      urlToImage: null,
      publishedAt: '2026-11-01T00:00:00Z',
      content: null,
    };
    const happening = {
      _id: 'h1',
      title: { en: 'Fair', fr: 'Salon' },
      body: { en: 'b', fr: 'c' },
      date: '2026-11-02',
      imageUrl: '',
    };
    const at = (n: number) => new Date(NOW + n * 1000).toISOString();
    const { id: _none, ...beforeIds } = { ...article, title: 'Before ids' };
    store.data.set(READ_ARTICLES_KEY, [
      { kind: 'headline', key: 'a1', lang: 'en', article, savedAt: at(1) },
      { kind: 'headline', key: 'x', lang: 'en', article: { ...article, id: 'a2', title: 7 }, savedAt: at(2) },
      { kind: 'headline', key: 'y', lang: 'de', article: { ...article, id: 'a3' }, savedAt: at(3) },
      {
        kind: 'headline',
        key: 'z',
        lang: 'en',
        article: { ...article, id: 'a4', author: undefined },
        savedAt: at(4),
      },
      { kind: 'headline', key: 'https://example.org/1', lang: 'en', article: beforeIds, savedAt: at(5) },
      { kind: 'happening', key: 'h1', happening, savedAt: at(6) },
      { kind: 'happening', key: 'h2', happening: { ...happening, _id: 'h2', body: 'text' }, savedAt: at(7) },
      { kind: 'video', key: 'v', savedAt: at(8) },
    ]);
    const read = createReadArticles(store);
    expect((await read.headlines()).map((item) => item.article.title)).toEqual(['Before ids', 'Kept']);
    expect((await read.headlines())[0]?.article.id).toMatch(/\S/);
    expect((await read.happenings()).map((item) => item.key)).toEqual(['h1']);
  });

  it('remember the page of each book, and ignore pages that cannot be', async () => {
    const pages = createReadingPositions(memoryStore());
    await pages.save('book-a', 2);
    await pages.save('book-b', 0);
    expect(await pages.load('book-a')).toBe(2);
    expect(await pages.load('book-b')).toBeNull();
    expect(await createReadingPositions(null).load('book-a')).toBeNull();
  });

  it('read each stored page through its schema: a malformed one is none, the next book still opens where it was', async () => {
    const store = memoryStore();
    store.data.set('reading:half', { v: 1, page: 2.5, savedAt: NOW });
    store.data.set('reading:text', { v: 1, page: '3', savedAt: NOW });
    store.data.set('reading:undated', { v: 1, page: 3 });
    store.data.set('reading:good', { v: 1, page: 4, savedAt: NOW });
    const pages = createReadingPositions(store);
    for (const id of ['half', 'text', 'undated']) expect(await pages.load(id)).toBeNull();
    expect(await pages.load('good')).toBe(4);
  });
});
