import type { FastifyRequest } from 'fastify';
import { checkCode } from '../../../contract/rules/access-code';
import { currentStudent } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { type Language, languageOf, t } from '../../lib/i18n';
import type { ThrottlePolicy } from '../../lib/login-throttle';
import { publicOrigin } from '../../lib/public-origin';
import { clientAddress, tooManyRequests } from '../../lib/rate-limits';
import type { RouteRequest } from '../../lib/route-types';
import { bearerSecurity, failures } from '../../lib/schemas';

import { codeHash } from './code-secret';
import { type Refusal, redeemCode } from './queries';
import { redeemCodeBody, redeemCodeResponse } from './schemas';

/** Cameroon's time (UTC+1 all year): a card "valid until 31 July" is valid through that day there. */
const CAMEROON_TIME = 'Africa/Douala';

/** "31 July 2027" / "31 juillet 2027". */
function formatDay(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: CAMEROON_TIME,
  }).format(date);
}

const REFUSALS: Record<Refusal['reason'], { status: number; key: string }> = {
  unknown: { status: 404, key: 'codeUnknown' },
  revoked: { status: 409, key: 'codeRevoked' },
  expired: { status: 409, key: 'codeExpired' },
  spent: { status: 409, key: 'codeSpent' },
  alreadyYours: { status: 409, key: 'codeAlreadyYours' },
  nothingToGive: { status: 409, key: 'codeNothingToGive' },
};

/**
 * Counts a redemption attempt against the address, then the account, each with its growing delay (the
 * login throttle's store: in memory, or shared through Redis). Returns how to forgive both when the
 * attempt turns out to be no guess.
 */
async function beginAttempt(request: FastifyRequest, studentId: string): Promise<() => Promise<void>> {
  const app = request.server;
  const limits = app.config.rateLimit;
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
}

export const redeemSchema = {
  tags: ['codes'],
  security: bearerSecurity,
  description:
    'Redeems an access code (a printed card’s, or a class code’s seat): its subjects are given for its days exactly as a payment gives them (extended from the current expiry while it runs). Case, spaces and dashes are ignored; a code whose check symbol does not match is a 400 before anything is counted. Wrong, spent, expired and withdrawn codes are refused each with its own message (404, 409); attempts that give nothing are limited per account and per address with a growing delay (429).',
  body: redeemCodeBody,
  response: { 200: redeemCodeResponse, ...failures(400, 401, 404, 409, 429, 503) },
};

/** POST subjects/serial/redeem: the code's subjects given, or its refusal with its own message. */
export async function redeemSerial(request: RouteRequest<typeof redeemSchema>) {
  const app = request.server;
  const student = currentStudent(request);
  const checked = checkCode(request.body.serialNumberHolder);
  if (!checked.ok) throw new HttpError(400, 'codeMistyped');
  const forgive = await beginAttempt(request, student.id);
  const outcome = await redeemCode(app.db, student.id, codeHash(app.config.codesSecret, checked.code));
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
    user: await app.users.clientUser(student.id, publicOrigin(request)),
    msg: t(request, 'codeRedeemed', {
      subjects: outcome.granted.map((g) => g.subjectTitle).join(', '),
      date: formatDay(language, new Date(latest)),
    }),
  };
}
