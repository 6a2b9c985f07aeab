import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import {
  type DownloadPlan,
  type DownloadView,
  selectDownloadView,
  type VideoDownloadEvent,
  videoDownloadMachine,
} from '../../machines/videoDownload';
import type { DownloadableVideo, OfflineVideoStore } from '../services/offline/video-downloads';
import { useAppActors } from './actors-context';

/**
 * The offline download of one paid video, through the videoDownload machine with the app's offline store.
 * Mount it per video (give the calling component `key={video._id}`): the machine belongs to that video.
 */
export function useVideoDownload(video: DownloadableVideo) {
  const { offlineVideos } = useAppActors();
  const actor = useActorRef(provideVideoDownload(offlineVideos, video));
  const view: DownloadView = useSelector(actor, selectDownloadView);
  const send = (
    type: 'download.request' | 'download.confirm' | 'download.cancel' | 'download.retry' | 'download.remove',
  ) => actor.send({ type });
  return {
    view,
    request: () => send('download.request'),
    confirm: () => send('download.confirm'),
    cancel: () => send('download.cancel'),
    retry: () => send('download.retry'),
    remove: () => send('download.remove'),
  };
}

/** The machine with its effects: the offline store for this one video. */
export function provideVideoDownload(store: OfflineVideoStore, video: DownloadableVideo) {
  return videoDownloadMachine.provide({
    actors: {
      findDownload: fromPromise<number | null, void>(async () => {
        if (!store.isSupported) throw new Error('Offline downloads are not supported here');
        return (await store.find(video.streamUrl))?.sizeBytes ?? null;
      }),
      planDownload: fromPromise<DownloadPlan, void>(() => store.plan(video.streamUrl)),
      downloadVideo: fromCallback<VideoDownloadEvent>(({ sendBack }) => {
        const abort = new AbortController();
        store
          .download(
            video,
            (receivedBytes, totalBytes) => sendBack({ type: 'download.progress', receivedBytes, totalBytes }),
            abort.signal,
          )
          .then(
            (saved) => sendBack({ type: 'download.finished', sizeBytes: saved.sizeBytes }),
            () => {
              if (!abort.signal.aborted) sendBack({ type: 'download.failed' });
            },
          );
        return () => abort.abort();
      }),
      removeDownload: fromPromise<void, void>(() => store.remove(store.keyOf(video.streamUrl))),
    },
  });
}
