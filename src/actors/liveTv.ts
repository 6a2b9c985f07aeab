import { fromCallback } from 'xstate';
import type { LiveTvChannel } from '../../contract/live-tv';
import type { LiveTvEvent, liveTvMachine, PlayStreamInput } from '../../machines/liveTv';
import { streamUrlOf } from '../rules/live-tv-stream';
import { playLiveStream } from '../services/media/live-stream';

/** The live TV machine's effects: the page's video element plays the chosen channel's stream. */
export function liveTvActors(
  channels: { readonly current: readonly LiveTvChannel[] },
  video: { readonly current: HTMLVideoElement | null },
): Parameters<typeof liveTvMachine.provide>[0] {
  return {
    actors: {
      playStream: fromCallback<LiveTvEvent, PlayStreamInput>(({ sendBack, input }) => {
        const channel = channels.current.find((item) => item._id === input.channelId);
        const url = streamUrlOf(channel, input.mode);
        const element = video.current;
        if (!url || !element) {
          sendBack({ type: 'media.failed', reason: 'unsupported' });
          return;
        }
        return playLiveStream(element, url, sendBack);
      }),
    },
  };
}
