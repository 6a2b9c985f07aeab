import { RUNTIME_CACHES } from '../../sw/cache-names';
import { offlineVideoKey } from '../../sw/routes';
import type { PaidSubject, Video } from '../api/types';

/** What a downloaded video needs to be listed and played: a paid video with its (signed) stream URL. */
export type DownloadableVideo = Pick<Video, '_id' | 'title' | 'subjectId' | 'subjectTitle'> & {
  streamUrl: string;
};

export interface OfflineVideo {
  /** The stable URL it is stored under (the stream URL without its expiring signature). */
  key: string;
  videoId: string;
  title: string;
  subjectId: string;
  subjectTitle: string;
  sizeBytes: number;
  /** Epoch ms. */
  downloadedAt: number;
}

export interface DownloadPlan {
  /** From HEAD's Content-Length; null when the server does not say. */
  sizeBytes: number | null;
  /** The browser says data is costly (Save-Data on, or a cellular connection). */
  metered: boolean;
}

export interface StorageEstimate {
  usageBytes: number;
  quotaBytes: number;
}

/** The offline downloads of lesson videos (STYLE.md 5: the one owner of the 'offline-videos' cache). */
export interface OfflineVideoStore {
  readonly isSupported: boolean;
  /** The stable key a stream URL is stored under. */
  keyOf(streamUrl: string): string;
  find(streamUrl: string): Promise<OfflineVideo | null>;
  plan(streamUrl: string): Promise<DownloadPlan>;
  download(
    video: DownloadableVideo,
    onProgress?: (receivedBytes: number, totalBytes: number | null) => void,
    signal?: AbortSignal,
  ): Promise<OfflineVideo>;
  list(): Promise<OfflineVideo[]>;
  remove(key: string): Promise<void>;
  removeAll(): Promise<void>;
  estimate(): Promise<StorageEstimate | null>;
  /** Deletes the downloads of subjects the student no longer has access to; returns the keys removed. */
  removeExpired(paidSubjects: readonly PaidSubject[], now: number): Promise<string[]>;
}

/** The Network Information API where the browser has it (Chromium on Android). */
export interface ConnectionInfo {
  saveData?: boolean;
  type?: string;
}

export function isMeteredConnection(connection: ConnectionInfo | undefined | null): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.type === 'cellular';
}

const META_HEADER = 'x-offline-video';

function readMeta(key: string, response: Response): OfflineVideo | null {
  const raw = response.headers.get(META_HEADER);
  if (!raw) return null;
  try {
    const meta = JSON.parse(decodeURIComponent(raw)) as Omit<OfflineVideo, 'key'>;
    if (typeof meta.videoId !== 'string' || typeof meta.subjectId !== 'string') return null;
    return { ...meta, key };
  } catch {
    return null;
  }
}

export interface OfflineVideoStoreOptions {
  cacheStorage?: CacheStorage | null;
  fetch?: typeof fetch;
  storageManager?: Pick<StorageManager, 'estimate' | 'persist' | 'persisted'> | null;
  connection?: () => ConnectionInfo | undefined;
  now?: () => number;
  /** Base for relative stream URLs (the page's URL). */
  baseUrl?: string;
}

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
  const connection =
    options.connection ??
    (() =>
      typeof navigator === 'undefined'
        ? undefined
        : (navigator as { connection?: ConnectionInfo }).connection);
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl ?? (typeof location === 'undefined' ? undefined : location.href);
  const keyOf = (streamUrl: string) => offlineVideoKey(streamUrl, baseUrl);

  async function open(): Promise<Cache> {
    if (!cacheStorage) throw new Error('Cache Storage is not available in this browser');
    return cacheStorage.open(RUNTIME_CACHES.offlineVideos);
  }

  async function list(): Promise<OfflineVideo[]> {
    if (!cacheStorage || !(await cacheStorage.has(RUNTIME_CACHES.offlineVideos))) return [];
    const cache = await open();
    const videos: OfflineVideo[] = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const meta = response ? readMeta(request.url, response) : null;
      if (meta) videos.push(meta);
    }
    return videos.sort((a, b) => b.downloadedAt - a.downloadedAt);
  }

  async function remove(key: string): Promise<void> {
    if (!cacheStorage) return;
    await (await open()).delete(key);
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

  return {
    isSupported: cacheStorage !== null,
    keyOf,
    async find(streamUrl) {
      if (!cacheStorage) return null;
      const key = keyOf(streamUrl);
      const response = await (await open()).match(key);
      return response ? readMeta(key, response) : null;
    },
    async plan(streamUrl) {
      const metered = isMeteredConnection(connection());
      const response = await fetchImpl(streamUrl, { method: 'HEAD' });
      if (!response.ok) throw new Error(`The video answered ${response.status}`);
      const length = Number(response.headers.get('content-length'));
      return { sizeBytes: Number.isFinite(length) && length > 0 ? length : null, metered };
    },
    async download(video, onProgress, signal) {
      const cache = await open();
      const response = await fetchImpl(video.streamUrl, signal ? { signal } : {});
      if (response.status !== 200 || !response.body) throw new Error(`The video answered ${response.status}`);
      const lengthHeader = Number(response.headers.get('content-length'));
      const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : null;
      const chunks: Uint8Array[] = [];
      let received = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress?.(received, total);
      }
      const body = new Uint8Array(received);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.byteLength;
      }
      const contentType = response.headers.get('content-type') ?? 'video/mp4';
      const meta: Omit<OfflineVideo, 'key'> = {
        videoId: video._id,
        title: video.title,
        subjectId: video.subjectId,
        subjectTitle: video.subjectTitle,
        sizeBytes: body.byteLength,
        downloadedAt: now(),
      };
      const key = keyOf(video.streamUrl);
      const wasFirst = (await list()).length === 0;
      // Stored as a plain 200 with its length: workbox-range-requests slices it for the player's Range requests.
      await cache.put(
        key,
        new Response(body, {
          status: 200,
          headers: {
            'content-type': contentType,
            'content-length': String(body.byteLength),
            'accept-ranges': 'bytes',
            [META_HEADER]: encodeURIComponent(JSON.stringify(meta)),
          },
        }),
      );
      if (wasFirst) await requestPersistence();
      return { ...meta, key };
    },
    list,
    remove,
    async removeAll() {
      if (!cacheStorage) return;
      await cacheStorage.delete(RUNTIME_CACHES.offlineVideos);
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
      const expired = (await list()).filter((video) => !stillPaid.has(video.subjectId));
      await Promise.all(expired.map((video) => remove(video.key)));
      return expired.map((video) => video.key);
    },
  };
}

/** No Cache Storage (tests, insecure origins, old webviews): nothing to download, nothing listed. */
export const NO_OFFLINE_VIDEOS: OfflineVideoStore = createOfflineVideoStore({
  cacheStorage: null,
  storageManager: null,
  fetch: () => Promise.reject(new Error('Offline downloads are not available here')),
  baseUrl: 'http://localhost/',
});
