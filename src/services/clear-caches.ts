// Logout's wipe of the device caches, apart from the storage the first screen reads (src/services/storage.ts):
// its code downloads with the logout that needs it.
import { clear as clearIdbKeyval } from 'idb-keyval';

export interface ClearCachesOptions {
  /** Defaults to the browser's Cache Storage; absent on insecure origins and in old webviews. */
  cacheStorage?: CacheStorage | null;
  /** Defaults to idb-keyval's clear() of its store, when IndexedDB exists. */
  clearIndexedDb?: (() => Promise<void>) | null;
  /** Caches to spare, e.g. the service worker's precache if the app shell must stay offline-ready. */
  keep?: (cacheName: string) => boolean;
}

export interface ClearCachesResult {
  deletedCaches: string[];
  indexedDbCleared: boolean;
}

function defaultCacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

function defaultIndexedDbClear(): (() => Promise<void>) | null {
  return typeof indexedDB === 'undefined' ? null : () => clearIdbKeyval();
}

/**
 * docs/product.md §4: logout also clears the caches (Cache Storage and the IndexedDB keys). Best effort: a
 * cache the browser refuses to delete must not keep the student logged in, so failures are reported
 * in the result, never thrown.
 */
export async function clearCaches(options: ClearCachesOptions = {}): Promise<ClearCachesResult> {
  const cacheStorage = options.cacheStorage === undefined ? defaultCacheStorage() : options.cacheStorage;
  const clearIndexedDb =
    options.clearIndexedDb === undefined ? defaultIndexedDbClear() : options.clearIndexedDb;
  const keep = options.keep ?? (() => false);

  const deletedCaches: string[] = [];
  if (cacheStorage) {
    try {
      const names = (await cacheStorage.keys()).filter((name) => !keep(name));
      const results = await Promise.allSettled(names.map((name) => cacheStorage.delete(name)));
      results.forEach((result, index) => {
        const name = names[index];
        if (result.status === 'fulfilled' && result.value && name !== undefined) deletedCaches.push(name);
      });
    } catch {
      // keys() itself failed (storage disabled): nothing more can be done from here.
    }
  }

  let indexedDbCleared = false;
  if (clearIndexedDb) {
    try {
      await clearIndexedDb();
      indexedDbCleared = true;
    } catch {
      indexedDbCleared = false;
    }
  }
  return { deletedCaches, indexedDbCleared };
}
