import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from '../../lib/db';
import { HttpError } from '../../lib/errors';
import {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  pageAfter,
  UNPAGED_LIST_CAP,
} from '../../lib/list-paging';
import { publicOrigin } from '../../lib/public-origin';
import { type PreparedJson, prepareJson, sendPersonalJson, sendPreparedJson } from '../../lib/response-cache';
import { bearerSecurity, failures, type Section } from '../../lib/schemas';
import { currentAccess, mayWatch } from '../../lib/subject-access';
import positionRoutes from './position-routes';
import { mediaExpiry, presentVideos } from './present-videos';
import { type CatalogueVideo, commentJson, findVideo, loadCatalogueVideos } from './queries';
import {
  commentBody,
  commentLikeBody,
  commentLikeResponse,
  commentResponse,
  countsResponse,
  filteredVideosBody,
  type VideoJson,
  type VideoPageQuery,
  videoIdBody,
  videoList,
  videoPage,
  videoPageQuery,
} from './schemas';

/** SPEC.md §7's path segment for each section with its own video list. */
const SECTION_PATHS: Record<string, Section> = {
  anglophone: 'anglophone',
  francophone: 'francophone',
  diplomaexams: 'diploma-exams',
  competitiveexams: 'competitive-exams',
};

const videosRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['videos'];
  let cachedExpiry = 0;
  await app.register(positionRoutes);

  const catalogue = (origin: string) =>
    app.responseCache.get(`videos|list|${origin}`, () => loadCatalogueVideos(app.db, origin));

  const present = (
    videos: CatalogueVideo[],
    access: ReadonlySet<string>,
    student: { id: string; tokenVersion: number } | null,
    origin: string,
    expiresAt: number,
  ) => presentVideos(app.config.jwtSecret, videos, { access, student, origin, expiresAt });

  const accessOf = async (request: FastifyRequest): Promise<ReadonlySet<string>> =>
    request.student === null ? new Set() : currentAccess(app.db, request.student.id);

  /**
   * A whole list (all videos or one section): prepared once and shared by everyone without paid access;
   * built for the student otherwise.
   */
  const listJson = async (
    request: FastifyRequest,
    section: Section | undefined,
  ): Promise<PreparedJson | string> => {
    const origin = publicOrigin(request);
    const expiresAt = mediaExpiry(app.config.mediaUrlTtlSeconds);
    const videos = await catalogue(origin);
    // The unpaged lists keep answering older apps, with a bound: newer ones read videos/page.
    const selected = (
      section === undefined ? videos : videos.filter((video) => video.section === section)
    ).slice(0, UNPAGED_LIST_CAP);
    const access = await accessOf(request);
    if (access.size > 0 && request.student !== null) {
      return JSON.stringify(present(selected, access, request.student, origin, expiresAt));
    }
    if (expiresAt !== cachedExpiry) {
      app.responseCache.invalidate('videos|json|');
      cachedExpiry = expiresAt;
    }
    return app.responseCache.get(`videos|json|${origin}|${section ?? 'all'}|${expiresAt}`, async () =>
      prepareJson(present(selected, access, null, origin, expiresAt)),
    );
  };

  const sendList = async (request: FastifyRequest, reply: FastifyReply, section: Section | undefined) => {
    const list = await listJson(request, section);
    if (typeof list !== 'string') return sendPreparedJson(request, reply, list);
    return sendPersonalJson(request, reply, list);
  };

  const personalised = async (request: FastifyRequest, videos: CatalogueVideo[]) =>
    present(
      videos,
      await accessOf(request),
      request.student,
      publicOrigin(request),
      mediaExpiry(app.config.mediaUrlTtlSeconds),
    );

  app.get(
    '/videos/fetchvideos',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        description:
          'Every video, extra-curricular included. A bearer token is optional: with one, paid subjects are unlocked.',
        response: { 200: videoList },
      },
    },
    async (request, reply) => sendList(request, reply, undefined),
  );

  for (const [path, section] of Object.entries(SECTION_PATHS)) {
    app.get(
      `/videos/fetchvideos/${path}`,
      { preHandler: app.optionalAuth, schema: { tags, response: { 200: videoList } } },
      async (request, reply) => sendList(request, reply, section),
    );
  }

  /** The filters as one string: the list a cursor belongs to, and the page's cache key. */
  const listName = (query: VideoPageQuery) =>
    JSON.stringify([
      'videos',
      query.section ?? '',
      query.subjectTitle ?? '',
      query.subsection ?? '',
      query.level?.toLowerCase() ?? '',
    ]);

  const pageOf = (videos: CatalogueVideo[], query: VideoPageQuery) => {
    const list = listName(query);
    const afterId =
      query.cursor === undefined ? null : decodeCursor(app.config.jwtSecret, list, query.cursor);
    const level = query.level?.toLowerCase();
    const matching = videos.filter(
      (video) =>
        (query.section === undefined || video.section === query.section) &&
        (query.subjectTitle === undefined || video.subjectTitle === query.subjectTitle) &&
        (query.subsection === undefined || video.subsection === query.subsection) &&
        (level === undefined || video.level.toLowerCase() === level),
    );
    const page = pageAfter(matching, afterId, query.limit ?? DEFAULT_PAGE_SIZE, (video) => video._id);
    const nextCursor = page.lastId === null ? null : encodeCursor(app.config.jwtSecret, list, page.lastId);
    return { page, nextCursor };
  };
  const pageBody = (videos: VideoJson[], nextCursor: string | null, total: number) => ({
    success: true as const,
    videos,
    nextCursor,
    total,
  });

  /**
   * The pages everyone without paid access gets, prepared once per catalogue: a catalogue write builds a
   * new catalogue, which starts with none. Only pages this server computed are kept (their cursor was
   * checked then), so a repeated request skips the filtering and the cursor's signature altogether.
   */
  const sharedPages = new WeakMap<CatalogueVideo[], Map<string, PreparedJson>>();
  const SHARED_PAGES_MAX = 2_000;

  app.get(
    '/videos/page',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        description:
          'One page of lessons in catalogue order, filtered by section, subject, topic and level (issue 12): what one phone screen shows, instead of the whole catalogue. A bearer token is optional: with one, paid subjects are unlocked.',
        querystring: videoPageQuery,
        response: { 200: videoPage, ...failures(400) },
      },
    },
    async (request, reply) => {
      const origin = publicOrigin(request);
      const expiresAt = mediaExpiry(app.config.mediaUrlTtlSeconds);
      const videos = await catalogue(origin);
      const access = await accessOf(request);
      if (access.size > 0 && request.student !== null) {
        const { page, nextCursor } = pageOf(videos, request.query);
        const mine = present(page.items, access, request.student, origin, expiresAt);
        // Signed URLs are personal: never stored by a shared cache.
        return reply
          .header('cache-control', 'private, no-store')
          .send(pageBody(mine, nextCursor, page.total));
      }
      const query = request.query;
      const key = `${expiresAt}|${listName(query)}|${query.cursor ?? ''}|${query.limit ?? DEFAULT_PAGE_SIZE}`;
      let pages = sharedPages.get(videos);
      if (pages === undefined) {
        pages = new Map();
        sharedPages.set(videos, pages);
      }
      let prepared = pages.get(key);
      if (prepared === undefined) {
        const { page, nextCursor } = pageOf(videos, query);
        const body = pageBody(present(page.items, access, null, origin, expiresAt), nextCursor, page.total);
        // Filters that match nothing are not kept: their keys would come from whatever a client sends.
        if (page.total === 0) return body;
        if (pages.size >= SHARED_PAGES_MAX) pages.clear();
        prepared = prepareJson(body);
        pages.set(key, prepared);
      }
      return sendPreparedJson(request, reply, prepared);
    },
  );

  app.post(
    '/videos/filtered-videos',
    {
      preHandler: app.optionalAuth,
      schema: { tags, body: filteredVideosBody, response: { 200: videoList, ...failures(400) } },
    },
    async (request) => {
      const { subjectTitle, subsection } = request.body;
      const videos = (await catalogue(publicOrigin(request))).filter(
        (video) =>
          video.subjectTitle === subjectTitle &&
          (subsection === undefined || video.subsection === subsection),
      );
      return personalised(request, videos);
    },
  );

  app.post(
    '/videos/upnext-videos',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        description: 'The videos of the same subject that come after this one, in course order.',
        body: videoIdBody,
        response: { 200: videoList, ...failures(400, 404) },
      },
    },
    async (request) => {
      const videos = await catalogue(publicOrigin(request));
      const index = videos.findIndex((video) => video._id === request.body.videoId);
      const current = videos[index];
      if (current === undefined) throw new HttpError(404, 'videoNotFound');
      const next = videos.slice(index + 1).filter((video) => video.subjectId === current.subjectId);
      return personalised(request, next);
    },
  );

  /** Actions on a video need the video to exist and the student to be allowed to watch it. */
  const watchableVideo = async (request: FastifyRequest, videoId: string) => {
    if (request.student === null) throw new HttpError(401, 'unauthorized');
    const video = await findVideo(app.db, videoId);
    if (video === undefined) throw new HttpError(404, 'videoNotFound');
    if (!(await mayWatch(app.db, request.student.id, video.subject_id)))
      throw new HttpError(403, 'forbidden');
    return { video, student: request.student };
  };

  const lockVideo = (tx: Transaction, videoId: string) =>
    tx.query('SELECT id FROM videos WHERE id = $1 FOR UPDATE', [videoId]);

  app.post(
    '/videos/video/comment',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        body: commentBody,
        response: { 200: commentResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { video, student } = await watchableVideo(request, request.body.videoId);
      const [row] = await app.db.query<Parameters<typeof commentJson>[0]>(
        `INSERT INTO comments (id, video_id, student_id, username, text) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, video_id, student_id, username, text, likes, created_at`,
        [randomUUID(), video.id, student.id, student.username, request.body.text],
      );
      app.responseCache.invalidate('videos|');
      if (row === undefined) throw new Error('comment insert returned no row');
      return { success: true as const, comment: commentJson(row) };
    },
  );

  const react =
    (kind: 'like' | 'dislike') => async (request: FastifyRequest & { body: { videoId: string } }) => {
      const { video, student } = await watchableVideo(request, request.body.videoId);
      const counts = await app.db.transaction(async (tx) => {
        await lockVideo(tx, video.id);
        const [existing] = await tx.query<{ kind: string }>(
          'SELECT kind FROM video_reactions WHERE video_id = $1 AND student_id = $2',
          [video.id, student.id],
        );
        let likes = 0;
        let dislikes = 0;
        // Toggle: the same reaction again takes it back; the other one replaces it.
        if (existing?.kind === kind) {
          await tx.query('DELETE FROM video_reactions WHERE video_id = $1 AND student_id = $2', [
            video.id,
            student.id,
          ]);
          if (kind === 'like') likes -= 1;
          else dislikes -= 1;
        } else {
          await tx.query(
            `INSERT INTO video_reactions (video_id, student_id, kind) VALUES ($1, $2, $3)
           ON CONFLICT (video_id, student_id) DO UPDATE SET kind = EXCLUDED.kind`,
            [video.id, student.id, kind],
          );
          if (kind === 'like') likes += 1;
          else dislikes += 1;
          if (existing?.kind === 'like') likes -= 1;
          if (existing?.kind === 'dislike') dislikes -= 1;
        }
        const [row] = await tx.query<{ likes: number; dislikes: number; views: number }>(
          `UPDATE videos SET likes = GREATEST(likes + $2, 0), dislikes = GREATEST(dislikes + $3, 0)
          WHERE id = $1 RETURNING likes, dislikes, views`,
          [video.id, likes, dislikes],
        );
        return row;
      });
      app.responseCache.invalidate('videos|');
      if (counts === undefined) throw new HttpError(404, 'videoNotFound');
      return { success: true as const, ...counts };
    };

  const actionSchema = {
    tags,
    security: bearerSecurity,
    body: videoIdBody,
    response: { 200: countsResponse, ...failures(400, 401, 403, 404) },
  };
  app.put('/videos/video/like', { preHandler: app.authenticate, schema: actionSchema }, (request) =>
    react('like')(request),
  );
  app.put('/videos/video/dislike', { preHandler: app.authenticate, schema: actionSchema }, (request) =>
    react('dislike')(request),
  );

  app.put(
    '/videos/video/view',
    {
      preHandler: app.authenticate,
      schema: { ...actionSchema, description: 'Counts once per student per hour.' },
    },
    async (request) => {
      const { video, student } = await watchableVideo(request, request.body.videoId);
      const { counts, counted } = await app.db.transaction(async (tx) => {
        await lockVideo(tx, video.id);
        const [recent] = await tx.query(
          `SELECT 1 FROM video_views WHERE video_id = $1 AND student_id = $2 AND viewed_at > now() - interval '1 hour'`,
          [video.id, student.id],
        );
        if (recent === undefined) {
          await tx.query('INSERT INTO video_views (video_id, student_id) VALUES ($1, $2)', [
            video.id,
            student.id,
          ]);
          await tx.query('UPDATE videos SET views = views + 1 WHERE id = $1', [video.id]);
        }
        const [row] = await tx.query<{ likes: number; dislikes: number; views: number }>(
          'SELECT likes, dislikes, views FROM videos WHERE id = $1',
          [video.id],
        );
        return { counts: row, counted: recent === undefined };
      });
      if (counted) app.responseCache.invalidate('videos|');
      if (counts === undefined) throw new HttpError(404, 'videoNotFound');
      return { success: true as const, ...counts };
    },
  );

  app.put(
    '/videos/video/comment/like',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        description: 'Toggles the like of this student on the comment.',
        body: commentLikeBody,
        response: { 200: commentLikeResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { video, student } = await watchableVideo(request, request.body.videoId);
      const likes = await app.db.transaction(async (tx) => {
        const [comment] = await tx.query(
          'SELECT id FROM comments WHERE id = $1 AND video_id = $2 FOR UPDATE',
          [request.body.commentId, video.id],
        );
        if (comment === undefined) throw new HttpError(404, 'commentNotFound');
        const removed = await tx.query(
          'DELETE FROM comment_likes WHERE comment_id = $1 AND student_id = $2 RETURNING comment_id',
          [request.body.commentId, student.id],
        );
        if (removed.length === 0) {
          await tx.query('INSERT INTO comment_likes (comment_id, student_id) VALUES ($1, $2)', [
            request.body.commentId,
            student.id,
          ]);
        }
        const [row] = await tx.query<{ likes: number }>(
          'UPDATE comments SET likes = GREATEST(likes + $2, 0) WHERE id = $1 RETURNING likes',
          [request.body.commentId, removed.length === 0 ? 1 : -1],
        );
        return row?.likes ?? 0;
      });
      app.responseCache.invalidate('videos|');
      return { success: true as const, likes };
    },
  );
};

export default videosRoutes;
