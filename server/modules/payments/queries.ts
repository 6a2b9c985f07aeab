import type { Db, Queryable } from '../../lib/db';

export interface PaymentItem {
  subjectId: string;
  /** Number of access periods bought. */
  amount: number;
}

export interface PaymentRow {
  reference_id: string;
  external_id: string;
  student_id: string | null;
  items: PaymentItem[];
  total_cost: number;
  currency: string;
  msisdn: string | null;
  status: string;
  reason: string | null;
  financial_transaction_id: string | null;
  created_at: Date;
  settled_at: Date | null;
  granted_at: Date | null;
}

export interface PricedSubject {
  id: string;
  subject_title: string;
  price: number;
}

const PAYMENT_COLUMNS = `reference_id, external_id, student_id, items, total_cost, currency, msisdn, status, reason,
  financial_transaction_id, created_at, settled_at, granted_at`;

export async function subjectsByIds(db: Queryable, ids: readonly string[]): Promise<PricedSubject[]> {
  return db.query<PricedSubject>('SELECT id, subject_title, price FROM subjects WHERE id = ANY($1::text[])', [
    ids,
  ]);
}

export async function insertPayment(
  db: Queryable,
  payment: {
    referenceId: string;
    externalId: string;
    studentId: string;
    items: PaymentItem[];
    totalCost: number;
    currency: string;
    msisdn: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO payments (reference_id, external_id, student_id, items, total_cost, currency, msisdn, status)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, 'PENDING')`,
    [
      payment.referenceId,
      payment.externalId,
      payment.studentId,
      JSON.stringify(payment.items),
      payment.totalCost,
      payment.currency,
      payment.msisdn,
    ],
  );
}

export async function findPayment(db: Queryable, referenceId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE reference_id = $1`,
    [referenceId],
  );
  return row;
}

/**
 * Stores what the provider said. A SUCCESSFUL payment is final and never overwritten, so a late or
 * replayed read can not undo a settlement.
 */
export async function recordStatus(
  db: Queryable,
  referenceId: string,
  status: { status: string; reason?: string | undefined; financialTransactionId?: string | undefined },
): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(
    `UPDATE payments
        SET status = $2,
            reason = $3,
            financial_transaction_id = COALESCE($4, financial_transaction_id),
            settled_at = CASE WHEN $2 = 'PENDING' THEN NULL ELSE COALESCE(settled_at, now()) END
      WHERE reference_id = $1 AND status <> 'SUCCESSFUL'
      RETURNING ${PAYMENT_COLUMNS}`,
    [referenceId, status.status, status.reason ?? null, status.financialTransactionId ?? null],
  );
  return row;
}

/**
 * Settles a SUCCESSFUL payment: marks it granted and extends the student's access, in one transaction.
 * The `granted_at IS NULL` guard makes it idempotent, also under concurrency: a second transaction
 * waits for the first one's row lock, then finds nothing left to grant. Each unit of an item's amount
 * extends the current expiry by one period, or starts now when there is none or it is past.
 * Returns true when this call granted, false when the payment was already granted.
 */
export async function grantPayment(
  db: Db,
  referenceId: string,
  accessPeriodDays: number,
  financialTransactionId?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [granted] = await tx.query<{ student_id: string | null; items: PaymentItem[] }>(
      `UPDATE payments
          SET status = 'SUCCESSFUL',
              reason = NULL,
              financial_transaction_id = COALESCE($2, financial_transaction_id),
              settled_at = COALESCE(settled_at, now()),
              granted_at = now()
        WHERE reference_id = $1 AND granted_at IS NULL
        RETURNING student_id, items`,
      [referenceId, financialTransactionId ?? null],
    );
    if (granted === undefined) return false;
    // An anonymised payment (account deleted) has nobody left to grant to.
    if (granted.student_id === null) return true;
    // Rows are locked in one order (by subject) in every transaction: two payments of the same student that
    // share subjects, settled at once, would otherwise deadlock on PostgreSQL (40P01).
    const items = [...granted.items].sort((a, b) => a.subjectId.localeCompare(b.subjectId));
    for (const item of items) {
      await tx.query(
        `INSERT INTO subject_access (student_id, subject_id, expires_at)
         VALUES ($1, $2, now() + make_interval(days => $3::int))
         ON CONFLICT (student_id, subject_id) DO UPDATE
           SET expires_at = GREATEST(subject_access.expires_at, now()) + make_interval(days => $3::int)`,
        [granted.student_id, item.subjectId, item.amount * accessPeriodDays],
      );
    }
    return true;
  });
}

export interface PaymentListRow extends PaymentRow {
  titles: Record<string, string> | null;
}

/** The student's payments, newest first, with the titles of their subjects. */
export async function listPayments(db: Queryable, studentId: string): Promise<PaymentListRow[]> {
  return db.query<PaymentListRow>(
    `SELECT p.*,
            (SELECT jsonb_object_agg(s.id, s.subject_title)
               FROM jsonb_array_elements(p.items) AS item
               JOIN subjects s ON s.id = item ->> 'subjectId') AS titles
       FROM payments p
      WHERE p.student_id = $1
      ORDER BY p.created_at DESC, p.reference_id`,
    [studentId],
  );
}

/**
 * For the account deletion transaction (users module): payments are kept for accounting, but no longer
 * say whose they were nor which phone paid. The reference and external ids stay as the provider knows
 * them, so its reports still reconcile.
 */
export async function anonymisePayments(tx: Queryable, studentId: string): Promise<number> {
  const rows = await tx.query<{ reference_id: string }>(
    `UPDATE payments SET student_id = NULL, msisdn = NULL
      WHERE student_id = $1
      RETURNING reference_id`,
    [studentId],
  );
  return rows.length;
}
