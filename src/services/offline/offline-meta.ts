import type { Quality } from '../../../contract/videos';

// What the offline store keeps beside each stored body, in a header of the cached response (the Cache API
// has no other place for it). Stored as data with a version-free, checked shape: an entry that does not read
// back is simply not listed.

export const META_HEADER = 'x-offline-video';

/** A lesson as the offline store names it: enough to list it, and to delete it when its subject expires. */
export interface OfflineLesson {
  videoId: string;
  title: string;
  subjectId: string;
  subjectTitle: string;
}

export interface OfflineVideo extends OfflineLesson {
  /** The stable URL it is stored under (the rendition's URL without its expiring signature). */
  key: string;
  /** null for a download made before renditions existed. */
  quality: Quality | null;
  sizeBytes: number;
  /** Epoch ms. */
  downloadedAt: number;
  /** Where its caption files are stored, so they go with it. */
  captionKeys: string[];
}

/** The start of a download, kept so a lost connection, a pause or a reload costs nothing already paid for. */
export interface PartialDownload extends OfflineLesson {
  key: string;
  quality: Quality;
  receivedBytes: number;
  totalBytes: number | null;
  /** The file's validator: a changed file is downloaded again from the start. */
  etag: string | null;
}

const QUALITY_NAMES: ReadonlySet<string> = new Set(['saver', '360p', '480p']);

function parse(response: Response): Record<string, unknown> | null {
  const raw = response.headers.get(META_HEADER);
  if (!raw) return null;
  try {
    const meta: unknown = JSON.parse(decodeURIComponent(raw));
    return typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isLesson = (meta: Record<string, unknown>) =>
  typeof meta.videoId === 'string' &&
  typeof meta.subjectId === 'string' &&
  typeof meta.title === 'string' &&
  typeof meta.subjectTitle === 'string';

const lessonOf = (meta: Record<string, unknown>): OfflineLesson => ({
  videoId: meta.videoId as string,
  title: meta.title as string,
  subjectId: meta.subjectId as string,
  subjectTitle: meta.subjectTitle as string,
});

export function readVideoMeta(key: string, response: Response): OfflineVideo | null {
  const meta = parse(response);
  if (!meta || !isLesson(meta) || typeof meta.sizeBytes !== 'number') return null;
  return {
    ...lessonOf(meta),
    key,
    quality:
      typeof meta.quality === 'string' && QUALITY_NAMES.has(meta.quality) ? (meta.quality as Quality) : null,
    sizeBytes: meta.sizeBytes,
    downloadedAt: typeof meta.downloadedAt === 'number' ? meta.downloadedAt : 0,
    captionKeys: Array.isArray(meta.captionKeys) ? meta.captionKeys.filter((k) => typeof k === 'string') : [],
  };
}

export function readPartialMeta(
  key: string,
  response: Response,
  receivedBytes: number,
): PartialDownload | null {
  const meta = parse(response);
  if (!meta || !isLesson(meta) || typeof meta.quality !== 'string' || !QUALITY_NAMES.has(meta.quality))
    return null;
  return {
    ...lessonOf(meta),
    key,
    quality: meta.quality as Quality,
    receivedBytes,
    totalBytes: typeof meta.totalBytes === 'number' ? meta.totalBytes : null,
    etag: typeof meta.etag === 'string' ? meta.etag : null,
  };
}

export function metaHeader(meta: object): Record<string, string> {
  return { [META_HEADER]: encodeURIComponent(JSON.stringify(meta)) };
}
