import { describe, expect, it } from 'vitest';
import type { FileDownloadSnapshot, fileDownloadMachine } from '../../machines/fileDownload';
import { selectDownloadView } from '../../machines/fileDownload';
import {
  createFileDownloadHarness,
  FILE_DOWNLOAD_EFFECTS,
  FILE_SIZE,
  fakesOf,
  fileDownloadExecutors,
  fileDownloadInternalExecutors,
  fileDownloadModel,
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

type FileDownloadHarness = Harness<typeof fileDownloadMachine>;

interface Counts {
  readonly finds: number;
  readonly plans: number;
  readonly downloads: number;
  readonly removals: number;
}

function countsOf(harness: FileDownloadHarness): Counts {
  const fakes = fakesOf(harness);
  return {
    finds: fakes.callsOf('findDownload').length,
    plans: fakes.callsOf('planDownload').length,
    downloads: fakes.downloads.length,
    removals: fakes.callsOf('removeDownload').length,
  };
}

/** A video that is not stored yet, with the button offering the download. */
async function availableVideo(): Promise<FileDownloadHarness> {
  const harness = createFileDownloadHarness();
  harness.start();
  await harness.resolve('findDownload', null);
  return harness;
}

describe('videoDownload machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const before = new WeakMap<FileDownloadHarness, { snapshot: FileDownloadSnapshot; counts: Counts }>();
    const run = await runModel({
      model: fileDownloadModel,
      createHarness: createFileDownloadHarness,
      executors: fileDownloadExecutors,
      internalExecutors: fileDownloadInternalExecutors,
      effectNames: FILE_DOWNLOAD_EFFECTS,
      checkStep: (harness, { event }) => {
        const now = harness.snapshot;
        const view = selectDownloadView(now);
        const counts = countsOf(harness);
        const fakes = fakesOf(harness);
        // The button always shows the state the machine is in.
        expect(now.matches(view.status)).toBe(true);
        // Bytes are spent only while downloading, by one download at a time.
        expect(fakes.runningDownloads()).toHaveLength(now.matches('downloading') ? 1 : 0);
        for (const src of ['planDownload', 'removeDownload'] as const) {
          const running = fakes.callsOf(src).filter((call) => !call.settled);
          expect(running, `${src} runs in its state only`).toHaveLength(
            now.matches(src === 'planDownload' ? 'planning' : 'removing') ? 1 : 0,
          );
        }
        // The size (and the metered warning) shown is the plan just measured.
        if (view.status === 'confirming') {
          expect({ sizeBytes: view.sizeBytes, metered: view.metered }).toEqual(now.context.plan);
        }
        if (view.status === 'downloaded') expect(view.sizeBytes).not.toBeNull();
        if (now.matches('available')) expect(now.context.sizeBytes).toBeNull();
        // An unavailable store ends the machine: nothing can be offered any more.
        expect(now.status).toBe(now.matches('unavailable') ? 'done' : 'active');

        const previous = before.get(harness);
        if (previous) {
          const was = previous.snapshot;
          const expected: Counts = {
            finds: previous.counts.finds,
            plans:
              previous.counts.plans +
              ((event.type === 'download.request' && was.matches('available')) ||
              (event.type === 'download.retry' && was.matches('failed'))
                ? 1
                : 0),
            // A download starts only once the student confirmed, after seeing the size.
            downloads:
              previous.counts.downloads +
              (event.type === 'download.confirm' && was.matches('confirming') ? 1 : 0),
            removals:
              previous.counts.removals +
              (event.type === 'download.remove' && was.matches('downloaded') ? 1 : 0),
          };
          expect(counts, `effects started by ${event.type}`).toEqual(expected);
          if (now.matches('downloading') && !was.matches('downloading')) {
            expect(view).toEqual({
              status: 'downloading',
              receivedBytes: 0,
              totalBytes: was.context.plan?.sizeBytes ?? null,
            });
          }
        } else {
          expect(counts).toEqual({ finds: 1, plans: 0, downloads: 0, removals: 0 });
        }
        before.set(harness, { snapshot: now, counts });
      },
    });
    console.log(`videoDownload: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
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
