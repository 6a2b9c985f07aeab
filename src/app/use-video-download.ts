import { useActorRef, useSelector } from '@xstate/react';
import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import type { VideoDownloadEvent } from '../../machines/videoDownload';
import { videoDownloadMachine } from '../../machines/videoDownload';
import type { DownloadView } from '../../machines/videoDownloadView';
import {
  selectDownloadedQuality,
  selectDownloadView,
  selectWifiOnly,
} from '../../machines/videoDownloadView';
import type { Quality } from '../../machines/videoQuality';
import { videoDownloadActors } from '../actors/videoDownload';
import type { DownloadableVideo, OfflineVideoStore } from '../services/offline/offline-video-store';
import { useAppActors } from './actors-context';
import type { VideoPreferencesStore } from './video-environment';
import { useVideoEnvironment } from './video-environment';

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

/** The machine with its effects (src/actors/videoDownload.ts). */
export function provideVideoDownload(
  store: OfflineVideoStore,
  current: Readonly<RefObject<DownloadableVideo>>,
  preferences: Pick<VideoPreferencesStore, 'update'>,
) {
  return videoDownloadMachine.provide(videoDownloadActors(store, current, preferences));
}
