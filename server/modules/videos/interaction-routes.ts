import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
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
      const { counts, counted } = await countView(app.db, video.id, student.id);
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
      const likes = await toggleCommentLike(app.db, video.id, request.body.commentId, student.id);
      if (likes === undefined) throw new HttpError(404, 'commentNotFound');
      app.responseCache.invalidate('videos|');
      return { success: true as const, likes };
    },
  );
};

export default interactionRoutes;
