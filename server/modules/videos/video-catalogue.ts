import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../lib/public-origin';
import type { PreparedJson } from '../../lib/response-cache';
import { studentAccess } from '../../lib/subject-access';

import { mediaExpiry, presentVideos } from './present-videos';
import { type CatalogueVideo, loadCatalogueVideos } from './queries';
import type { VideoJson } from './schemas';

// What the videos routes' handlers share: the catalogue as this server shows it, and how its lessons are
// shown to one request.

/** The catalogue's lessons for this origin, read once and kept until a catalogue write. */
export function videoCatalogue(app: FastifyInstance, origin: string): Promise<CatalogueVideo[]> {
  return app.responseCache.get(`videos|list|${origin}`, () =>
    loadCatalogueVideos(app.db, origin, app.mediaRoots),
  );
}

/** Lessons with their locks, and signed URLs where `access` (or the lesson being free) opens them. */
export function presentLessons(
  app: FastifyInstance,
  videos: CatalogueVideo[],
  access: ReadonlySet<string>,
  student: { id: string; tokenVersion: number } | null,
  origin: string,
  expiresAt: number,
): VideoJson[] {
  return presentVideos(app.config.jwtSecret, videos, { access, student, origin, expiresAt });
}

/** The subjects the request's student may watch now (none when anonymous). */
export function requestAccess(request: FastifyRequest): Promise<ReadonlySet<string>> {
  return studentAccess(request.server.db, request.student);
}

/** Lessons as the request's student sees them, with URLs signed until the current expiry step. */
export async function personalised(request: FastifyRequest, videos: CatalogueVideo[]): Promise<VideoJson[]> {
  const app = request.server;
  return presentLessons(
    app,
    videos,
    await requestAccess(request),
    request.student,
    publicOrigin(request),
    mediaExpiry(app.config.mediaUrlTtlSeconds),
  );
}

/**
 * What one registration of the videos routes keeps between requests: the answers shared by everyone without
 * paid access (the signed URLs in them change with the expiry step, so they are dropped when it moves).
 */
export interface SharedAnswers {
  /** The expiry step the whole lists in the response cache were prepared for. */
  listExpiry: number;
  /**
   * The pages everyone without paid access gets, prepared once per catalogue: a catalogue write builds a
   * new catalogue, which starts with none. Only pages this server computed are kept (their cursor was
   * checked then), so a repeated request skips the filtering and the cursor's signature altogether.
   */
  pages: WeakMap<CatalogueVideo[], Map<string, PreparedJson>>;
}

export function sharedAnswers(): SharedAnswers {
  return { listExpiry: 0, pages: new WeakMap() };
}
