import type { Queryable } from './db';

/** Subjects the student may watch right now: paid and unexpired. Free subjects are open to everyone. */
export async function currentAccess(db: Queryable, studentId: string): Promise<Set<string>> {
  const rows = await db.query<{ subject_id: string }>(
    'SELECT subject_id FROM subject_access WHERE student_id = $1 AND expires_at > now()',
    [studentId],
  );
  return new Set(rows.map((row) => row.subject_id));
}

/** The subjects a request's student may open now; none for an anonymous request (free ones are open to all). */
export async function studentAccess(
  db: Queryable,
  student: { id: string } | null,
): Promise<ReadonlySet<string>> {
  return student === null ? new Set() : currentAccess(db, student.id);
}

/**
 * One subject's price and the student's access to it, read the same way for users/check-subject-expiration
 * and GET videos/video/play (so the player and the expiry check never disagree); undefined when the subject
 * is not in the catalogue. An anonymous caller ('') has no access row.
 */
export async function findSubjectExpiry(
  db: Queryable,
  studentId: string,
  subjectId: string,
): Promise<{ price: number; expired: boolean; expiresAt: string | null } | undefined> {
  const [row] = await db.query<{ price: number; expires_at: Date | null; expired: boolean | null }>(
    `SELECT s.price, a.expires_at, a.expires_at <= now() AS expired
       FROM subjects s LEFT JOIN subject_access a ON a.subject_id = s.id AND a.student_id = $1
      WHERE s.id = $2`,
    [studentId, subjectId],
  );
  if (row === undefined) return undefined;
  return {
    price: row.price,
    // Never paid (no access row) counts as expired.
    expired: row.expires_at === null || row.expired === true,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
  };
}

/** Whether a student (or, for '', anyone) may watch the subject now. False for an unknown subject. */
export async function mayWatch(db: Queryable, studentId: string, subjectId: string): Promise<boolean> {
  const [row] = await db.query<{ allowed: boolean }>(
    `SELECT (s.price = 0 OR EXISTS (
              SELECT 1 FROM subject_access a
               WHERE a.student_id = $1 AND a.subject_id = s.id AND a.expires_at > now())) AS allowed
       FROM subjects s WHERE s.id = $2`,
    [studentId, subjectId],
  );
  return row?.allowed === true;
}

/**
 * Whether a signed video URL still holds: the student may watch the subject now, and, for a paid lesson, the
 * sessions the URL was issued to were not all revoked since (the student's token version is unchanged and
 * the account not deleted). Free lessons are signed for anyone ('' and version 0).
 */
export async function mayStream(
  db: Queryable,
  grant: { studentId: string; subjectId: string; tokenVersion: number },
): Promise<boolean> {
  const [row] = await db.query<{ allowed: boolean }>(
    `SELECT (s.price = 0 OR EXISTS (
              SELECT 1 FROM subject_access a
               WHERE a.student_id = $1 AND a.subject_id = s.id AND a.expires_at > now()))
        AND ($1 = '' OR EXISTS (
              SELECT 1 FROM students st
               WHERE st.id = $1 AND st.deleted_at IS NULL AND st.token_version = $3)) AS allowed
       FROM subjects s WHERE s.id = $2`,
    [grant.studentId, grant.subjectId, grant.tokenVersion],
  );
  return row?.allowed === true;
}

/**
 * Gives `days` more of a subject: from the current expiry while it still runs, else from now; returns the new
 * expiry. Called through extendAccessAll, which sets the order rows are locked in.
 */
async function extendAccess(
  tx: Queryable,
  studentId: string,
  subjectId: string,
  days: number,
): Promise<Date> {
  const [access] = await tx.query<{ expires_at: Date }>(
    `INSERT INTO subject_access (student_id, subject_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3::int))
     ON CONFLICT (student_id, subject_id) DO UPDATE
       SET expires_at = GREATEST(subject_access.expires_at, now()) + make_interval(days => $3::int)
     RETURNING expires_at`,
    [studentId, subjectId, days],
  );
  if (access === undefined) throw new Error('an upsert returns its row');
  return access.expires_at;
}

/**
 * Extends each grant's subject for one student, in one order for every caller (subject ids compared by code
 * point, not by a collation): two grants to one student that share subjects, a payment's and an access
 * code's, then lock their rows in the same order and cannot deadlock on PostgreSQL (40P01). Payments and
 * access codes both grant through it, so a code extends access exactly as a payment does. Returns each
 * subject's new expiry.
 */
export async function extendAccessAll(
  tx: Queryable,
  studentId: string,
  grants: ReadonlyArray<{ subjectId: string; days: number }>,
): Promise<Map<string, Date>> {
  const inLockOrder = [...grants].sort((a, b) =>
    a.subjectId < b.subjectId ? -1 : a.subjectId > b.subjectId ? 1 : 0,
  );
  const expiries = new Map<string, Date>();
  for (const grant of inLockOrder) {
    expiries.set(grant.subjectId, await extendAccess(tx, studentId, grant.subjectId, grant.days));
  }
  return expiries;
}
