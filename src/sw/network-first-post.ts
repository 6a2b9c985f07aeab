// Network first for a POSTed list (the book pages): the Cache API keys only GETs, so each answer is kept
// under a GET key made of its body (postListKey), and served from there when the network is gone or slow.
import { asDeviceCopy } from './device-copy';
import { postListKey } from './routes';

export interface NetworkFirstPostOptions {
  cacheStorage: CacheStorage;
  cacheName: string;
  fetch: (request: Request) => Promise<Response>;
  /** After this long without an answer, the kept copy (if any) is served; the network still refreshes it. */
  networkTimeoutMs: number;
  /** Keeps the worker alive for work that outlives the response (the cache write after a timeout). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** Bookkeeping after each write (expiration). */
  stored?: (key: string) => Promise<void>;
  /** Timers, injectable for tests. */
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export async function networkFirstPost(
  request: Request,
  options: NetworkFirstPostOptions,
): Promise<Response> {
  const key = postListKey(request.url, await request.clone().text());
  if (key === null) return options.fetch(request);
  const cache = await options.cacheStorage.open(options.cacheName);

  const keep = async (copy: Response) => {
    await cache.put(key, copy);
    await options.stored?.(key);
  };
  const network = options.fetch(request).then((response) => {
    // Only a success is kept: an error answer must never stand in for the list offline.
    if (response.status === 200) options.waitUntil(keep(response.clone()));
    return response;
  });
  // A slow network answered from the cache still refreshes it.
  options.waitUntil(network.catch(() => undefined));

  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let timer: unknown;
  // A kept page handed out instead of the network's says it is a copy, and from when (issue 18).
  const keptCopy = async () => {
    const kept = await cache.match(key);
    return kept ? asDeviceCopy(kept) : undefined;
  };
  const slow = new Promise<Response | undefined>((resolve) => {
    timer = setTimer(() => resolve(keptCopy()), options.networkTimeoutMs);
  });
  try {
    return await Promise.race([network, slow.then((kept) => kept ?? network)]);
  } catch (error) {
    const kept = await keptCopy();
    if (kept) return kept;
    throw error;
  } finally {
    clearTimer(timer);
  }
}
