import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { selectQuality, videoQualityMachine } from '../../machines/videoQuality';
import { videoQualityActors } from '../actors/videoQuality';
import type { PlaybackActor } from './use-playback';
import { useVideoEnvironment } from './video-environment';

/**
 * The rendition choice of one lesson (the videoQuality machine), told of every change of the connection, with
 * the student's Data saver setting kept on the device.
 */
export function useVideoQuality() {
  const { preferences, network } = useVideoEnvironment();
  const actor = useActorRef(videoQualityMachine.provide(videoQualityActors(preferences)), {
    input: { dataSaver: preferences.get().dataSaver, hints: network.read() },
  });
  useEffect(
    () => network.subscribe((hints) => actor.send({ type: 'network.changed', hints })),
    [actor, network],
  );
  return actor;
}

export type VideoQualityActor = ReturnType<typeof useVideoQuality>;

/** The player plays what the quality choice resolves to, switching source (same second) when it changes. */
export function usePlayQuality(quality: VideoQualityActor, playback: PlaybackActor): void {
  useEffect(() => {
    let last = selectQuality(quality.getSnapshot());
    playback.send({ type: 'playback.setQuality', quality: last });
    const subscription = quality.subscribe((snapshot) => {
      const next = selectQuality(snapshot);
      if (next === last) return;
      last = next;
      playback.send({ type: 'playback.setQuality', quality: next });
    });
    return () => subscription.unsubscribe();
  }, [quality, playback]);
}
