import type { PlaybackRate, PlaybackVideo } from '../../../machines/playback';
import type { Quality } from '../../../machines/videoQuality';
import type { EffectCall } from '../modelHarness';

// The player's rules that the playback oracle (playback.oracle.ts) applies at several steps, written from
// the issues without the machine's helpers.

export type Phase = 'loading' | 'relisting' | 'locked' | 'failed' | 'watching';
export type Media = 'awaitingStart' | 'awaitingMetadata' | 'paused' | 'playing' | 'refreshing' | 'unplayable';

const ORDER: readonly Quality[] = ['saver', '360p', '480p'];
const RESUME_FROM_SECONDS = 3;
const END_SECONDS = 10;
const END_SHARE = 0.05;

/**
 * The URL the player loads for a quality: that rendition's, else the closest one the student may play, else
 * the one stream of a server that lists no renditions.
 */
export function streamFor(video: PlaybackVideo | null, quality: Quality): string | null {
  const playable = (video?.renditions ?? []).filter((rendition) => Boolean(rendition.url));
  const distance = (q: Quality) => Math.abs(ORDER.indexOf(q) - ORDER.indexOf(quality));
  let best: { url: string; distance: number } | null = null;
  for (const rendition of playable) {
    const d = distance(rendition.quality);
    if (rendition.url && (best === null || d < best.distance)) best = { url: rendition.url, distance: d };
  }
  if (best) return best.url;
  return video?.streamUrl ? video.streamUrl : null;
}

/** Where "finished" starts: the last 10 s, or the last 5 % of a short video. */
const endOf = (duration: number) => duration - Math.min(END_SECONDS, duration * END_SHARE);

/** The effects a step must run, in order, as the rules say; `calls` is compared with what the machine ran. */
export function playbackEffects({ videoId }: { videoId: string }) {
  const calls: EffectCall[] = [];
  const add = (type: string, params: unknown) => calls.push({ type, params });
  return {
    names: ['persistPosition', 'forgetPosition', 'rememberLastPlayed', 'seekTo', 'applyRate', 'resumePlay'],
    calls,
    isResumable: (from: number, duration: number) =>
      Number.isFinite(from) && from >= RESUME_FROM_SECONDS && from < endOf(duration),
    /** Saved where the student is; forgotten near the end; nothing when nothing was watched yet. */
    store(position: number, duration: number) {
      if (duration <= 0) return;
      if (position >= endOf(duration)) add('forgetPosition', { videoId });
      else if (position >= RESUME_FROM_SECONDS) add('persistPosition', { videoId, position });
    },
    forget: () => add('forgetPosition', { videoId }),
    seekTo: (position: number) => add('seekTo', { position }),
    applyRate: (rate: PlaybackRate) => add('applyRate', { rate }),
    resumePlay: () => add('resumePlay', undefined),
    rememberLastPlayed: () => add('rememberLastPlayed', { videoId }),
  };
}
