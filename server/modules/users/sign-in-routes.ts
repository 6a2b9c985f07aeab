import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { issueToken } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { publicOrigin } from '../../lib/public-origin';
import { sharedLimit, tooManyRequests } from '../../lib/rate-limits';
import type { RouteRequest } from '../../lib/route-types';
import { failures, messageSchema } from '../../lib/schemas';
import { loadClientUser } from './client-user';
import { loginAttemptKey } from './login-attempts';
import { findCredentials, findTaken, insertStudent, setPasswordHash, takenError } from './queries';
import { authResponse, loginBody, phoneLoginBody, registerBody } from './schemas';

const DAY_MS = 24 * 60 * 60_000;
const tags = ['users'];

const registerSchema = {
  tags,
  body: registerBody,
  response: { 201: messageSchema, ...failures(400, 409, 429, 503) },
};

/** POST users/register: a new account (409 when its username, e-mail or phone number is taken). */
async function registerStudent(request: RouteRequest<typeof registerSchema>, reply: FastifyReply) {
  const app = request.server;
  const body = request.body;
  const taken = await findTaken(app.db, body);
  if (taken) throw taken;
  const passwordHash = await app.passwords.hash(body.password);
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
}

/** A login by username (or e-mail) or by phone number: the token and the account, or 401. */
async function logIn(
  request: FastifyRequest,
  by: 'username' | 'phonenumber',
  value: string,
  password: string,
) {
  const app = request.server;
  const limits = app.config.rateLimit;
  const found = await findCredentials(app.db, by, value);
  const attemptKey = loginAttemptKey(found?.id, by, value);
  // A place in the hashing line first (503 when it is full): a login the busy server turns away is not
  // an attempt counted against the account.
  const check = app.passwords.reserve();
  let valid: boolean;
  try {
    if (limits.enabled) {
      // Per account, whatever the address: guessing one student's password from many addresses is slow too.
      const verdict = await app.loginAttempts.begin(attemptKey, limits.account);
      if (!verdict.allowed) {
        app.metrics.rateLimited.inc({ limit: 'login-account' });
        throw tooManyRequests(verdict.retryAfterMs, 'loginThrottled');
      }
    }
    // Same message and the same argon2 work whether the account exists or not.
    valid = await check.verify(found?.password_hash, password);
  } finally {
    check.leave();
  }
  if (found === undefined || !valid) throw new HttpError(401, 'invalidCredentials');
  if (limits.enabled) await app.loginAttempts.clear(attemptKey);
  // A hash made with older parameters is replaced while the password is at hand.
  const rehashed = await app.passwords.rehashIfNeeded(found.password_hash, password);
  if (rehashed !== undefined) await setPasswordHash(app.db, found.id, rehashed);
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
}

/** Both logins answer alike: the token and the account, or why not. */
const loginResponse = { 200: authResponse, ...failures(400, 401, 429, 503) };

const usernameLoginSchema = { tags, body: loginBody, response: loginResponse };

/** POST users/authenticate/student */
async function usernameLogin(request: RouteRequest<typeof usernameLoginSchema>) {
  return logIn(request, 'username', request.body.username, request.body.password);
}

const phoneLoginSchema = { tags, body: phoneLoginBody, response: loginResponse };

/** POST users/authenticate/student/withphonenumber */
async function phoneLogin(request: RouteRequest<typeof phoneLoginSchema>) {
  return logIn(request, 'phonenumber', request.body.phonenumber, request.body.password);
}

/** How a student gets in: registration, and login by username (or e-mail) or by phone number. */
const signInRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimit;
  // Username and phone login are one door: one bucket per address for both.
  const loginLimit = sharedLimit(app, 'login', { max: limits.loginMax, windowMs: limits.windowMs });
  const registerLimits = [
    sharedLimit(app, 'register', { max: limits.registerMax, windowMs: limits.windowMs }),
    sharedLimit(app, 'register-day', { max: limits.registerDayMax, windowMs: DAY_MS }),
  ];

  app.post('/users/register', { onRequest: registerLimits, schema: registerSchema }, registerStudent);
  app.post(
    '/users/authenticate/student',
    { onRequest: loginLimit, schema: usernameLoginSchema },
    usernameLogin,
  );
  app.post(
    '/users/authenticate/student/withphonenumber',
    { onRequest: loginLimit, schema: phoneLoginSchema },
    phoneLogin,
  );
};

export default signInRoutes;
