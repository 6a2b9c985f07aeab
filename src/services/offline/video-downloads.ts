import type { PaidSubject } from '../../../contract/users';
import type { Quality } from '../../../contract/videos';
import { offlineVideoKey } from '../../sw/routes';
import type { Caches } from './offline-caches';
import {
  findStored,
  listPartial,
  listVideos,
  partsCache,
  removeAll,
  removePartial,
  removeStored,
  resumeFrom,
  videosCache,
} from './offline-caches';
import type { OfflineLesson, OfflineVideo } from './offline-meta';
import { metaHeader } from './offline-meta';
import type {
  DownloadableVideo,
  DownloadOptions,
  OfflineVideoStore,
  StorageEstimate,
} from './offline-video-store';
import type { Checkpoint, FetchedFile } from './resumable-fetch';
import { DownloadRefused, fetchResumable } from './resumable-fetch';

// The offline store itself (src/services/offline/offline-video-store.ts has its contract): loaded with
// the first screen that needs it, never with the landing page.

export type { OfflineVideo, PartialDownload } from './offline-meta';
export type { DownloadableVideo, OfflineVideoStore } from './offline-video-store';
export { DownloadInterrupted, DownloadRefused } from './resumable-fetch';

type Storage = Pick<StorageManager, 'estimate' | 'persist' | 'persisted'>;

export interface OfflineVideoStoreOptions {
  cacheStorage?: CacheStorage | null;
  fetch?: typeof fetch;
  storageManager?: Storage | null;
  now?: () => number;
  /** Base for relative URLs (the page's URL). */
  baseUrl?: string;
}

/** What every part of the store shares: the browser's caches and storage, or the ones a test hands in. */
interface StoreContext {
  cacheStorage: Caches;
  fetchImpl: typeof fetch;
  storageManager: Storage | null;
  now: () => number;
  keyOf: (url: string) => string;
  /** Downloads running, by key: a discard waits for the running one to have kept its bytes first. */
  running: Map<string, Promise<unknown>>;
}

function contextOf(options: OfflineVideoStoreOptions): StoreContext {
  const cacheStorage =
    options.cacheStorage === undefined
      ? typeof caches === 'undefined'
        ? null
        : caches
      : options.cacheStorage;
  const storageManager =
    options.storageManager === undefined
      ? typeof navigator !== 'undefined' && navigator.storage
        ? navigator.storage
        : null
      : options.storageManager;
  const baseUrl = options.baseUrl ?? (typeof location === 'undefined' ? undefined : location.href);
  return {
    cacheStorage,
    fetchImpl: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    storageManager,
    now: options.now ?? Date.now,
    keyOf: (url: string) => offlineVideoKey(url, baseUrl),
    running: new Map(),
  };
}

const lessonOf = (video: DownloadableVideo): OfflineLesson => ({
  videoId: video._id,
  title: video.title,
  subjectId: video.subjectId,
  subjectTitle: video.subjectTitle,
});

async function discard(ctx: StoreContext, key: string): Promise<void> {
  await ctx.running.get(key)?.catch(() => undefined);
  await removePartial(ctx.cacheStorage, key);
}

async function removeEverywhere(ctx: StoreContext, key: string): Promise<void> {
  await removeStored(ctx.cacheStorage, key);
  await discard(ctx, key);
}

/** Downloads are the one thing a student would hate the browser to evict: ask once there is one. */
async function requestPersistence(storageManager: Storage | null): Promise<void> {
  if (!storageManager) return;
  try {
    if (!(await storageManager.persisted())) await storageManager.persist();
  } catch {
    // The browser may refuse; the download stays, only less protected from eviction.
  }
}

async function estimate(storageManager: Storage | null): Promise<StorageEstimate | null> {
  if (!storageManager) return null;
  try {
    const { usage, quota } = await storageManager.estimate();
    return { usageBytes: usage ?? 0, quotaBytes: quota ?? 0 };
  } catch {
    return null;
  }
}

/** Captions are a few kilobytes: stored next to the video so they show offline too; a failure costs only them. */
async function storeCaptions(ctx: StoreContext, video: DownloadableVideo): Promise<string[]> {
  const cache = await videosCache(ctx.cacheStorage);
  const keys: string[] = [];
  for (const caption of video.captions) {
    try {
      const response = await ctx.fetchImpl(caption.url);
      if (!response.ok) continue;
      const text = await response.text();
      const key = ctx.keyOf(caption.url);
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

/** Keeps the finished file; a full device is said as such. */
async function storeVideo(ctx: StoreContext, stored: OfflineVideo, file: FetchedFile): Promise<void> {
  const { key, ...meta } = stored;
  try {
    // A plain 200 with its length: workbox-range-requests slices it for the player's Range requests.
    await (await videosCache(ctx.cacheStorage)).put(
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
}

/** Fetches one rendition from where an earlier try stopped, keeping checkpoints, then stores it whole. */
async function fetchAndStore(
  ctx: StoreContext,
  video: DownloadableVideo,
  rendition: { quality: Quality; url: string },
  opts: DownloadOptions,
): Promise<OfflineVideo> {
  const { quality } = rendition;
  const key = ctx.keyOf(rendition.url);
  const keep = async (checkpoint: Checkpoint) => {
    const meta = { ...lessonOf(video), quality, totalBytes: checkpoint.totalBytes, etag: checkpoint.etag };
    await (await partsCache(ctx.cacheStorage)).put(
      key,
      new Response(checkpoint.bytes, { status: 200, headers: metaHeader(meta) }),
    );
  };
  const file = await fetchResumable({
    fetch: ctx.fetchImpl,
    url: rendition.url,
    from: await resumeFrom(ctx.cacheStorage, key),
    keep,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  const wasFirst = (await listVideos(ctx.cacheStorage)).length === 0;
  const captionKeys = await storeCaptions(ctx, video);
  const stored: OfflineVideo = {
    ...lessonOf(video),
    key,
    quality,
    sizeBytes: file.body.byteLength,
    downloadedAt: ctx.now(),
    captionKeys,
  };
  await storeVideo(ctx, stored, file);
  await (await partsCache(ctx.cacheStorage)).delete(key);
  if (wasFirst) await requestPersistence(ctx.storageManager);
  return stored;
}

async function download(
  ctx: StoreContext,
  video: DownloadableVideo,
  quality: Quality,
  opts: DownloadOptions = {},
): Promise<OfflineVideo> {
  const rendition = video.renditions.find((candidate) => candidate.quality === quality);
  if (!rendition) throw new DownloadRefused(404, `No ${quality} rendition of this video`);
  const key = ctx.keyOf(rendition.url);
  const work = fetchAndStore(ctx, video, { quality, url: rendition.url }, opts);
  ctx.running.set(key, work);
  try {
    return await work;
  } finally {
    if (ctx.running.get(key) === work) ctx.running.delete(key);
  }
}

async function removeExpired(ctx: StoreContext, paidSubjects: readonly PaidSubject[], at: number) {
  const stillPaid = new Set(
    paidSubjects.filter((paid) => Date.parse(paid.expiresAt) > at).map((paid) => paid.subjectId),
  );
  const expired = [...(await listVideos(ctx.cacheStorage)), ...(await listPartial(ctx.cacheStorage))].filter(
    (entry) => !stillPaid.has(entry.subjectId),
  );
  for (const entry of expired) await removeEverywhere(ctx, entry.key);
  return expired.map((entry) => entry.key);
}

export function createOfflineVideoStore(options: OfflineVideoStoreOptions = {}): OfflineVideoStore {
  const ctx = contextOf(options);
  return {
    isSupported: ctx.cacheStorage !== null,
    keyOf: ctx.keyOf,
    findVideo: (video) => findStored(ctx.cacheStorage, ctx.keyOf, video),
    download: (video, quality, opts) => download(ctx, video, quality, opts),
    async discardPartial(video) {
      for (const rendition of video.renditions) await discard(ctx, ctx.keyOf(rendition.url));
    },
    list: () => listVideos(ctx.cacheStorage),
    listPartial: () => listPartial(ctx.cacheStorage),
    remove: (key) => removeEverywhere(ctx, key),
    removeAll: () => removeAll(ctx.cacheStorage),
    estimate: () => estimate(ctx.storageManager),
    removeExpired: (paidSubjects, at) => removeExpired(ctx, paidSubjects, at),
  };
}
