import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { currentStudent } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { accountLimit, type LimitHook } from '../../lib/rate-limits';
import { bearerSecurity, failures } from '../../lib/schemas';
import { requestToPayHeaders } from './schemas';

// What the two kinds of payment (a cart's subjects, a shop order) share at the HTTP edge: how a start is
// guarded and documented, how one is read back, and whose it is.

type RouteHost = Pick<FastifyInstance, 'authenticate' | 'config'>;

interface RouteDoc<Answer extends z.ZodType> {
  tags: string[];
  description: string;
  answer: Answer;
}

/**
 * The limit of a route that starts or completes a payment: per account (RATE_LIMIT_PAYMENT_MAX a window),
 * never per address, since a whole school may pay from one; each route its own bucket (name).
 */
export function paymentLimit(app: FastifyInstance, name: string): LimitHook {
  const { paymentMax, windowMs } = app.config.rateLimit;
  return accountLimit(app, name, { max: paymentMax, windowMs });
}

/**
 * A route that starts a payment: signed in, limited per account (paymentLimit), idempotent by externalId or
 * Idempotency-Key, answered 202 with the reference to poll.
 */
export function paymentStartRoute<Body extends z.ZodType, Answer extends z.ZodType>(
  app: RouteHost,
  { tags, description, answer, body, limit }: RouteDoc<Answer> & { body: Body; limit: LimitHook },
) {
  return {
    preHandler: [app.authenticate, limit],
    schema: {
      tags,
      security: bearerSecurity,
      description,
      headers: requestToPayHeaders,
      body,
      response: { 202: answer, ...failures(400, 401, 409, 429, 503) },
    },
  };
}

/** A route that reads one of the caller's payments by its reference id (settling it on the way). */
export function paymentReadRoute<Params extends z.ZodType, Answer extends z.ZodType>(
  app: RouteHost,
  { tags, description, answer, params }: RouteDoc<Answer> & { params: Params },
) {
  return {
    preHandler: app.authenticate,
    schema: {
      tags,
      security: bearerSecurity,
      description,
      params,
      response: { 200: answer, ...failures(400, 401, 403, 404, 503) },
    },
  };
}

/** The caller's own payment: 404 with `missingKey` when there is none, 403 when it is another student's. */
export function callersOwn<Row extends { student_id: string | null }>(
  request: FastifyRequest,
  row: Row | undefined,
  missingKey: 'paymentNotFound' | 'orderNotFound',
): Row {
  if (row === undefined) throw new HttpError(404, missingKey);
  if (row.student_id !== currentStudent(request).id) throw new HttpError(403, 'paymentNotYours');
  return row;
}
