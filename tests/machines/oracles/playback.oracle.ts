import { expect } from 'vitest';
import type {
  Counts,
  LoadVideoOutput,
  PlaybackComment,
  PlaybackRate,
  PlaybackVideo,
  playbackMachine,
  ReactOutput,
} from '../../../machines/playback';
import * as read from '../../../machines/playbackSelectors';
import type { Quality } from '../../../machines/videoQuality';
import type { Oracle } from '../modelHarness';
import { CallLog } from './observe';
import { type Media, type Phase, playbackEffects, streamFor } from './playback.rules';

// Issues 4, 5, 11 and 19 on the player, and the decisions of machines/README.md, written again without the
// machine: the video is loaded with its subject's access, in one answer, before anything can play; an
// expired (or unpaid) subject that is not free is locked and shows its price; a list older than the purchase
// is read again for the stream. The last played video is remembered. Nothing streams before the student
// presses play (the cost is on screen until then), and nothing waits on the stored position: it is read
// while the Play button shows, and resumed once the media's length is known, or when it arrives if that is
// later and the student has not watched 3 s yet, unless it is under 3 s or near the end (the last 10 s, or
// 5 % of a short video), at the chosen speed. While playing the position is saved every 5 s, and on pause, on leave and before any new source;
// near the end it is forgotten, and at the end. A view is counted once, when playback first starts (a
// failed count is tried again at the next play). Likes, dislikes and comment likes take the server's
// counts, one at a time. A failing stream gets a fresh URL and goes on from the same second, twice in a row
// at most before it is unplayable, with Retry; five seconds of good playback reset that count. Another
// rendition plays from the same second. The page's own video, which the student started before the app's
// code ran, is taken over as it is: never started again, sought to the stored position only while it plays
// its first 3 s.

const SAVE_EVERY = 5_000;
const MAX_REFRESHES = 2;

const describe = (error: unknown) =>
  error instanceof Error && error.message ? error.message : String(error);

export const playbackOracle: Oracle<typeof playbackMachine> = (input) => {
  const { videoId } = input;
  let phase: Phase = 'loading';
  let media: Media = 'awaitingStart';
  let video: PlaybackVideo | null = null;
  let price: number | null = null;
  let error: string | null = null;
  let reactionError: string | null = null;
  let quality: Quality = input.quality;
  let rate: PlaybackRate = 1;
  let position = 0;
  let duration = 0;
  let resumeFrom: number | null = null;
  let playAfterLoad = false;
  let refreshes = 0;
  let view: 'notCounted' | 'counting' | 'counted' = 'notCounted';
  let reacting = false;
  let playingSince = 0;
  const calls = new CallLog();
  const REACTIONS: Record<string, (e: { readonly [key: string]: unknown }) => unknown> = {
    'video.like': () => ({ kind: 'like' }),
    'video.dislike': () => ({ kind: 'dislike' }),
    'comment.like': (e) => ({ kind: 'commentLike', commentId: e.commentId }),
  };

  return (harness, { event, effects }) => {
    const now = harness.clock.now();
    const was = { phase, media };
    const expected = playbackEffects({ videoId });
    const load = { fresh: null as boolean | null };
    const stream = (v: PlaybackVideo | null) => streamFor(v, quality);
    const save = () => expected.store(position, duration);
    const refresh = (playing: boolean) => {
      save();
      if (refreshes < MAX_REFRESHES) {
        [media, resumeFrom, refreshes, load.fresh] = ['refreshing', position, refreshes + 1, true];
        playAfterLoad ||= playing;
      } else media = 'unplayable';
    };
    const output = (event as { output?: unknown }).output;
    let reaction: unknown = null;
    const watching = phase === 'watching';

    switch (event.type) {
      case 'xstate.init':
        load.fresh = false;
        break;
      case 'xstate.done.actor.loadVideo': {
        const answer = output as LoadVideoOutput;
        if (phase === 'loading') {
          [video, price] = [answer.video, answer.price];
          if (answer.expired && price !== 0) phase = 'locked';
          else if (stream(video) !== null) phase = 'watching';
          else [phase, load.fresh] = ['relisting', true];
        } else {
          video = answer.video;
          price = answer.price;
          if (stream(answer.video) === null) phase = 'locked';
          else if (phase === 'relisting') phase = 'watching';
          else media = 'awaitingMetadata';
        }
        break;
      }
      case 'xstate.error.actor.loadVideo':
        error = describe((event as { error?: unknown }).error);
        if (watching) media = 'unplayable';
        else phase = 'failed';
        break;
      case 'playback.retry':
        if (phase === 'failed') [phase, error, load.fresh] = ['loading', null, false];
        else if (watching && media === 'unplayable') {
          [error, refreshes] = [null, 0];
          [media, resumeFrom, refreshes, load.fresh] = ['refreshing', position, 1, true];
        }
        break;
      case 'xstate.done.actor.loadPosition': {
        const stored = output as number | null;
        if (duration === 0) {
          if (resumeFrom === null || resumeFrom <= 0) resumeFrom = stored;
        } else if (stored !== null && expected.isResumable(stored, duration) && position < 3) {
          [resumeFrom, position] = [stored, stored];
          expected.seekTo(stored);
        }
        break;
      }
      case 'xstate.error.actor.loadPosition':
        break;
      case 'playback.start':
        if (media === 'awaitingStart') [media, playAfterLoad] = ['awaitingMetadata', true];
        break;
      case 'playback.setQuality': {
        const wanted = event.quality as Quality;
        const loaded = ['awaitingMetadata', 'paused', 'playing'].includes(media);
        if (watching && media === 'unplayable') {
          [media, error, refreshes, quality] = ['awaitingMetadata', null, 0, wanted];
          resumeFrom = position > 0 ? position : resumeFrom;
        } else if (watching && loaded && streamFor(video, wanted) !== stream(video)) {
          save();
          playAfterLoad ||= media === 'playing';
          resumeFrom = position > 0 ? position : resumeFrom;
          [media, quality] = ['awaitingMetadata', wanted];
        } else quality = wanted;
        break;
      }
      case 'playback.setRate':
        rate = event.rate as PlaybackRate;
        expected.applyRate(rate);
        break;
      case 'playback.leave':
        save();
        break;
      case 'media.loadedMetadata':
        duration = event.duration as number;
        if (resumeFrom !== null && expected.isResumable(resumeFrom, duration)) {
          position = resumeFrom;
          expected.seekTo(resumeFrom);
        }
        expected.applyRate(rate);
        if (playAfterLoad) expected.resumePlay();
        media = 'paused';
        break;
      // Issue 19: the page's own element, started by the student before the app's code: it is never started
      // again, and goes to the stored position only while it plays its first seconds.
      case 'media.adopted':
        if (media === 'awaitingMetadata') {
          [duration, position] = [event.duration as number, event.position as number];
          const firstSeconds = event.playing === true && position < 3;
          if (firstSeconds && resumeFrom !== null && expected.isResumable(resumeFrom, duration)) {
            position = resumeFrom;
            expected.seekTo(resumeFrom);
          }
          expected.applyRate(rate);
          [media, playAfterLoad] = ['paused', false];
        }
        break;
      case 'media.timeUpdate':
        position = event.position as number;
        break;
      case 'media.play':
        if (view === 'notCounted') view = 'counting';
        if (media === 'paused') [media, playAfterLoad, playingSince] = ['playing', false, now];
        break;
      case 'media.pause':
        if (media === 'playing') {
          save();
          media = 'paused';
        }
        break;
      case 'media.ended':
        if (media === 'playing' || media === 'paused') {
          expected.forget();
          media = 'paused';
        }
        break;
      case 'media.error':
        if (media !== 'refreshing' && media !== 'unplayable') refresh(media === 'playing');
        break;
      case 'xstate.done.actor.countView':
        [view, video] = ['counted', video && { ...video, ...(output as Counts) }];
        break;
      case 'xstate.error.actor.countView':
        view = 'notCounted';
        break;
      case 'video.like':
      case 'video.dislike':
      case 'comment.like':
        if (!reacting) [reacting, reactionError, reaction] = [true, null, REACTIONS[event.type]?.(event)];
        break;
      case 'xstate.done.actor.react': {
        const answer = output as ReactOutput;
        reacting = false;
        if (video && answer.kind === 'counts') {
          video = { ...video, likes: answer.likes, dislikes: answer.dislikes, views: answer.views };
        } else if (video && answer.kind === 'commentLikes') {
          const comments = video.comments.map((c) =>
            c._id === answer.commentId ? { ...c, likes: answer.likes } : c,
          );
          video = { ...video, comments };
        }
        break;
      }
      case 'xstate.error.actor.react':
        [reacting, reactionError] = [false, describe((event as { error?: unknown }).error)];
        break;
      case 'comment.added':
        if (video) video = { ...video, comments: [...video.comments, event.comment as PlaybackComment] };
        break;
      default:
        if (event.type.startsWith('xstate.after.')) {
          expect(now - playingSince, 'the position saved every 5 s of playback').toBe(SAVE_EVERY);
          save();
          [refreshes, playingSince] = [0, now];
        }
    }
    const entersWatching = phase === 'watching' && was.phase !== 'watching';
    if (entersWatching) expected.rememberLastPlayed();

    const started = (src: string) => calls.newCalls(harness.fakes, src).map((call) => call.input);
    expect(started('loadVideo'), `the video loaded on ${event.type}`).toEqual(
      load.fresh === null ? [] : [{ videoId, fresh: load.fresh }],
    );
    expect(started('loadPosition'), 'the stored position read').toEqual(entersWatching ? [{ videoId }] : []);
    const counts = view === 'counting' && event.type === 'media.play';
    expect(started('countView'), 'a view counted once, at the first play').toEqual(
      counts ? [{ videoId }] : [],
    );
    expect(started('react'), 'one reaction at a time').toEqual(
      reaction === null ? [] : [{ videoId, reaction }],
    );
    expect(
      effects.filter((effect) => expected.names.includes(effect.type)),
      `what the player did on ${event.type}`,
    ).toEqual(expected.calls);

    const snap = harness.snapshot;
    expect(read.selectIsLoading(snap)).toBe(['loading', 'relisting'].includes(phase));
    expect(read.selectIsLocked(snap)).toBe(phase === 'locked');
    expect(read.selectLoadError(snap)).toBe(phase === 'failed' ? error : null);
    expect(read.selectPrice(snap)).toBe(price);
    const inWatching = phase === 'watching';
    expect(read.selectIsAwaitingStart(snap), 'the cost shown, nothing streamed').toBe(
      inWatching && media === 'awaitingStart',
    );
    const streams = inWatching && media !== 'awaitingStart';
    expect(read.selectStreamUrl(snap), `the stream after ${event.type}`).toBe(streams ? stream(video) : null);
    // The stream the page's drawn lesson is matched against (issue 19): the one chosen, started or not.
    expect(read.selectChosenStream(snap), `the chosen stream after ${event.type}`).toBe(
      inWatching ? stream(video) : null,
    );
    expect(read.selectQualityPlaying(snap)).toBe(quality);
    expect(read.selectIsRefreshingStream(snap)).toBe(inWatching && media === 'refreshing');
    expect(read.selectIsUnplayable(snap)).toBe(inWatching && media === 'unplayable');
    expect(read.selectStreamError(snap)).toBe(inWatching && media === 'unplayable' ? error : null);
    expect(read.selectRate(snap)).toBe(rate);
    expect(read.selectIsReacting(snap)).toBe(inWatching && reacting);
    expect(read.selectReactionError(snap)).toBe(reactionError);
    expect(read.selectVideo(snap), `the counts after ${event.type}`).toEqual(video);
  };
};
