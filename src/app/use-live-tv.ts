import { useActorRef, useSelector } from '@xstate/react';
import { type RefObject, useCallback, useRef } from 'react';
import { fromCallback } from 'xstate';
import type { LiveTvChannel } from '../../contract/live-tv';
import {
  type LiveTvEvent,
  type LiveTvView,
  liveTvMachine,
  type PlayStreamInput,
  selectLiveTvView,
} from '../../machines/liveTv';
import { playLiveStream } from '../services/media/live-stream';

/** The stream a channel plays in a mode: sound only falls back to the full stream when there is none. */
export function streamUrlOf(channel: LiveTvChannel | undefined, mode: 'video' | 'audio'): string | null {
  if (!channel) return null;
  return mode === 'audio' ? (channel.audioStreamUrl ?? channel.streamUrl) : channel.streamUrl;
}

/** The live TV screen's player: the liveTv machine with the page's video element and the channel list. */
export function useLiveTv(channels: readonly LiveTvChannel[], video: RefObject<HTMLVideoElement | null>) {
  const latest = useRef(channels);
  latest.current = channels;
  const actor = useActorRef(
    liveTvMachine.provide({
      actors: {
        playStream: fromCallback<LiveTvEvent, PlayStreamInput>(({ sendBack, input }) => {
          const channel = latest.current.find((item) => item._id === input.channelId);
          const url = streamUrlOf(channel, input.mode);
          const element = video.current;
          if (!url || !element) {
            sendBack({ type: 'media.failed', reason: 'unsupported' });
            return;
          }
          return playLiveStream(element, url, sendBack);
        }),
      },
    }),
  );
  const view: LiveTvView = useSelector(actor, selectLiveTvView);
  // One function for the screen's life: effects that send (stop when offline) run when their cause changes.
  const send = useCallback((event: LiveTvEvent) => actor.send(event), [actor]);
  return { view, send };
}
