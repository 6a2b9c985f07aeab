import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { accountLimit } from '../../lib/rate-limits';
import { bearerSecurity, failures } from '../../lib/schemas';
import { mayWatch } from '../../lib/subject-access';
import {
  countView,
  insertComment,
  type Reaction,
  toggleCommentLike,
  toggleReaction,
} from './interaction-queries';
import { findVideo } from './queries';
import {
  commentBody,
  commentLikeBody,
  commentLikeResponse,
  commentResponse,
  countsResponse,
  videoIdBody,
} from './schemas';

/** What a student does with a video they may watch: comment, like or dislike, count a view, like a comment. */
const interactionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['videos'];
  // Per account, never per address (a class comments from one school's address). Each write also empties
  // the cached video lists everyone reads, so a loop would make every catalogue read a recomputation.
  const { commentMax, reactionMax, windowMs } = app.config.rateLimit;
  const commentLimit = [app.authenticate, accountLimit(app, 'comment', { max: commentMax, windowMs })];
  const reactionLimit = [app.authenticate, accountLimit(app, 'reaction', { max: reactionMax, windowMs })];

  /** Actions on a video need the video to exist and the student to be allowed to watch it. */
  const watchableVideo = async (request: FastifyRequest, videoId: string) => {
    if (request.student === null) throw new HttpError(401, 'unauthorized');
    const video = await findVideo(app.db, videoId);
    if (video === undefined) throw new HttpError(404, 'videoNotFound');
    if (!(await mayWatch(app.db, request.student.id, video.subject_id)))
      throw new HttpError(403, 'forbidden');
    return { video, student: request.student };
  };

  app.post(
    '/videos/video/comment',
    {
      preHandler: commentLimit,
      schema: {
        tags,
        security: bearerSecurity,
        body: commentBody,
        response: { 200: commentResponse, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { video, student } = await watchableVideo(request, request.body.videoId);
      const comment = await insertComment(app.db, video.id, student, request.body.text);
      app.responseCache.invalidate('videos|');
      return { success: true as const, comment };
    },
  );

  const react = (kind: Reaction) => async (request: FastifyRequest & { body: { videoId: string } }) => {
    const { video, student } = await watchableVideo(request, request.body.videoId);
    const counts = await toggleReaction(app.db, video.id, student.id, kind);
    app.responseCache.invalidate('videos|');
    if (counts === undefined) throw new HttpError(404, 'videoNotFound');
    return { success: true as const, ...counts };
  };

  const actionSchema = {
    tags,
    security: bearerSecurity,
    body: videoIdBody,
    response: { 200: countsResponse, ...failures(400, 401, 403, 404, 429) },
  };
  app.put('/videos/video/like', { preHandler: reactionLimit, schema: actionSchema }, (request) =>
    react('like')(request),
  );
  app.put('/videos/video/dislike', { preHandler: reactionLimit, schema: actionSchema }, (request) =>
    react('dislike')(request),
  );

  app.put(
    '/videos/video/view',
    {
      preHandler: reactionLimit,
      schema: { ...actionSchema, description: 'Counts once per student per hour.' },
    },
    async (request) => {
      const { video, student } = await watchableVideo(request, request.body.videoId);
      const { counts, counted } = await countView(app.db, video.id, student.id);
      if (counted) app.responseCache.invalidate('videos|');
      if (counts === undefined) throw new HttpError(404, 'videoNotFound');
      return { success: true as const, ...counts };
    },
  );

  app.put(
    '/videos/video/comment/like',
    {
      preHandler: reactionLimit,
      schema: {
        tags,
        security: bearerSecurity,
        description: 'Toggles the like of this student on the comment.',
        body: commentLikeBody,
        response: { 200: commentLikeResponse, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { video, student } = await watchableVideo(request, request.body.videoId);
      const likes = await toggleCommentLike(app.db, video.id, request.body.commentId, student.id);
      if (likes === undefined) throw new HttpError(404, 'commentNotFound');
      app.responseCache.invalidate('videos|');
      return { success: true as const, likes };
    },
  );
};

export default interactionRoutes;
