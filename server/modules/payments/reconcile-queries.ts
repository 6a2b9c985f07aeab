import type { Queryable } from '../../lib/db';
import { PAYMENT_COLUMNS, type PaymentRow, UNCONFIRMED } from './queries';

export async function claimPaymentsToReconcile(
  db: Queryable,
  claim: {
    limit: number;
    leaseMs: number;
    firstCheckAfterMs: number;
    maxAgeMs: number;
    unconfirmedAfterMs: number;
  },
): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(
    `UPDATE payments
        SET next_check_at = now() + make_interval(secs => $2::float8 / 1000),
            check_attempts = check_attempts + 1
      WHERE reference_id IN (
              SELECT reference_id FROM payments
               WHERE granted_at IS NULL
                 AND (status IN ('PENDING', 'SUCCESSFUL') OR reason = '${UNCONFIRMED}')
                 AND created_at > now() - make_interval(secs => $4::float8 / 1000)
                 AND COALESCE(next_check_at, created_at + make_interval(secs => $3::float8 / 1000)) <= now()
                 AND (provider_accepted_at IS NOT NULL
                      OR created_at <= now() - make_interval(secs => $5::float8 / 1000))
               ORDER BY COALESCE(next_check_at, created_at)
               LIMIT $1
               FOR UPDATE SKIP LOCKED)
      RETURNING ${PAYMENT_COLUMNS}`,
    [claim.limit, claim.leaseMs, claim.firstCheckAfterMs, claim.maxAgeMs, claim.unconfirmedAfterMs],
  );
}

export async function scheduleNextCheck(db: Queryable, referenceId: string, delayMs: number): Promise<void> {
  await db.query(
    'UPDATE payments SET next_check_at = now() + make_interval(secs => $2::float8 / 1000) WHERE reference_id = $1',
    [referenceId, delayMs],
  );
}
