import type { OrderView, PaymentListRow } from './queries';
import type { PaymentEntity } from './schemas';

/** An order line with its picture as a URL of this server (the row keeps the path). */
export function orderLineEntity(line: OrderView, origin: string): OrderView {
  return { ...line, picture: line.picture === null ? null : `${origin}${line.picture}` };
}

/** docs/api.md's payment entity from a payment row with its subjects' titles or its order line. */
export function toEntity(row: PaymentListRow, origin: string): PaymentEntity {
  return {
    referenceId: row.reference_id,
    kind: row.kind,
    externalId: row.external_id,
    userId: row.student_id,
    items: row.items.map((item) => ({
      subjectId: item.subjectId,
      amount: item.amount,
      subjectTitle: row.titles?.[item.subjectId] ?? null,
    })),
    totalCost: row.total_cost,
    currency: row.currency,
    msisdn: row.msisdn,
    status: row.status,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
    order: row.order_line === null ? null : orderLineEntity(row.order_line, origin),
  };
}
