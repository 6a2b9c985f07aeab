import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../lib/db';
import { HttpError, isUniqueViolation } from '../../lib/errors';
import type { Section } from '../../lib/schemas';
import { extendAccessAll } from '../../lib/subject-access';
import type { CodeBatch } from './schemas';

// The SQL of access codes (migration 011): batches, their codes' keyed hashes, redemptions.

interface BatchRow {
  id: string;
  name: string;
  subject_ids: string[] | null;
  section: Section | null;
  days: number;
  seats: number;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
  count: number;
  spent: number;
  unspent: number;
  seats_left: number;
  redemptions: number;
  subjects: Array<{ id: string; title: string }> | null;
}

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

/**
 * Every batch with its codes counted: spent (no seat left), unspent (a seat left and not revoked), the
 * seats left, and what it gives (a section's subjects as they are now: that is what a code gives today).
 */
const BATCH_VIEW = `
  SELECT b.id, b.name, b.subject_ids, b.section, b.days, b.seats, b.expires_at, b.revoked_at, b.created_at,
         (SELECT count(*)::int FROM access_codes c WHERE c.batch_id = b.id) AS count,
         (SELECT count(*)::int FROM access_codes c WHERE c.batch_id = b.id AND c.seats_left = 0) AS spent,
         (SELECT count(*)::int FROM access_codes c
           WHERE c.batch_id = b.id AND c.seats_left > 0 AND c.revoked_at IS NULL) AS unspent,
         (SELECT COALESCE(sum(c.seats_left), 0)::int FROM access_codes c
           WHERE c.batch_id = b.id AND c.revoked_at IS NULL) AS seats_left,
         (SELECT count(*)::int FROM code_redemptions r JOIN access_codes c ON c.code_hash = r.code_hash
           WHERE c.batch_id = b.id) AS redemptions,
         (SELECT jsonb_agg(jsonb_build_object('id', s.id, 'title', s.subject_title) ORDER BY s.sort_order, s.id)
            FROM subjects s
           WHERE (b.subject_ids IS NOT NULL AND b.subject_ids ? s.id)
              OR (b.section IS NOT NULL AND s.section = b.section AND s.price > 0)) AS subjects
    FROM code_batches b`;

function toBatch(row: BatchRow): CodeBatch {
  return {
    id: row.id,
    name: row.name,
    kind: row.seats > 1 ? 'class' : 'card',
    subjects: row.subjects ?? [],
    section: row.section,
    days: row.days,
    seats: row.seats,
    count: row.count,
    spent: row.spent,
    unspent: row.unspent,
    seatsLeft: row.seats_left,
    redemptions: row.redemptions,
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listBatches(db: Queryable): Promise<CodeBatch[]> {
  const rows = await db.query<BatchRow>(`${BATCH_VIEW} ORDER BY b.created_at DESC, b.name`);
  return rows.map(toBatch);
}

export async function findBatch(db: Queryable, name: string): Promise<CodeBatch | undefined> {
  const [row] = await db.query<BatchRow>(`${BATCH_VIEW} WHERE b.name = $1`, [name]);
  return row === undefined ? undefined : toBatch(row);
}

export interface NewBatch {
  name: string;
  subjectIds: string[] | undefined;
  section: Section | undefined;
  days: number;
  seats: number;
  expiresAt: Date | undefined;
  /** The codes' keyed hashes; the codes themselves never reach the database. */
  hashes: string[];
}

/** Writes a batch and its codes in one transaction: all of them, or nothing (a taken name is a 409). */
export async function insertBatch(db: Db, batch: NewBatch): Promise<CodeBatch> {
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      if (batch.subjectIds !== undefined) {
        const known = await tx.query<{ id: string }>('SELECT id FROM subjects WHERE id = ANY($1::text[])', [
          batch.subjectIds,
        ]);
        const missing = batch.subjectIds.find((subjectId) => !known.some((row) => row.id === subjectId));
        if (missing !== undefined) throw new HttpError(400, 'codeUnknownSubject', { subjectId: missing });
      } else {
        const [paid] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM subjects WHERE section = $1 AND price > 0',
          [batch.section],
        );
        if ((paid?.n ?? 0) === 0)
          throw new HttpError(400, 'codeSectionEmpty', { section: batch.section ?? '' });
      }
      await tx.query(
        `INSERT INTO code_batches (id, name, subject_ids, section, days, seats, expires_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
        [
          id,
          batch.name,
          batch.subjectIds === undefined ? null : JSON.stringify([...new Set(batch.subjectIds)]),
          batch.section ?? null,
          batch.days,
          batch.seats,
          batch.expiresAt ?? null,
        ],
      );
      await tx.query(
        `INSERT INTO access_codes (code_hash, batch_id, seats_left)
         SELECT hash, $2, $3 FROM unnest($1::text[]) AS hash`,
        [batch.hashes, id, batch.seats],
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'code_batches_name_key')) {
      throw new HttpError(409, 'codeBatchTaken', { batch: batch.name });
    }
    throw error;
  }
  const made = await findBatch(db, batch.name);
  if (made === undefined) throw new Error('the batch just written is not there');
  return made;
}

/**
 * Withdraws a batch: its codes that still have seats are refused from now on. What was redeemed stays
 * (the student's access is theirs); the batch is marked so that its codes say "withdrawn", not "wrong".
 */
export async function revokeBatch(db: Db, name: string): Promise<{ batch: CodeBatch; revoked: number }> {
  const revoked = await db.transaction(async (tx) => {
    const [batch] = await tx.query<{ id: string }>(
      'UPDATE code_batches SET revoked_at = COALESCE(revoked_at, now()) WHERE name = $1 RETURNING id',
      [name],
    );
    if (batch === undefined) throw new HttpError(404, 'codeBatchNotFound', { batch: name });
    const rows = await tx.query<{ code_hash: string }>(
      `UPDATE access_codes SET revoked_at = now()
        WHERE batch_id = $1 AND revoked_at IS NULL AND seats_left > 0
        RETURNING code_hash`,
      [batch.id],
    );
    return rows.length;
  });
  const batch = await findBatch(db, name);
  if (batch === undefined) throw new HttpError(404, 'codeBatchNotFound', { batch: name });
  return { batch, revoked };
}

/** Why a code gave nothing; `until` is the last moment an expired code was accepted. */
export type Refusal =
  | { reason: 'unknown' | 'revoked' | 'spent' | 'alreadyYours' | 'nothingToGive' }
  | { reason: 'expired'; until: Date };

export interface Redeemed {
  redemptionId: string;
  /** Each subject given, with its expiry after this redemption. */
  granted: Array<{ subjectId: string; subjectTitle: string; expiresAt: Date }>;
}

interface LockedCode {
  seats_left: number;
  code_revoked: Date | null;
  batch_revoked: Date | null;
  expires_at: Date | null;
  expired: boolean;
  days: number;
  subject_ids: string[] | null;
  section: Section | null;
  mine: boolean;
}

/** The subjects a code gives now: its own list, or its section's paid subjects; those that still exist. */
async function subjectsGiven(tx: Queryable, code: LockedCode): Promise<Array<{ id: string; title: string }>> {
  return tx.query<{ id: string; title: string }>(
    `SELECT id, subject_title AS title FROM subjects
      WHERE ($1::jsonb IS NOT NULL AND $1::jsonb ? id) OR ($2::text IS NOT NULL AND section = $2 AND price > 0)
      ORDER BY id`,
    [code.subject_ids === null ? null : JSON.stringify(code.subject_ids), code.section],
  );
}

/**
 * Redeems a code for a student, in one transaction: the code's row is locked (FOR UPDATE), so concurrent
 * redemptions of one code take turns and each sees the seats the previous one left; a seat is then taken by
 * a conditional update (seats_left > 0), and the unique (code, student) pair is the last guard against a
 * student taking two seats. Access is granted as a payment grants it: from the current expiry when it is
 * still running, else from now, through the payments' own extendAccessAll (one lock order, so they cannot deadlock).
 */
export async function redeemCode(db: Db, studentId: string, hash: string): Promise<Redeemed | Refusal> {
  try {
    return await db.transaction(async (tx): Promise<Redeemed | Refusal> => {
      // The lock first, alone: what is read next is read after the previous holder committed (each
      // statement of a READ COMMITTED transaction sees what was committed before it started).
      const [locked] = await tx.query<{ code_hash: string }>(
        'SELECT code_hash FROM access_codes WHERE code_hash = $1 FOR UPDATE',
        [hash],
      );
      if (locked === undefined) return { reason: 'unknown' };
      const [code] = await tx.query<LockedCode>(
        `SELECT c.seats_left, c.revoked_at AS code_revoked, b.revoked_at AS batch_revoked, b.expires_at,
                (b.expires_at IS NOT NULL AND b.expires_at <= now()) AS expired, b.days, b.subject_ids, b.section,
                EXISTS (SELECT 1 FROM code_redemptions r WHERE r.code_hash = c.code_hash AND r.student_id = $2) AS mine
           FROM access_codes c JOIN code_batches b ON b.id = c.batch_id
          WHERE c.code_hash = $1`,
        [hash, studentId],
      );
      if (code === undefined) return { reason: 'unknown' };
      if (code.mine) return { reason: 'alreadyYours' };
      if (code.code_revoked !== null || code.batch_revoked !== null) return { reason: 'revoked' };
      if (code.expired && code.expires_at !== null) {
        return { reason: 'expired', until: new Date(new Date(code.expires_at).getTime() - 1) };
      }
      const subjects = await subjectsGiven(tx, code);
      if (subjects.length === 0) return { reason: 'nothingToGive' };
      const [seat] = await tx.query<{ seats_left: number }>(
        `UPDATE access_codes SET seats_left = seats_left - 1
          WHERE code_hash = $1 AND seats_left > 0 AND revoked_at IS NULL
          RETURNING seats_left`,
        [hash],
      );
      if (seat === undefined) return { reason: 'spent' };
      const expiries = await extendAccessAll(
        tx,
        studentId,
        subjects.map((subject) => ({ subjectId: subject.id, days: code.days })),
      );
      const granted: Redeemed['granted'] = subjects.map((subject) => ({
        subjectId: subject.id,
        subjectTitle: subject.title,
        expiresAt: expiries.get(subject.id) as Date,
      }));
      const redemptionId = randomUUID();
      await tx.query(
        `INSERT INTO code_redemptions (id, code_hash, student_id, granted, days)
         VALUES ($1, $2, $3, $4::jsonb, $5)`,
        [
          redemptionId,
          hash,
          studentId,
          JSON.stringify(
            granted.map((g) => ({ subjectId: g.subjectId, expiresAt: new Date(g.expiresAt).toISOString() })),
          ),
          code.days,
        ],
      );
      return { redemptionId, granted };
    });
  } catch (error) {
    // Two redemptions of one code by one student that both passed the check (the lock makes this rare):
    // the unique pair rolled the second one back whole.
    if (isUniqueViolation(error)) return { reason: 'alreadyYours' };
    throw error;
  }
}

export interface RedemptionListRow {
  id: string;
  batch: string;
  days: number;
  granted: Array<{ subjectId: string; expiresAt: string }>;
  titles: Record<string, string> | null;
  redeemed_at: Date;
}

/** A student's redemptions, newest first, for the transactions tab (never the code). */
export async function listRedemptions(db: Queryable, studentId: string): Promise<RedemptionListRow[]> {
  return db.query<RedemptionListRow>(
    `SELECT r.id, b.name AS batch, r.days, r.granted, r.redeemed_at,
            (SELECT jsonb_object_agg(s.id, s.subject_title)
               FROM jsonb_array_elements(r.granted) AS g
               JOIN subjects s ON s.id = g ->> 'subjectId') AS titles
       FROM code_redemptions r
       JOIN access_codes c ON c.code_hash = r.code_hash
       JOIN code_batches b ON b.id = c.batch_id
      WHERE r.student_id = $1
      ORDER BY r.redeemed_at DESC, r.id`,
    [studentId],
  );
}
