import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  pageAfter,
  UNPAGED_LIST_CAP,
} from '../../lib/list-paging';
import { importedMediaDir } from '../../lib/media-files';
import { publicOrigin } from '../../lib/public-origin';
import { type PreparedJson, prepareJson, sendPersonalJson, sendPreparedJson } from '../../lib/response-cache';
import { failures, type Section } from '../../lib/schemas';
import { currentAccess, findSubjectExpiry } from '../../lib/subject-access';
import { SEED_MEDIA_DIR } from '../../seed/seed';
import continueRoutes from './continue-routes';
import interactionRoutes from './interaction-routes';
import { lessonCounts } from './lesson-counts';
import positionRoutes from './position-routes';
import { mediaExpiry, presentVideos } from './present-videos';
import { type CatalogueVideo, loadCatalogueVideos } from './queries';
import {
  filteredVideosBody,
  playQuery,
  playResponse,
  type SubjectLessonCount,
  type VideoJson,
  type VideoPageQuery,
  videoIdBody,
  videoList,
  videoPage,
  videoPageQuery,
} from './schemas';

/** docs/product.md §7's path segment for each section with its own video list. */
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

  const mediaRoots = [importedMediaDir(app.config.dataDir), SEED_MEDIA_DIR];
  const catalogue = (origin: string) =>
    app.responseCache.get(`videos|list|${origin}`, () => loadCatalogueVideos(app.db, origin, mediaRoots));

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
    // The first page says how many lessons each subject and topic has under these filters, loaded or not.
    const subjects = afterId === null ? lessonCounts(matching) : undefined;
    return { page, nextCursor, subjects };
  };
  const pageBody = (
    videos: VideoJson[],
    nextCursor: string | null,
    total: number,
    subjects: SubjectLessonCount[] | undefined,
  ) => ({
    success: true as const,
    videos,
    nextCursor,
    total,
    ...(subjects === undefined ? {} : { subjects }),
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
        const { page, nextCursor, subjects } = pageOf(videos, request.query);
        const mine = present(page.items, access, request.student, origin, expiresAt);
        // Signed URLs are personal: never stored by a shared cache, compressed for this request.
        return sendPersonalJson(
          request,
          reply,
          JSON.stringify(pageBody(mine, nextCursor, page.total, subjects)),
        );
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
        const { page, nextCursor, subjects } = pageOf(videos, query);
        const body = pageBody(
          present(page.items, access, null, origin, expiresAt),
          nextCursor,
          page.total,
          subjects,
        );
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

  await app.register(continueRoutes, { catalogue });
  app.get(
    '/videos/video/play',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        description:
          "What the player needs before the first frame, in one round trip (issue 19): the lesson (with signed URLs when the student may watch it), its subject's price and the student's access, as users/check-subject-expiration says it. A bearer token is optional: without one the lesson is locked unless free.",
        querystring: playQuery,
        response: { 200: playResponse, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const origin = publicOrigin(request);
      const video = (await catalogue(origin)).find((candidate) => candidate._id === request.query.videoId);
      if (video === undefined) throw new HttpError(404, 'videoNotFound');
      const expiry = await findSubjectExpiry(app.db, request.student?.id ?? '', video.subjectId);
      const expired = expiry?.expired ?? true;
      const access: ReadonlySet<string> = expired ? new Set() : new Set([video.subjectId]);
      const [presented] = present(
        [video],
        access,
        request.student,
        origin,
        mediaExpiry(app.config.mediaUrlTtlSeconds),
      );
      return sendPersonalJson(
        request,
        reply,
        JSON.stringify({
          success: true,
          video: presented,
          price: expiry?.price ?? null,
          expired,
          expiresAt: expiry?.expiresAt ?? null,
        }),
      );
    },
  );

  // Comments, reactions and views, after the lists as /docs has always shown them.
  await app.register(interactionRoutes);
};

export default videosRoutes;
