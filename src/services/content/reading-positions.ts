import * as z from 'zod/mini';
import type { KeyValueStore } from '../device-store';
import { idbKeyValueStore } from '../device-store';

/** The page each book was left open at, under `reading:<bookId>` (versioned data, docs/style.md 6). */
export const READING_KEY_PREFIX = 'reading:';

const storedPageSchema = z.object({
  v: z.literal(1),
  /** Pages count from 1. */
  page: z.int().check(z.minimum(1)),
  savedAt: z.number(),
});
type StoredPage = z.infer<typeof storedPageSchema>;

export interface ReadingPositions {
  /** The page last read, or null (never opened, unreadable, or no IndexedDB). */
  load(bookId: string): Promise<number | null>;
  save(bookId: string, page: number): Promise<void>;
}

/** Never throws: a book that cannot remember its page simply opens on page 1 next time. */
export function createReadingPositions(
  store: KeyValueStore | null = idbKeyValueStore(),
  now: () => number = Date.now,
): ReadingPositions {
  return {
    async load(bookId) {
      if (!store) return null;
      try {
        const parsed = storedPageSchema.safeParse(await store.get(`${READING_KEY_PREFIX}${bookId}`));
        return parsed.success ? parsed.data.page : null;
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
