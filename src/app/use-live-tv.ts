import { useActorRef, useSelector } from '@xstate/react';
import type { RefObject } from 'react';
import { useCallback, useRef } from 'react';
import type { LiveTvChannel } from '../../contract/live-tv';
import type { LiveTvEvent, LiveTvView } from '../../machines/liveTv';
import { liveTvMachine, selectLiveTvView } from '../../machines/liveTv';
import { liveTvActors } from '../actors/liveTv';

/** The live TV screen's player: the liveTv machine with the page's video element and the channel list. */
export function useLiveTv(channels: readonly LiveTvChannel[], video: RefObject<HTMLVideoElement | null>) {
  const latest = useRef(channels);
  latest.current = channels;
  const actor = useActorRef(liveTvMachine.provide(liveTvActors(latest, video)));
  const view: LiveTvView = useSelector(actor, selectLiveTvView);
  // One function for the screen's life: effects that send (stop when offline) run when their cause changes.
  const send = useCallback((event: LiveTvEvent) => actor.send(event), [actor]);
  return { view, send };
}
