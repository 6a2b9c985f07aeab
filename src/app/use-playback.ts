import { useActorRef } from '@xstate/react';
import type { RefObject } from 'react';
import { useMemo } from 'react';
import { playbackMachine } from '../../machines/playback';
import type { Quality } from '../../machines/videoQuality';
import { playbackActors } from '../actors/playback';
import { createSyncedPositions } from '../services/synced-positions';
import { useAppActors } from './actors-context';
import { usePlaybackPositions } from './playback-positions-context';

/**
 * The playback machine of one video, with its effects (src/actors/playback.ts): the API calls, the resume
 * positions (on the device and on the student's account), and the media element that only the screen holds.
 */
export function usePlayback(
  videoId: string,
  userId: string,
  media: RefObject<HTMLVideoElement | null>,
  quality: Quality,
) {
  const { api, describeError, session, now } = useAppActors();
  const device = usePlaybackPositions();
  const positions = useMemo(() => createSyncedPositions(device, api, now), [device, api, now]);
  const user = () => session.getSnapshot().context.user;
  return useActorRef(
    playbackMachine.provide(playbackActors({ api, describeError, now, user, positions, media })),
    { input: { videoId, userId, quality } },
  );
}

export type PlaybackActor = ReturnType<typeof usePlayback>;
