import type { StoredDownload } from '../../../machines/videoDownload';
import { RUNTIME_CACHES } from '../../sw/cache-names';
import type { OfflineVideo, PartialDownload } from './offline-meta';
import { readPartialMeta, readVideoMeta } from './offline-meta';
import type { DownloadableVideo } from './offline-video-store';
import type { ResumeFrom } from './resumable-fetch';

// The two caches the offline store owns (src/services/offline/video-downloads.ts): finished videos with their
// captions, and the start of unfinished downloads. Reading them, and deleting from them; the store writes.

/** null where the browser has no Cache Storage (tests, insecure origins, old webviews). */
export type Caches = CacheStorage | null;

export async function openCache(cacheStorage: Caches, name: string): Promise<Cache> {
  if (!cacheStorage) throw new Error('Cache Storage is not available in this browser');
  return cacheStorage.open(name);
}
export const videosCache = (cacheStorage: Caches) => openCache(cacheStorage, RUNTIME_CACHES.offlineVideos);
export const partsCache = (cacheStorage: Caches) => openCache(cacheStorage, RUNTIME_CACHES.offlineVideoParts);

async function entries<T>(
  cacheStorage: Caches,
  name: string,
  read: (key: string, response: Response) => Promise<T | null>,
): Promise<T[]> {
  if (!cacheStorage || !(await cacheStorage.has(name))) return [];
  const cache = await openCache(cacheStorage, name);
  const found: T[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const entry = response ? await read(request.url, response) : null;
    if (entry) found.push(entry);
  }
  return found;
}

/** The finished videos, the newest first. */
export const listVideos = async (cacheStorage: Caches): Promise<OfflineVideo[]> =>
  (
    await entries(cacheStorage, RUNTIME_CACHES.offlineVideos, async (key, response) =>
      readVideoMeta(key, response),
    )
  ).sort((a, b) => b.downloadedAt - a.downloadedAt);

export const listPartial = (cacheStorage: Caches): Promise<PartialDownload[]> =>
  entries(cacheStorage, RUNTIME_CACHES.offlineVideoParts, async (key, response) =>
    readPartialMeta(key, response, (await response.arrayBuffer()).byteLength),
  );

/** Deletes a finished video and the captions stored with it. */
export async function removeStored(cacheStorage: Caches, key: string): Promise<void> {
  if (!cacheStorage) return;
  const cache = await videosCache(cacheStorage);
  const response = await cache.match(key);
  const stored = response ? readVideoMeta(key, response) : null;
  for (const captionKey of stored?.captionKeys ?? []) await cache.delete(captionKey);
  await cache.delete(key);
}

/** Deletes what arrived of an unfinished download. */
export async function removePartial(cacheStorage: Caches, key: string): Promise<void> {
  if (cacheStorage && (await cacheStorage.has(RUNTIME_CACHES.offlineVideoParts)))
    await (await partsCache(cacheStorage)).delete(key);
}

export async function removeAll(cacheStorage: Caches): Promise<void> {
  if (!cacheStorage) return;
  await cacheStorage.delete(RUNTIME_CACHES.offlineVideos);
  await cacheStorage.delete(RUNTIME_CACHES.offlineVideoParts);
}

/** Where an earlier try of this download stopped, or null to start from the first byte. */
export async function resumeFrom(cacheStorage: Caches, key: string): Promise<ResumeFrom | null> {
  const response = await (await partsCache(cacheStorage)).match(key);
  if (!response) return null;
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  const meta = readPartialMeta(key, response, bytes.byteLength);
  return meta ? { bytes, etag: meta.etag, totalBytes: meta.totalBytes } : null;
}

type Renditions = Pick<DownloadableVideo, 'renditions'>;

async function findComplete(cacheStorage: Caches, keyOf: (url: string) => string, video: Renditions) {
  for (const rendition of video.renditions) {
    const key = keyOf(rendition.url);
    const response = await (await videosCache(cacheStorage)).match(key);
    const stored = response ? readVideoMeta(key, response) : null;
    if (stored)
      return { status: 'complete', quality: rendition.quality, sizeBytes: stored.sizeBytes } as const;
  }
  return null;
}

async function findPartial(cacheStorage: Caches, keyOf: (url: string) => string, video: Renditions) {
  for (const rendition of video.renditions) {
    const key = keyOf(rendition.url);
    const response = await (await partsCache(cacheStorage)).match(key);
    if (!response) continue;
    const partial = readPartialMeta(key, response, (await response.clone().arrayBuffer()).byteLength);
    if (partial) {
      return {
        status: 'partial',
        quality: partial.quality,
        receivedBytes: partial.receivedBytes,
        totalBytes: partial.totalBytes ?? rendition.sizeBytes,
      } as const;
    }
  }
  return null;
}

/** What the device holds of this video: a finished rendition first, else the start of one. */
export async function findStored(
  cacheStorage: Caches,
  keyOf: (url: string) => string,
  video: Renditions,
): Promise<StoredDownload | null> {
  if (!cacheStorage) throw new Error('Cache Storage is not available in this browser');
  return (await findComplete(cacheStorage, keyOf, video)) ?? (await findPartial(cacheStorage, keyOf, video));
}
