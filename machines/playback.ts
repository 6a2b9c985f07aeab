import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';

// One video on the player screen. Before anything plays, the subject's expiry is checked (Issue 4): a video of
// an unpaid or expired subject is `locked` and shows its price instead. A playable video resumes where the
// student stopped: the position is saved every few seconds, on pause and on leave, restored once the media's
// metadata is known, and forgotten near the end. A signed stream URL expires; when the media errors, a fresh
// URL is loaded and playback continues from the same position. A view is counted once, when playback starts.
// Likes, dislikes and comment likes take their counts from the server's answer.

export const PLAYBACK_DELAYS = {
  /** While playing, the position is saved this often. */
  saveEvery: 5_000,
} as const;

export const PLAYBACK_LIMITS = {
  /**
   * This close to the end a video counts as finished: its position is forgotten, not resumed. The last
   * 10 seconds of a lesson, or its last 5 % when it is short (a 12 s clip would otherwise end at 2 s).
   */
  nearEndSeconds: 10,
  nearEndShare: 0.05,
  /** A position under this is not worth resuming from. */
  minResumeSeconds: 3,
  /** Fresh stream URLs tried in a row, without a stretch of healthy playback in between, before giving up. */
  maxStreamRefreshes: 2,
} as const;

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** Only the fields the machine reads; the app's Comment and Video carry more (kept by the index signature). */
export interface PlaybackComment {
  readonly _id: string;
  readonly likes: number;
}

export interface PlaybackVideo {
  readonly _id: string;
  readonly subjectId: string;
  readonly locked: boolean;
  readonly streamUrl?: string | undefined;
  readonly likes: number;
  readonly dislikes: number;
  readonly views: number;
  readonly comments: readonly PlaybackComment[];
  readonly [field: string]: unknown;
}

export interface LoadVideoInput {
  readonly videoId: string;
  /** True when the stream URL expired: the app must not answer from a cached list. */
  readonly fresh: boolean;
}
export interface LoadVideoOutput {
  readonly video: PlaybackVideo;
  /** The subject's price in XAF; null when the subject is not in the catalogue. 0 is a free subject. */
  readonly price: number | null;
}
export interface CheckAccessInput {
  readonly userId: string;
  readonly subjectId: string;
}
export interface CheckAccessOutput {
  readonly expired: boolean;
}
export interface VideoIdInput {
  readonly videoId: string;
}
/** The stored position in seconds, or null when there is none. */
export type LoadPositionOutput = number | null;

export type Reaction =
  | { readonly kind: 'like' }
  | { readonly kind: 'dislike' }
  | { readonly kind: 'commentLike'; readonly commentId: string };
export interface ReactInput {
  readonly videoId: string;
  readonly reaction: Reaction;
}
export type ReactOutput =
  | { readonly kind: 'counts'; readonly likes: number; readonly dislikes: number; readonly views: number }
  | { readonly kind: 'commentLikes'; readonly commentId: string; readonly likes: number };
export interface Counts {
  readonly likes: number;
  readonly dislikes: number;
  readonly views: number;
}

export type PlaybackEvent =
  | { type: 'playback.retry' }
  | { type: 'playback.setRate'; rate: PlaybackRate }
  /** The screen is being left (unmount, tab hidden): save where the student is. */
  | { type: 'playback.leave' }
  | { type: 'media.loadedMetadata'; duration: number }
  | { type: 'media.timeUpdate'; position: number }
  | { type: 'media.play' }
  | { type: 'media.pause' }
  | { type: 'media.ended' }
  | { type: 'media.error' }
  | { type: 'video.like' }
  | { type: 'video.dislike' }
  | { type: 'comment.like'; commentId: string }
  | { type: 'comment.added'; comment: PlaybackComment };

export interface PlaybackInput {
  readonly videoId: string;
  readonly userId: string;
}

export interface PlaybackContext {
  readonly videoId: string;
  readonly userId: string;
  readonly video: PlaybackVideo | null;
  readonly price: number | null;
  /** A failed load or check, as the app described it (already translated). */
  readonly error: string | null;
  /** A failed like, dislike or comment like (already translated). */
  readonly reactionError: string | null;
  readonly rate: PlaybackRate;
  readonly position: number;
  readonly duration: number;
  /** Where to seek once the metadata is known: the stored position, or where an expired stream stopped. */
  readonly resumeFrom: number | null;
  /** Play again after the metadata of a fresh stream URL (the old one expired while playing). */
  readonly resumePlaying: boolean;
  readonly streamRefreshes: number;
  /** Every stream load after the first, never reset: a new media element even when the URL came back equal. */
  readonly streamLoads: number;
}

function describe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** Where "finished" starts in a video of `duration` seconds. */
export const nearEndOf = (duration: number) =>
  duration - Math.min(PLAYBACK_LIMITS.nearEndSeconds, duration * PLAYBACK_LIMITS.nearEndShare);

const isNearEnd = (context: PlaybackContext) =>
  context.duration > 0 && context.position >= nearEndOf(context.duration);

const streamOf = (video: PlaybackVideo | null): string | null =>
  typeof video?.streamUrl === 'string' && video.streamUrl !== '' ? video.streamUrl : null;

function reactionOf(event: PlaybackEvent): Reaction {
  if (event.type === 'comment.like') return { kind: 'commentLike', commentId: event.commentId };
  return { kind: event.type === 'video.dislike' ? 'dislike' : 'like' };
}

function withReaction(video: PlaybackVideo, output: ReactOutput): PlaybackVideo {
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

const playbackSetup = setup({
  types: {
    context: {} as PlaybackContext,
    events: {} as PlaybackEvent,
    input: {} as PlaybackInput,
  },
  delays: PLAYBACK_DELAYS,
  actors: {
    loadVideo: notProvided<LoadVideoOutput, LoadVideoInput>('loadVideo'),
    checkAccess: notProvided<CheckAccessOutput, CheckAccessInput>('checkAccess'),
    loadPosition: notProvided<LoadPositionOutput, VideoIdInput>('loadPosition'),
    countView: notProvided<Counts, VideoIdInput>('countView'),
    react: notProvided<ReactOutput, ReactInput>('react'),
  },
  actions: {
    /** Provided by the app: writes `playback:<videoId>`. */
    persistPosition: (_, _params: { videoId: string; position: number }) => {},
    /** Provided by the app: removes `playback:<videoId>` (the video was watched to the end). */
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
    takeVideo: assign((_, params: LoadVideoOutput) => ({ video: params.video, price: params.price })),
    takeError: assign((_, params: { error: unknown }) => ({ error: describe(params.error) })),
  },
  guards: {
    /** Expired (or never paid) and not free: SPEC's add-to-cart instead of the player. */
    hasNoAccess: ({ context }, params: { expired: boolean }) => params.expired && context.price !== 0,
    hasStream: (_, params: { video: PlaybackVideo | null }) => streamOf(params.video) !== null,
    shouldResume: ({ context }, params: { duration: number }) =>
      context.resumeFrom !== null &&
      Number.isFinite(context.resumeFrom) &&
      context.resumeFrom >= PLAYBACK_LIMITS.minResumeSeconds &&
      context.resumeFrom < nearEndOf(params.duration),
    mayRefreshStream: ({ context }) => context.streamRefreshes < PLAYBACK_LIMITS.maxStreamRefreshes,
  },
});

/** Saves the position, forgets it near the end, and leaves it alone when nothing was watched yet. */
const storePosition = playbackSetup.enqueueActions(({ context, enqueue }) => {
  if (isNearEnd(context)) enqueue({ type: 'forgetPosition', params: { videoId: context.videoId } });
  else if (context.duration > 0 && context.position >= PLAYBACK_LIMITS.minResumeSeconds) {
    enqueue({ type: 'persistPosition', params: { videoId: context.videoId, position: context.position } });
  }
});

/** Once a fresh stream's metadata is known, a video that was playing plays on. */
const resumeIfWasPlaying = playbackSetup.enqueueActions(({ context, enqueue }) => {
  if (context.resumePlaying) enqueue('resumePlay');
});

export const playbackMachine = playbackSetup.createMachine({
  id: 'playback',
  context: ({ input }) => ({
    videoId: input.videoId,
    userId: input.userId,
    video: null,
    price: null,
    error: null,
    reactionError: null,
    rate: 1,
    position: 0,
    duration: 0,
    resumeFrom: null,
    resumePlaying: false,
    streamRefreshes: 0,
    streamLoads: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadVideo',
        src: 'loadVideo',
        input: ({ context }) => ({ videoId: context.videoId, fresh: false }),
        onDone: {
          target: 'checkingAccess',
          actions: { type: 'takeVideo', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'takeError', params: ({ event }) => event } },
      },
    },
    checkingAccess: {
      invoke: {
        id: 'checkAccess',
        src: 'checkAccess',
        input: ({ context }) => ({ userId: context.userId, subjectId: context.video?.subjectId ?? '' }),
        onDone: [
          {
            guard: { type: 'hasNoAccess', params: ({ event }) => ({ expired: event.output.expired }) },
            target: 'locked',
          },
          {
            guard: { type: 'hasStream', params: ({ context }) => ({ video: context.video }) },
            target: 'watching',
          },
          // Access is live but the list predates the purchase: a fresh one carries the stream URL.
          { target: 'refreshingList' },
        ],
        onError: { target: 'failed', actions: { type: 'takeError', params: ({ event }) => event } },
      },
    },
    refreshingList: {
      invoke: {
        id: 'loadVideo',
        src: 'loadVideo',
        input: ({ context }) => ({ videoId: context.videoId, fresh: true }),
        onDone: [
          {
            guard: { type: 'hasStream', params: ({ event }) => ({ video: event.output.video }) },
            target: 'watching',
            actions: { type: 'takeVideo', params: ({ event }) => event.output },
          },
          { target: 'locked', actions: { type: 'takeVideo', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'takeError', params: ({ event }) => event } },
      },
    },
    locked: {},
    failed: {
      on: { 'playback.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    watching: {
      type: 'parallel',
      entry: { type: 'rememberLastPlayed', params: ({ context }) => ({ videoId: context.videoId }) },
      on: {
        'media.timeUpdate': { actions: assign({ position: ({ event }) => event.position }) },
        'playback.setRate': {
          actions: [
            assign({ rate: ({ event }) => event.rate }),
            { type: 'applyRate', params: ({ event }) => ({ rate: event.rate }) },
          ],
        },
        'playback.leave': { actions: storePosition },
        'comment.added': {
          actions: assign({
            video: ({ context, event }) =>
              context.video && { ...context.video, comments: [...context.video.comments, event.comment] },
          }),
        },
      },
      states: {
        media: {
          initial: 'restoring',
          on: {
            // The media fails before or between plays: fetch a fresh URL and stay paused where it was.
            'media.error': [
              {
                guard: 'mayRefreshStream',
                target: '.refreshingStream',
                actions: [storePosition, 'prepareRefresh'],
              },
              { target: '.unplayable', actions: storePosition },
            ],
          },
          states: {
            restoring: {
              invoke: {
                id: 'loadPosition',
                src: 'loadPosition',
                input: ({ context }) => ({ videoId: context.videoId }),
                onDone: {
                  target: 'awaitingMetadata',
                  actions: assign({ resumeFrom: ({ event }) => event.output }),
                },
                // A position that cannot be read only costs the student a seek: play from the start.
                onError: { target: 'awaitingMetadata' },
              },
            },
            awaitingMetadata: {
              on: {
                'media.loadedMetadata': [
                  {
                    guard: { type: 'shouldResume', params: ({ event }) => ({ duration: event.duration }) },
                    target: 'paused',
                    actions: [
                      assign({
                        duration: ({ event }) => event.duration,
                        position: ({ context }) => context.resumeFrom ?? 0,
                      }),
                      { type: 'seekTo', params: ({ context }) => ({ position: context.resumeFrom ?? 0 }) },
                      { type: 'applyRate', params: ({ context }) => ({ rate: context.rate }) },
                      resumeIfWasPlaying,
                    ],
                  },
                  {
                    target: 'paused',
                    actions: [
                      assign({ duration: ({ event }) => event.duration }),
                      { type: 'applyRate', params: ({ context }) => ({ rate: context.rate }) },
                      resumeIfWasPlaying,
                    ],
                  },
                ],
              },
            },
            paused: {
              on: {
                'media.play': { target: 'playing', actions: assign({ resumePlaying: false }) },
                'media.ended': {
                  actions: {
                    type: 'forgetPosition',
                    params: ({ context }) => ({ videoId: context.videoId }),
                  },
                },
              },
            },
            playing: {
              after: {
                saveEvery: {
                  target: 'playing',
                  reenter: true,
                  // Five seconds of uninterrupted playback: the stream is healthy again.
                  actions: [storePosition, assign({ streamRefreshes: 0 })],
                },
              },
              on: {
                'media.pause': { target: 'paused', actions: storePosition },
                'media.ended': {
                  target: 'paused',
                  actions: {
                    type: 'forgetPosition',
                    params: ({ context }) => ({ videoId: context.videoId }),
                  },
                },
                // The signed URL expired mid-lesson: a fresh one, the same position, and it plays on.
                'media.error': [
                  {
                    guard: 'mayRefreshStream',
                    target: 'refreshingStream',
                    actions: [storePosition, 'prepareRefresh', assign({ resumePlaying: true })],
                  },
                  { target: 'unplayable', actions: storePosition },
                ],
              },
            },
            refreshingStream: {
              invoke: {
                id: 'loadVideo',
                src: 'loadVideo',
                input: ({ context }) => ({ videoId: context.videoId, fresh: true }),
                onDone: [
                  {
                    guard: { type: 'hasStream', params: ({ event }) => ({ video: event.output.video }) },
                    target: 'awaitingMetadata',
                    actions: { type: 'takeVideo', params: ({ event }) => event.output },
                  },
                  // The access ran out while watching.
                  {
                    target: '#playback.locked',
                    actions: { type: 'takeVideo', params: ({ event }) => event.output },
                  },
                ],
                onError: {
                  target: 'unplayable',
                  actions: { type: 'takeError', params: ({ event }) => event },
                },
              },
              on: { 'media.error': {} },
            },
            unplayable: {
              on: {
                'media.error': {},
                'playback.retry': {
                  target: 'refreshingStream',
                  actions: [assign({ error: null, streamRefreshes: 0 }), 'prepareRefresh'],
                },
              },
            },
          },
        },
        viewCount: {
          initial: 'notCounted',
          states: {
            notCounted: {
              on: { 'media.play': 'counting' },
            },
            counting: {
              invoke: {
                id: 'countView',
                src: 'countView',
                input: ({ context }) => ({ videoId: context.videoId }),
                onDone: {
                  target: 'counted',
                  actions: assign({
                    video: ({ context, event }) =>
                      context.video && {
                        ...context.video,
                        likes: event.output.likes,
                        dislikes: event.output.dislikes,
                        views: event.output.views,
                      },
                  }),
                },
                // Not counted: the next play tries again.
                onError: { target: 'notCounted' },
              },
            },
            counted: {},
          },
        },
        reactions: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'video.like': { target: 'sending', actions: assign({ reactionError: null }) },
                'video.dislike': { target: 'sending', actions: assign({ reactionError: null }) },
                'comment.like': { target: 'sending', actions: assign({ reactionError: null }) },
              },
            },
            sending: {
              invoke: {
                id: 'react',
                src: 'react',
                input: ({ context, event }) => ({ videoId: context.videoId, reaction: reactionOf(event) }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    video: ({ context, event }) => context.video && withReaction(context.video, event.output),
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({ reactionError: ({ event }) => describe(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});

export type PlaybackSnapshot = SnapshotFrom<typeof playbackMachine>;

export const selectVideo = (snapshot: PlaybackSnapshot): PlaybackVideo | null => snapshot.context.video;
export const selectPrice = (snapshot: PlaybackSnapshot): number | null => snapshot.context.price;
export const selectIsLoading = (snapshot: PlaybackSnapshot): boolean =>
  snapshot.matches('loading') || snapshot.matches('checkingAccess') || snapshot.matches('refreshingList');
export const selectLoadError = (snapshot: PlaybackSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectIsLocked = (snapshot: PlaybackSnapshot): boolean => snapshot.matches('locked');
/** The stream to give the media element; null before access is confirmed and the position restored. */
export const selectStreamUrl = (snapshot: PlaybackSnapshot): string | null =>
  snapshot.matches('watching') && !snapshot.matches({ watching: { media: 'restoring' } })
    ? streamOf(snapshot.context.video)
    : null;
/** Changes with each stream load, so the screen can give the media element a fresh start. */
export const selectStreamLoad = (snapshot: PlaybackSnapshot): number => snapshot.context.streamLoads;
export const selectIsWatching = (snapshot: PlaybackSnapshot): boolean => snapshot.matches('watching');
export const selectIsRefreshingStream = (snapshot: PlaybackSnapshot): boolean =>
  snapshot.matches({ watching: { media: 'refreshingStream' } });
export const selectIsUnplayable = (snapshot: PlaybackSnapshot): boolean =>
  snapshot.matches({ watching: { media: 'unplayable' } });
/** Why a fresh stream could not be loaded; null when the media itself failed (no server message). */
export const selectStreamError = (snapshot: PlaybackSnapshot): string | null =>
  snapshot.matches({ watching: { media: 'unplayable' } }) ? snapshot.context.error : null;
export const selectRate = (snapshot: PlaybackSnapshot): PlaybackRate => snapshot.context.rate;
export const selectIsReacting = (snapshot: PlaybackSnapshot): boolean =>
  snapshot.matches({ watching: { reactions: 'sending' } });
export const selectReactionError = (snapshot: PlaybackSnapshot): string | null =>
  snapshot.context.reactionError;
