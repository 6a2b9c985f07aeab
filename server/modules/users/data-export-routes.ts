import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataExportResponse } from '../../../contract/users';
import { currentStudent } from '../../lib/auth';
import { languageOf } from '../../lib/i18n';
import { publicOrigin } from '../../lib/public-origin';
import { sharedLimit } from '../../lib/rate-limits';
import { bearerSecurity, failures } from '../../lib/schemas';
import { exportStudentData } from './data-export';

/**
 * Downloads of one's own data per account and window (RATE_LIMIT_WINDOW_MS): a student saving the file
 * and its summary a few times is served; a script pulling it in a loop is not. Counted per account, wherever
 * the student is, since a whole school may share one address.
 */
export const DATA_EXPORTS_PER_WINDOW = 10;

/** GET users/profile/export: the signed-in student's own data, never anyone else's (no id is taken). */
const dataExportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const perAccount = sharedLimit(app, 'data-export', {
    max: DATA_EXPORTS_PER_WINDOW,
    windowMs: app.config.rateLimit.windowMs,
    key: (request) => request.student?.id,
  });

  app.get(
    '/users/profile/export',
    {
      preHandler: [app.authenticate, perAccount],
      schema: {
        tags: ['users'],
        security: bearerSecurity,
        description:
          "Everything the server keeps about the signed-in student: account, access and expiries, payments and orders, planner, comments, reactions, lessons watched, devices. Titles in the request's language (Accept-Language). Limited per account (429 with Retry-After).",
        response: { 200: dataExportResponse, ...failures(401, 429) },
      },
    },
    async (request, reply) => {
      const student = currentStudent(request);
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: await exportStudentData(app.db, student.id, languageOf(request), publicOrigin(request)),
      };
    },
  );
};

export default dataExportRoutes;
