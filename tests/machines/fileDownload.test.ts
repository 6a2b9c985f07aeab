import { describe, expect, it } from 'vitest';
import type { fileDownloadMachine } from '../../machines/fileDownload';
import { selectDownloadView } from '../../machines/fileDownload';
import {
  createFileDownloadHarness,
  FILE_SIZE,
  fakesOf,
  HALFWAY,
  HEAD_ERROR,
  METERED_PLAN,
  REMOVE_ERROR,
  STORAGE_ERROR,
  STORED_SIZE,
  UNKNOWN_SIZE_PLAN,
  WIFI_PLAN,
} from './fileDownload.model';
import type { Harness } from './modelHarness';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

type FileDownloadHarness = Harness<typeof fileDownloadMachine>;

/** A video that is not stored yet, with the button offering the download. */
async function availableVideo(): Promise<FileDownloadHarness> {
  const harness = createFileDownloadHarness();
  harness.start();
  await harness.resolve('findDownload', null);
  return harness;
}

describe('fileDownload machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.fileDownload);
    console.log(`fileDownload: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('shows the size before a single byte of the video is downloaded', async () => {
    const harness = await availableVideo();
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'available' });
    await harness.send({ type: 'download.request' });
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'planning' });
    await harness.resolve('planDownload', WIFI_PLAN);
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'confirming',
      sizeBytes: FILE_SIZE,
      metered: false,
    });
    expect(fakesOf(harness).downloads).toEqual([]);
    await harness.send({ type: 'download.confirm' });
    expect(fakesOf(harness).runningDownloads()).toHaveLength(1);
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'downloading',
      receivedBytes: 0,
      totalBytes: FILE_SIZE,
    });
  });

  it('warns on a metered connection, and a cancel there downloads nothing', async () => {
    const harness = await availableVideo();
    await harness.send({ type: 'download.request' });
    await harness.resolve('planDownload', METERED_PLAN);
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'confirming',
      sizeBytes: FILE_SIZE,
      metered: true,
    });
    await harness.send({ type: 'download.cancel' });
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'available' });
    expect(fakesOf(harness).downloads).toEqual([]);
  });

  it('warns with an unknown size, and takes the total from the download when it learns it', async () => {
    const harness = await availableVideo();
    await harness.send({ type: 'download.request' });
    await harness.resolve('planDownload', UNKNOWN_SIZE_PLAN);
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'confirming',
      sizeBytes: null,
      metered: true,
    });
    await harness.send({ type: 'download.confirm' });
    const download = fakesOf(harness).runningDownload();
    download.sendBack({ type: 'download.progress', receivedBytes: 1_024, totalBytes: null });
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'downloading',
      receivedBytes: 1_024,
      totalBytes: null,
    });
    download.sendBack({ type: 'download.progress', receivedBytes: HALFWAY, totalBytes: FILE_SIZE });
    download.sendBack({ type: 'download.progress', receivedBytes: FILE_SIZE, totalBytes: null });
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'downloading',
      receivedBytes: FILE_SIZE,
      totalBytes: FILE_SIZE,
    });
    download.sendBack({ type: 'download.finished', sizeBytes: FILE_SIZE });
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'downloaded', sizeBytes: FILE_SIZE });
    expect(download.stopped).toBe(true);
  });

  it('retries a failed download from a fresh measurement and from zero bytes', async () => {
    const harness = await availableVideo();
    await harness.send({ type: 'download.request' });
    await harness.resolve('planDownload', WIFI_PLAN);
    await harness.send({ type: 'download.confirm' });
    const first = fakesOf(harness).runningDownload();
    first.sendBack({ type: 'download.progress', receivedBytes: HALFWAY, totalBytes: FILE_SIZE });
    first.sendBack({ type: 'download.failed' });
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'failed' });
    expect(first.stopped).toBe(true);
    await harness.send({ type: 'download.retry' });
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'planning' });
    expect(fakesOf(harness).callsOf('planDownload')).toHaveLength(2);
    // Now on mobile data: the retry warns again before spending anything.
    await harness.resolve('planDownload', METERED_PLAN);
    expect(selectDownloadView(harness.snapshot)).toMatchObject({ status: 'confirming', metered: true });
    await harness.send({ type: 'download.confirm' });
    expect(selectDownloadView(harness.snapshot)).toEqual({
      status: 'downloading',
      receivedBytes: 0,
      totalBytes: FILE_SIZE,
    });
    expect(fakesOf(harness).downloads).toHaveLength(2);
  });

  it('fails when the size cannot be measured, and can retry or give up', async () => {
    const harness = await availableVideo();
    await harness.send({ type: 'download.request' });
    await harness.reject('planDownload', HEAD_ERROR);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'failed' });
    expect(fakesOf(harness).downloads).toEqual([]);
    await harness.send({ type: 'download.retry' });
    await harness.reject('planDownload', HEAD_ERROR);
    await harness.send({ type: 'download.cancel' });
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'available' });
    expect(fakesOf(harness).callsOf('planDownload')).toHaveLength(2);
  });

  it('cancels a running download: the actor is stopped and its late answer is ignored', async () => {
    const harness = await availableVideo();
    await harness.send({ type: 'download.request' });
    await harness.resolve('planDownload', WIFI_PLAN);
    await harness.send({ type: 'download.confirm' });
    const download = fakesOf(harness).runningDownload();
    await harness.send({ type: 'download.cancel' });
    expect(download.stopped).toBe(true);
    download.sendBack({ type: 'download.finished', sizeBytes: FILE_SIZE });
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'available' });
  });

  it('shows a stored video with its size, and removes it', async () => {
    const harness = createFileDownloadHarness();
    harness.start();
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'checking' });
    await harness.resolve('findDownload', STORED_SIZE);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'downloaded', sizeBytes: STORED_SIZE });
    await harness.send({ type: 'download.remove' });
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'removing' });
    // A removal that fails keeps the video, and says so with its size.
    await harness.reject('removeDownload', REMOVE_ERROR);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'downloaded', sizeBytes: STORED_SIZE });
    await harness.send({ type: 'download.remove' });
    await harness.resolve('removeDownload', undefined);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'available' });
    expect(harness.snapshot.context.sizeBytes).toBeNull();
    expect(fakesOf(harness).callsOf('removeDownload')).toHaveLength(2);
  });

  it('treats a stored empty entry as downloaded: only "not found" offers the download', async () => {
    const harness = createFileDownloadHarness();
    harness.start();
    await harness.resolve('findDownload', 0);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'downloaded', sizeBytes: 0 });
  });

  it('offers nothing without offline storage: the machine is done', async () => {
    const harness = createFileDownloadHarness();
    harness.start();
    await harness.reject('findDownload', STORAGE_ERROR);
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'unavailable' });
    // A final state: the button renders nothing and no event can start a download any more.
    expect(harness.snapshot.status).toBe('done');
    expect(harness.snapshot.can({ type: 'download.request' })).toBe(false);
  });

  it('ignores the download buttons outside the states that show them', async () => {
    const harness = createFileDownloadHarness();
    harness.start();
    for (const type of ['download.request', 'download.confirm', 'download.remove'] as const) {
      await harness.send({ type });
    }
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'checking' });
    await harness.resolve('findDownload', null);
    for (const type of ['download.confirm', 'download.retry', 'download.remove'] as const) {
      await harness.send({ type });
    }
    expect(selectDownloadView(harness.snapshot)).toEqual({ status: 'available' });
    expect(fakesOf(harness).downloads).toEqual([]);
  });
});
