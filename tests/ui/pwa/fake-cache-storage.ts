/** An in-memory Cache Storage (jsdom has none): enough of the API for the offline store and logout. */
export function createFakeCacheStorage() {
  const caches = new Map<string, Map<string, Response>>();
  const urlOf = (request: RequestInfo | URL) =>
    typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;

  function cacheFor(entries: Map<string, Response>): Cache {
    return {
      async match(request: RequestInfo | URL) {
        return entries.get(urlOf(request))?.clone();
      },
      async put(request: RequestInfo | URL, response: Response) {
        // A real cache reads the body to the end; so does this one, to catch a consumed stream.
        const body = await response.arrayBuffer();
        entries.set(
          urlOf(request),
          new Response(body, { status: response.status, headers: response.headers }),
        );
      },
      async delete(request: RequestInfo | URL) {
        return entries.delete(urlOf(request));
      },
      async keys() {
        return [...entries.keys()].map((url) => new Request(url));
      },
    } as unknown as Cache;
  }

  const storage = {
    async open(name: string) {
      let entries = caches.get(name);
      if (!entries) {
        entries = new Map();
        caches.set(name, entries);
      }
      return cacheFor(entries);
    },
    async has(name: string) {
      return caches.has(name);
    },
    async delete(name: string) {
      return caches.delete(name);
    },
    async keys() {
      return [...caches.keys()];
    },
    // As Workbox asks it: in one named cache, or in every cache in the order they were opened.
    async match(request: RequestInfo | URL, options?: MultiCacheQueryOptions) {
      const names = options?.cacheName === undefined ? [...caches.keys()] : [options.cacheName];
      for (const name of names) {
        const found = caches.get(name)?.get(urlOf(request));
        if (found) return found.clone();
      }
      return undefined;
    },
  } as unknown as CacheStorage;
  return { storage, caches };
}
