import type { FastifyBaseLogger } from 'fastify';
import type { CodesApi } from '../../lib/module-apis';
import { toEntity } from './entity';
import { listPayments } from './queries';
import type { PaymentEntity } from './schemas';
import { type PaymentsContext, refreshPayment } from './settlement';

/** How many PENDING payments the transactions list reconciles on the way (the rest on later reads). */
const RECONCILE_ON_LIST = 5;

/**
 * The student's payments, newest first (the dashboard's transactions tab): subject payments, shop orders,
 * and the access codes redeemed (issue 20). A few PENDING payments are asked about on the way, best effort:
 * the list must show even when the provider is down.
 */
export async function studentTransactions(
  context: PaymentsContext,
  studentId: string,
  origin: string,
  log: FastifyBaseLogger,
  codes: CodesApi,
): Promise<PaymentEntity[]> {
  const pending = (await listPayments(context.db, studentId))
    .filter((payment) => payment.status === 'PENDING')
    .slice(0, RECONCILE_ON_LIST);
  for (const payment of pending) {
    await refreshPayment(context, payment).catch((error: unknown) => {
      log.warn({ err: error, referenceId: payment.reference_id }, 'reconciliation deferred');
    });
  }
  const payments = (await listPayments(context.db, studentId)).map((row) => toEntity(row, origin));
  const redemptions = await codes.redemptions(studentId);
  return [...payments, ...redemptions].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || a.referenceId.localeCompare(b.referenceId),
  );
}
