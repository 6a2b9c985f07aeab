import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_PAGE_SIZE, decodeCursor, encodeCursor, pageAfter } from '../../lib/list-paging';
import { publicOrigin } from '../../lib/public-origin';
import { type PreparedJson, prepareJson, sendPersonalJson, sendPreparedJson } from '../../lib/response-cache';
import type { RouteRequest } from '../../lib/route-types';
import { failures } from '../../lib/schemas';
import { lessonCounts } from './lesson-counts';
import { mediaExpiry } from './present-videos';
import type { CatalogueVideo } from './queries';
import {
  type SubjectLessonCount,
  type VideoJson,
  type VideoPageQuery,
  videoPage,
  videoPageQuery,
} from './schemas';
import { presentLessons, requestAccess, type SharedAnswers, videoCatalogue } from './video-catalogue';

/** How many shared pages one catalogue keeps before they are all dropped. */
const SHARED_PAGES_MAX = 2_000;

export const videoPageSchema = {
  tags: ['videos'],
  description:
    'One page of lessons in catalogue order, filtered by section, subject, topic and level (issue 12): what one phone screen shows, instead of the whole catalogue. A bearer token is optional: with one, paid subjects are unlocked.',
  querystring: videoPageQuery,
  response: { 200: videoPage, ...failures(400) },
};

/** The filters as one string: the list a cursor belongs to, and the page's cache key. */
function listName(query: VideoPageQuery): string {
  return JSON.stringify([
    'videos',
    query.section ?? '',
    query.subjectTitle ?? '',
    query.subsection ?? '',
    query.level?.toLowerCase() ?? '',
  ]);
}

/** The lessons matching the filters after the cursor, and the next cursor. */
function pageOf(app: FastifyInstance, videos: CatalogueVideo[], query: VideoPageQuery) {
  const list = listName(query);
  const afterId = query.cursor === undefined ? null : decodeCursor(app.config.jwtSecret, list, query.cursor);
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
}

function pageBody(
  videos: VideoJson[],
  nextCursor: string | null,
  total: number,
  subjects: SubjectLessonCount[] | undefined,
) {
  return {
    success: true as const,
    videos,
    nextCursor,
    total,
    ...(subjects === undefined ? {} : { subjects }),
  };
}

/** The shared pages kept for this catalogue (none yet for a new one). */
function pagesOf(shared: SharedAnswers, videos: CatalogueVideo[]): Map<string, PreparedJson> {
  let pages = shared.pages.get(videos);
  if (pages === undefined) {
    pages = new Map();
    shared.pages.set(videos, pages);
  }
  return pages;
}

/** GET videos/page: one page of lessons, personal for a student with paid access, shared otherwise. */
export async function sendVideoPage(
  shared: SharedAnswers,
  request: RouteRequest<typeof videoPageSchema>,
  reply: FastifyReply,
) {
  const app = request.server;
  const origin = publicOrigin(request);
  const expiresAt = mediaExpiry(app.config.mediaUrlTtlSeconds);
  const videos = await videoCatalogue(app, origin);
  const access = await requestAccess(request);
  if (access.size > 0 && request.student !== null) {
    const { page, nextCursor, subjects } = pageOf(app, videos, request.query);
    const mine = presentLessons(app, page.items, access, request.student, origin, expiresAt);
    // Signed URLs are personal: never stored by a shared cache, compressed for this request.
    return sendPersonalJson(request, reply, JSON.stringify(pageBody(mine, nextCursor, page.total, subjects)));
  }
  const query = request.query;
  const key = `${expiresAt}|${listName(query)}|${query.cursor ?? ''}|${query.limit ?? DEFAULT_PAGE_SIZE}`;
  const pages = pagesOf(shared, videos);
  let prepared = pages.get(key);
  if (prepared === undefined) {
    const { page, nextCursor, subjects } = pageOf(app, videos, query);
    const body = pageBody(
      presentLessons(app, page.items, access, null, origin, expiresAt),
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
}
