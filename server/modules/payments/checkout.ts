import type { z } from 'zod';
import { type PaymentStanding, paymentStanding } from '../../../contract/rules/payment-outcome';
import { HttpError } from '../../lib/errors';
import { ownedBy } from '../../lib/payment-routes';
import { findPayment, type PaymentRow, subjectsByIds } from './queries';
import type { makePaymentsBody, requestToPayBody } from './schemas';
import { LOCAL_REASONS, type PaymentsContext, refreshPayment } from './settlement';
import { type PaymentStart, paymentStartOf } from './start';

// The rules of a cart's payment that the routes (routes.ts) apply: what a start may carry, and when a
// checkout is complete. The routes parse, call these, and reply.

/** The start of a cart's payment: each subject once (400 naming the one repeated). */
export function subjectsPaymentStart(
  studentId: string,
  idempotencyKey: string | undefined,
  body: z.infer<typeof requestToPayBody>,
): PaymentStart {
  const start = paymentStartOf(studentId, idempotencyKey, body, { kind: 'subjects', items: body.items });
  const seen = new Set<string>();
  for (const item of body.items) {
    if (seen.has(item.subjectId))
      throw new HttpError(400, 'paymentDuplicateSubject', { subjectId: item.subjectId });
    seen.add(item.subjectId);
  }
  return start;
}

/** The student's own payment, brought up to date with the provider (and settled, once, when it succeeded). */
export async function refreshOwnPayment(
  context: PaymentsContext,
  studentId: string,
  referenceId: string,
): Promise<PaymentRow> {
  return refreshPayment(
    context,
    ownedBy(studentId, await findPayment(context.db, referenceId), 'paymentNotFound'),
  );
}

/** Whether the client's claim (subjects' titles, total) is exactly what the stored payment bought. */
async function claimMatches(
  context: PaymentsContext,
  stored: PaymentRow,
  body: z.infer<typeof makePaymentsBody>,
): Promise<boolean> {
  const subjects = await subjectsByIds(
    context.db,
    stored.items.map((item) => item.subjectId),
  );
  const paidTitles = [...new Set(subjects.map((subject) => subject.subject_title))].sort();
  const claimedTitles = [...new Set(body.paidSubjects)].sort();
  return (
    paidTitles.length === claimedTitles.length &&
    paidTitles.every((title, i) => title === claimedTitles[i]) &&
    body.totalCost === stored.total_cost
  );
}

/**
 * A checkout of a cart's payment is complete when it is the student's, for subjects, matches what was paid
 * (the client's list is a claim to check, never a source of grants), and the provider reports it
 * SUCCESSFUL and granted. Otherwise 403/404/409; a payment not completed is named by `statusWords` in the
 * student's words, never by the provider's code (issue 18).
 */
export async function completeCheckout(
  context: PaymentsContext,
  studentId: string,
  body: z.infer<typeof makePaymentsBody>,
  statusWords: (standing: PaymentStanding) => string,
): Promise<void> {
  if (body.id !== studentId) throw new HttpError(403, 'forbidden');
  const stored = ownedBy(studentId, await findPayment(context.db, body.referenceId), 'paymentNotFound');
  if (stored.kind !== 'subjects') throw new HttpError(409, 'paymentIsOrder');
  if (!(await claimMatches(context, stored, body))) throw new HttpError(409, 'paymentCartMismatch');
  const payment = await refreshPayment(context, stored);
  if (payment.status === 'SUCCESSFUL' && payment.reason === LOCAL_REASONS.amountDisagrees) {
    throw new HttpError(409, 'paymentAmountDisagrees');
  }
  if (payment.status !== 'SUCCESSFUL' || payment.granted_at === null) {
    throw new HttpError(409, 'paymentNotCompleted', { status: statusWords(paymentStanding(payment)) });
  }
}
