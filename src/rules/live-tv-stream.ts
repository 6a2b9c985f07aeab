import type { LiveTvChannel } from '../../contract/live-tv';

/** The stream a channel plays in a mode: sound only falls back to the full stream when there is none. */
export function streamUrlOf(channel: LiveTvChannel | undefined, mode: 'video' | 'audio'): string | null {
  if (!channel) return null;
  return mode === 'audio' ? (channel.audioStreamUrl ?? channel.streamUrl) : channel.streamUrl;
}
