import type { Quality } from './videoQuality';

// The playback machine's data: what it reads of a video, the effects' inputs and outputs, its events and
// context, and the timing and limits it follows (machines/playback.ts).

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

/** What the machine reads of a comment. */
export interface PlaybackCommentFields {
  readonly _id: string;
  readonly likes: number;
}

/** A rendition as the machine reads it: its quality and, with access, its signed URL. */
export interface PlaybackRendition {
  readonly quality: Quality;
  readonly url?: string | undefined;
}

/** What the machine reads of a video. */
export interface PlaybackVideoFields {
  readonly _id: string;
  readonly subjectId: string;
  readonly locked: boolean;
  /** The data-saver rendition's URL (what a server without renditions gives as the one stream). */
  readonly streamUrl?: string | undefined;
  readonly renditions?: readonly PlaybackRendition[] | undefined;
  readonly likes: number;
  readonly dislikes: number;
  readonly views: number;
  readonly comments: readonly PlaybackCommentFields[];
}

/**
 * The app's own video and comment types, which the app declares by merging into this interface (as
 * i18next's CustomTypeOptions): `{ video: …; comment: … }`. The machine keeps the video it is given whole
 * (its reactions and comments change only the fields above), so the player reads back the app's type
 * without a cast. Left empty (the machine on its own), a video is the fields above and any others.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the app's declaration merging
export interface PlaybackRegister {}

export type PlaybackVideo = PlaybackRegister extends { video: infer V extends PlaybackVideoFields }
  ? V
  : PlaybackVideoFields & { readonly [field: string]: unknown };
export type PlaybackComment = PlaybackRegister extends { comment: infer C extends PlaybackCommentFields }
  ? C
  : PlaybackCommentFields & { readonly [field: string]: unknown };

export interface LoadVideoInput {
  readonly videoId: string;
  /** True when the stream URL expired: the app must not answer from a cached list. */
  readonly fresh: boolean;
}
/**
 * The video, its subject's price and the student's access, in one answer (issue 19: one round trip before
 * the Play button, not a load then a check).
 */
export interface LoadVideoOutput {
  readonly video: PlaybackVideo;
  /** The subject's price in XAF; null when the subject is not in the catalogue. 0 is a free subject. */
  readonly price: number | null;
  /** The student has no current access to the subject (never paid, or expired). */
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
  /** The student pressed play, having seen what the chosen rendition costs: only now is a byte spent. */
  | { type: 'playback.start' }
  /** The rendition to play changed (the student's choice, or Auto following the connection). */
  | { type: 'playback.setQuality'; quality: Quality }
  | { type: 'playback.setRate'; rate: PlaybackRate }
  /** The screen is being left (unmount, tab hidden): save where the student is. */
  | { type: 'playback.leave' }
  | { type: 'media.loadedMetadata'; duration: number }
  /**
   * Issue 19: the page's own video element, started by the student before the app's code ran
   * (src/app/early-lesson-boot.ts) and taken over by the player, its metadata known: where it is, and
   * whether it plays. It stays as the student has it; only in its first seconds does it go to the stored
   * position. Sent after `playback.start`, in place of `media.loadedMetadata`.
   */
  | { type: 'media.adopted'; duration: number; position: number; playing: boolean }
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
  /** The rendition to start with (the videoQuality machine's pick). */
  readonly quality: Quality;
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
  readonly quality: Quality;
  readonly position: number;
  readonly duration: number;
  /** Where to seek once the metadata is known: the stored position, or where an expired stream stopped. */
  readonly resumeFrom: number | null;
  /** Play again after the metadata of a new source (a fresh URL, another rendition, the first start). */
  readonly resumePlaying: boolean;
  readonly streamRefreshes: number;
  /** Every stream load after the first, never reset: a new media element even when the URL came back equal. */
  readonly streamLoads: number;
}
