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
      const [student] = await app.db.query<{ id: string; firstname: string }>(
        'SELECT id, firstname FROM students WHERE email = $1 AND deleted_at IS NULL',
        [request.body.email],
      );
      if (student !== undefined) {
        const token = randomBytes(32).toString('base64url');
        await app.db.query(
          'INSERT INTO password_resets (token_hash, student_id, expires_at) VALUES ($1, $2, $3)',
          [tokenHash(token), student.id, new Date(Date.now() + RESET_LINK_TTL_MS)],
        );
        const link = `${publicOrigin(request)}/#/resetpassword?token=${token}`;
        const language = languageOf(request);
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
      const done = await app.db.transaction(async (tx) => {
        // Marking it used in the same statement that checks it makes the link single-use even under races.
        const [reset] = await tx.query<{ student_id: string }>(
          `UPDATE password_resets r SET used_at = now()
             FROM students s
            WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now()
              AND s.id = r.student_id AND s.deleted_at IS NULL
           RETURNING r.student_id`,
          [tokenHash(request.body.token)],
        );
        if (reset === undefined) return undefined;
        await tx.query(
          'UPDATE students SET password_hash = $2, token_version = token_version + 1 WHERE id = $1',
          [reset.student_id, passwordHash],
        );
        // Any other outstanding link for this student is void once the password changed.
        await tx.query(
          'UPDATE password_resets SET used_at = now() WHERE student_id = $1 AND used_at IS NULL',
          [reset.student_id],
        );
        return reset.student_id;
      });
      if (done === undefined) throw new HttpError(400, 'resetTokenInvalid');
      // The owner proved who they are: a lock earned by someone guessing their old password ends.
      await app.loginAttempts.clear(loginAttemptKey(done, 'id', ''));
      return { success: true as const, msg: t(request, 'resetDone') };
    },
  );
};

export default passwordResetRoutes;
