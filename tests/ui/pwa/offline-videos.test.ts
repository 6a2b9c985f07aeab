import { describe, expect, it, vi } from 'vitest';
import { formatBytes } from '../../../src/services/offline/format-bytes';
import { createOfflineVideoStore, isMeteredConnection } from '../../../src/services/offline/video-downloads';
import { RUNTIME_CACHES } from '../../../src/sw/cache-names';
import { createFakeCacheStorage } from './fake-cache-storage';

const BASE = 'https://study.example/';
const signedUrl = (sig: string) =>
  `${BASE}media/videos/algebra-1.mp4?student=s1&subject=math&exp=99&sig=${sig}`;
const video = (sig = 'first') => ({
  _id: 'v1',
  title: 'Linear equations',
  subjectId: 'math',
  subjectTitle: 'Mathematics',
  streamUrl: signedUrl(sig),
});
const bytes = new Uint8Array(2_500).map((_, i) => i % 256);

function setup(options: { connection?: { saveData?: boolean; type?: string }; persisted?: boolean } = {}) {
  const { storage, caches } = createFakeCacheStorage();
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'HEAD'
      ? new Response(null, { status: 200, headers: { 'content-length': String(bytes.length) } })
      : new Response(bytes, {
          status: 200,
          headers: { 'content-type': 'video/mp4', 'content-length': String(bytes.length) },
        }),
  );
  const storageManager = {
    persisted: vi.fn(async () => options.persisted ?? false),
    persist: vi.fn(async () => true),
    estimate: vi.fn(async () => ({ usage: 1_000_000, quota: 50_000_000 })),
  };
  const store = createOfflineVideoStore({
    cacheStorage: storage,
    fetch: fetch as unknown as typeof globalThis.fetch,
    storageManager,
    connection: () => options.connection,
    now: () => Date.parse('2026-01-10T00:00:00Z'),
    baseUrl: BASE,
  });
  return { store, caches, fetch, storageManager };
}

describe('offline video downloads', () => {
  it('measures the size with HEAD before downloading anything', async () => {
    const { store, fetch } = setup();
    await expect(store.plan(signedUrl('x'))).resolves.toEqual({ sizeBytes: 2_500, metered: false });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'HEAD' });
  });

  it('warns on a metered connection where the browser says so', async () => {
    expect((await setup({ connection: { saveData: true } }).store.plan(signedUrl('x'))).metered).toBe(true);
    expect((await setup({ connection: { type: 'cellular' } }).store.plan(signedUrl('x'))).metered).toBe(true);
    expect((await setup({ connection: { type: 'wifi' } }).store.plan(signedUrl('x'))).metered).toBe(false);
    expect(isMeteredConnection(undefined)).toBe(false);
  });

  it('stores the whole file under its stable URL, found again through a newly signed URL', async () => {
    const { store, caches } = setup();
    const progress: number[] = [];
    const saved = await store.download(video('first'), (received) => progress.push(received));
    expect(saved).toMatchObject({
      key: `${BASE}media/videos/algebra-1.mp4`,
      sizeBytes: 2_500,
      videoId: 'v1',
    });
    expect(progress.at(-1)).toBe(2_500);
    const cached = caches.get(RUNTIME_CACHES.offlineVideos)?.get(`${BASE}media/videos/algebra-1.mp4`);
    expect(new Uint8Array(await (cached as Response).clone().arrayBuffer())).toEqual(bytes);
    expect(cached?.headers.get('content-length')).toBe('2500');
    // The signature of yesterday's URL has expired; today's URL names the same file.
    await expect(store.find(signedUrl('second'))).resolves.toMatchObject({ title: 'Linear equations' });
    expect(await store.list()).toHaveLength(1);
  });

  it('asks for persistent storage after the first download only', async () => {
    const { store, storageManager } = setup();
    await store.download(video());
    await store.download({ ...video(), _id: 'v2', streamUrl: `${BASE}media/videos/algebra-2.mp4?sig=y` });
    expect(storageManager.persist).toHaveBeenCalledTimes(1);
  });

  it('refuses a failed download instead of storing an error page', async () => {
    const { store } = setup();
    const failing = createOfflineVideoStore({
      cacheStorage: (await import('./fake-cache-storage')).createFakeCacheStorage().storage,
      fetch: (async () => new Response('no', { status: 403 })) as typeof globalThis.fetch,
      storageManager: null,
      baseUrl: BASE,
    });
    await expect(failing.download(video())).rejects.toThrow('403');
    expect(await store.list()).toEqual([]);
  });

  it('deletes one, all, and the downloads of subjects whose access expired', async () => {
    const { store } = setup();
    await store.download(video());
    await store.download({
      _id: 'v2',
      title: 'Cells',
      subjectId: 'bio',
      subjectTitle: 'Biology',
      streamUrl: `${BASE}media/videos/cells.mp4?sig=z`,
    });
    await store.download({
      _id: 'v3',
      title: 'Forces',
      subjectId: 'phys',
      subjectTitle: 'Physics',
      streamUrl: `${BASE}media/videos/forces.mp4?sig=z`,
    });
    const now = Date.parse('2026-01-10T00:00:00Z');
    const removed = await store.removeExpired(
      [
        { subjectId: 'math', subjectTitle: 'Mathematics', expiresAt: '2027-01-01T00:00:00Z' },
        { subjectId: 'bio', subjectTitle: 'Biology', expiresAt: '2026-01-01T00:00:00Z' },
      ],
      now,
    );
    expect(removed.sort()).toEqual([`${BASE}media/videos/cells.mp4`, `${BASE}media/videos/forces.mp4`]);
    expect((await store.list()).map((v) => v.videoId)).toEqual(['v1']);
    await store.remove(`${BASE}media/videos/algebra-1.mp4`);
    expect(await store.list()).toEqual([]);
    await store.download(video());
    await store.removeAll();
    expect(await store.list()).toEqual([]);
  });

  it('reports the storage estimate', async () => {
    await expect(setup().store.estimate()).resolves.toEqual({
      usageBytes: 1_000_000,
      quotaBytes: 50_000_000,
    });
  });

  it('formats sizes in the student language', () => {
    expect(formatBytes(12_345_678, 'en')).toBe('12.3 MB');
    expect(formatBytes(12_345_678, 'fr')).toBe('12,3 MB');
    expect(formatBytes(900, 'en')).toBe('900 B');
  });
});
