import type { Db, Queryable } from '../../lib/db';
import { extendAccessAll } from '../../lib/subject-access';
import { markOrderPaid, type OrderStatus, releaseOrderStock } from './order-line-queries';

export interface PaymentItem {
  subjectId: string;
  /** Number of access periods bought. */
  amount: number;
}

/** What a payment buys: access periods of subjects (its items), or a product (its line in orders). */
export type PaymentKind = 'subjects' | 'order';

export interface PaymentRow {
  reference_id: string;
  kind: PaymentKind;
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
  idempotency_key: string | null;
  provider_accepted_at: Date | null;
  not_found_reads: number;
  check_attempts: number;
}

export interface PricedSubject {
  id: string;
  subject_title: string;
  price: number;
}

export const PAYMENT_COLUMNS = `reference_id, kind, external_id, student_id, items, total_cost, currency, msisdn, status, reason,
  financial_transaction_id, created_at, settled_at, granted_at, idempotency_key, provider_accepted_at,
  not_found_reads, check_attempts`;

/** What one update did to a payment's status (the same status twice when only details changed). */
export interface StatusChange {
  from: string;
  to: string;
  /** An order's reserved items went back to stock in the same transaction. */
  stockReleased?: boolean;
}

/** A status that ends a payment without success: an order's reserved items go back to stock. */
function endsWithoutSuccess(status: string): boolean {
  return status !== 'PENDING' && status !== 'SUCCESSFUL';
}

/** Gives an order's items back when this change ended its payment without success (same transaction). */
export async function withRelease(
  tx: Queryable,
  referenceId: string,
  change: StatusChange | undefined,
): Promise<StatusChange | undefined> {
  if (change === undefined || change.from === change.to || !endsWithoutSuccess(change.to)) return change;
  return { ...change, stockReleased: await releaseOrderStock(tx, referenceId) };
}

/** Our reason while the provider has not confirmed that it took the request to pay. */
export const UNCONFIRMED = 'PROVIDER_UNCONFIRMED';

export async function subjectsByIds(db: Queryable, ids: readonly string[]): Promise<PricedSubject[]> {
  return db.query<PricedSubject>('SELECT id, subject_title, price FROM subjects WHERE id = ANY($1::text[])', [
    ids,
  ]);
}

/**
 * Holds the student's row until the transaction ends: payment starts of one student run one at a time,
 * so two replays can never both find nothing and both create a payment.
 */
/** The payment a start with this Idempotency-Key or externalId already created, if any. */
/** The student's payments of this kind still waiting for this payer, for this total, started within the window. */
/** The provider took the request to pay: from now on only its statuses move the payment. */
/** The provider refused the request to pay outright (never when another start got it accepted meanwhile). */
/**
 * The provider said it does not know the payment. It becomes FAILED (RESOURCE_NOT_FOUND) only once that
 * was said at least minReads times over at least graceMs; until then it keeps its status.
 */
export async function recordNotFound(
  db: Db,
  referenceId: string,
  bound: { graceMs: number; minReads: number },
): Promise<StatusChange | undefined> {
  return db.transaction(async (tx) => {
    // The decision reads the row under its lock: concurrent reads count one after the other.
    const [row] = await tx.query<{ status: string; previous_status: string }>(
      `UPDATE payments
          SET not_found_since = COALESCE(not_found_since, now()),
              not_found_reads = not_found_reads + 1,
              status = CASE WHEN final THEN 'FAILED' ELSE payments.status END,
              reason = CASE WHEN final THEN 'RESOURCE_NOT_FOUND' ELSE reason END,
              settled_at = CASE WHEN final THEN now() ELSE settled_at END
         FROM (SELECT reference_id AS ref, status AS previous_status,
                      not_found_reads + 1 >= $2
                      AND now() - COALESCE(not_found_since, now()) >= make_interval(secs => $3::float8 / 1000)
                      AS final
                 FROM payments WHERE reference_id = $1 FOR UPDATE) AS decision
        WHERE reference_id = decision.ref AND granted_at IS NULL AND payments.status <> 'SUCCESSFUL'
        RETURNING payments.status, decision.previous_status`,
      [referenceId, bound.minReads, bound.graceMs],
    );
    return withRelease(tx, referenceId, row && { from: row.previous_status, to: row.status });
  });
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
  db: Db,
  referenceId: string,
  status: { status: string; reason?: string | undefined; financialTransactionId?: string | undefined },
): Promise<StatusChange | undefined> {
  return db.transaction(async (tx) => {
    // An answer about the payment means the provider has it: it was accepted, and "not found" is over. The
    // previous status is read under the row's lock, so of concurrent reads only one sees the change.
    const [row] = await tx.query<{ status: string; previous_status: string }>(
      `UPDATE payments
          SET status = $2,
              reason = $3,
              financial_transaction_id = COALESCE($4, financial_transaction_id),
              settled_at = CASE WHEN $2 = 'PENDING' THEN NULL ELSE COALESCE(settled_at, now()) END,
              provider_accepted_at = COALESCE(provider_accepted_at, now()),
              not_found_since = NULL,
              not_found_reads = 0
         FROM (SELECT reference_id AS ref, status AS previous_status
                 FROM payments WHERE reference_id = $1 FOR UPDATE) AS previous
        WHERE reference_id = previous.ref AND payments.status <> 'SUCCESSFUL'
        RETURNING payments.status, previous.previous_status`,
      [referenceId, status.status, status.reason ?? null, status.financialTransactionId ?? null],
    );
    return withRelease(tx, referenceId, row && { from: row.previous_status, to: row.status });
  });
}

/** What a grant did: for an order, what became of it (and whether stock moved). */
export interface Grant {
  order?: { status: OrderStatus; stockChanged: boolean };
}

/**
 * Settles a SUCCESSFUL payment: marks it granted and delivers what it bought, in one transaction: subjects'
 * access is extended, an order is marked paid. The `granted_at IS NULL` guard makes it idempotent, also
 * under concurrency: a second transaction waits for the first one's row lock, then finds nothing left to
 * grant. Each unit of an item's amount extends the current expiry by one period, or starts now when there
 * is none or it is past. Returns what this call granted, undefined when the payment was already granted.
 */
export async function grantPayment(
  db: Db,
  referenceId: string,
  accessPeriodDays: number,
  financialTransactionId?: string,
): Promise<Grant | undefined> {
  return db.transaction(async (tx) => {
    const [granted] = await tx.query<{ student_id: string | null; items: PaymentItem[]; kind: PaymentKind }>(
      `UPDATE payments
          SET status = 'SUCCESSFUL',
              reason = NULL,
              financial_transaction_id = COALESCE($2, financial_transaction_id),
              settled_at = COALESCE(settled_at, now()),
              provider_accepted_at = COALESCE(provider_accepted_at, now()),
              granted_at = now()
        WHERE reference_id = $1 AND granted_at IS NULL
        RETURNING student_id, items, kind`,
      [referenceId, financialTransactionId ?? null],
    );
    if (granted === undefined) return undefined;
    // An order is paid whoever placed it: even an account deleted since was charged for it.
    if (granted.kind === 'order') {
      const order = await markOrderPaid(tx, referenceId);
      return order === undefined ? {} : { order };
    }
    // An anonymised payment (account deleted) has nobody left to grant to.
    if (granted.student_id === null) return {};
    await extendAccessAll(
      tx,
      granted.student_id,
      granted.items.map((item) => ({ subjectId: item.subjectId, days: item.amount * accessPeriodDays })),
    );
    return {};
  });
}

/** An order payment's line as the student sees it: the product's titles and first picture path. */
export interface OrderView {
  productId: string;
  title: { en: string; fr: string };
  picture: string | null;
  quantity: number;
  unitPrice: number;
  town: string;
  status: OrderStatus;
}

export interface PaymentListRow extends PaymentRow {
  titles: Record<string, string> | null;
  order_line: OrderView | null;
}

const PAYMENT_VIEW = `SELECT p.*,
            (SELECT jsonb_object_agg(s.id, s.subject_title)
               FROM jsonb_array_elements(p.items) AS item
               JOIN subjects s ON s.id = item ->> 'subjectId') AS titles,
            (SELECT jsonb_build_object('productId', o.product_id, 'quantity', o.quantity,
                                       'unitPrice', o.unit_price, 'town', o.town, 'status', o.status,
                                       'title', jsonb_build_object('en', pr.title_en, 'fr', pr.title_fr),
                                       'picture', pr.picture_urls[1])
               FROM orders o JOIN products pr ON pr.id = o.product_id
              WHERE o.reference_id = p.reference_id) AS order_line
       FROM payments p`;

/** The student's payments, newest first, with the titles of their subjects or their order's line. */
export async function listPayments(db: Queryable, studentId: string): Promise<PaymentListRow[]> {
  return db.query<PaymentListRow>(
    `${PAYMENT_VIEW}
      WHERE p.student_id = $1
      ORDER BY p.created_at DESC, p.reference_id`,
    [studentId],
  );
}

/** One payment as listPayments shows it. */
export async function findPaymentView(
  db: Queryable,
  referenceId: string,
): Promise<PaymentListRow | undefined> {
  const [row] = await db.query<PaymentListRow>(`${PAYMENT_VIEW} WHERE p.reference_id = $1`, [referenceId]);
  return row;
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

/**
 * Takes up to `limit` payments that are due for a check with the provider and leases them for leaseMs, so
 * that reconcilers of other processes skip them (SKIP LOCKED) and a crashed one's lease runs out. Due: not
 * settled yet, started more than firstCheckAfterMs ago (the app polls by itself before that), at most
 * maxAgeMs old, its next check time passed, and, while the provider has not confirmed it, older than
 * unconfirmedAfterMs (its start may still be talking to the provider: a read now would only find nothing).
 */
/** Credentials provisioned on the built-in sandbox, shared by every server process on this database. */
