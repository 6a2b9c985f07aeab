import { signedMediaQuery } from '../../lib/media-signing';
import type { CatalogueVideo } from './queries';
import type { VideoJson } from './schemas';

/**
 * Signed URLs expire on 10-minute boundaries, at least MEDIA_URL_TTL_SECONDS ahead: every request in the same
 * ten minutes gets the same URLs, so the anonymous lists stay cacheable and browsers can cache the media.
 */
const EXPIRY_STEP_SECONDS = 600;
export function mediaExpiry(ttlSeconds: number): number {
  const now = Math.floor(Date.now() / 1000);
  return Math.ceil((now + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
}

/**
 * Adds the per-student part to catalogue videos: free subjects and paid, unexpired ones are unlocked with
 * signed URLs (every rendition and caption; `streamUrl` is the data saver's); the others keep their sizes,
 * so the cost can be shown before buying, but no URL.
 */
export function presentVideos(
  secret: string,
  videos: readonly CatalogueVideo[],
  viewer: {
    access: ReadonlySet<string>;
    /** The student asking, with the token version their URLs carry (revoking every session ends them). */
    student: { id: string; tokenVersion: number } | null;
    origin: string;
    expiresAt: number;
  },
): VideoJson[] {
  return videos.map(({ mediaFile, free, renditions, captions, ...video }) => {
    if (!free && !viewer.access.has(video.subjectId)) {
      return {
        ...video,
        locked: true,
        renditions: renditions.map(({ file: _file, ...rendition }) => rendition),
        captions: captions.map(({ lang }) => ({ lang })),
      };
    }
    // One signature for the stem covers every rendition and caption of the video.
    const query = signedMediaQuery(secret, {
      file: mediaFile,
      // Free lessons are signed for anyone, so one URL serves every visitor.
      studentId: free || viewer.student === null ? '' : viewer.student.id,
      subjectId: video.subjectId,
      expiresAt: viewer.expiresAt,
      tokenVersion: free || viewer.student === null ? 0 : viewer.student.tokenVersion,
    });
    const url = (file: string) => `${viewer.origin}/media/videos/${encodeURIComponent(file)}?${query}`;
    const saver = renditions[0];
    return {
      ...video,
      locked: false,
      ...(saver ? { streamUrl: url(saver.file) } : {}),
      renditions: renditions.map(({ file, ...rendition }) => ({ ...rendition, url: url(file) })),
      captions: captions.map(({ lang, file }) => ({ lang, url: url(file) })),
    };
  });
}
