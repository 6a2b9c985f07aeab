import { expect } from 'vitest';
import type { Queryable } from '../../../server/lib/db';
import type { Subject } from './payment-calls';

const DAY_MS = 24 * 3600 * 1000;

/** What the payer does with a payment: approve it, refuse it, or never answer. */
export type PayerOutcome = 'success' | 'failure' | 'pending';

/**
 * Access granted per subject: exactly Σ periods of the granted payments, counted from the grant that
 * created the access. Which grant that was is a race on PostgreSQL (a transaction's now() is its start,
 * and the one that inserts first may have started a moment later), so the start must be one of their
 * grant times; a period granted twice would put it a whole period away from all of them.
 */
export async function checkAccess(
  db: Queryable,
  periodDays: number,
  studentId: string,
  payments: { referenceId: string; outcome: PayerOutcome; lines: { subject: Subject; amount: number }[] }[],
  mustBeGranted: Set<string>,
): Promise<void> {
  const rows = await db.query<{ reference_id: string; granted_at: Date | null }>(
    'SELECT reference_id, granted_at FROM payments WHERE student_id = $1',
    [studentId],
  );
  const grantedAt = new Map(
    rows.map((row) => [
      row.reference_id,
      row.granted_at === null ? null : new Date(row.granted_at).getTime(),
    ]),
  );
  for (const payment of payments) {
    const granted = grantedAt.get(payment.referenceId);
    // Nothing granted without SUCCESSFUL; every SUCCESSFUL payment someone looked at is settled.
    if (payment.outcome !== 'success') expect(granted).toBeNull();
    else if (mustBeGranted.has(payment.referenceId)) expect(granted).not.toBeNull();
  }
  const access = await db.query<{ subject_id: string; expires_at: Date }>(
    'SELECT subject_id, expires_at FROM subject_access WHERE student_id = $1',
    [studentId],
  );
  const expected = new Map<string, { starts: number[]; days: number }>();
  for (const payment of payments) {
    const granted = grantedAt.get(payment.referenceId);
    if (granted === null || granted === undefined) continue;
    for (const line of payment.lines) {
      const current = expected.get(line.subject.id);
      expected.set(line.subject.id, {
        starts: [...(current?.starts ?? []), granted],
        days: (current?.days ?? 0) + line.amount * periodDays,
      });
    }
  }
  expect(access.map((row) => row.subject_id).sort()).toEqual([...expected.keys()].sort());
  for (const row of access) {
    const sum = expected.get(row.subject_id);
    const start = new Date(row.expires_at).getTime() - (sum?.days ?? 0) * DAY_MS;
    expect(sum?.starts).toContain(start);
  }
}
