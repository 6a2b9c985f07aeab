import type { Book } from '../../../contract/books';
import type { Bilingual } from '../../../contract/common';
import type { PaidSubject } from '../../../contract/users';
import type { DownloadPlan } from '../../../machines/fileDownload';
import type { NetworkHints } from '../../../machines/videoQuality';
import { isMetered } from '../../../machines/videoQuality';
import { OFFLINE_BOOKS_CACHE } from '../../sw/cache-names';
import { offlineVideoKey } from '../../sw/routes';
import { createNetworkHints } from '../network-hints';

/** What a downloaded book needs to be listed, read and removed when its access ends. */
export interface OfflineBook {
  /** The stable URL it is stored under (the file URL without its expiring signature). */
  key: string;
  bookId: string;
  title: Bilingual;
  subjectId: string;
  subjectTitle: string;
  pages: number;
  /** A free book stays when the student's subjects expire. */
  free: boolean;
  sizeBytes: number;
  /** Epoch ms. */
  downloadedAt: number;
}

/** A book that can be downloaded: one the student may read (it has a signed file URL). */
export type DownloadableBook = Pick<
  Book,
  '_id' | 'title' | 'subjectId' | 'subjectTitle' | 'pages' | 'free' | 'sizeBytes'
> & { fileUrl: string };

/** The offline copies of books (docs/style.md 5: the one owner of the 'offline-books' cache). */
export interface OfflineBookStore {
  readonly isSupported: boolean;
  find(bookId: string): Promise<OfflineBook | null>;
  /** The size is known from the book list: nothing is fetched to learn it. */
  plan(book: DownloadableBook): Promise<DownloadPlan>;
  download(
    book: DownloadableBook,
    onProgress?: (receivedBytes: number, totalBytes: number | null) => void,
    signal?: AbortSignal,
  ): Promise<OfflineBook>;
  /** The PDF's bytes when the book is on the device, else null. */
  read(bookId: string): Promise<ArrayBuffer | null>;
  list(): Promise<OfflineBook[]>;
  remove(key: string): Promise<void>;
  /** Deletes the paid books whose subject the student no longer has; returns the keys removed. */
  removeExpired(paidSubjects: readonly PaidSubject[], now: number): Promise<string[]>;
}

const META_HEADER = 'x-offline-book';

function readMeta(key: string, response: Response): OfflineBook | null {
  const raw = response.headers.get(META_HEADER);
  if (!raw) return null;
  try {
    const meta = JSON.parse(decodeURIComponent(raw)) as Omit<OfflineBook, 'key'>;
    if (typeof meta.bookId !== 'string' || typeof meta.subjectId !== 'string') return null;
    return { ...meta, key };
  } catch {
    return null;
  }
}

/** Reads a response body to the end, reporting progress; the abort signal stops it. */
async function readAll(
  response: Response,
  onProgress?: (receivedBytes: number, totalBytes: number | null) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const lengthHeader = Number(response.headers.get('content-length'));
  const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : null;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export interface OfflineBookStoreOptions {
  cacheStorage?: CacheStorage | null;
  fetch?: typeof fetch;
  /** The connection as the browser describes it (src/services/network-hints.ts by default). */
  network?: () => NetworkHints;
  now?: () => number;
  /** Base for relative file URLs (the page's URL). */
  baseUrl?: string;
}

export function createOfflineBookStore(options: OfflineBookStoreOptions = {}): OfflineBookStore {
  const cacheStorage =
    options.cacheStorage === undefined
      ? typeof caches === 'undefined'
        ? null
        : caches
      : options.cacheStorage;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const network = options.network ?? createNetworkHints().read;
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl ?? (typeof location === 'undefined' ? undefined : location.href);

  async function open(): Promise<Cache> {
    if (!cacheStorage) throw new Error('Cache Storage is not available in this browser');
    return cacheStorage.open(OFFLINE_BOOKS_CACHE);
  }

  async function list(): Promise<OfflineBook[]> {
    if (!cacheStorage || !(await cacheStorage.has(OFFLINE_BOOKS_CACHE))) return [];
    const cache = await open();
    const books: OfflineBook[] = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const meta = response ? readMeta(request.url, response) : null;
      if (meta) books.push(meta);
    }
    return books.sort((a, b) => b.downloadedAt - a.downloadedAt);
  }

  async function find(bookId: string): Promise<OfflineBook | null> {
    return (await list()).find((book) => book.bookId === bookId) ?? null;
  }

  async function remove(key: string): Promise<void> {
    if (!cacheStorage) return;
    await (await open()).delete(key);
  }

  return {
    isSupported: cacheStorage !== null,
    find,
    async plan(book) {
      return {
        sizeBytes: book.sizeBytes > 0 ? book.sizeBytes : null,
        metered: isMetered(network()),
      };
    },
    async download(book, onProgress, signal) {
      const cache = await open();
      const response = await fetchImpl(book.fileUrl, signal ? { signal } : {});
      if (response.status !== 200) throw new Error(`The book answered ${response.status}`);
      const body = await readAll(response, onProgress);
      const meta: Omit<OfflineBook, 'key'> = {
        bookId: book._id,
        title: book.title,
        subjectId: book.subjectId,
        subjectTitle: book.subjectTitle,
        pages: book.pages,
        free: book.free,
        sizeBytes: body.byteLength,
        downloadedAt: now(),
      };
      const key = offlineVideoKey(book.fileUrl, baseUrl);
      await cache.put(
        key,
        new Response(body, {
          status: 200,
          headers: {
            'content-type': response.headers.get('content-type') ?? 'application/pdf',
            'content-length': String(body.byteLength),
            [META_HEADER]: encodeURIComponent(JSON.stringify(meta)),
          },
        }),
      );
      return { ...meta, key };
    },
    async read(bookId) {
      const stored = await find(bookId);
      if (!stored) return null;
      const response = await (await open()).match(stored.key);
      return response ? response.arrayBuffer() : null;
    },
    list,
    remove,
    async removeExpired(paidSubjects, at) {
      const stillPaid = new Set(
        paidSubjects.filter((paid) => Date.parse(paid.expiresAt) > at).map((paid) => paid.subjectId),
      );
      const expired = (await list()).filter((book) => !book.free && !stillPaid.has(book.subjectId));
      await Promise.all(expired.map((book) => remove(book.key)));
      return expired.map((book) => book.key);
    },
  };
}
