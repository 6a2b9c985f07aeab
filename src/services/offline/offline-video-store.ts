import type { PaidSubject } from '../../../contract/users';
import type { Caption, Quality, Rendition, Video } from '../../../contract/videos';
import type { StoredDownload } from '../../../machines/videoDownload';
import { offlineVideoKey } from '../../sw/routes';
import type { OfflineVideo, PartialDownload } from './offline-meta';

// The contract of the offline downloads (issues 5 and 11), and the two stores the first screen can afford:
// none at all, and one that loads the real store (src/services/offline/video-downloads.ts) when it is first
// used, so the landing page never carries it.

export type { OfflineVideo, PartialDownload } from './offline-meta';

/** What a download needs of a paid video: its renditions and captions with their (signed) URLs. */
export type DownloadableVideo = Pick<Video, '_id' | 'title' | 'subjectId' | 'subjectTitle'> & {
  renditions: readonly (Pick<Rendition, 'quality' | 'sizeBytes'> & { url: string })[];
  captions: readonly (Pick<Caption, 'lang'> & { url: string })[];
};

export interface StorageEstimate {
  usageBytes: number;
  quotaBytes: number;
}

export interface DownloadOptions {
  onProgress?: (receivedBytes: number, totalBytes: number | null) => void;
  signal?: AbortSignal;
}

/** The offline downloads of lesson videos (docs/style.md 5: the one owner of the offline caches). */
export interface OfflineVideoStore {
  readonly isSupported: boolean;
  /** The stable key a signed URL is stored under. */
  keyOf(url: string): string;
  /** What the device holds of this video: a finished rendition, the start of one, or nothing. */
  findVideo(video: Pick<DownloadableVideo, 'renditions'>): Promise<StoredDownload | null>;
  /** Downloads one rendition (and the captions), going on from what a previous try kept. */
  download(video: DownloadableVideo, quality: Quality, options?: DownloadOptions): Promise<OfflineVideo>;
  /** Forgets what arrived of an unfinished download of this video (waits for a running one to stop). */
  discardPartial(video: Pick<DownloadableVideo, 'renditions'>): Promise<void>;
  list(): Promise<OfflineVideo[]>;
  listPartial(): Promise<PartialDownload[]>;
  /** Removes a stored video with its captions, or an unfinished download, by key. */
  remove(key: string): Promise<void>;
  removeAll(): Promise<void>;
  estimate(): Promise<StorageEstimate | null>;
  /** Deletes the downloads of subjects the student no longer has access to; returns the keys removed. */
  removeExpired(paidSubjects: readonly PaidSubject[], now: number): Promise<string[]>;
}

/** No Cache Storage (tests, insecure origins, old webviews): nothing to download, nothing listed. */
export const NO_OFFLINE_VIDEOS: OfflineVideoStore = {
  isSupported: false,
  keyOf: (url) => offlineVideoKey(url, 'http://localhost/'),
  findVideo: () => Promise.reject(new Error('Offline downloads are not available here')),
  download: () => Promise.reject(new Error('Offline downloads are not available here')),
  discardPartial: async () => undefined,
  list: async () => [],
  listPartial: async () => [],
  remove: async () => undefined,
  removeAll: async () => undefined,
  estimate: async () => null,
  removeExpired: async () => [],
};

/** The real store, fetched with its code on first use. */
export function lazyOfflineVideoStore(
  load: () => Promise<OfflineVideoStore>,
  isSupported: boolean = typeof caches !== 'undefined',
  baseUrl: string | undefined = typeof location === 'undefined' ? undefined : location.href,
): OfflineVideoStore {
  let loading: Promise<OfflineVideoStore> | null = null;
  const store = () => {
    loading ??= load();
    return loading;
  };
  return {
    isSupported,
    keyOf: (url) => offlineVideoKey(url, baseUrl),
    findVideo: async (video) => (await store()).findVideo(video),
    download: async (video, quality, options) => (await store()).download(video, quality, options),
    discardPartial: async (video) => (await store()).discardPartial(video),
    list: async () => (await store()).list(),
    listPartial: async () => (await store()).listPartial(),
    remove: async (key) => (await store()).remove(key),
    removeAll: async () => (await store()).removeAll(),
    estimate: async () => (await store()).estimate(),
    removeExpired: async (paidSubjects, now) => (await store()).removeExpired(paidSubjects, now),
  };
}
