import { describe, expect, it } from 'vitest';
import { nearEndOf, PLAYBACK_DELAYS, PLAYBACK_LIMITS } from '../../machines/playback';
import {
  selectIsAwaitingStart,
  selectIsLocked,
  selectIsReacting,
  selectIsRefreshingStream,
  selectIsUnplayable,
  selectRate,
  selectReactionError,
  selectStreamUrl,
} from '../../machines/playbackSelectors';
import { runModel } from './modelHarness';
import {
  AFTER_SAVE,
  createPlaybackHarness,
  DURATION,
  EXPIRED_UNLOCKED,
  FREE,
  FRESH_STREAM,
  INPUT,
  LOCKED,
  MIDWAY,
  NEAR_END,
  NETWORK_ERROR,
  PAID,
  REFRESHED,
  STALE,
  STORED_POSITION,
  STREAM,
} from './playback.model';
import { REPLAYS } from './replays';

describe('playback machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.playback);
    console.log(`playback: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  }, 120_000);
});

/** A paid video, its position restored, started by the student (the cost was on screen until then). */
async function watchingFrom(stored: number | null = null) {
  const harness = createPlaybackHarness(INPUT);
  harness.start();
  await harness.resolve('loadVideo', PAID);
  await harness.resolve('loadPosition', stored);
  await harness.send({ type: 'playback.start' });
  return harness;
}

describe('playback rules', () => {
  it("locks an expired paid subject on the load's own answer, before anything can play", async () => {
    for (const answer of [LOCKED, EXPIRED_UNLOCKED]) {
      const harness = createPlaybackHarness(INPUT);
      harness.start();
      expect(harness.fakes.pending('loadVideo').input).toEqual({ videoId: 'v1', fresh: false });
      await harness.resolve('loadVideo', answer);
      expect(selectIsLocked(harness.snapshot)).toBe(true);
      expect(selectStreamUrl(harness.snapshot)).toBeNull();
      expect(harness.fakes.callsOf('loadPosition')).toHaveLength(0);
      expect(harness.fakes.effectsOf('rememberLastPlayed')).toEqual([]);
    }
  });

  // Issue 19: one round trip before the Play button, the access in the video's own answer.
  it('shows the Play button on the one answer that carries the video and its access', async () => {
    const harness = createPlaybackHarness(INPUT);
    harness.start();
    await harness.resolve('loadVideo', PAID);
    expect(selectIsAwaitingStart(harness.snapshot)).toBe(true);
    expect(harness.fakes.callsOf('loadVideo')).toHaveLength(1);
  });

  // Issue 19: the stored position is asked for, but neither the Play button nor the stream waits for it.
  it('gives the stream at the tap on Play while the stored position is still on its way', async () => {
    const harness = createPlaybackHarness(INPUT);
    harness.start();
    await harness.resolve('loadVideo', PAID);
    expect(harness.fakes.pending('loadPosition').input).toEqual({ videoId: 'v1' });
    await harness.send({ type: 'playback.start' });
    expect(selectStreamUrl(harness.snapshot)).toBe(STREAM);
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    expect(harness.fakes.effectsOf('resumePlay')).toHaveLength(1);
  });

  it('goes to a position that arrives after the first frame, unless the student is past the first seconds', async () => {
    const early = createPlaybackHarness(INPUT);
    early.start();
    await early.resolve('loadVideo', PAID);
    await early.send({ type: 'playback.start' });
    await early.send({ type: 'media.loadedMetadata', duration: DURATION });
    await early.send({ type: 'media.play' });
    await early.send({ type: 'media.timeUpdate', position: 1 });
    await early.resolve('loadPosition', STORED_POSITION);
    expect(early.fakes.effectsOf('seekTo')).toEqual([{ position: STORED_POSITION }]);

    const late = createPlaybackHarness(INPUT);
    late.start();
    await late.resolve('loadVideo', PAID);
    await late.send({ type: 'playback.start' });
    await late.send({ type: 'media.loadedMetadata', duration: DURATION });
    await late.send({ type: 'media.play' });
    await late.send({ type: 'media.timeUpdate', position: MIDWAY });
    await late.resolve('loadPosition', STORED_POSITION);
    expect(late.fakes.effectsOf('seekTo')).toEqual([]);
  });

  // Issue 19: the page started the lesson before the app's code ran; the player takes that element over.
  it("takes the page's own video over as the student has it: never started again, sought only in its first seconds", async () => {
    const paused = await watchingFrom(STORED_POSITION);
    await paused.send({ type: 'media.adopted', duration: DURATION, position: 30, playing: false });
    expect(paused.fakes.effectsOf('resumePlay')).toEqual([]);
    expect(paused.fakes.effectsOf('seekTo')).toEqual([]);
    await paused.send({ type: 'playback.leave' });
    expect(paused.fakes.effectsOf('persistPosition')).toEqual([{ videoId: 'v1', position: 30 }]);

    const pausedAtOnce = await watchingFrom(STORED_POSITION);
    await pausedAtOnce.send({ type: 'media.adopted', duration: DURATION, position: 1, playing: false });
    expect(pausedAtOnce.fakes.effectsOf('seekTo')).toEqual([]);

    const playing = await watchingFrom(STORED_POSITION);
    await playing.send({ type: 'media.adopted', duration: DURATION, position: 1, playing: true });
    await playing.send({ type: 'media.play' });
    expect(playing.fakes.effectsOf('seekTo')).toEqual([{ position: STORED_POSITION }]);
    expect(playing.fakes.effectsOf('resumePlay')).toEqual([]);
    expect(playing.fakes.pending('countView').input).toEqual({ videoId: 'v1' });
  });

  it('plays a free subject even though the student never paid for it', async () => {
    const harness = createPlaybackHarness(INPUT);
    harness.start();
    await harness.resolve('loadVideo', FREE);
    await harness.resolve('loadPosition', null);
    await harness.send({ type: 'playback.start' });
    expect(selectStreamUrl(harness.snapshot)).toBe(STREAM);
  });

  it('reloads a list older than the purchase to get the stream, and locks if it still has none', async () => {
    const harness = createPlaybackHarness(INPUT);
    harness.start();
    await harness.resolve('loadVideo', STALE);
    expect(harness.fakes.pending('loadVideo').input).toEqual({ videoId: 'v1', fresh: true });
    await harness.resolve('loadVideo', LOCKED);
    expect(selectIsLocked(harness.snapshot)).toBe(true);
  });

  it('resumes at the stored position once the metadata is known, at the chosen speed', async () => {
    const harness = await watchingFrom(STORED_POSITION);
    expect(harness.fakes.effectsOf('rememberLastPlayed')).toEqual([{ videoId: 'v1' }]);
    await harness.send({ type: 'playback.setRate', rate: 0.75 });
    expect(selectRate(harness.snapshot)).toBe(0.75);
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    expect(harness.fakes.effectsOf('seekTo')).toEqual([{ position: STORED_POSITION }]);
    expect(harness.fakes.effectsOf('applyRate').at(-1)).toEqual({ rate: 0.75 });
  });

  it('does not resume a position near the end or too close to the start', async () => {
    for (const stored of [NEAR_END, PLAYBACK_LIMITS.minResumeSeconds - 1]) {
      const harness = await watchingFrom(stored);
      await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
      expect(harness.fakes.effectsOf('seekTo')).toEqual([]);
    }
  });

  it('saves the position every 5 s while playing, on pause and on leave, and forgets it near the end', async () => {
    const harness = await watchingFrom();
    await harness.send({ type: 'playback.leave' });
    expect(harness.fakes.effectsOf('persistPosition')).toEqual([]);
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    await harness.send({ type: 'media.play' });
    await harness.send({ type: 'media.timeUpdate', position: MIDWAY });
    expect(harness.timer(AFTER_SAVE).delay).toBe(PLAYBACK_DELAYS.saveEvery);
    await harness.fireTimer(AFTER_SAVE);
    await harness.send({ type: 'media.timeUpdate', position: MIDWAY + 5 });
    await harness.send({ type: 'media.pause' });
    await harness.send({ type: 'playback.leave' });
    expect(harness.fakes.effectsOf('persistPosition')).toEqual([
      { videoId: 'v1', position: MIDWAY },
      { videoId: 'v1', position: MIDWAY + 5 },
      { videoId: 'v1', position: MIDWAY + 5 },
    ]);
    await harness.send({ type: 'media.play' });
    await harness.send({ type: 'media.timeUpdate', position: NEAR_END });
    await harness.send({ type: 'media.pause' });
    expect(harness.fakes.effectsOf('forgetPosition')).toEqual([{ videoId: 'v1' }]);
    await harness.send({ type: 'media.ended' });
    expect(harness.fakes.effectsOf('forgetPosition')).toHaveLength(2);
  });

  it('scales "near the end" down for a short clip', async () => {
    expect(nearEndOf(DURATION)).toBe(DURATION - PLAYBACK_LIMITS.nearEndSeconds);
    const harness = await watchingFrom();
    await harness.send({ type: 'media.loadedMetadata', duration: 12 });
    await harness.send({ type: 'media.play' });
    await harness.send({ type: 'media.timeUpdate', position: 7.4 });
    await harness.send({ type: 'media.pause' });
    expect(harness.fakes.effectsOf('persistPosition')).toEqual([{ videoId: 'v1', position: 7.4 }]);
    await harness.send({ type: 'media.play' });
    await harness.send({ type: 'media.timeUpdate', position: 11.5 });
    await harness.send({ type: 'media.pause' });
    expect(harness.fakes.effectsOf('forgetPosition')).toEqual([{ videoId: 'v1' }]);
  });

  it('counts a view once, when playback first starts', async () => {
    const harness = await watchingFrom();
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    expect(harness.fakes.callsOf('countView')).toHaveLength(0);
    await harness.send({ type: 'media.play' });
    await harness.resolve('countView', { likes: 4, dislikes: 1, views: 11 });
    await harness.send({ type: 'media.pause' });
    await harness.send({ type: 'media.play' });
    expect(harness.fakes.callsOf('countView')).toHaveLength(1);
    expect(harness.snapshot.context.video?.views).toBe(11);
  });

  it('gets a fresh stream URL when the media fails and continues from the same position', async () => {
    const harness = await watchingFrom();
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    await harness.send({ type: 'media.play' });
    await harness.send({ type: 'media.timeUpdate', position: MIDWAY });
    await harness.send({ type: 'media.error' });
    expect(selectIsRefreshingStream(harness.snapshot)).toBe(true);
    expect(harness.fakes.pending('loadVideo').input).toEqual({ videoId: 'v1', fresh: true });
    await harness.resolve('loadVideo', REFRESHED);
    expect(selectStreamUrl(harness.snapshot)).toBe(FRESH_STREAM);
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    expect(harness.fakes.effectsOf('seekTo')).toEqual([{ position: MIDWAY }]);
    // Once after the student's start, once after the fresh URL.
    expect(harness.fakes.effectsOf('resumePlay')).toHaveLength(2);
  });

  it('gives up after two fresh URLs that do not play, and tries again on retry', async () => {
    const harness = await watchingFrom();
    for (let attempt = 0; attempt < PLAYBACK_LIMITS.maxStreamRefreshes; attempt++) {
      await harness.send({ type: 'media.error' });
      await harness.resolve('loadVideo', REFRESHED);
    }
    await harness.send({ type: 'media.error' });
    expect(selectIsUnplayable(harness.snapshot)).toBe(true);
    expect(harness.fakes.callsOf('loadVideo')).toHaveLength(1 + PLAYBACK_LIMITS.maxStreamRefreshes);
    await harness.send({ type: 'playback.retry' });
    expect(selectIsRefreshingStream(harness.snapshot)).toBe(true);
  });

  it('takes like, dislike and comment-like counts from the server answer, one at a time', async () => {
    const harness = await watchingFrom();
    await harness.send({ type: 'video.like' });
    expect(selectIsReacting(harness.snapshot)).toBe(true);
    expect(harness.fakes.pending('react').input).toEqual({ videoId: 'v1', reaction: { kind: 'like' } });
    await harness.send({ type: 'video.dislike' });
    expect(harness.fakes.callsOf('react')).toHaveLength(1);
    await harness.resolve('react', { kind: 'counts', likes: 5, dislikes: 0, views: 10 });
    expect(harness.snapshot.context.video).toMatchObject({ likes: 5, dislikes: 0 });
    await harness.send({ type: 'comment.like', commentId: 'c1' });
    expect(harness.fakes.pending('react').input).toEqual({
      videoId: 'v1',
      reaction: { kind: 'commentLike', commentId: 'c1' },
    });
    await harness.resolve('react', { kind: 'commentLikes', commentId: 'c1', likes: 3 });
    expect(harness.snapshot.context.video?.comments[0]?.likes).toBe(3);
    await harness.send({ type: 'video.dislike' });
    await harness.reject('react', NETWORK_ERROR);
    expect(selectReactionError(harness.snapshot)).toBe(NETWORK_ERROR.message);
  });
});
