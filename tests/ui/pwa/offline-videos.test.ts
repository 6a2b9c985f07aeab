import { describe, expect, it, vi } from 'vitest';
import { formatBytes } from '../../../src/rules/format-bytes';
import { lazyOfflineVideoStore, NO_OFFLINE_VIDEOS } from '../../../src/services/offline/offline-video-store';
import { CHECKPOINT_BYTES } from '../../../src/services/offline/resumable-fetch';
import {
  createOfflineVideoStore,
  type DownloadableVideo,
  DownloadInterrupted,
  DownloadRefused,
} from '../../../src/services/offline/video-downloads';
import { RUNTIME_CACHES } from '../../../src/sw/cache-names';
import { createFakeCacheStorage } from './fake-cache-storage';

const BASE = 'https://study.example/';
const signed = (file: string, sig = 'first') =>
  `${BASE}media/videos/${file}?student=s1&subject=math&exp=99&sig=${sig}`;
const bytes = new Uint8Array(2_500).map((_, i) => i % 256);
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nBonjour\n';

const video = (sig = 'first', id = 'v1', stem = 'algebra-1', subjectId = 'math'): DownloadableVideo => ({
  _id: id,
  title: 'Linear equations',
  subjectId,
  subjectTitle: 'Mathematics',
  renditions: [
    { quality: 'saver', sizeBytes: bytes.length, url: signed(`${stem}-saver.mp4`, sig) },
    { quality: '360p', sizeBytes: bytes.length * 2, url: signed(`${stem}-360p.mp4`, sig) },
  ],
  captions: [{ lang: 'fr', url: signed(`${stem}-fr.vtt`, sig) }],
});

/** The server: whole files, Range answered with 206, and a switch to drop the connection part-way. */
function server() {
  const state = { dropAfter: null as number | null, etag: '"v1"', refuse: null as number | null };
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).includes('.vtt')) return new Response(VTT, { headers: { 'content-type': 'text/vtt' } });
    if (state.refuse) return new Response('no', { status: state.refuse });
    const range = new Headers(init?.headers).get('range');
    const start = range ? Number(/bytes=(\d+)-/.exec(range)?.[1]) : 0;
    const ifRange = new Headers(init?.headers).get('if-range');
    const partial = range !== null && (ifRange === null || ifRange === state.etag);
    const body = partial ? bytes.subarray(start) : bytes;
    const dropAfter = state.dropAfter;
    // One chunk, then the end of the file, or the connection dropping.
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(body.slice(0, dropAfter ?? body.length));
        } else if (dropAfter === null) controller.close();
        else controller.error(new TypeError('network error'));
      },
    });
    return new Response(stream, {
      status: partial ? 206 : 200,
      headers: {
        'content-type': 'video/mp4',
        etag: state.etag,
        'content-length': String(body.length),
        ...(partial ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
      },
    });
  });
  return { state, fetch };
}

function setup(options: { persisted?: boolean } = {}) {
  const { storage, caches } = createFakeCacheStorage();
  const { state, fetch } = server();
  const storageManager = {
    persisted: vi.fn(async () => options.persisted ?? false),
    persist: vi.fn(async () => true),
    estimate: vi.fn(async () => ({ usage: 1_000_000, quota: 50_000_000 })),
  };
  const store = createOfflineVideoStore({
    cacheStorage: storage,
    fetch: fetch as unknown as typeof globalThis.fetch,
    storageManager,
    now: () => Date.parse('2026-01-10T00:00:00Z'),
    baseUrl: BASE,
  });
  return { store, caches, fetch, state, storageManager };
}

describe('offline video downloads', () => {
  it('stores the chosen rendition under its stable URL, with its captions, found again through a newly signed URL', async () => {
    const { store, caches } = setup();
    const progress: number[] = [];
    const saved = await store.download(video('first'), 'saver', {
      onProgress: (received) => progress.push(received),
    });
    expect(saved).toMatchObject({
      key: `${BASE}media/videos/algebra-1-saver.mp4`,
      quality: 'saver',
      sizeBytes: 2_500,
      videoId: 'v1',
      captionKeys: [`${BASE}media/videos/algebra-1-fr.vtt`],
    });
    expect(progress.at(-1)).toBe(2_500);
    const cache = caches.get(RUNTIME_CACHES.offlineVideos);
    const cached = cache?.get(`${BASE}media/videos/algebra-1-saver.mp4`);
    expect(new Uint8Array(await (cached as Response).clone().arrayBuffer())).toEqual(bytes);
    expect(cached?.headers.get('content-length')).toBe('2500');
    // The captions play offline too: the worker serves them from the same cache.
    expect(await cache?.get(`${BASE}media/videos/algebra-1-fr.vtt`)?.clone().text()).toBe(VTT);
    // Yesterday's signature has expired; today's URLs name the same files.
    await expect(store.findVideo(video('second'))).resolves.toEqual({
      status: 'complete',
      quality: 'saver',
      sizeBytes: 2_500,
    });
    expect(await store.list()).toHaveLength(1);
  });

  it('keeps what arrived when the connection drops, and goes on from there with Range', async () => {
    const { store, state, fetch } = setup();
    state.dropAfter = 1_000;
    await expect(store.download(video(), 'saver')).rejects.toBeInstanceOf(DownloadInterrupted);
    await expect(store.findVideo(video())).resolves.toEqual({
      status: 'partial',
      quality: 'saver',
      receivedBytes: 1_000,
      totalBytes: 2_500,
    });
    expect((await store.listPartial()).map((p) => [p.title, p.receivedBytes])).toEqual([
      ['Linear equations', 1_000],
    ]);
    state.dropAfter = null;
    const saved = await store.download(video('later'), 'saver');
    const resumed = fetch.mock.calls.at(-2)?.[1] as RequestInit;
    expect(new Headers(resumed.headers).get('range')).toBe('bytes=1000-');
    expect(new Headers(resumed.headers).get('if-range')).toBe('"v1"');
    expect(saved.sizeBytes).toBe(2_500);
    expect(await store.listPartial()).toEqual([]);
  });

  it('starts over when the file changed meanwhile (If-Range no longer matches)', async () => {
    const { store, state, caches } = setup();
    state.dropAfter = 1_000;
    await expect(store.download(video(), 'saver')).rejects.toBeInstanceOf(DownloadInterrupted);
    state.dropAfter = null;
    state.etag = '"v2"';
    await store.download(video(), 'saver');
    const stored = caches.get(RUNTIME_CACHES.offlineVideos)?.get(`${BASE}media/videos/algebra-1-saver.mp4`);
    expect(new Uint8Array(await (stored as Response).clone().arrayBuffer())).toEqual(bytes);
  });

  it('keeps what arrived when the student pauses (the request is aborted), and discards it on cancel', async () => {
    const { store } = setup();
    const abort = new AbortController();
    const running = store.download(video(), 'saver', {
      signal: abort.signal,
      onProgress: () => abort.abort(),
    });
    await expect(running).rejects.toThrow();
    await expect(store.findVideo(video())).resolves.toMatchObject({ status: 'partial' });
    await store.discardPartial(video());
    await expect(store.findVideo(video())).resolves.toBeNull();
  });

  it('refuses a file the server refuses, storing nothing; a 5xx is an interruption to retry', async () => {
    const { store, state } = setup();
    state.refuse = 403;
    await expect(store.download(video(), 'saver')).rejects.toBeInstanceOf(DownloadRefused);
    state.refuse = 503;
    await expect(store.download(video(), 'saver')).rejects.toBeInstanceOf(DownloadInterrupted);
    expect(await store.list()).toEqual([]);
    expect(CHECKPOINT_BYTES).toBeGreaterThan(0);
  });

  it('asks for persistent storage after the first download only', async () => {
    const { store, storageManager } = setup();
    await store.download(video(), 'saver');
    await store.download(video('x', 'v2', 'algebra-2'), 'saver');
    expect(storageManager.persist).toHaveBeenCalledTimes(1);
  });

  it('deletes one (with its captions), all, and the downloads of subjects whose access expired', async () => {
    const { store, caches, state } = setup();
    await store.download(video(), 'saver');
    await store.download(video('z', 'v2', 'cells', 'bio'), 'saver');
    state.dropAfter = 500;
    await expect(store.download(video('z', 'v3', 'forces', 'phys'), 'saver')).rejects.toBeInstanceOf(
      DownloadInterrupted,
    );
    state.dropAfter = null;
    const removed = await store.removeExpired(
      [
        { subjectId: 'math', subjectTitle: 'Mathematics', expiresAt: '2027-01-01T00:00:00Z' },
        { subjectId: 'bio', subjectTitle: 'Biology', expiresAt: '2026-01-01T00:00:00Z' },
      ],
      Date.parse('2026-01-10T00:00:00Z'),
    );
    expect(removed.sort()).toEqual([
      `${BASE}media/videos/cells-saver.mp4`,
      `${BASE}media/videos/forces-saver.mp4`,
    ]);
    expect((await store.list()).map((v) => v.videoId)).toEqual(['v1']);
    expect(await store.listPartial()).toEqual([]);
    expect(caches.get(RUNTIME_CACHES.offlineVideos)?.has(`${BASE}media/videos/cells-fr.vtt`)).toBe(false);
    await store.remove(`${BASE}media/videos/algebra-1-saver.mp4`);
    expect(await store.list()).toEqual([]);
    expect(caches.get(RUNTIME_CACHES.offlineVideos)?.has(`${BASE}media/videos/algebra-1-fr.vtt`)).toBe(false);
    await store.download(video(), 'saver');
    await store.removeAll();
    expect(await store.list()).toEqual([]);
  });

  it('reports the storage estimate', async () => {
    await expect(setup().store.estimate()).resolves.toEqual({
      usageBytes: 1_000_000,
      quotaBytes: 50_000_000,
    });
  });

  it('loads the real store once, on first use, so the landing page does not carry it', async () => {
    const { store } = setup();
    const load = vi.fn(async () => store);
    const lazy = lazyOfflineVideoStore(load, true, BASE);
    expect(load).not.toHaveBeenCalled();
    expect(lazy.keyOf(signed('algebra-1-saver.mp4'))).toBe(`${BASE}media/videos/algebra-1-saver.mp4`);
    await lazy.download(video(), 'saver');
    expect((await lazy.list()).map((v) => v.videoId)).toEqual(['v1']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(NO_OFFLINE_VIDEOS.isSupported).toBe(false);
    await expect(NO_OFFLINE_VIDEOS.list()).resolves.toEqual([]);
  });

  it('formats sizes in the student language: MB in English, Mo in French', () => {
    expect(formatBytes(12_345_678, 'en')).toBe('12.3\u00A0MB');
    expect(formatBytes(12_345_678, 'fr')).toBe('12,3\u00A0Mo');
    expect(formatBytes(900, 'en')).toBe('900\u00A0B');
    expect(formatBytes(240_000, 'fr')).toBe('240\u00A0ko');
  });
});
