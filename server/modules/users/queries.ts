import type { Queryable } from '../../lib/db';
import { HttpError, isUniqueViolation } from '../../lib/errors';

export interface Credentials {
  id: string;
  username: string;
  role: string;
  password_hash: string;
  token_version: number;
}

export async function findCredentials(
  db: Queryable,
  by: 'username' | 'phonenumber' | 'id',
  value: string,
): Promise<Credentials | undefined> {
  // Students may type their e-mail address in the username field; both are unique.
  const where =
    by === 'username'
      ? '(username = $1 OR email = lower($1))'
      : by === 'phonenumber'
        ? 'phonenumber = $1'
        : 'id = $1';
  const [row] = await db.query<Credentials>(
    `SELECT id, username, role, password_hash, token_version FROM students WHERE ${where} AND deleted_at IS NULL`,
    [value],
  );
  return row;
}

/** A unique violation on one of the students' identifying columns, as the 409 it should be. */
export function takenError(error: unknown): HttpError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const e = error as { constraint?: unknown; message?: unknown };
  const where = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
  if (where.includes('students_username_key')) return new HttpError(409, 'usernameTaken');
  if (where.includes('students_email_key')) return new HttpError(409, 'emailTaken');
  if (where.includes('students_phonenumber_key')) return new HttpError(409, 'phoneTaken');
  return undefined;
}

/** The first of username/email/phone already used by another (live or deleted) account. */
export async function findTaken(
  db: Queryable,
  fields: { username?: string; email?: string; phonenumber?: string },
  exceptId = '',
): Promise<HttpError | undefined> {
  const [row] = await db.query<{ username: boolean; email: boolean; phonenumber: boolean }>(
    `SELECT bool_or(username = $1) AS username, bool_or(email = $2) AS email, bool_or(phonenumber = $3) AS phonenumber
       FROM students WHERE id <> $4 AND (username = $1 OR email = $2 OR phonenumber = $3)`,
    [fields.username ?? null, fields.email ?? null, fields.phonenumber ?? null, exceptId],
  );
  if (row?.username) return new HttpError(409, 'usernameTaken');
  if (row?.email) return new HttpError(409, 'emailTaken');
  if (row?.phonenumber) return new HttpError(409, 'phoneTaken');
  return undefined;
}
