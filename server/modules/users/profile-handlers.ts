import type { FastifyRequest } from 'fastify';
import { currentStudent, issueToken } from '../../lib/auth';
import { revokeAllTokens } from '../../lib/auth-queries';
import { HttpError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { publicOrigin } from '../../lib/public-origin';
import type { RouteRequest } from '../../lib/route-types';
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
  pictureUploadBody,
  pushTokenBody,
  subjectExpirationBody,
  subjectExpirationResponse,
  userResponse,
} from './schemas';

// The handlers of profile-routes.ts, each beside its route's schema.

const tags = ['users'];

/** The API names the student in the body (docs/product.md payloads); it must be the caller. */
function requireSelf(request: FastifyRequest, id: string) {
  const student = currentStudent(request);
  if (student.id !== id) throw new HttpError(403, 'forbidden');
  return student;
}

/** The answer of the routes that show the student's account (as it is after the change, if any). */
async function userAnswer(request: FastifyRequest, studentId: string) {
  return {
    success: true as const,
    user: await loadClientUser(request.server.db, studentId, publicOrigin(request)),
  };
}

export const profileSchema = {
  tags,
  security: bearerSecurity,
  response: { 200: userResponse, ...failures(401) },
};

/** GET users/profile */
export async function readProfile(request: FastifyRequest) {
  return userAnswer(request, currentStudent(request).id);
}

export const studentDetailSchema = {
  tags,
  security: bearerSecurity,
  body: fetchStudentDetailBody,
  response: { 200: userResponse, ...failures(400, 401, 403) },
};

/** POST users/fetchStudentDetail: the profile, for the student named in the body (the caller). */
export async function fetchStudentDetail(request: RouteRequest<typeof studentDetailSchema>) {
  return userAnswer(request, requireSelf(request, request.body.id).id);
}

export const modifyProfileSchema = {
  tags,
  security: bearerSecurity,
  body: modifyProfileBody,
  response: { 200: userResponse, ...failures(400, 401, 403, 409) },
};

/** PUT users/profile/modify: 409 when the e-mail or phone number is another student's. */
export async function modifyProfile(request: RouteRequest<typeof modifyProfileSchema>) {
  const db = request.server.db;
  const { id, ...changes } = request.body;
  const student = requireSelf(request, id);
  const taken = await findTaken(db, { email: changes.email, phonenumber: changes.phonenumber }, student.id);
  if (taken) throw taken;
  try {
    await updateProfile(db, student.id, changes);
  } catch (error) {
    throw takenError(error) ?? error;
  }
  return userAnswer(request, student.id);
}

export const profilePictureSchema = {
  tags,
  security: bearerSecurity,
  consumes: ['multipart/form-data'],
  description: 'multipart/form-data with one file field `picture` (its type and size: see the body).',
  body: pictureUploadBody,
  response: { 200: userResponse, ...failures(400, 401, 413, 415) },
};

/** PUT users/profilepicture/update: the new picture replaces (and deletes) the previous one. */
export async function updateProfilePicture(request: FastifyRequest) {
  const app = request.server;
  const student = currentStudent(request);
  const picture = await readPictureUpload(request);
  const path = storePicture(app.config.dataDir, picture.bytes, picture.extension);
  const previous = await findProfilePicture(app.db, student.id);
  await setProfilePicture(app.db, student.id, path);
  removePicture(app.config.dataDir, previous);
  return userAnswer(request, student.id);
}

export const changePasswordSchema = {
  tags,
  security: bearerSecurity,
  description:
    'Changes the password and revokes every other session. The response carries a fresh token for this session.',
  body: changePasswordBody,
  response: {
    200: passwordChangedResponse,
    ...failures(400, 401, 403, 429, 503),
  },
};

/** PUT users/profile/passwordreset: a new password, every other session revoked, a fresh token for this one. */
export async function changePassword(request: RouteRequest<typeof changePasswordSchema>) {
  const app = request.server;
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
}

export const pushTokenSchema = {
  tags,
  security: bearerSecurity,
  body: pushTokenBody,
  response: { 200: successSchema, ...failures(400, 401) },
};

/** POST users/notifications: the device's push token. */
export async function savePushTokenOf(request: RouteRequest<typeof pushTokenSchema>) {
  const { token, platform } = request.body;
  await savePushToken(request.server.db, currentStudent(request).id, token, platform);
  return { success: true as const };
}

export const subjectExpirationSchema = {
  tags,
  security: bearerSecurity,
  body: subjectExpirationBody,
  response: { 200: subjectExpirationResponse, ...failures(400, 401, 403, 404) },
};

/** POST users/check-subject-expiration: whether the student's access to one subject has ended. */
export async function checkSubjectExpiration(request: RouteRequest<typeof subjectExpirationSchema>) {
  const student = requireSelf(request, request.body.userId);
  const expiry = await findSubjectExpiry(request.server.db, student.id, request.body.subjectId);
  if (expiry === undefined) throw new HttpError(404, 'subjectNotFound');
  return { success: true as const, expired: expiry.expired, expiresAt: expiry.expiresAt };
}
