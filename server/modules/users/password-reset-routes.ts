import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { languageOf, t, translate } from '../../lib/i18n';
import { hashPassword } from '../../lib/password';
import { publicOrigin } from '../../lib/public-origin';
import { sharedLimit } from '../../lib/rate-limits';
import { failures, messageSchema } from '../../lib/schemas';
import { loginAttemptKey } from './login-attempts';
import { findStudentByEmail, insertPasswordReset, resetPassword } from './password-reset-queries';
import { forgotBody, resetBody } from './schemas';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** Only a hash of the token is stored: a leaked table gives no usable link. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const passwordResetRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['password reset'];
  const limits = app.config.rateLimit;
  // One bucket per address for asking and using links; and few mails to one address, whoever asks.
  const forgotLimit = sharedLimit(app, 'forgot', { max: limits.forgotMax, windowMs: limits.windowMs });
  const mailLimit = sharedLimit(app, 'forgot-email', {
    max: limits.forgotEmailMax,
    windowMs: limits.windowMs,
    key: (request) => (request.body as { email?: string } | undefined)?.email,
  });

  app.post(
    '/forgot',
    {
      onRequest: forgotLimit,
      preHandler: mailLimit,
      schema: {
        tags,
        description:
          'Always answers the same message, whether or not the address belongs to an account. Sends a single-use link valid for one hour.',
        body: forgotBody,
        response: { 200: messageSchema, ...failures(400, 429) },
      },
    },
    async (request) => {
      const student = await findStudentByEmail(app.db, request.body.email);
      if (student !== undefined) {
        const token = randomBytes(32).toString('base64url');
        await insertPasswordReset(
          app.db,
          tokenHash(token),
          student.id,
          new Date(Date.now() + RESET_LINK_TTL_MS),
        );
        const link = `${publicOrigin(request)}/#/resetpassword?token=${token}`;
        // The student's own language when the account saved one (issue 18), else the request's.
        const language = student.language ?? languageOf(request);
        // Not awaited: the answer must take the same time whether or not a mail goes out.
        app.mailer
          .send({
            to: request.body.email,
            subject: translate(language, 'resetMailSubject'),
            text: translate(language, 'resetMailBody', { name: student.firstname, link }),
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'reset mail could not be sent'));
      }
      return { success: true as const, msg: t(request, 'forgotSent') };
    },
  );

  app.put(
    '/reset',
    {
      onRequest: forgotLimit,
      schema: { tags, body: resetBody, response: { 200: messageSchema, ...failures(400, 429) } },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      const done = await resetPassword(app.db, tokenHash(request.body.token), passwordHash);
      if (done === undefined) throw new HttpError(400, 'resetTokenInvalid');
      // The owner proved who they are: a lock earned by someone guessing their old password ends.
      await app.loginAttempts.clear(loginAttemptKey(done, 'id', ''));
      return { success: true as const, msg: t(request, 'resetDone') };
    },
  );
};

export default passwordResetRoutes;
