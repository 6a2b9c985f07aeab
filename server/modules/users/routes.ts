import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issueToken, revokeAllTokens, revokeToken } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { hashPassword, verifyPassword } from '../../lib/password';
import { publicOrigin } from '../../lib/public-origin';
import { sharedLimit, tooManyRequests } from '../../lib/rate-limits';
import { bearerSecurity, failures, messageSchema, successSchema } from '../../lib/schemas';
import { loadClientUser } from './client-user';
import { loginAttemptKey } from './login-attempts';
import passwordResetRoutes from './password-reset-routes';
import { pictureType, removePicture, storePicture } from './pictures';
import {
  eraseAccount,
  findCredentials,
  findProfilePicture,
  findSubjectExpiry,
  findTaken,
  insertStudent,
  savePushToken,
  setPasswordHash,
  setProfilePicture,
  takenError,
  updateProfile,
} from './queries';
import {
  authResponse,
  changePasswordBody,
  deleteAccountBody,
  emptyBody,
  fetchStudentDetailBody,
  loginBody,
  modifyProfileBody,
  phoneLoginBody,
  pushTokenBody,
  registerBody,
  subjectExpirationBody,
  subjectExpirationResponse,
  userResponse,
} from './schemas';

function currentStudent(request: FastifyRequest) {
  if (request.student === null) throw new HttpError(401, 'unauthorized');
  return request.student;
}

/** The API names the student in the body (SPEC.md payloads); it must be the caller. */
function requireSelf(request: FastifyRequest, id: string) {
  const student = currentStudent(request);
  if (student.id !== id) throw new HttpError(403, 'forbidden');
  return student;
}

const DAY_MS = 24 * 60 * 60_000;

const usersRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const limits = app.config.rateLimit;
  // Username and phone login are one door: one bucket per address for both.
  const loginLimit = sharedLimit(app, 'login', { max: limits.loginMax, windowMs: limits.windowMs });
  const registerLimits = [
    sharedLimit(app, 'register', { max: limits.registerMax, windowMs: limits.windowMs }),
    sharedLimit(app, 'register-day', { max: limits.registerDayMax, windowMs: DAY_MS }),
  ];

  app.post(
    '/users/register',
    {
      onRequest: registerLimits,
      schema: { tags, body: registerBody, response: { 201: messageSchema, ...failures(400, 409, 429) } },
    },
    async (request, reply) => {
      const body = request.body;
      const taken = await findTaken(app.db, body);
      if (taken) throw taken;
      const passwordHash = await hashPassword(body.password);
      try {
        await insertStudent(app.db, {
          id: randomUUID(),
          firstname: body.firstname,
          lastname: body.lastname,
          email: body.email,
          username: body.username,
          phonenumber: body.phonenumber,
          passwordHash,
        });
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides.
        throw takenError(error) ?? error;
      }
      return reply.code(201).send({ success: true, msg: t(request, 'registered') });
    },
  );

  const login = async (
    request: FastifyRequest,
    by: 'username' | 'phonenumber',
    value: string,
    password: string,
  ) => {
    const found = await findCredentials(app.db, by, value);
    const attemptKey = loginAttemptKey(found?.id, by, value);
    if (limits.enabled) {
      // Per account, whatever the address: guessing one student's password from many addresses is slow too.
      const verdict = await app.loginAttempts.begin(attemptKey, limits.account);
      if (!verdict.allowed) {
        app.metrics.rateLimited.inc({ limit: 'login-account' });
        throw tooManyRequests(verdict.retryAfterMs, 'loginThrottled');
      }
    }
    // Same message and the same argon2 work whether the account exists or not.
    const valid = await verifyPassword(found?.password_hash, password);
    if (found === undefined || !valid) throw new HttpError(401, 'invalidCredentials');
    if (limits.enabled) await app.loginAttempts.clear(attemptKey);
    const token = await issueToken(app.config.jwtSecret, app.config.jwtTtl, {
      id: found.id,
      username: found.username,
      role: found.role,
      tokenVersion: found.token_version,
    });
    return {
      success: true as const,
      token,
      user: await loadClientUser(app.db, found.id, publicOrigin(request)),
    };
  };

  app.post(
    '/users/authenticate/student',
    {
      onRequest: loginLimit,
      schema: { tags, body: loginBody, response: { 200: authResponse, ...failures(400, 401, 429) } },
    },
    async (request) => login(request, 'username', request.body.username, request.body.password),
  );

  app.post(
    '/users/authenticate/student/withphonenumber',
    {
      onRequest: loginLimit,
      schema: { tags, body: phoneLoginBody, response: { 200: authResponse, ...failures(400, 401, 429) } },
    },
    async (request) => login(request, 'phonenumber', request.body.phonenumber, request.body.password),
  );

  app.get(
    '/users/profile',
    {
      preHandler: app.authenticate,
      schema: { tags, security: bearerSecurity, response: { 200: userResponse, ...failures(401) } },
    },
    async (request) => ({
      success: true as const,
      user: await loadClientUser(app.db, currentStudent(request).id, publicOrigin(request)),
    }),
  );

  app.post(
    '/users/fetchStudentDetail',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        body: fetchStudentDetailBody,
        response: { 200: userResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const student = requireSelf(request, request.body.id);
      return {
        success: true as const,
        user: await loadClientUser(app.db, student.id, publicOrigin(request)),
      };
    },
  );

  app.put(
    '/users/profile/modify',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        body: modifyProfileBody,
        response: { 200: userResponse, ...failures(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { id, ...changes } = request.body;
      const student = requireSelf(request, id);
      const taken = await findTaken(
        app.db,
        { email: changes.email, phonenumber: changes.phonenumber },
        student.id,
      );
      if (taken) throw taken;
      try {
        await updateProfile(app.db, student.id, changes);
      } catch (error) {
        throw takenError(error) ?? error;
      }
      return {
        success: true as const,
        user: await loadClientUser(app.db, student.id, publicOrigin(request)),
      };
    },
  );

  app.put(
    '/users/profilepicture/update',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data with one file field `picture`: JPEG, PNG or WebP (checked by content), 2 MB at most.',
        response: { 200: userResponse, ...failures(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const student = currentStudent(request);
      let picture: { bytes: Buffer; extension: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          // toBuffer() throws the 413 itself when the file is over the multipart fileSize limit.
          const bytes = await part.toBuffer();
          if (part.fieldname !== 'picture' || picture !== undefined) continue;
          const extension = pictureType(bytes);
          if (extension === undefined) throw new HttpError(400, 'pictureType');
          picture = { bytes, extension };
        }
      } catch (error) {
        // The parser's own errors (no boundary, a body cut off, a malformed part) carry no status: bad input.
        if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number')
          throw error;
        request.log.info({ err: error }, 'malformed multipart body');
        throw new HttpError(400, 'invalidMultipart');
      }
      if (picture === undefined) throw new HttpError(400, 'pictureMissing');
      const path = storePicture(app.config.dataDir, picture.bytes, picture.extension);
      const previous = await findProfilePicture(app.db, student.id);
      await setProfilePicture(app.db, student.id, path);
      removePicture(app.config.dataDir, previous);
      return {
        success: true as const,
        user: await loadClientUser(app.db, student.id, publicOrigin(request)),
      };
    },
  );

  app.put(
    '/users/profile/passwordreset',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        description:
          'Changes the password and revokes every other session. The response carries a fresh token for this session.',
        body: changePasswordBody,
        response: {
          200: z.object({ success: z.literal(true), msg: z.string(), token: z.string() }),
          ...failures(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { id, oldPassword, newPassword } = request.body;
      const student = requireSelf(request, id);
      const found = await findCredentials(app.db, 'id', student.id);
      if (found === undefined || !(await verifyPassword(found.password_hash, oldPassword))) {
        throw new HttpError(401, 'wrongPassword');
      }
      if (oldPassword === newPassword) throw new HttpError(400, 'samePassword');
      const passwordHash = await hashPassword(newPassword);
      const tokenVersion = await app.db.transaction(async (tx) => {
        await setPasswordHash(tx, student.id, passwordHash);
        return revokeAllTokens(tx, student.id);
      });
      const token = await issueToken(app.config.jwtSecret, app.config.jwtTtl, {
        id: student.id,
        username: student.username,
        role: student.role,
        tokenVersion,
      });
      return { success: true as const, msg: t(request, 'passwordChanged'), token };
    },
  );

  app.post(
    '/users/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        body: pushTokenBody,
        response: { 200: successSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const student = currentStudent(request);
      const { token, platform } = request.body;
      await savePushToken(app.db, student.id, token, platform);
      return { success: true as const };
    },
  );

  app.post(
    '/users/check-subject-expiration',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        body: subjectExpirationBody,
        response: { 200: subjectExpirationResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const student = requireSelf(request, request.body.userId);
      const row = await findSubjectExpiry(app.db, student.id, request.body.subjectId);
      if (row === undefined) throw new HttpError(404, 'subjectNotFound');
      return {
        success: true as const,
        expired: row.expires_at === null || row.expired === true,
        expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      };
    },
  );

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
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        description:
          'Erases the personal data, the authorship of comments, push tokens and access; payments are kept, anonymised.',
        body: deleteAccountBody,
        response: { 200: successSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const student = currentStudent(request);
      const found = await findCredentials(app.db, 'id', student.id);
      if (found === undefined || !(await verifyPassword(found.password_hash, request.body.password))) {
        throw new HttpError(401, 'wrongPassword');
      }
      const picture = await eraseAccount(app.db, student.id);
      removePicture(app.config.dataDir, picture);
      app.responseCache.invalidate('videos');
      return { success: true as const };
    },
  );

  await app.register(passwordResetRoutes);
};

export default usersRoutes;
