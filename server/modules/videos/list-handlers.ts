import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors';
import { UNPAGED_LIST_CAP } from '../../lib/list-paging';
import { publicOrigin } from '../../lib/public-origin';
import { type PreparedJson, prepareJson, sendPersonalJson, sendPreparedJson } from '../../lib/response-cache';
import type { RouteRequest } from '../../lib/route-types';
import { failures, type Section } from '../../lib/schemas';
import { mediaExpiry } from './present-videos';
import { filteredVideosBody, videoIdBody, videoList } from './schemas';
import {
  personalised,
  presentLessons,
  requestAccess,
  type SharedAnswers,
  videoCatalogue,
} from './video-catalogue';

const tags = ['videos'];

export const allVideosSchema = {
  tags,
  description:
    'Every video, extra-curricular included. A bearer token is optional: with one, paid subjects are unlocked.',
  response: { 200: videoList },
};

export const sectionVideosSchema = { tags, response: { 200: videoList } };

/**
 * A whole list (all videos or one section): prepared once and shared by everyone without paid access;
 * built for the student otherwise.
 */
async function listJson(
  shared: SharedAnswers,
  request: FastifyRequest,
  section: Section | undefined,
): Promise<PreparedJson | string> {
  const app = request.server;
  const origin = publicOrigin(request);
  const expiresAt = mediaExpiry(app.config.mediaUrlTtlSeconds);
  const videos = await videoCatalogue(app, origin);
  // The unpaged lists keep answering older apps, with a bound: newer ones read videos/page.
  const selected = (
    section === undefined ? videos : videos.filter((video) => video.section === section)
  ).slice(0, UNPAGED_LIST_CAP);
  const access = await requestAccess(request);
  if (access.size > 0 && request.student !== null) {
    return JSON.stringify(presentLessons(app, selected, access, request.student, origin, expiresAt));
  }
  if (expiresAt !== shared.listExpiry) {
    app.responseCache.invalidate('videos|json|');
    shared.listExpiry = expiresAt;
  }
  return app.responseCache.get(`videos|json|${origin}|${section ?? 'all'}|${expiresAt}`, async () =>
    prepareJson(presentLessons(app, selected, access, null, origin, expiresAt)),
  );
}

/** GET videos/fetchvideos and videos/fetchvideos/{section}: the unpaged lists. */
export async function sendVideoList(
  shared: SharedAnswers,
  request: FastifyRequest,
  reply: FastifyReply,
  section: Section | undefined,
) {
  const list = await listJson(shared, request, section);
  if (typeof list !== 'string') return sendPreparedJson(request, reply, list);
  return sendPersonalJson(request, reply, list);
}

export const filteredVideosSchema = {
  tags,
  body: filteredVideosBody,
  response: { 200: videoList, ...failures(400) },
};

/** POST videos/filtered-videos: one subject's lessons, or one topic's. */
export async function filteredVideos(request: RouteRequest<typeof filteredVideosSchema>) {
  const { subjectTitle, subsection } = request.body;
  const videos = (await videoCatalogue(request.server, publicOrigin(request))).filter(
    (video) =>
      video.subjectTitle === subjectTitle && (subsection === undefined || video.subsection === subsection),
  );
  return personalised(request, videos);
}

export const upNextSchema = {
  tags,
  description: 'The videos of the same subject that come after this one, in course order.',
  body: videoIdBody,
  response: { 200: videoList, ...failures(400, 404) },
};

/** POST videos/upnext-videos: the lessons after this one in its subject. */
export async function upNextVideos(request: RouteRequest<typeof upNextSchema>) {
  const videos = await videoCatalogue(request.server, publicOrigin(request));
  const index = videos.findIndex((video) => video._id === request.body.videoId);
  const current = videos[index];
  if (current === undefined) throw new HttpError(404, 'videoNotFound');
  const next = videos.slice(index + 1).filter((video) => video.subjectId === current.subjectId);
  return personalised(request, next);
}
