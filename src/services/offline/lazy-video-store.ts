import { offlineVideoKey } from '../../sw/routes';
import type { OfflineVideoStore } from './video-downloads';

/**
 * The offline video store with its code downloaded on first use (issue 12): the first screen only needs to
 * know whether downloads are possible. Every call but `keyOf` is asynchronous already, so callers see the
 * same interface.
 */
export function lazyOfflineVideoStore(
  load: () => Promise<OfflineVideoStore>,
  { isSupported, baseUrl }: { isSupported: boolean; baseUrl?: string | undefined },
): OfflineVideoStore {
  let store: Promise<OfflineVideoStore> | null = null;
  const real = () => {
    if (store === null) {
      store = load();
      store.catch(() => {
        store = null;
      });
    }
    return store;
  };
  return {
    isSupported,
    keyOf: (streamUrl) => offlineVideoKey(streamUrl, baseUrl),
    find: async (streamUrl) => (await real()).find(streamUrl),
    plan: async (streamUrl) => (await real()).plan(streamUrl),
    download: async (video, onProgress, signal) => (await real()).download(video, onProgress, signal),
    list: async () => (await real()).list(),
    remove: async (key) => (await real()).remove(key),
    removeAll: async () => (await real()).removeAll(),
    estimate: async () => (await real()).estimate(),
    removeExpired: async (paidSubjects, now) => (await real()).removeExpired(paidSubjects, now),
  };
}
