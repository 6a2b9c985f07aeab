import type { KeyValueStore } from '../device-store';
import { idbKeyValueStore } from '../device-store';

/** The page each book was left open at, under `reading:<bookId>` (versioned data, docs/style.md 6). */
export const READING_KEY_PREFIX = 'reading:';

interface StoredPage {
  v: 1;
  page: number;
  savedAt: number;
}

export interface ReadingPositions {
  /** The page last read, or null (never opened, unreadable, or no IndexedDB). */
  load(bookId: string): Promise<number | null>;
  save(bookId: string, page: number): Promise<void>;
}

const isStoredPage = (value: unknown): value is StoredPage =>
  typeof value === 'object' &&
  value !== null &&
  (value as StoredPage).v === 1 &&
  Number.isInteger((value as StoredPage).page) &&
  (value as StoredPage).page >= 1;

/** Never throws: a book that cannot remember its page simply opens on page 1 next time. */
export function createReadingPositions(
  store: KeyValueStore | null = idbKeyValueStore(),
  now: () => number = Date.now,
): ReadingPositions {
  return {
    async load(bookId) {
      if (!store) return null;
      try {
        const value = await store.get(`${READING_KEY_PREFIX}${bookId}`);
        return isStoredPage(value) ? value.page : null;
      } catch {
        return null;
      }
    },
    async save(bookId, page) {
      if (!store || !Number.isInteger(page) || page < 1) return;
      try {
        const entry: StoredPage = { v: 1, page, savedAt: now() };
        await store.set(`${READING_KEY_PREFIX}${bookId}`, entry);
      } catch {
        // See above.
      }
    },
  };
}
