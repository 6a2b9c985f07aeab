import type { Quality } from '../../../contract/videos';
import { RUNTIME_CACHES } from '../../sw/cache-names';
import { offlineVideoKey } from '../../sw/routes';
import {
  metaHeader,
  type OfflineLesson,
  type OfflineVideo,
  readPartialMeta,
  readVideoMeta,
} from './offline-meta';
import type { DownloadableVideo, DownloadOptions, OfflineVideoStore } from './offline-video-store';
import { type Checkpoint, DownloadRefused, fetchResumable, type ResumeFrom } from './resumable-fetch';

// The offline store itself (src/services/offline/offline-video-store.ts has its contract): loaded with
// the first screen that needs it, never with the landing page.

export type { OfflineVideo, PartialDownload } from './offline-meta';
export type { DownloadableVideo, OfflineVideoStore } from './offline-video-store';
export { DownloadInterrupted, DownloadRefused } from './resumable-fetch';

export interface OfflineVideoStoreOptions {
  cacheStorage?: CacheStorage | null;
  fetch?: typeof fetch;
  storageManager?: Pick<StorageManager, 'estimate' | 'persist' | 'persisted'> | null;
  now?: () => number;
  /** Base for relative URLs (the page's URL). */
  baseUrl?: string;
}

const lessonOf = (video: DownloadableVideo): OfflineLesson => ({
  videoId: video._id,
  title: video.title,
  subjectId: video.subjectId,
  subjectTitle: video.subjectTitle,
});

export function createOfflineVideoStore(options: OfflineVideoStoreOptions = {}): OfflineVideoStore {
  const cacheStorage =
    options.cacheStorage === undefined
      ? typeof caches === 'undefined'
        ? null
        : caches
      : options.cacheStorage;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storageManager =
    options.storageManager === undefined
      ? typeof navigator !== 'undefined' && navigator.storage
        ? navigator.storage
        : null
      : options.storageManager;
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl ?? (typeof location === 'undefined' ? undefined : location.href);
  const keyOf = (url: string) => offlineVideoKey(url, baseUrl);
  /** Downloads running, by key: a discard waits for the running one to have kept its bytes first. */
  const running = new Map<string, Promise<unknown>>();

  async function open(name: string): Promise<Cache> {
    if (!cacheStorage) throw new Error('Cache Storage is not available in this browser');
    return cacheStorage.open(name);
  }
  const videos = () => open(RUNTIME_CACHES.offlineVideos);
  const parts = () => open(RUNTIME_CACHES.offlineVideoParts);

  async function entries<T>(name: string, read: (key: string, response: Response) => Promise<T | null>) {
    if (!cacheStorage || !(await cacheStorage.has(name))) return [];
    const cache = await open(name);
    const found: T[] = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const entry = response ? await read(request.url, response) : null;
      if (entry) found.push(entry);
    }
    return found;
  }

  const list = async () =>
    (await entries(RUNTIME_CACHES.offlineVideos, async (key, response) => readVideoMeta(key, response))).sort(
      (a, b) => b.downloadedAt - a.downloadedAt,
    );

  const listPartial = () =>
    entries(RUNTIME_CACHES.offlineVideoParts, async (key, response) =>
      readPartialMeta(key, response, (await response.arrayBuffer()).byteLength),
    );

  async function removeStored(key: string): Promise<void> {
    if (!cacheStorage) return;
    const cache = await videos();
    const response = await cache.match(key);
    const stored = response ? readVideoMeta(key, response) : null;
    for (const captionKey of stored?.captionKeys ?? []) await cache.delete(captionKey);
    await cache.delete(key);
  }

  async function discard(key: string): Promise<void> {
    await running.get(key)?.catch(() => undefined);
    if (cacheStorage && (await cacheStorage.has(RUNTIME_CACHES.offlineVideoParts)))
      await (await parts()).delete(key);
  }

  /** Downloads are the one thing a student would hate the browser to evict: ask once there is one. */
  async function requestPersistence(): Promise<void> {
    if (!storageManager) return;
    try {
      if (!(await storageManager.persisted())) await storageManager.persist();
    } catch {
      // The browser may refuse; the download stays, only less protected from eviction.
    }
  }

  /** Captions are a few kilobytes: stored next to the video so they show offline too; a failure costs only them. */
  async function storeCaptions(video: DownloadableVideo): Promise<string[]> {
    const cache = await videos();
    const keys: string[] = [];
    for (const caption of video.captions) {
      try {
        const response = await fetchImpl(caption.url);
        if (!response.ok) continue;
        const text = await response.text();
        const key = keyOf(caption.url);
        await cache.put(
          key,
          new Response(text, { status: 200, headers: { 'content-type': 'text/vtt; charset=utf-8' } }),
        );
        keys.push(key);
      } catch {
        // Offline captions are a bonus; the lesson itself is stored.
      }
    }
    return keys;
  }

  async function resumeFrom(key: string): Promise<ResumeFrom | null> {
    const response = await (await parts()).match(key);
    if (!response) return null;
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    const meta = readPartialMeta(key, response, bytes.byteLength);
    return meta ? { bytes, etag: meta.etag, totalBytes: meta.totalBytes } : null;
  }

  async function download(video: DownloadableVideo, quality: Quality, opts: DownloadOptions = {}) {
    const rendition = video.renditions.find((candidate) => candidate.quality === quality);
    if (!rendition) throw new DownloadRefused(404, `No ${quality} rendition of this video`);
    const key = keyOf(rendition.url);
    const keep = async (checkpoint: Checkpoint) => {
      const meta = { ...lessonOf(video), quality, totalBytes: checkpoint.totalBytes, etag: checkpoint.etag };
      await (await parts()).put(
        key,
        new Response(checkpoint.bytes, { status: 200, headers: metaHeader(meta) }),
      );
    };
    const work = (async () => {
      const file = await fetchResumable({
        fetch: fetchImpl,
        url: rendition.url,
        from: await resumeFrom(key),
        keep,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      });
      const wasFirst = (await list()).length === 0;
      const captionKeys = await storeCaptions(video);
      const stored: OfflineVideo = {
        ...lessonOf(video),
        key,
        quality,
        sizeBytes: file.body.byteLength,
        downloadedAt: now(),
        captionKeys,
      };
      const { key: _key, ...meta } = stored;
      try {
        // A plain 200 with its length: workbox-range-requests slices it for the player's Range requests.
        await (await videos()).put(
          key,
          new Response(file.body, {
            status: 200,
            headers: {
              'content-type': file.contentType,
              'content-length': String(file.body.byteLength),
              'accept-ranges': 'bytes',
              ...metaHeader(meta),
            },
          }),
        );
      } catch {
        throw new DownloadRefused(507, 'This device has no room left for the video');
      }
      await (await parts()).delete(key);
      if (wasFirst) await requestPersistence();
      return stored;
    })();
    running.set(key, work);
    try {
      return await work;
    } finally {
      if (running.get(key) === work) running.delete(key);
    }
  }

  return {
    isSupported: cacheStorage !== null,
    keyOf,
    async findVideo(video) {
      if (!cacheStorage) throw new Error('Cache Storage is not available in this browser');
      for (const rendition of video.renditions) {
        const key = keyOf(rendition.url);
        const response = await (await videos()).match(key);
        const stored = response ? readVideoMeta(key, response) : null;
        if (stored) return { status: 'complete', quality: rendition.quality, sizeBytes: stored.sizeBytes };
      }
      for (const rendition of video.renditions) {
        const key = keyOf(rendition.url);
        const response = await (await parts()).match(key);
        if (!response) continue;
        const partial = readPartialMeta(key, response, (await response.clone().arrayBuffer()).byteLength);
        if (partial) {
          return {
            status: 'partial',
            quality: partial.quality,
            receivedBytes: partial.receivedBytes,
            totalBytes: partial.totalBytes ?? rendition.sizeBytes,
          };
        }
      }
      return null;
    },
    download,
    async discardPartial(video) {
      for (const rendition of video.renditions) await discard(keyOf(rendition.url));
    },
    list,
    listPartial,
    async remove(key) {
      await removeStored(key);
      await discard(key);
    },
    async removeAll() {
      if (!cacheStorage) return;
      await cacheStorage.delete(RUNTIME_CACHES.offlineVideos);
      await cacheStorage.delete(RUNTIME_CACHES.offlineVideoParts);
    },
    async estimate() {
      if (!storageManager) return null;
      try {
        const { usage, quota } = await storageManager.estimate();
        return { usageBytes: usage ?? 0, quotaBytes: quota ?? 0 };
      } catch {
        return null;
      }
    },
    async removeExpired(paidSubjects, at) {
      const stillPaid = new Set(
        paidSubjects.filter((paid) => Date.parse(paid.expiresAt) > at).map((paid) => paid.subjectId),
      );
      const expired = [...(await list()), ...(await listPartial())].filter(
        (entry) => !stillPaid.has(entry.subjectId),
      );
      for (const entry of expired) {
        await removeStored(entry.key);
        await discard(entry.key);
      }
      return expired.map((entry) => entry.key);
    },
  };
}
