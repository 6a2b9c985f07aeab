import type { OfflineVideo, PartialDownload } from '../services/offline/offline-meta';
import type { OfflineVideoStore, StorageEstimate } from '../services/offline/offline-video-store';
import { useAppActors } from './actors-context';
import { useResource } from './use-resource';

export type { OfflineVideo, PartialDownload, StorageEstimate };

/** What the device holds for offline study, as the offline-videos screen lists it. */
export interface OfflineInventory {
  videos: OfflineVideo[];
  /** Downloads started and not finished (a lost connection, a pause): they take room too. */
  partial: PartialDownload[];
  estimate: StorageEstimate | null;
}

const loadInventory = async (store: OfflineVideoStore): Promise<OfflineInventory> => {
  const [videos, partial, estimate] = await Promise.all([
    store.list(),
    store.listPartial(),
    store.estimate(),
  ]);
  return { videos, partial, estimate };
};

/**
 * The offline videos for the cache-manager screen: the inventory (loaded, reloadable) and the deletions,
 * so the screen itself never touches the device's caches.
 */
export function useOfflineInventory() {
  const { offlineVideos } = useAppActors();
  const inventory = useResource(() => loadInventory(offlineVideos));
  return {
    inventory,
    isSupported: offlineVideos.isSupported,
    remove: (key: string) => offlineVideos.remove(key),
    removeAll: () => offlineVideos.removeAll(),
  };
}
