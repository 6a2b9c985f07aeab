import { fromCallback } from 'xstate';
import type { LiveTvChannel } from '../../contract/live-tv';
import type { LiveTvEvent, liveTvMachine, PlayStreamInput } from '../../machines/liveTv';
import { playLiveStream } from '../services/media/live-stream';

/** The stream a channel plays in a mode: sound only falls back to the full stream when there is none. */
export function streamUrlOf(channel: LiveTvChannel | undefined, mode: 'video' | 'audio'): string | null {
  if (!channel) return null;
  return mode === 'audio' ? (channel.audioStreamUrl ?? channel.streamUrl) : channel.streamUrl;
}

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
