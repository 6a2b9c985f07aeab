import type { Order } from '../../../contract/shop';
import type { PaymentsApi } from '../../lib/payments-api';
import { orderLineEntity } from './entity';
import { findPayment, findPaymentView, type PaymentListRow } from './queries';
import { type PaymentsContext, refreshPayment } from './settlement';
import { type PaymentStart, paymentStartOf } from './start';

/** docs/api.md's order entity: the payment's order line with its payment's reference, amount and status. */
function toOrderEntity(row: PaymentListRow, origin: string): Order {
  if (row.order_line === null) throw new Error(`payment ${row.reference_id} has no order line`);
  return {
    ...orderLineEntity(row.order_line, origin),
    referenceId: row.reference_id,
    externalId: row.external_id,
    totalCost: row.total_cost,
    currency: row.currency,
    msisdn: row.msisdn,
    paymentStatus: row.status,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
  };
}

/**
 * Shop orders are payments whose line is a product (issue 8): the same starter (idempotent, priced and
 * stock-reserved on the server), the same status reads and the same reconciler. What the shop module gets.
 */
export function ordersApi(
  context: PaymentsContext,
  startPayment: (start: PaymentStart) => Promise<string>,
): PaymentsApi {
  return {
    startOrder: (studentId, idempotencyKey, body) =>
      startPayment(
        paymentStartOf(studentId, idempotencyKey, body, {
          kind: 'order',
          line: { productId: body.productId, quantity: body.quantity, town: body.town },
        }),
      ),
    async findOrder(referenceId, origin) {
      const payment = await findPaymentView(context.db, referenceId);
      if (payment?.kind !== 'order') return undefined;
      return { student_id: payment.student_id, order: toOrderEntity(payment, origin) };
    },
    async refreshOrder(referenceId) {
      const payment = await findPayment(context.db, referenceId);
      if (payment?.kind === 'order') await refreshPayment(context, payment);
    },
  };
}
