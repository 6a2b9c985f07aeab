import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentStanding } from '../../../machines/paymentOutcome';
import { currentStudent } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { publicOrigin } from '../../lib/public-origin';
import { bearerSecurity, failures } from '../../lib/schemas';
import { listRedemptions } from '../codes/queries';
import shopOrdersModule from '../shop/routes';
import { loadClientUser } from '../users/client-user';
import { userMessageResponse } from '../users/schemas';
import { sandboxCredentialStore } from './credential-queries';
import { redemptionEntity, toEntity } from './entity';
import { registerPaymentMessages } from './messages';
import { MomoProvider } from './momo-provider';
import { callersOwn, paymentLimit, paymentReadRoute, paymentStartRoute } from './payment-routes';
import { findPayment, listPayments, type PaymentRow, subjectsByIds } from './queries';
import { createReconciler, runOutcome } from './reconciler';
import {
  makePaymentsBody,
  paymentEntity,
  referenceParams,
  requestToPayBody,
  requestToPayResponse,
  statusResponse,
} from './schemas';
import { LOCAL_REASONS, type PaymentsContext, refreshPayment } from './settlement';
import { paymentStarter, paymentStartOf } from './start';

/** How many PENDING payments the transactions list reconciles on the way (the rest on later reads). */
const RECONCILE_ON_LIST = 5;

/**
 * Mobile money payments (docs/api.md "Payments"): the browser asks this server, which prices the cart
 * itself, talks to the provider with its own keys, and grants access only for a payment the provider
 * reports SUCCESSFUL, once.
 */
const paymentsModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerPaymentMessages();
  // httpFetch is the app's transport for outgoing calls: tests route it into an emulator they control.
  const provider = new MomoProvider({
    config: app.config.momo,
    fetch: app.httpFetch,
    credentialStore: sandboxCredentialStore(app.db),
  });
  const context: PaymentsContext = {
    db: app.db,
    provider,
    accessPeriodDays: app.config.accessPeriodDays,
    log: app.log,
    notFound: {
      graceMs: app.config.payments.notFoundGraceMs,
      minReads: app.config.payments.notFoundMinReads,
    },
    countStatus: (status) => app.metrics.paymentsByStatus.inc({ status }),
    // The shop's lists show the stock: every process drops them (shared by NOTIFY on PostgreSQL).
    onStockChange: () => app.responseCache.invalidate('content|products'),
  };
  const startPayment = paymentStarter(context);
  const reconciler = createReconciler(context, {
    onRun: (run) => app.metrics.reconcilerRuns.inc({ outcome: runOutcome(run) }),
    intervalMs: app.config.payments.reconcileIntervalMs,
    firstCheckAfterMs: app.config.payments.reconcileAfterMs,
    // A start makes up to three provider calls (token, request to pay, and a retry with a fresh token).
    startMayTakeMs: 3 * app.config.momo.timeoutMs,
  });
  // Before the database closes (closing runs the modules' hooks before the core's).
  app.addHook('onClose', async () => reconciler.stop());
  const tags = ['payments'];

  /** The caller's payment, or 404/403. */
  const ownPayment = async (request: FastifyRequest, referenceId: string): Promise<PaymentRow> =>
    callersOwn(request, await findPayment(app.db, referenceId), 'paymentNotFound');

  app.post(
    '/payments/momo/requesttopay',
    paymentStartRoute(app, {
      tags,
      description:
        'Prices the cart from the server’s own prices (amount = number of access periods per subject), stores the payment as PENDING, then asks the provider to collect it. Idempotent: the same externalId or Idempotency-Key answers with the same referenceId (409 when it was used for another cart), and a start for a cart still PENDING for the same payer (within 15 minutes) answers with that payment; nothing is charged twice.',
      body: requestToPayBody,
      answer: requestToPayResponse,
      limit: paymentLimit(app, 'payment-start'),
    }),
    async (request, reply) => {
      const body = request.body;
      const start = paymentStartOf(currentStudent(request).id, request.headers['idempotency-key'], body, {
        kind: 'subjects',
        items: body.items,
      });
      const seen = new Set<string>();
      for (const item of body.items) {
        if (seen.has(item.subjectId))
          throw new HttpError(400, 'paymentDuplicateSubject', { subjectId: item.subjectId });
        seen.add(item.subjectId);
      }
      const referenceId = await startPayment(start);
      return reply.code(202).send({ success: true, referenceId });
    },
  );

  app.get(
    '/payments/momo/requesttopay/:referenceId',
    paymentReadRoute(app, {
      tags,
      description:
        'The payment’s status as the provider reports it (read from the provider while not final); a SUCCESSFUL payment is settled here, once.',
      params: referenceParams,
      answer: statusResponse,
    }),
    async (request) => {
      const payment = await refreshPayment(context, await ownPayment(request, request.params.referenceId));
      return {
        success: true as const,
        status: payment.status,
        ...(payment.reason === null ? {} : { reason: payment.reason }),
      };
    },
  );

  app.put(
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
    async (request) => {
      const student = currentStudent(request);
      const body = request.body;
      if (body.id !== student.id) throw new HttpError(403, 'forbidden');
      const stored = await ownPayment(request, body.referenceId);
      if (stored.kind !== 'subjects') throw new HttpError(409, 'paymentIsOrder');

      // The client's list is a claim to check against what was actually paid, never a source of grants.
      const subjects = await subjectsByIds(
        app.db,
        stored.items.map((item) => item.subjectId),
      );
      const paidTitles = [...new Set(subjects.map((subject) => subject.subject_title))].sort();
      const claimedTitles = [...new Set(body.paidSubjects)].sort();
      const sameSubjects =
        paidTitles.length === claimedTitles.length &&
        paidTitles.every((title, i) => title === claimedTitles[i]);
      if (!sameSubjects || body.totalCost !== stored.total_cost)
        throw new HttpError(409, 'paymentCartMismatch');

      const payment = await refreshPayment(context, stored);
      if (payment.status === 'SUCCESSFUL' && payment.reason === LOCAL_REASONS.amountDisagrees) {
        throw new HttpError(409, 'paymentAmountDisagrees');
      }
      if (payment.status !== 'SUCCESSFUL' || payment.granted_at === null) {
        // The provider's status in the student's words, never its code (issue 18).
        const status = t(request, `paymentStatus_${paymentStanding(payment)}`);
        throw new HttpError(409, 'paymentNotCompleted', { status });
      }
      return {
        success: true as const,
        user: await loadClientUser(app.db, student.id, publicOrigin(request)),
        msg: t(request, 'paymentSucceeded'),
      };
    },
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
    async (request) => {
      const student = currentStudent(request);
      const pending = (await listPayments(app.db, student.id))
        .filter((payment) => payment.status === 'PENDING')
        .slice(0, RECONCILE_ON_LIST);
      for (const payment of pending) {
        // Best effort: the list must show even when the provider is down.
        await refreshPayment(context, payment).catch((error: unknown) => {
          request.log.warn({ err: error, referenceId: payment.reference_id }, 'reconciliation deferred');
        });
      }
      const origin = publicOrigin(request);
      const payments = (await listPayments(app.db, student.id)).map((row) => toEntity(row, origin));
      // Access codes redeemed (issue 20) are listed with the payments, newest first.
      const redemptions = (await listRedemptions(app.db, student.id)).map((row) =>
        redemptionEntity(row, student.id),
      );
      return [...payments, ...redemptions].sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || a.referenceId.localeCompare(b.referenceId),
      );
    },
  );

  // Shop orders are payments whose line is a product: the same starter, status reads and reconciler.
  await app.register(shopOrdersModule, {
    startPayment,
    refreshPayment: (payment) => refreshPayment(context, payment),
  });
};

export default paymentsModule;
