/**
 * The per-session memory of list calls (docs/product.md §7: "Lists are cached once per session until cleared").
 * It stores promises, so concurrent identical calls share one request; a failed call leaves no trace.
 */
export interface RequestCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets the entry of `key` if it is still `entry` (a newer request may own the key already). */
  forget(key: string, entry: Promise<unknown>): void;
  /** Forgets every entry whose key starts with one of the prefixes. */
  invalidate(prefixes: readonly string[]): void;
  clear(): void;
  readonly size: number;
}

export function createRequestCache(): RequestCache {
  const entries = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = entries.get(key);
      if (cached) return cached as Promise<T>;
      const pending = load();
      entries.set(key, pending);
      pending.catch(() => {
        // Only drop our own entry: a clear() plus a newer request may already own the key.
        if (entries.get(key) === pending) entries.delete(key);
      });
      return pending;
    },
    forget(key, entry) {
      if (entries.get(key) === entry) entries.delete(key);
    },
    invalidate(prefixes) {
      for (const key of [...entries.keys()]) {
        if (prefixes.some((prefix) => key.startsWith(prefix))) entries.delete(key);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
