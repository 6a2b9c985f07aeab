import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkCode } from '../../../machines/accessCode';
import { currentStudent } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { type Language, languageOf, t } from '../../lib/i18n';
import type { ThrottlePolicy } from '../../lib/login-throttle';
import { publicOrigin } from '../../lib/public-origin';
import { clientAddress, tooManyRequests } from '../../lib/rate-limits';
import { sameToken } from '../../lib/same-token';
import { bearerSecurity, failures } from '../../lib/schemas';
import { loadClientUser } from '../users/client-user';
import { codeHash, newCode } from './code-secret';
import { registerCodeMessages } from './messages';
import { insertBatch, listBatches, type Refusal, redeemCode, revokeBatch } from './queries';
import {
  codeBatchesResponse,
  createCodeBatchBody,
  createCodeBatchResponse,
  redeemCodeBody,
  redeemCodeResponse,
  revokeCodeBatchBody,
  revokeCodeBatchResponse,
} from './schemas';

/** Cameroon's time (UTC+1 all year): a card "valid until 31 July" is valid through that day there. */
const CAMEROON_TIME = 'Africa/Douala';
const DAY_MS = 24 * 60 * 60_000;

/** "31 July 2027" / "31 juillet 2027". */
function formatDay(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: CAMEROON_TIME,
  }).format(date);
}

/** The end of a day given as YYYY-MM-DD, Cameroon time: the first moment its codes are refused. */
function endOfDay(day: string): Date {
  return new Date(new Date(`${day}T00:00:00+01:00`).getTime() + DAY_MS);
}

const REFUSALS: Record<Refusal['reason'], { status: number; key: string }> = {
  unknown: { status: 404, key: 'codeUnknown' },
  revoked: { status: 409, key: 'codeRevoked' },
  expired: { status: 409, key: 'codeExpired' },
  spent: { status: 409, key: 'codeSpent' },
  alreadyYours: { status: 409, key: 'codeAlreadyYours' },
  nothingToGive: { status: 409, key: 'codeNothingToGive' },
};

const operatorSecurity = [{ operatorToken: [] }];

/**
 * Access codes (issue 20). A student redeems one (`POST subjects/serial/redeem`, docs/product.md's serial payload)
 * and gets access as a payment gives it; the operator makes, lists and withdraws batches of them through
 * `/operator/codes/…`, with the operator token (what `npm run codes` sends).
 */
const codesModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerCodeMessages();
  const limits = app.config.rateLimit;
  const secret = app.config.codesSecret;

  /**
   * Counts a redemption attempt against the address, then the account, each with its growing delay (the
   * login throttle's store: in memory, or shared through Redis). Returns how to forgive both when the
   * attempt turns out to be no guess.
   */
  const beginAttempt = async (request: FastifyRequest, studentId: string): Promise<() => Promise<void>> => {
    if (!limits.enabled) return async () => {};
    const counted: Array<[string, ThrottlePolicy]> = [
      [`code:ip:${clientAddress(request)}`, limits.codeAddress],
      [`code:id:${studentId}`, limits.codeAccount],
    ];
    const forgive = (entries: typeof counted) => async () => {
      for (const [key, policy] of entries) await app.loginAttempts.forgive(key, policy);
    };
    for (const [index, [key, policy]] of counted.entries()) {
      const verdict = await app.loginAttempts.begin(key, policy);
      if (!verdict.allowed) {
        await forgive(counted.slice(0, index))();
        app.metrics.rateLimited.inc({ limit: index === 0 ? 'code-address' : 'code-account' });
        throw tooManyRequests(verdict.retryAfterMs, 'codeThrottled');
      }
    }
    return forgive(counted);
  };

  app.post(
    '/subjects/serial/redeem',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['codes'],
        security: bearerSecurity,
        description:
          'Redeems an access code (a printed card’s, or a class code’s seat): its subjects are given for its days exactly as a payment gives them (extended from the current expiry while it runs). Case, spaces and dashes are ignored; a code whose check symbol does not match is a 400 before anything is counted. Wrong, spent, expired and withdrawn codes are refused each with its own message (404, 409); attempts that give nothing are limited per account and per address with a growing delay (429).',
        body: redeemCodeBody,
        response: { 200: redeemCodeResponse, ...failures(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const student = currentStudent(request);
      const checked = checkCode(request.body.serialNumberHolder);
      if (!checked.ok) throw new HttpError(400, 'codeMistyped');
      const forgive = await beginAttempt(request, student.id);
      const outcome = await redeemCode(app.db, student.id, codeHash(secret, checked.code));
      const language = languageOf(request);
      if ('reason' in outcome) {
        // A student's own code used twice is no guess: it does not count towards the delay.
        if (outcome.reason === 'alreadyYours') await forgive();
        const refusal = REFUSALS[outcome.reason];
        const params: Record<string, string> =
          outcome.reason === 'expired' ? { date: formatDay(language, outcome.until) } : {};
        throw new HttpError(refusal.status, refusal.key, params);
      }
      await forgive();
      const latest = Math.max(...outcome.granted.map((g) => new Date(g.expiresAt).getTime()));
      return {
        success: true as const,
        user: await loadClientUser(app.db, student.id, publicOrigin(request)),
        msg: t(request, 'codeRedeemed', {
          subjects: outcome.granted.map((g) => g.subjectTitle).join(', '),
          date: formatDay(language, new Date(latest)),
        }),
      };
    },
  );

  // The operator's routes: a bearer of the operator token only (the command line reads it from DATA_DIR).
  const operatorOnly = async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (given === '' || !sameToken(given, app.config.operatorToken)) {
      throw new HttpError(401, 'operatorUnauthorized');
    }
  };
  /** A route of the operator's: the token checked first, documented under `operator` with its scheme. */
  const operatorRoute = <Schema extends object>(description: string, schema: Schema) => ({
    preHandler: operatorOnly,
    schema: { tags: ['operator'], security: operatorSecurity, description, ...schema },
  });

  app.post(
    '/operator/codes/batches',
    operatorRoute(
      'Makes a batch of access codes (what `npm run codes -- create` sends). The codes are in this answer only: the server keeps their keyed hashes. A batch gives subjects, or every paid subject of a section when redeemed, for `days`; `seats` > 1 makes class codes (each student once); `expiresAt` is the last day, Cameroon time, they are accepted.',
      {
        body: createCodeBatchBody,
        response: { 201: createCodeBatchResponse, ...failures(400, 401, 409, 503) },
      },
    ),
    async (request, reply) => {
      const body = request.body;
      const codes = new Set<string>();
      while (codes.size < body.count) codes.add(newCode());
      const batch = await insertBatch(app.db, {
        name: body.batch,
        subjectIds: body.subjects,
        section: body.section,
        days: body.days,
        seats: body.seats,
        expiresAt: body.expiresAt === undefined ? undefined : endOfDay(body.expiresAt),
        hashes: [...codes].map((code) => codeHash(secret, code)),
      });
      request.log.info({ batch: batch.name, count: batch.count, seats: batch.seats }, 'access codes made');
      return reply.code(201).send({
        success: true as const,
        batch,
        codes: [...codes],
        redeemUrl: `${publicOrigin(request)}/#/redeem?code=`,
      });
    },
  );

  app.get(
    '/operator/codes/batches',
    operatorRoute(
      'Every batch, newest first, with its codes counted: spent, unspent, seats left, redemptions.',
      {
        response: { 200: codeBatchesResponse, ...failures(401, 503) },
      },
    ),
    async () => ({ success: true as const, batches: await listBatches(app.db) }),
  );

  app.post(
    '/operator/codes/batches/revoke',
    operatorRoute(
      'Withdraws a batch: its codes that still have seats are refused from now on (“withdrawn”). Access already given stays.',
      {
        body: revokeCodeBatchBody,
        response: { 200: revokeCodeBatchResponse, ...failures(400, 401, 404, 503) },
      },
    ),
    async (request) => {
      const { batch, revoked } = await revokeBatch(app.db, request.body.batch);
      request.log.info({ batch: batch.name, revoked }, 'access codes withdrawn');
      return { success: true as const, batch, revoked };
    },
  );
};

export default codesModule;
