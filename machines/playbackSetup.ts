import { assign, setup } from 'xstate';
import { isFree } from '../contract/rules/prices';
import { failureText as describe, notProvided } from './notProvided';
import type {
  Counts,
  LoadPositionOutput,
  LoadVideoInput,
  LoadVideoOutput,
  PlaybackContext,
  PlaybackEvent,
  PlaybackInput,
  PlaybackRate,
  PlaybackVideo,
  ReactInput,
  Reaction,
  ReactOutput,
  VideoIdInput,
} from './playbackTypes';
import { PLAYBACK_DELAYS, PLAYBACK_LIMITS } from './playbackTypes';
import type { Quality } from './videoQuality';
import { QUALITIES } from './videoQuality';

// The playback machine's setup: its effects, guards and the actions its regions share (machines/playback.ts).

/** Where "finished" starts in a video of `duration` seconds. */
export const nearEndOf = (duration: number) =>
  duration - Math.min(PLAYBACK_LIMITS.nearEndSeconds, duration * PLAYBACK_LIMITS.nearEndShare);

const isNearEnd = (context: PlaybackContext) =>
  context.duration > 0 && context.position >= nearEndOf(context.duration);

/** A stored position worth seeking to in a video of `duration` seconds. */
function isResumable(from: number | null, duration: number): from is number {
  return (
    from !== null &&
    Number.isFinite(from) &&
    from >= PLAYBACK_LIMITS.minResumeSeconds &&
    from < nearEndOf(duration)
  );
}

const usable = (url: string | undefined): url is string => typeof url === 'string' && url !== '';

/**
 * The URL to play for a quality: that rendition, else the nearest one the student may play (a server may
 * list fewer), else the single stream of a server without renditions.
 */
export function streamOf(video: PlaybackVideo | null, quality: Quality): string | null {
  const playable = (video?.renditions ?? []).filter((rendition) => usable(rendition.url));
  const wanted = QUALITIES.indexOf(quality);
  const nearest = [...playable].sort(
    (a, b) =>
      Math.abs(QUALITIES.indexOf(a.quality) - wanted) - Math.abs(QUALITIES.indexOf(b.quality) - wanted),
  )[0];
  if (nearest?.url) return nearest.url;
  return usable(video?.streamUrl) ? video.streamUrl : null;
}

export function reactionOf(event: PlaybackEvent): Reaction {
  if (event.type === 'comment.like') return { kind: 'commentLike', commentId: event.commentId };
  return { kind: event.type === 'video.dislike' ? 'dislike' : 'like' };
}

export function withReaction(video: PlaybackVideo, output: ReactOutput): PlaybackVideo {
  if (output.kind === 'counts') {
    return { ...video, likes: output.likes, dislikes: output.dislikes, views: output.views };
  }
  return {
    ...video,
    comments: video.comments.map((comment) =>
      comment._id === output.commentId ? { ...comment, likes: output.likes } : comment,
    ),
  };
}

export const playbackSetup = setup({
  types: {
    context: {} as PlaybackContext,
    events: {} as PlaybackEvent,
    input: {} as PlaybackInput,
  },
  delays: PLAYBACK_DELAYS,
  actors: {
    loadVideo: notProvided<LoadVideoOutput, LoadVideoInput>('loadVideo'),
    loadPosition: notProvided<LoadPositionOutput, VideoIdInput>('loadPosition'),
    countView: notProvided<Counts, VideoIdInput>('countView'),
    react: notProvided<ReactOutput, ReactInput>('react'),
  },
  actions: {
    /** Provided by the app: keeps the position on the device and on the student's account. */
    persistPosition: (_, _params: { videoId: string; position: number }) => {},
    /** Provided by the app: the video was watched to the end; next time it starts from the beginning. */
    forgetPosition: (_, _params: { videoId: string }) => {},
    /** Provided by the app: the up-next screen shows what follows the last played video. */
    rememberLastPlayed: (_, _params: { videoId: string }) => {},
    /** Provided by the screen: moves the media element to `position` seconds. */
    seekTo: (_, _params: { position: number }) => {},
    /** Provided by the screen: sets the media element's playback rate. */
    applyRate: (_, _params: { rate: PlaybackRate }) => {},
    /** Provided by the screen: starts the media element again. */
    resumePlay: () => {},
    /** Resume from where the failed stream stopped, and count the attempt. */
    prepareRefresh: assign({
      resumeFrom: ({ context }) => context.position,
      streamRefreshes: ({ context }) => context.streamRefreshes + 1,
      streamLoads: ({ context }) => context.streamLoads + 1,
    }),
    /** Another rendition from where the student is: a new media element, seeked to the same second. */
    switchSource: assign({
      quality: (_, params: { quality: Quality; playing: boolean }) => params.quality,
      resumeFrom: ({ context }) => (context.position > 0 ? context.position : context.resumeFrom),
      resumePlaying: ({ context }, params: { quality: Quality; playing: boolean }) =>
        params.playing || context.resumePlaying,
      streamLoads: ({ context }) => context.streamLoads + 1,
    }),
    takeQuality: assign({ quality: (_, params: { quality: Quality }) => params.quality }),
    takeVideo: assign((_, params: LoadVideoOutput) => ({ video: params.video, price: params.price })),
    /** The stored position, read before the media's metadata: where to start (a switch's own kept). */
    takeResume: assign({
      resumeFrom: ({ context }, params: { position: number | null }) =>
        context.duration === 0 && (context.resumeFrom === null || context.resumeFrom <= 0)
          ? params.position
          : context.resumeFrom,
    }),
    /** The stored position, arrived once the student was already watching its first seconds: go there. */
    takeLateResume: assign((_, params: { position: number }) => ({
      resumeFrom: params.position,
      position: params.position,
    })),
    takeError: assign((_, params: { error: unknown }) => ({ error: describe(params.error) })),
    takeReactionError: assign((_, params: { error: unknown }) => ({ reactionError: describe(params.error) })),
  },
  guards: {
    /** Expired (or never paid) and not free: docs/product.md's add-to-cart instead of the player. */
    hasNoAccess: (_, params: { expired: boolean; price: number | null }) =>
      params.expired && (params.price === null || !isFree(params.price)),
    hasStream: ({ context }, params: { video: PlaybackVideo | null }) =>
      streamOf(params.video, context.quality) !== null,
    shouldResume: ({ context }, params: { duration: number }) =>
      isResumable(context.resumeFrom, params.duration),
    /**
     * The position arrived after the media's metadata (the student pressed Play before the account
     * answered: nothing waits on it), and the student has not watched past the first seconds yet.
     */
    resumesLate: ({ context }, params: { position: number | null }) =>
      context.duration > 0 &&
      isResumable(params.position, context.duration) &&
      context.position < PLAYBACK_LIMITS.minResumeSeconds,
    /**
     * An adopted element (issue 19) still in its first seconds and playing, with a stored position worth
     * going to: as a late position does, it goes there; paused, or past those seconds, it stays.
     */
    adoptedInFirstSeconds: ({ context }, params: { duration: number; position: number; playing: boolean }) =>
      params.playing &&
      params.position < PLAYBACK_LIMITS.minResumeSeconds &&
      isResumable(context.resumeFrom, params.duration),
    mayRefreshStream: ({ context }) => context.streamRefreshes < PLAYBACK_LIMITS.maxStreamRefreshes,
    /** Another URL to load: the same file under another quality name (a server listing fewer) is not. */
    changesSource: ({ context }, params: { quality: Quality }) =>
      streamOf(context.video, params.quality) !== streamOf(context.video, context.quality),
  },
});

/** Saves the position, forgets it near the end, and leaves it alone when nothing was watched yet. */
export const storePosition = playbackSetup.enqueueActions(({ context, enqueue }) => {
  if (isNearEnd(context)) enqueue({ type: 'forgetPosition', params: { videoId: context.videoId } });
  else if (context.duration > 0 && context.position >= PLAYBACK_LIMITS.minResumeSeconds) {
    enqueue({ type: 'persistPosition', params: { videoId: context.videoId, position: context.position } });
  }
});

/** Once a new source's metadata is known, a video that was playing (or was just started) plays on. */
export const resumeIfWasPlaying = playbackSetup.enqueueActions(({ context, enqueue }) => {
  if (context.resumePlaying) enqueue('resumePlay');
});
