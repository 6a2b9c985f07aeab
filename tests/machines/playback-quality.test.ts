import { describe, expect, it } from 'vitest';
import {
  selectIsAwaitingStart,
  selectIsUnplayable,
  selectQualityPlaying,
  selectStreamLoad,
  selectStreamUrl,
} from '../../machines/playbackSelectors';
import { createPlaybackHarness, DURATION, INPUT, MIDWAY, PAID, SAVER_STREAM, STREAM } from './playback.model';

// Issue 11 in the playback machine: nothing of the video is fetched before the student starts it (the screen
// shows the chosen rendition's size and cost until then), and another rendition plays on from the same second.

async function readyToStart() {
  const harness = createPlaybackHarness(INPUT);
  harness.start();
  await harness.resolve('loadVideo', PAID);
  await harness.resolve('loadPosition', null);
  return harness;
}

async function playingAt(position: number) {
  const harness = await readyToStart();
  await harness.send({ type: 'playback.start' });
  await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
  await harness.send({ type: 'media.play' });
  await harness.send({ type: 'media.timeUpdate', position });
  return harness;
}

describe('playback: the cost before the first play', () => {
  it('gives the media element no source until the student starts the video', async () => {
    const harness = await readyToStart();
    expect(selectIsAwaitingStart(harness.snapshot)).toBe(true);
    expect(selectStreamUrl(harness.snapshot)).toBeNull();
    await harness.send({ type: 'media.play' });
    expect(selectStreamUrl(harness.snapshot)).toBeNull();
    await harness.send({ type: 'playback.start' });
    expect(selectIsAwaitingStart(harness.snapshot)).toBe(false);
    expect(selectStreamUrl(harness.snapshot)).toBe(STREAM);
    // The start is the student's gesture: once the metadata is known, it plays.
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    expect(harness.fakes.effectsOf('resumePlay')).toHaveLength(1);
  });

  it('plays the data-saver file when Data saver was chosen before the start', async () => {
    const harness = await readyToStart();
    await harness.send({ type: 'playback.setQuality', quality: 'saver' });
    expect(selectStreamUrl(harness.snapshot)).toBeNull();
    await harness.send({ type: 'playback.start' });
    expect(selectStreamUrl(harness.snapshot)).toBe(SAVER_STREAM);
  });

  it('remembers a quality chosen while the video is still loading', async () => {
    const harness = createPlaybackHarness(INPUT);
    harness.start();
    await harness.send({ type: 'playback.setQuality', quality: 'saver' });
    await harness.resolve('loadVideo', PAID);
    await harness.resolve('loadPosition', null);
    await harness.send({ type: 'playback.start' });
    expect(selectStreamUrl(harness.snapshot)).toBe(SAVER_STREAM);
  });
});

describe('playback: switching rendition keeps the position', () => {
  it('while playing: saves the position, loads the other file, seeks to the same second and plays on', async () => {
    const harness = await playingAt(MIDWAY);
    const loads = selectStreamLoad(harness.snapshot);
    await harness.send({ type: 'playback.setQuality', quality: 'saver' });
    expect(harness.fakes.effectsOf('persistPosition')).toEqual([{ videoId: 'v1', position: MIDWAY }]);
    expect(selectQualityPlaying(harness.snapshot)).toBe('saver');
    expect(selectStreamUrl(harness.snapshot)).toBe(SAVER_STREAM);
    expect(selectStreamLoad(harness.snapshot)).toBe(loads + 1);
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    expect(harness.fakes.effectsOf('seekTo')).toEqual([{ position: MIDWAY }]);
    expect(harness.fakes.effectsOf('resumePlay')).toHaveLength(2);
  });

  it('while paused: the same second, still paused', async () => {
    const harness = await playingAt(MIDWAY);
    await harness.send({ type: 'media.pause' });
    await harness.send({ type: 'playback.setQuality', quality: '480p' });
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    expect(harness.fakes.effectsOf('seekTo')).toEqual([{ position: MIDWAY }]);
    expect(harness.fakes.effectsOf('resumePlay')).toHaveLength(1);
  });

  it('reloads nothing when the rendition asked for is the one playing', async () => {
    const harness = await playingAt(MIDWAY);
    const loads = selectStreamLoad(harness.snapshot);
    await harness.send({ type: 'playback.setQuality', quality: '360p' });
    expect(selectStreamLoad(harness.snapshot)).toBe(loads);
    expect(harness.snapshot.matches({ watching: { media: 'playing' } })).toBe(true);
  });

  it('tries the other rendition when this one could not be played', async () => {
    const harness = await playingAt(MIDWAY);
    await harness.send({ type: 'media.error' });
    await harness.reject('loadVideo', new Error('Network error. Please check your internet connection.'));
    expect(selectIsUnplayable(harness.snapshot)).toBe(true);
    await harness.send({ type: 'playback.setQuality', quality: 'saver' });
    expect(selectIsUnplayable(harness.snapshot)).toBe(false);
    expect(selectStreamUrl(harness.snapshot)).toBe(SAVER_STREAM);
    await harness.send({ type: 'media.loadedMetadata', duration: DURATION });
    expect(harness.fakes.effectsOf('seekTo')).toEqual([{ position: MIDWAY }]);
  });
});
