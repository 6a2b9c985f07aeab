import { fromCallback, fromPromise } from 'xstate';
import type {
  DownloadVideoInput,
  StoredDownload,
  VideoDownloadEvent,
  videoDownloadMachine,
} from '../../machines/videoDownload';
import type { DownloadableVideo, OfflineVideoStore } from '../services/offline/offline-video-store';
import { DownloadInterrupted } from '../services/offline/resumable-fetch';
import type { VideoPreferences } from '../services/video-preferences';

/**
 * The video download machine's effects: the offline store for this one video (`current`: signed URLs
 * expire and the player loads fresh ones, so the download always uses the latest), and the kept setting.
 */
export function videoDownloadActors(
  store: OfflineVideoStore,
  current: { readonly current: DownloadableVideo },
  preferences: { update(change: Partial<VideoPreferences>): void },
): Parameters<typeof videoDownloadMachine.provide>[0] {
  return {
    actions: { persistWifiOnly: (_, { on }) => preferences.update({ wifiOnly: on }) },
    actors: {
      findDownload: fromPromise<StoredDownload | null, void>(() => store.findVideo(current.current)),
      downloadVideo: fromCallback<VideoDownloadEvent, DownloadVideoInput>(({ sendBack, input }) => {
        const abort = new AbortController();
        store
          .download(current.current, input.quality, {
            signal: abort.signal,
            onProgress: (receivedBytes, totalBytes) =>
              sendBack({ type: 'download.progress', receivedBytes, totalBytes }),
          })
          .then(
            (saved) => sendBack({ type: 'download.finished', sizeBytes: saved.sizeBytes }),
            (error: unknown) => {
              // Stopped by the machine (pause, cancel, Wi-Fi lost): it already knows.
              if (abort.signal.aborted) return;
              sendBack({
                type: error instanceof DownloadInterrupted ? 'download.interrupted' : 'download.failed',
              });
            },
          );
        return () => abort.abort();
      }),
      discardPartial: fromPromise<void, void>(() => store.discardPartial(current.current)),
      removeDownload: fromPromise<void, void>(async () => {
        for (const rendition of current.current.renditions) await store.remove(store.keyOf(rendition.url));
      }),
    },
  };
}
