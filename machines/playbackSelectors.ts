import type { PlaybackSnapshot } from './playback';
import { streamOf } from './playbackSetup';
import type { PlaybackRate, PlaybackVideo } from './playbackTypes';
import type { Quality } from './videoQuality';

// What the player screen reads of the playback machine (machines/playback.ts).

export const selectVideo = (snapshot: PlaybackSnapshot): PlaybackVideo | null => snapshot.context.video;
export const selectPrice = (snapshot: PlaybackSnapshot): number | null => snapshot.context.price;
export const selectIsLoading = (snapshot: PlaybackSnapshot): boolean =>
  snapshot.matches('loading') || snapshot.matches('refreshingList');
export const selectLoadError = (snapshot: PlaybackSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectIsLocked = (snapshot: PlaybackSnapshot): boolean => snapshot.matches('locked');
/** Before the first play: the screen shows the chosen rendition's size and cost, and a start button. */
export const selectIsAwaitingStart = (snapshot: PlaybackSnapshot): boolean =>
  snapshot.matches({ watching: { media: 'awaitingStart' } });
/** The stream the player plays, or will once started (the rendition chosen now); null before it may play. */
export const selectChosenStream = (snapshot: PlaybackSnapshot): string | null =>
  snapshot.matches('watching') ? streamOf(snapshot.context.video, snapshot.context.quality) : null;
/** The stream to give the media element: the chosen one, once the student started the video. */
export const selectStreamUrl = (snapshot: PlaybackSnapshot): string | null =>
  selectIsAwaitingStart(snapshot) ? null : selectChosenStream(snapshot);
/** Changes with each stream load, so the screen can give the media element a fresh start. */
export const selectStreamLoad = (snapshot: PlaybackSnapshot): number => snapshot.context.streamLoads;
export const selectQualityPlaying = (snapshot: PlaybackSnapshot): Quality => snapshot.context.quality;
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
