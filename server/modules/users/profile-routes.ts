import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountLimit } from '../../lib/rate-limits';
import {
  changePassword,
  changePasswordSchema,
  checkSubjectExpiration,
  fetchStudentDetail,
  modifyProfile,
  modifyProfileSchema,
  profilePictureSchema,
  profileSchema,
  pushTokenSchema,
  readProfile,
  savePushTokenOf,
  studentDetailSchema,
  subjectExpirationSchema,
  updateProfilePicture,
} from './profile-handlers';

/** What a signed-in student reads and changes about themselves: profile, picture, password, device, access. */
const profileRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const authenticate = app.authenticate;
  // Each try costs two password hashes: a token holder guessing the password, or looping, is stopped per account.
  const passwordChangeLimit = accountLimit(app, 'password-change', {
    max: app.config.rateLimit.passwordCheckMax,
    windowMs: app.config.rateLimit.windowMs,
  });

  app.get('/users/profile', { preHandler: authenticate, schema: profileSchema }, readProfile);
  app.post(
    '/users/fetchStudentDetail',
    { preHandler: authenticate, schema: studentDetailSchema },
    fetchStudentDetail,
  );
  app.put('/users/profile/modify', { preHandler: authenticate, schema: modifyProfileSchema }, modifyProfile);
  app.put(
    '/users/profilepicture/update',
    { preHandler: authenticate, schema: profilePictureSchema },
    updateProfilePicture,
  );
  app.put(
    '/users/profile/passwordreset',
    { preHandler: [authenticate, passwordChangeLimit], schema: changePasswordSchema },
    changePassword,
  );
  app.post('/users/notifications', { preHandler: authenticate, schema: pushTokenSchema }, savePushTokenOf);
  app.post(
    '/users/check-subject-expiration',
    { preHandler: authenticate, schema: subjectExpirationSchema },
    checkSubjectExpiration,
  );
};

export default profileRoutes;
