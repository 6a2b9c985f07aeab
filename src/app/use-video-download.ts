import { useActorRef, useSelector } from '@xstate/react';
import { type RefObject, useEffect, useRef } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import {
  type DownloadVideoInput,
  type StoredDownload,
  type VideoDownloadEvent,
  videoDownloadMachine,
} from '../../machines/videoDownload';
import {
  type DownloadView,
  selectDownloadedQuality,
  selectDownloadView,
  selectWifiOnly,
} from '../../machines/videoDownloadView';
import type { Quality } from '../../machines/videoQuality';
import type { DownloadableVideo, OfflineVideoStore } from '../services/offline/offline-video-store';
import { DownloadInterrupted } from '../services/offline/resumable-fetch';
import { useAppActors } from './actors-context';
import { useVideoEnvironment, type VideoPreferencesStore } from './video-environment';

/**
 * The offline download of one paid video, through the videoDownload machine with the app's offline store,
 * the student's "Wi-Fi only" setting and the connection as the browser describes it. Mount it per video
 * (give the calling component `key={video._id}`): the machine belongs to that video. `onDownloaded` hears
 * which rendition is stored (Auto plays it: it costs no data).
 */
export function useVideoDownload(video: DownloadableVideo, onDownloaded?: (quality: Quality | null) => void) {
  const { offlineVideos } = useAppActors();
  const { preferences, network } = useVideoEnvironment();
  // Signed URLs expire and the player loads fresh ones: the download always uses the latest.
  const latest = useRef(video);
  latest.current = video;
  const actor = useActorRef(provideVideoDownload(offlineVideos, latest, preferences), {
    input: {
      renditions: video.renditions.map(({ quality, sizeBytes }) => ({ quality, sizeBytes })),
      wifiOnly: preferences.get().wifiOnly,
      hints: network.read(),
    },
  });
  useEffect(
    () => network.subscribe((hints) => actor.send({ type: 'network.changed', hints })),
    [actor, network],
  );
  const downloaded = useSelector(actor, selectDownloadedQuality);
  useEffect(() => onDownloaded?.(downloaded), [downloaded, onDownloaded]);
  const view: DownloadView = useSelector(actor, selectDownloadView);
  const wifiOnly = useSelector(actor, selectWifiOnly);
  const send = (event: VideoDownloadEvent) => actor.send(event);
  return {
    view,
    wifiOnly,
    request: () => send({ type: 'download.request' }),
    choose: (quality: Quality) => send({ type: 'download.choose', quality }),
    confirm: () => send({ type: 'download.confirm' }),
    cancel: () => send({ type: 'download.cancel' }),
    pause: () => send({ type: 'download.pause' }),
    resume: () => send({ type: 'download.resume' }),
    retry: () => send({ type: 'download.retry' }),
    remove: () => send({ type: 'download.remove' }),
    setWifiOnly: (on: boolean) => send({ type: 'download.setWifiOnly', on }),
  };
}

/** The machine with its effects: the offline store for this one video, and the kept setting. */
export function provideVideoDownload(
  store: OfflineVideoStore,
  current: Readonly<RefObject<DownloadableVideo>>,
  preferences: Pick<VideoPreferencesStore, 'update'>,
) {
  return videoDownloadMachine.provide({
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
  });
}
