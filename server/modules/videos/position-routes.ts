import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { bearerSecurity, failures } from '../../lib/schemas';
import { loadPosition, savePosition } from './position-queries';
import { findVideo } from './queries';
import { positionQuery, positionResponse, savePositionBody } from './schemas';

/**
 * A device's clock may run ahead; a position stamped far in the future would win over every later one, so
 * it counts as "now" (five minutes of drift are tolerated as they are).
 */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/** Where the student stopped in a video, on their account: it follows them from the browser to the PWA and the native shell. */
const positionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['videos'];

  app.get(
    '/videos/video/position',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        description: 'The resume position the student last saved for this video (null when none).',
        querystring: positionQuery,
        response: { 200: positionResponse, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const student = request.student;
      if (student === null) throw new HttpError(401, 'unauthorized');
      if ((await findVideo(app.db, request.query.videoId)) === undefined)
        throw new HttpError(404, 'videoNotFound');
      const saved = await loadPosition(app.db, student.id, request.query.videoId);
      return { success: true as const, ...saved };
    },
  );

  app.put(
    '/videos/video/position',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        description:
          'Saves where the student is (0: finished, start over next time). The newer position wins: an older `updatedAt` than the stored one changes nothing, and the answer is the position kept.',
        body: savePositionBody,
        response: { 200: positionResponse, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const student = request.student;
      if (student === null) throw new HttpError(401, 'unauthorized');
      const { videoId, position, updatedAt } = request.body;
      if ((await findVideo(app.db, videoId)) === undefined) throw new HttpError(404, 'videoNotFound');
      const stamped = Math.min(Date.parse(updatedAt), Date.now() + MAX_CLOCK_AHEAD_MS);
      const kept = await savePosition(app.db, student.id, videoId, position, new Date(stamped));
      return { success: true as const, ...kept };
    },
  );
};

export default positionRoutes;
