import { describe, expect, it } from 'vitest';
import { DOWNLOAD_DELAYS, DOWNLOAD_LIMITS } from '../../machines/videoDownload';
import { selectDownloadedQuality, selectDownloadView } from '../../machines/videoDownloadView';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';
import {
  AFTER_RETRY,
  CELLULAR,
  createVideoDownloadHarness,
  fakesOf,
  HALFWAY,
  OFFLINE,
  P360_SIZE,
  REMOVE_ERROR,
  RENDITIONS,
  SAVER_SIZE,
  STORAGE_ERROR,
  STORED_COMPLETE,
  STORED_PARTIAL,
  UNKNOWN,
  WIFI,
} from './videoDownload.model';

describe('videoDownload machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.videoDownload);
    console.log(`videoDownload: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  }, 180_000);
});

async function choosing(hints = UNKNOWN, wifiOnly = false) {
  const harness = createVideoDownloadHarness({ renditions: RENDITIONS, wifiOnly, hints });
  harness.start();
  await harness.resolve('findDownload', null);
  await harness.send({ type: 'download.request' });
  return harness;
}

describe('videoDownload rules', () => {
  it('asks for the rendition, Data saver by default, with every size, before spending a byte', async () => {
    const harness = await choosing(CELLULAR);
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'choosing',
      quality: 'saver',
      renditions: RENDITIONS,
      metered: true,
    });
    expect(fakesOf(harness).downloads).toEqual([]);
    await harness.send({ type: 'download.choose', quality: '360p' });
    await harness.send({ type: 'download.confirm' });
    expect(fakesOf(harness).runningDownload().input).toEqual({ quality: '360p', fromByte: 0 });
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'downloading',
      quality: '360p',
      receivedBytes: 0,
      totalBytes: P360_SIZE,
    });
  });

  it('goes on from the bytes it had after a lost connection, by itself after a few seconds', async () => {
    const harness = await choosing();
    await harness.send({ type: 'download.confirm' });
    const first = fakesOf(harness).runningDownload();
    first.sendBack({ type: 'download.progress', receivedBytes: HALFWAY, totalBytes: SAVER_SIZE });
    first.sendBack({ type: 'download.interrupted' });
    expect(first.stopped).toBe(true);
    expect(selectDownloadView(harness.snapshot)).toMatchObject({
      status: 'interrupted',
      receivedBytes: HALFWAY,
    });
    expect(harness.timer(AFTER_RETRY).delay).toBe(DOWNLOAD_DELAYS.retryAfter);
    await harness.fireTimer(AFTER_RETRY);
    expect(fakesOf(harness).runningDownload().input).toEqual({ quality: 'saver', fromByte: HALFWAY });
  });

  it('goes on at once when the browser is back online, and waits while it is offline', async () => {
    const harness = await choosing();
    await harness.send({ type: 'download.confirm' });
    fakesOf(harness).runningDownload().sendBack({ type: 'download.interrupted' });
    await harness.send({ type: 'network.changed', hints: OFFLINE });
    expect(selectDownloadView(harness.snapshot).status).toBe('interrupted');
    await harness.send({ type: 'network.changed', hints: UNKNOWN });
    expect(selectDownloadView(harness.snapshot).status).toBe('downloading');
  });

  it('stops retrying by itself after a while, and the student can resume it', async () => {
    const harness = await choosing();
    await harness.send({ type: 'download.confirm' });
    for (let attempt = 0; attempt < DOWNLOAD_LIMITS.autoRetries; attempt++) {
      fakesOf(harness).runningDownload().sendBack({ type: 'download.interrupted' });
      await harness.fireTimer(AFTER_RETRY);
    }
    fakesOf(harness).runningDownload().sendBack({ type: 'download.interrupted' });
    await harness.fireTimer(AFTER_RETRY);
    expect(selectDownloadView(harness.snapshot).status).toBe('interrupted');
    expect(fakesOf(harness).runningDownloads()).toEqual([]);
    await harness.send({ type: 'download.resume' });
    expect(fakesOf(harness).runningDownloads()).toHaveLength(1);
    expect(fakesOf(harness).downloads).toHaveLength(DOWNLOAD_LIMITS.autoRetries + 2);
  });

  it('waits for Wi-Fi with "Wi-Fi only" on mobile data, and pauses a download that leaves Wi-Fi', async () => {
    const harness = await choosing(CELLULAR, true);
    await harness.send({ type: 'download.confirm' });
    expect(selectDownloadView(harness.snapshot).status).toBe('waitingForWifi');
    expect(fakesOf(harness).downloads).toEqual([]);
    await harness.send({ type: 'network.changed', hints: WIFI });
    const download = fakesOf(harness).runningDownload();
    download.sendBack({ type: 'download.progress', receivedBytes: HALFWAY, totalBytes: null });
    await harness.send({ type: 'network.changed', hints: CELLULAR });
    expect(download.stopped).toBe(true);
    expect(selectDownloadView(harness.snapshot)).toMatchObject({
      status: 'waitingForWifi',
      receivedBytes: HALFWAY,
    });
    // Turning the setting off lets it go on over mobile data, from where it was.
    await harness.send({ type: 'download.setWifiOnly', on: false });
    expect(fakesOf(harness).runningDownload().input.fromByte).toBe(HALFWAY);
    expect(harness.fakes.effectsOf('persistWifiOnly')).toEqual([{ on: false }]);
  });

  it('does not hold a download back where the browser does not say what the connection is', async () => {
    const harness = await choosing(UNKNOWN, true);
    await harness.send({ type: 'download.confirm' });
    expect(selectDownloadView(harness.snapshot).status).toBe('downloading');
  });

  it('pauses and resumes without starting over; a reload finds the start of the download paused', async () => {
    const harness = await choosing();
    await harness.send({ type: 'download.confirm' });
    fakesOf(harness)
      .runningDownload()
      .sendBack({ type: 'download.progress', receivedBytes: HALFWAY, totalBytes: null });
    await harness.send({ type: 'download.pause' });
    expect(fakesOf(harness).runningDownloads()).toEqual([]);
    await harness.send({ type: 'download.resume' });
    expect(fakesOf(harness).runningDownload().input.fromByte).toBe(HALFWAY);

    const reloaded = createVideoDownloadHarness({ renditions: RENDITIONS, wifiOnly: false, hints: UNKNOWN });
    reloaded.start();
    await reloaded.resolve('findDownload', STORED_PARTIAL);
    expect(selectDownloadView(reloaded.snapshot)).toEqual({
      status: 'paused',
      quality: '360p',
      receivedBytes: HALFWAY,
      totalBytes: P360_SIZE,
    });
    expect(fakesOf(reloaded).downloads).toEqual([]);
  });

  it('cancelling discards what arrived, then offers the download again', async () => {
    const harness = await choosing();
    await harness.send({ type: 'download.confirm' });
    fakesOf(harness)
      .runningDownload()
      .sendBack({ type: 'download.progress', receivedBytes: HALFWAY, totalBytes: null });
    await harness.send({ type: 'download.cancel' });
    expect(selectDownloadView(harness.snapshot).status).toBe('discarding');
    await harness.resolve('discardPartial', undefined);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'available' });
    expect(harness.snapshot.context.receivedBytes).toBe(0);
  });

  it('a refused file fails; retry goes on from what arrived', async () => {
    const harness = await choosing();
    await harness.send({ type: 'download.confirm' });
    const download = fakesOf(harness).runningDownload();
    download.sendBack({ type: 'download.progress', receivedBytes: HALFWAY, totalBytes: null });
    download.sendBack({ type: 'download.failed' });
    expect(selectDownloadView(harness.snapshot).status).toBe('failed');
    expect(() => harness.timer(AFTER_RETRY)).toThrow(/found 0/);
    await harness.send({ type: 'download.retry' });
    expect(fakesOf(harness).runningDownload().input.fromByte).toBe(HALFWAY);
  });

  it('shows a stored video with its rendition and size, and removes it', async () => {
    const harness = createVideoDownloadHarness({ renditions: RENDITIONS, wifiOnly: false, hints: UNKNOWN });
    harness.start();
    await harness.resolve('findDownload', STORED_COMPLETE);
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'downloaded',
      quality: 'saver',
      sizeBytes: SAVER_SIZE,
    });
    expect(selectDownloadedQuality(harness.snapshot)).toBe('saver');
    await harness.send({ type: 'download.remove' });
    await harness.reject('removeDownload', REMOVE_ERROR);
    expect(selectDownloadView(harness.snapshot).status).toBe('downloaded');
    await harness.send({ type: 'download.remove' });
    await harness.resolve('removeDownload', undefined);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'available' });
    expect(selectDownloadedQuality(harness.snapshot)).toBeNull();
  });

  it('offers nothing without offline storage: the machine is done', async () => {
    const harness = createVideoDownloadHarness({ renditions: RENDITIONS, wifiOnly: false, hints: UNKNOWN });
    harness.start();
    await harness.reject('findDownload', STORAGE_ERROR);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'unavailable' });
    expect(harness.snapshot.status).toBe('done');
  });
});
