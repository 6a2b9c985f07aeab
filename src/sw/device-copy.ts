// Issue 18: an offline screen shows the last copy it saw with its date. When this worker answers a list from
// its cache because the network failed (or was too slow), it says so, with the copy's date, in a header the
// app reads (src/services/api/device-copy.ts): the screen then shows "saved on {date}", not a list that
// looks fresh.
import type { WorkboxPlugin } from 'workbox-core/types';
import { DEVICE_COPY_HEADER } from '../services/api/device-copy';

/**
 * The cached answer, marked as a device copy with the date the server answered it (its Date header, kept
 * with it in the cache). Without a readable date it is left unmarked: no date is better than a wrong one.
 */
export function asDeviceCopy(cached: Response): Response {
  const answeredAt = Date.parse(cached.headers.get('date') ?? '');
  if (!Number.isFinite(answeredAt)) return cached;
  const headers = new Headers(cached.headers);
  headers.set(DEVICE_COPY_HEADER, new Date(answeredAt).toISOString());
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

/**
 * Marks the cached answers a strategy hands to the page. Network first reads its cache only when the
 * network failed or was too slow: every such answer is a copy. Stale-while-revalidate reads it first, even
 * online, as the freshest list it has: `when` then limits the mark to a device that is offline.
 */
export function deviceCopyPlugin(when: () => boolean = () => true): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse }) =>
      cachedResponse && when() ? asDeviceCopy(cachedResponse) : (cachedResponse ?? null),
  };
}
