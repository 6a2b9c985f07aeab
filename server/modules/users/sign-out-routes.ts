import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStudent } from '../../lib/auth';
import { revokeAllTokens, revokeToken } from '../../lib/auth-queries';
import { HttpError } from '../../lib/errors';
import { accountLimit } from '../../lib/rate-limits';
import { bearerSecurity, failures, successSchema } from '../../lib/schemas';
import { removePicture } from './pictures';
import { eraseAccount, findCredentials } from './queries';
import { deleteAccountBody, emptyBody } from './schemas';

/** How a student gets out: logout on this device or on every device, and deletion of the account. */
const signOutRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  // Each try costs a password hash: a token holder guessing the password, or looping, is stopped per account.
  const deletionLimit = accountLimit(app, 'account-deletion', {
    max: app.config.rateLimit.passwordCheckMax,
    windowMs: app.config.rateLimit.windowMs,
  });

  app.post(
    '/users/student/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        body: emptyBody,
        response: { 200: successSchema, ...failures(401) },
      },
    },
    async (request) => {
      const student = currentStudent(request);
      await revokeToken(app.db, student.jti, student.tokenExpiresAt);
      return { success: true as const };
    },
  );

  app.post(
    '/users/student/alldevicelogout',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        body: emptyBody,
        response: { 200: successSchema, ...failures(401) },
      },
    },
    async (request) => {
      await revokeAllTokens(app.db, currentStudent(request).id);
      return { success: true as const };
    },
  );

  app.post(
    '/users/student/delete_account',
    {
      preHandler: [app.authenticate, deletionLimit],
      schema: {
        tags,
        security: bearerSecurity,
        description:
          'Erases the personal data, the authorship of comments, push tokens and access; payments are kept, anonymised.',
        body: deleteAccountBody,
        response: { 200: successSchema, ...failures(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const student = currentStudent(request);
      const found = await findCredentials(app.db, 'id', student.id);
      if (found === undefined || !(await app.passwords.verify(found.password_hash, request.body.password))) {
        throw new HttpError(401, 'wrongPassword');
      }
      const picture = await eraseAccount(app.db, student.id);
      removePicture(app.config.dataDir, picture);
      app.responseCache.invalidate('videos');
      return { success: true as const };
    },
  );
};

export default signOutRoutes;
