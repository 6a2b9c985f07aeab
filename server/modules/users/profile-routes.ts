import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStudent, issueToken } from '../../lib/auth';
import { revokeAllTokens } from '../../lib/auth-queries';
import { HttpError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { publicOrigin } from '../../lib/public-origin';
import { accountLimit } from '../../lib/rate-limits';
import { bearerSecurity, failures, successSchema } from '../../lib/schemas';
import { findSubjectExpiry } from '../../lib/subject-access';
import { loadClientUser } from './client-user';
import { readPictureUpload, removePicture, storePicture } from './pictures';
import {
  findCredentials,
  findProfilePicture,
  findTaken,
  savePushToken,
  setPasswordHash,
  setProfilePicture,
  takenError,
  updateProfile,
} from './queries';
import {
  changePasswordBody,
  fetchStudentDetailBody,
  modifyProfileBody,
  passwordChangedResponse,
  pushTokenBody,
  subjectExpirationBody,
  subjectExpirationResponse,
  userResponse,
} from './schemas';

/** The API names the student in the body (docs/product.md payloads); it must be the caller. */
function requireSelf(request: FastifyRequest, id: string) {
  const student = currentStudent(request);
  if (student.id !== id) throw new HttpError(403, 'forbidden');
  return student;
}

/** What a signed-in student reads and changes about themselves: profile, picture, password, device, access. */
const profileRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  // Each try costs two password hashes: a token holder guessing the password, or looping, is stopped per account.
  const passwordChangeLimit = accountLimit(app, 'password-change', {
    max: app.config.rateLimit.passwordCheckMax,
    windowMs: app.config.rateLimit.windowMs,
  });

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
      const picture = await readPictureUpload(request);
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
      preHandler: [app.authenticate, passwordChangeLimit],
      schema: {
        tags,
        security: bearerSecurity,
        description:
          'Changes the password and revokes every other session. The response carries a fresh token for this session.',
        body: changePasswordBody,
        response: {
          200: passwordChangedResponse,
          ...failures(400, 401, 403, 429, 503),
        },
      },
    },
    async (request) => {
      const { id, oldPassword, newPassword } = request.body;
      const student = requireSelf(request, id);
      const found = await findCredentials(app.db, 'id', student.id);
      if (found === undefined || !(await app.passwords.verify(found.password_hash, oldPassword))) {
        throw new HttpError(401, 'wrongPassword');
      }
      if (oldPassword === newPassword) throw new HttpError(400, 'samePassword');
      const passwordHash = await app.passwords.hash(newPassword);
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
      const expiry = await findSubjectExpiry(app.db, student.id, request.body.subjectId);
      if (expiry === undefined) throw new HttpError(404, 'subjectNotFound');
      return { success: true as const, expired: expiry.expired, expiresAt: expiry.expiresAt };
    },
  );
};

export default profileRoutes;
