import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userMessageResponse } from '../../../contract/users';
import { currentStudent } from '../../lib/auth';
import { t } from '../../lib/i18n';
import {
  type PaymentStartGeneric,
  type PaymentStartRequest,
  paymentLimit,
  paymentReadRoute,
  paymentStartRoute,
} from '../../lib/payment-routes';
import { publicOrigin } from '../../lib/public-origin';
import { bearerSecurity, failures } from '../../lib/schemas';
import { completeCheckout, refreshOwnPayment, subjectsPaymentStart } from './checkout';
import {
  makePaymentsBody,
  paymentEntity,
  referenceParams,
  requestToPayBody,
  requestToPayResponse,
  statusResponse,
} from './schemas';
import type { PaymentsContext } from './settlement';
import type { PaymentStart } from './start';
import { studentTransactions } from './transactions';

/** What the payments plugin (index.ts) hands its routes: the payments' context and its one starter. */
export interface PaymentRoutesOptions {
  context: PaymentsContext;
  startPayment: (start: PaymentStart) => Promise<string>;
}

type Body<Schema extends z.ZodType> = { Body: z.infer<Schema> };

const tags = ['payments'];

/** Each payment route's handler, named after what it answers. */
function paymentHandlers(app: FastifyInstance, { context, startPayment }: PaymentRoutesOptions) {
  async function startSubjectsPayment(
    request: PaymentStartRequest<typeof requestToPayBody>,
    reply: FastifyReply,
  ) {
    const start = subjectsPaymentStart(
      currentStudent(request).id,
      request.headers['idempotency-key'],
      request.body,
    );
    const referenceId = await startPayment(start);
    return reply.code(202).send({ success: true, referenceId });
  }

  async function readPaymentStatus(request: FastifyRequest<{ Params: z.infer<typeof referenceParams> }>) {
    const payment = await refreshOwnPayment(context, currentStudent(request).id, request.params.referenceId);
    return {
      success: true as const,
      status: payment.status,
      ...(payment.reason === null ? {} : { reason: payment.reason }),
    };
  }

  async function checkout(request: FastifyRequest<Body<typeof makePaymentsBody>>) {
    const student = currentStudent(request);
    await completeCheckout(context, student.id, request.body, (standing) =>
      t(request, `paymentStatus_${standing}`),
    );
    return {
      success: true as const,
      user: await app.users.clientUser(student.id, publicOrigin(request)),
      msg: t(request, 'paymentSucceeded'),
    };
  }

  async function listTransactions(request: FastifyRequest) {
    return studentTransactions(
      context,
      currentStudent(request).id,
      publicOrigin(request),
      request.log,
      app.codes,
    );
  }

  return { startSubjectsPayment, readPaymentStatus, checkout, listTransactions };
}

/**
 * The routes of a cart's mobile money payment (docs/api.md "Payments"): the browser asks this server, which
 * prices the cart itself, talks to the provider with its own keys, and grants access only for a payment the
 * provider reports SUCCESSFUL, once. Each handler parses, calls the module's rule (checkout.ts,
 * transactions.ts), and replies.
 */
const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { startSubjectsPayment, readPaymentStatus, checkout, listTransactions } = paymentHandlers(
    app,
    options,
  );

  app.post<PaymentStartGeneric<typeof requestToPayBody>>(
    '/payments/momo/requesttopay',
    paymentStartRoute(app, {
      tags,
      description:
        'Prices the cart from the server’s own prices (amount = number of access periods per subject), stores the payment as PENDING, then asks the provider to collect it. Idempotent: the same externalId or Idempotency-Key answers with the same referenceId (409 when it was used for another cart), and a start for a cart still PENDING for the same payer (within 15 minutes) answers with that payment; nothing is charged twice.',
      body: requestToPayBody,
      answer: requestToPayResponse,
      limit: paymentLimit(app, 'payment-start'),
    }),
    startSubjectsPayment,
  );
  app.get<{ Params: z.infer<typeof referenceParams> }>(
    '/payments/momo/requesttopay/:referenceId',
    paymentReadRoute(app, {
      tags,
      description:
        'The payment’s status as the provider reports it (read from the provider while not final); a SUCCESSFUL payment is settled here, once.',
      params: referenceParams,
      answer: statusResponse,
    }),
    readPaymentStatus,
  );
  app.put<Body<typeof makePaymentsBody>>(
    '/transactions/subjects/makepayments',
    {
      preHandler: [app.authenticate, paymentLimit(app, 'payment-checkout')],
      schema: {
        tags,
        security: bearerSecurity,
        description:
          'Completes the checkout of a mobile money payment. Idempotent by referenceId: granted only once, and only when the provider reports it SUCCESSFUL and the subjects and total match the payment.',
        body: makePaymentsBody,
        response: { 200: userMessageResponse, ...failures(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    checkout,
  );
  app.get(
    '/transactions',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        description:
          'The student’s payments, newest first (the dashboard’s transactions tab): subject payments with their subjects, shop orders with their product line (`order`), access codes redeemed with their batch and what they gave (`kind: code`, `redemption`).',
        response: { 200: z.array(paymentEntity), ...failures(401) },
      },
    },
    listTransactions,
  );
};

export default paymentRoutes;
