import * as z from 'zod/mini';
import { entriesOf } from '../../../contract/stored';
import type { KeyValueStore } from '../device-store';
import { createUpdateQueue, idbKeyValueStore } from '../device-store';

/**
 * The last copy of each screen's data the device received fresh from the server, with its date (issue 18:
 * offline, a screen shows the last copy it saw, "saved on {date}"). Read by the resource machine's
 * `readCopy` when the server cannot answer, written by its `keepCopy` after each fresh answer.
 *
 * Why here (idb-keyval's default IndexedDB store) and not in the service worker's caches: several of these
 * lists are personal (the student's payments, their unlocked videos), and a worker's cache is keyed by URL,
 * the same `transactions` URL for every account on the phone, so the worker keeps none of them (docs/pwa.md).
 * Here each copy is filed under its account: a copy of one account is never read for another, even if a
 * logout's wipe failed. Logout clears this store with the caches (src/services/clear-caches.ts), like every
 * personal copy. It also works without a worker at all (the native shell, a first visit, a worker refused),
 * where the worker's copies do not exist.
 */
const LAST_COPY_PREFIX = 'last-copy:';
/** The copies kept, newest first; the oldest goes beyond `LAST_COPIES_KEPT`. */
export const LAST_COPIES_INDEX_KEY = 'last-copies';
/** A few screens' worth for each of a phone's students: lists are small, a phone's storage is not. */
export const LAST_COPIES_KEPT = 40;

/** ISO 8601: when the device received it from the server (the screen shows "saved on {date}"). */
const savedAtSchema = z.iso.datetime();

/** A copy: the screen's data, as its resource answered it (the resource reads it), and its date. */
const lastCopySchema = z.object({
  data: z.unknown().check(z.refine((data) => data !== undefined)),
  savedAt: savedAtSchema,
});
export type LastCopy = Readonly<z.infer<typeof lastCopySchema>>;

/** The index of the copies kept, newest first. */
const indexEntrySchema = z.object({ key: z.string(), savedAt: savedAtSchema });
type IndexEntry = z.infer<typeof indexEntrySchema>;

export interface LastCopies {
  /** The copy of `name` with these params for the current account, or null. Never throws. */
  read(name: string, params: unknown): Promise<LastCopy | null>;
  /** Keeps a fresh answer as that copy. Never throws: keeping is a bonus, never a failure of the screen. */
  keep(name: string, params: unknown, data: unknown): Promise<void>;
}

export interface LastCopiesOptions {
  store?: KeyValueStore | null;
  /** The account the copies belong to (the logged-in student's id), null when nobody is logged in. */
  owner: () => string | null;
  now: () => number;
}

export function createLastCopies(options: LastCopiesOptions): LastCopies {
  const store = options.store === undefined ? idbKeyValueStore() : options.store;
  const queue = createUpdateQueue();
  // The account first, so nothing of one student answers for another; params compared by value.
  const keyOf = (name: string, params: unknown) =>
    `${LAST_COPY_PREFIX}${options.owner() ?? 'visitor'}|${name}|${JSON.stringify(params ?? null)}`;

  const readIndex = async (target: KeyValueStore): Promise<IndexEntry[]> =>
    entriesOf(await target.get(LAST_COPIES_INDEX_KEY), indexEntrySchema);

  return {
    read: async (name, params) => {
      if (!store) return null;
      try {
        const parsed = lastCopySchema.safeParse(await store.get(keyOf(name, params)));
        return parsed.success ? { data: parsed.data.data, savedAt: parsed.data.savedAt } : null;
      } catch {
        return null;
      }
    },
    keep: (name, params, data) =>
      queue(async () => {
        if (!store) return;
        const key = keyOf(name, params);
        const savedAt = new Date(options.now()).toISOString();
        try {
          await store.set(key, { data, savedAt } satisfies LastCopy);
          const index = [{ key, savedAt }, ...(await readIndex(store)).filter((entry) => entry.key !== key)];
          await store.set(LAST_COPIES_INDEX_KEY, index.slice(0, LAST_COPIES_KEPT));
          for (const entry of index.slice(LAST_COPIES_KEPT)) await store.del(entry.key);
        } catch {
          // A full or refused store only means this screen has no copy to show offline.
        }
      }),
  };
}
