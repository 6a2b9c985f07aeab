import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requestToPayHeaders } from '../../contract/payments';
import { currentStudent } from './auth';
import { HttpError } from './errors';
import { accountLimit, type LimitHook } from './rate-limits';
import { bearerSecurity, failures } from './schemas';

// What the two kinds of payment (a cart's subjects in the payments module, an order in the shop module)
// share at the HTTP edge: how a start is guarded and documented, how one is read back, and whose it is.

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

/** What a route that starts a payment receives, as its schema parses it (the route's generic). */
export interface PaymentStartGeneric<Body extends z.ZodType> {
  Body: z.infer<Body>;
  Headers: z.infer<typeof requestToPayHeaders>;
}
export type PaymentStartRequest<Body extends z.ZodType> = FastifyRequest<PaymentStartGeneric<Body>>;

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

/** The student's own payment: 404 with `missingKey` when there is none, 403 when it is another student's. */
export function ownedBy<Row extends { student_id: string | null }>(
  studentId: string,
  row: Row | undefined,
  missingKey: 'paymentNotFound' | 'orderNotFound',
): Row {
  if (row === undefined) throw new HttpError(404, missingKey);
  if (row.student_id !== studentId) throw new HttpError(403, 'paymentNotYours');
  return row;
}

/** The caller's own payment (ownedBy the signed-in student). */
export function callersOwn<Row extends { student_id: string | null }>(
  request: FastifyRequest,
  row: Row | undefined,
  missingKey: 'paymentNotFound' | 'orderNotFound',
): Row {
  return ownedBy(currentStudent(request).id, row, missingKey);
}
