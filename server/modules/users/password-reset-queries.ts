import type { Db, Queryable } from '../../lib/db';
import type { Language } from '../../lib/i18n';

/** A live account by its e-mail address, for a reset mail (in the language saved with it, when any). */
export async function findStudentByEmail(
  db: Queryable,
  email: string,
): Promise<{ id: string; firstname: string; language: Language | null } | undefined> {
  const [row] = await db.query<{ id: string; firstname: string; language: Language | null }>(
    'SELECT id, firstname, language FROM students WHERE email = $1 AND deleted_at IS NULL',
    [email],
  );
  return row;
}

export async function insertPasswordReset(
  db: Queryable,
  tokenHash: string,
  studentId: string,
  expiresAt: Date,
): Promise<void> {
  await db.query('INSERT INTO password_resets (token_hash, student_id, expires_at) VALUES ($1, $2, $3)', [
    tokenHash,
    studentId,
    expiresAt,
  ]);
}

/**
 * Sets the new password through a reset link, in one transaction: the link is checked and marked used in the
 * same statement (single use even under races), every session ends and every other outstanding link is void.
 * Returns the student's id, or undefined when the link is unknown, used, expired or its account deleted.
 */
export function resetPassword(db: Db, tokenHash: string, passwordHash: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [reset] = await tx.query<{ student_id: string }>(
      `UPDATE password_resets r SET used_at = now()
         FROM students s
        WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now()
          AND s.id = r.student_id AND s.deleted_at IS NULL
       RETURNING r.student_id`,
      [tokenHash],
    );
    if (reset === undefined) return undefined;
    await tx.query(
      'UPDATE students SET password_hash = $2, token_version = token_version + 1 WHERE id = $1',
      [reset.student_id, passwordHash],
    );
    await tx.query('UPDATE password_resets SET used_at = now() WHERE student_id = $1 AND used_at IS NULL', [
      reset.student_id,
    ]);
    return reset.student_id;
  });
}
