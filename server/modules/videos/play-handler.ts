import type { FastifyReply } from 'fastify';
import { HttpError } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { sendPersonalJson } from '../../lib/response-cache';
import type { RouteRequest } from '../../lib/route-types';
import { failures } from '../../lib/schemas';
import { findSubjectExpiry } from '../../lib/subject-access';
import { mediaExpiry } from './present-videos';
import { playQuery, playResponse } from './schemas';
import { presentLessons, videoCatalogue } from './video-catalogue';

export const playSchema = {
  tags: ['videos'],
  description:
    "What the player needs before the first frame, in one round trip (issue 19): the lesson (with signed URLs when the student may watch it), its subject's price and the student's access, as users/check-subject-expiration says it. A bearer token is optional: without one the lesson is locked unless free.",
  querystring: playQuery,
  response: { 200: playResponse, ...failures(400, 404) },
};

/** GET videos/video/play: the lesson, its price and the student's access, personal (never cached). */
export async function sendPlay(request: RouteRequest<typeof playSchema>, reply: FastifyReply) {
  const app = request.server;
  const origin = publicOrigin(request);
  const video = (await videoCatalogue(app, origin)).find(
    (candidate) => candidate._id === request.query.videoId,
  );
  if (video === undefined) throw new HttpError(404, 'videoNotFound');
  const expiry = await findSubjectExpiry(app.db, request.student?.id ?? '', video.subjectId);
  const expired = expiry?.expired ?? true;
  const access: ReadonlySet<string> = expired ? new Set() : new Set([video.subjectId]);
  const [presented] = presentLessons(
    app,
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
}
