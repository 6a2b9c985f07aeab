import type { Db, Queryable } from '../../lib/db';
import {
  PAYMENT_COLUMNS,
  type PaymentItem,
  type PaymentKind,
  type PaymentRow,
  type StatusChange,
  UNCONFIRMED,
  withRelease,
} from './queries';

// A payment's start: found again by its keys, or created, then accepted or refused by the provider.

export async function lockStudent(tx: Queryable, studentId: string): Promise<void> {
  await tx.query('SELECT id FROM students WHERE id = $1 FOR UPDATE', [studentId]);
}

export async function findStartedPayment(
  tx: Queryable,
  studentId: string,
  keys: { externalId: string; idempotencyKey: string | undefined },
): Promise<PaymentRow | undefined> {
  const [row] = await tx.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments
      WHERE student_id = $1 AND (idempotency_key = $2 OR start_key = $3)
      ORDER BY (idempotency_key = $2) DESC NULLS LAST
      LIMIT 1`,
    [studentId, keys.idempotencyKey ?? null, keys.externalId],
  );
  return row;
}

export async function recentPendingPayments(
  tx: Queryable,
  payment: { studentId: string; kind: PaymentKind; totalCost: number; msisdn: string; withinMs: number },
): Promise<PaymentRow[]> {
  return tx.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments
      WHERE student_id = $1 AND total_cost = $2 AND msisdn = $3 AND status = 'PENDING' AND granted_at IS NULL
        AND created_at > now() - make_interval(secs => $4::float8 / 1000) AND kind = $5
      ORDER BY created_at DESC`,
    [payment.studentId, payment.totalCost, payment.msisdn, payment.withinMs, payment.kind],
  );
}

export async function insertPayment(
  db: Queryable,
  payment: {
    referenceId: string;
    /** Default: subjects. An order's items are empty: its line is in orders. */
    kind?: PaymentKind;
    externalId: string;
    idempotencyKey: string | undefined;
    studentId: string;
    items: PaymentItem[];
    totalCost: number;
    currency: string;
    msisdn: string;
  },
): Promise<PaymentRow> {
  const [row] = await db.query<PaymentRow>(
    `INSERT INTO payments (reference_id, external_id, start_key, idempotency_key, student_id, items, total_cost,
                           currency, msisdn, status, reason, kind)
     VALUES ($1, $2, $2, $3, $4, $5::jsonb, $6, $7, $8, 'PENDING', '${UNCONFIRMED}', $9)
     RETURNING ${PAYMENT_COLUMNS}`,
    [
      payment.referenceId,
      payment.externalId,
      payment.idempotencyKey ?? null,
      payment.studentId,
      JSON.stringify(payment.items),
      payment.totalCost,
      payment.currency,
      payment.msisdn,
      payment.kind ?? 'subjects',
    ],
  );
  if (row === undefined) throw new Error('payment insert returned nothing');
  return row;
}

export async function markAccepted(db: Queryable, referenceId: string): Promise<void> {
  await db.query(
    `UPDATE payments
        SET provider_accepted_at = COALESCE(provider_accepted_at, now()),
            reason = CASE WHEN reason = '${UNCONFIRMED}' THEN NULL ELSE reason END,
            status = CASE WHEN status = 'FAILED' AND reason = '${UNCONFIRMED}' THEN 'PENDING' ELSE status END,
            settled_at = CASE WHEN reason = '${UNCONFIRMED}' THEN NULL ELSE settled_at END
      WHERE reference_id = $1`,
    [referenceId],
  );
}

export async function recordRefusal(
  db: Db,
  referenceId: string,
  reason: string,
): Promise<StatusChange | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE payments SET status = 'FAILED', reason = $2, settled_at = now()
        WHERE reference_id = $1 AND provider_accepted_at IS NULL AND granted_at IS NULL
          AND (status = 'PENDING' OR reason = '${UNCONFIRMED}')
        RETURNING reference_id`,
      [referenceId, reason],
    );
    return withRelease(tx, referenceId, rows.length === 1 ? { from: 'PENDING', to: 'FAILED' } : undefined);
  });
}
