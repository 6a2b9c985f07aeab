import { del, get, set } from 'idb-keyval';
import type { KeyValueStore } from './playback-positions';

export type { KeyValueStore };

/**
 * idb-keyval's default IndexedDB store (the one logout clears with the caches), or null where IndexedDB
 * does not exist (an old webview, some private windows): callers then keep nothing and say so.
 */
export function idbKeyValueStore(): KeyValueStore | null {
  if (typeof indexedDB === 'undefined') return null;
  return { get: (key) => get(key), set: (key, value) => set(key, value), del: (key) => del(key) };
}

/**
 * Runs read-modify-write updates of this page one after the other, so two quick taps (save, then remove)
 * cannot interleave and lose one of them.
 */
export function createUpdateQueue() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
}
