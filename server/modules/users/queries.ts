import type { Db, Queryable } from '../../lib/db';
import { HttpError, isUniqueViolation } from '../../lib/errors';
import type { Language } from '../../lib/i18n';
import type { Section } from '../../lib/schemas';

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

export interface NewStudent {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  phonenumber: string;
  passwordHash: string;
}

/** Throws the database's unique violation when a name is taken meanwhile (see takenError). */
export async function insertStudent(db: Queryable, student: NewStudent): Promise<void> {
  await db.query(
    `INSERT INTO students (id, firstname, lastname, email, username, phonenumber, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      student.id,
      student.firstname,
      student.lastname,
      student.email,
      student.username,
      student.phonenumber,
      student.passwordHash,
    ],
  );
}

export interface ProfileChanges {
  firstname?: string;
  lastname?: string;
  email?: string;
  phonenumber?: string;
  language?: Language;
}

/** Changes the fields given and keeps the others. */
export async function updateProfile(
  db: Queryable,
  studentId: string,
  changes: ProfileChanges,
): Promise<void> {
  await db.query(
    `UPDATE students SET firstname = COALESCE($2, firstname), lastname = COALESCE($3, lastname),
            email = COALESCE($4, email), phonenumber = COALESCE($5, phonenumber),
            language = COALESCE($6, language)
      WHERE id = $1`,
    [
      studentId,
      changes.firstname ?? null,
      changes.lastname ?? null,
      changes.email ?? null,
      changes.phonenumber ?? null,
      changes.language ?? null,
    ],
  );
}

/** The stored path of the student's picture (null: none). */
export async function findProfilePicture(db: Queryable, studentId: string): Promise<string | null> {
  const [row] = await db.query<{ profile_picture: string | null }>(
    'SELECT profile_picture FROM students WHERE id = $1',
    [studentId],
  );
  return row?.profile_picture ?? null;
}

export async function setProfilePicture(db: Queryable, studentId: string, path: string): Promise<void> {
  await db.query('UPDATE students SET profile_picture = $2 WHERE id = $1', [studentId, path]);
}

export async function setPasswordHash(db: Queryable, studentId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE students SET password_hash = $2 WHERE id = $1', [studentId, passwordHash]);
}

/** Keeps the device's token for the student. A device handed over to another student must stop receiving the
 * previous owner's notifications: its token leaves every other account. */
export function savePushToken(db: Db, studentId: string, token: string, platform: string): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM push_tokens WHERE token = $1 AND student_id <> $2', [token, studentId]);
    await tx.query(
      `INSERT INTO push_tokens (student_id, token, platform) VALUES ($1, $2, $3)
       ON CONFLICT (student_id, token) DO UPDATE SET platform = EXCLUDED.platform, updated_at = now()`,
      [studentId, token, platform],
    );
  });
}

/** Tables whose rows are the student's own and go with the account. */
const ERASED_WITH_ACCOUNT = [
  'push_tokens',
  'comment_likes',
  'video_reactions',
  'video_views',
  'playback_positions',
  'subject_access',
  'password_resets',
] as const;

/** Tables another module adds, present or not depending on the migrations applied. */
async function tablesPresent(tx: Queryable, names: readonly string[]): Promise<Set<string>> {
  const rows = await tx.query<{ name: string }>(
    'SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL',
    [names],
  );
  return new Set(rows.map((row) => row.name));
}

/** What the student's payments keep of them besides the account: delivery towns, the emulator's payer. */
async function forgetPayer(tx: Queryable, studentId: string): Promise<void> {
  const present = await tablesPresent(tx, ['orders', 'momo_sandbox_transactions']);
  if (present.has('orders')) {
    await tx.query(
      `UPDATE orders SET town = '' WHERE reference_id IN (SELECT reference_id FROM payments WHERE student_id = $1)`,
      [studentId],
    );
  }
  if (present.has('momo_sandbox_transactions')) {
    await tx.query(
      `UPDATE momo_sandbox_transactions
          SET body = jsonb_set(body - 'payerMessage' - 'payeeNote', '{payer,partyId}', '""')
        WHERE reference_id IN (SELECT reference_id FROM payments WHERE student_id = $1)`,
      [studentId],
    );
  }
}

/**
 * Erases the account in one transaction: personal data, the authorship of comments, push tokens and access;
 * payments are kept, anonymised. Returns the stored picture path, for the caller to remove the file.
 */
export function eraseAccount(db: Db, studentId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ profile_picture: string | null }>(
      'SELECT profile_picture FROM students WHERE id = $1 FOR UPDATE',
      [studentId],
    );
    await tx.query('UPDATE comments SET student_id = NULL, username = NULL WHERE student_id = $1', [
      studentId,
    ]);
    for (const table of ERASED_WITH_ACCOUNT) {
      await tx.query(`DELETE FROM ${table} WHERE student_id = $1`, [studentId]);
    }
    // The payments table belongs to the payments module (migration 002); when present its rows are
    // kept for accounting with the payer's identity removed: the number paid from (msisdn), the account,
    // an order's delivery town, and what the built-in emulator (which plays the provider) kept of the payer.
    const [payments] = await tx.query<{ present: boolean }>(
      "SELECT to_regclass('payments') IS NOT NULL AS present",
    );
    if (payments?.present) {
      await forgetPayer(tx, studentId);
      await tx.query('UPDATE payments SET student_id = NULL, msisdn = NULL WHERE student_id = $1', [
        studentId,
      ]);
    }
    // Access codes redeemed (migration 012): the seat stays taken, but no longer says whose it was.
    await tx.query('UPDATE code_redemptions SET student_id = NULL WHERE student_id = $1', [studentId]);
    await tx.query(
      `UPDATE students SET firstname = NULL, lastname = NULL, email = NULL, username = NULL, phonenumber = NULL,
              password_hash = NULL, profile_picture = NULL, language = NULL, deleted_at = now(), token_version = token_version + 1
        WHERE id = $1`,
      [studentId],
    );
    return row?.profile_picture ?? null;
  });
}

export interface StudentRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  phonenumber: string;
  role: 'STUDENT';
  profile_picture: string | null;
  created_at: Date;
  language: Language | null;
}

/** A live account's own fields (never the hash, never the token version). */
export async function findStudent(db: Queryable, studentId: string): Promise<StudentRow | undefined> {
  const [row] = await db.query<StudentRow>(
    `SELECT id, firstname, lastname, email, username, phonenumber, role, profile_picture, created_at, language
       FROM students WHERE id = $1 AND deleted_at IS NULL`,
    [studentId],
  );
  return row;
}

export interface PaidSubjectRow {
  subject_id: string;
  subject_title: string;
  section: Section;
  expires_at: Date;
}

/** Every subject the student has bought, expired ones included, in catalogue order. */
export function listPaidSubjects(db: Queryable, studentId: string): Promise<PaidSubjectRow[]> {
  return db.query<PaidSubjectRow>(
    `SELECT a.subject_id, s.subject_title, s.section, a.expires_at
       FROM subject_access a JOIN subjects s ON s.id = a.subject_id
      WHERE a.student_id = $1
      ORDER BY s.sort_order, s.subject_title`,
    [studentId],
  );
}
