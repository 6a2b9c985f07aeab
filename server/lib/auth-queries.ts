import type { Queryable } from './db';
import { HttpError } from './errors';
import type { Language } from './i18n';

export type Role = 'STUDENT';

/** What a token is checked against: the student's live account, and whether this very token was revoked. */
export interface TokenHolder {
  username: string;
  role: Role;
  token_version: number;
  revoked: boolean;
  /** The language saved with the account (null: never chosen): the server's messages use it. */
  language: Language | null;
}

/** The token's student, undefined when the account is unknown or deleted. */
export async function findTokenHolder(
  db: Queryable,
  studentId: string,
  jti: string,
): Promise<TokenHolder | undefined> {
  const [row] = await db.query<TokenHolder>(
    `SELECT s.username, s.role, s.token_version, s.language,
            EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2) AS revoked
       FROM students s
      WHERE s.id = $1 AND s.deleted_at IS NULL`,
    [studentId, jti],
  );
  return row;
}

/** Revokes one token (logout). Expired revocations are pruned on the way. */
export async function revokeToken(db: Queryable, jti: string, expiresAt: Date): Promise<void> {
  await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  await db.query(
    'INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING',
    [jti, expiresAt],
  );
}

/** Revokes every token of the student issued so far (all-device logout, password change, deletion). */
export async function revokeAllTokens(db: Queryable, studentId: string): Promise<number> {
  const [row] = await db.query<{ token_version: number }>(
    'UPDATE students SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version',
    [studentId],
  );
  if (row === undefined) throw new HttpError(404, 'notFound');
  return row.token_version;
}
