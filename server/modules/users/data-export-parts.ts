import type { Queryable } from '../../lib/db';
import type { Language } from '../../lib/i18n';

// The parts of a student's data export (data-export.ts), one function a part: each reads the student's rows
// of one table (with what names them) and shapes them as the export says. All run in the export's one
// read-only transaction, in the order data-export.ts calls them.

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
export const isoOf = (value: Date | string): string => new Date(value).toISOString();

/** A video's title in the language asked for (imported lessons have both), else its one title. */
export function videoTitle(language: Language): string {
  return language === 'fr' ? 'COALESCE(v.title_fr, v.title)' : 'COALESCE(v.title_en, v.title)';
}

export async function payments(db: Queryable, studentId: string) {
  const rows = await db.query<{
    reference_id: string;
    external_id: string;
    kind: 'subjects' | 'order';
    status: string;
    reason: string | null;
    total_cost: number;
    currency: string;
    msisdn: string | null;
    created_at: Date;
    settled_at: Date | null;
    items: { subjectId: string; amount: number }[];
  }>(
    `SELECT reference_id, external_id, kind, status, reason, total_cost, currency, msisdn, created_at, settled_at, items
       FROM payments WHERE student_id = $1 ORDER BY created_at, reference_id`,
    [studentId],
  );
  const subjects = await db.query<{ id: string; subject_title: string }>(
    'SELECT id, subject_title FROM subjects',
  );
  const titles = new Map(subjects.map((row) => [row.id, row.subject_title]));
  return rows.map((row) => ({
    referenceId: row.reference_id,
    externalId: row.external_id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    amount: row.total_cost,
    currency: row.currency,
    payer: row.msisdn,
    createdAt: isoOf(row.created_at),
    settledAt: iso(row.settled_at),
    items: row.items.map((item) => ({
      subjectId: item.subjectId,
      subjectTitle: titles.get(item.subjectId) ?? null,
      periods: item.amount,
    })),
  }));
}

export async function orders(db: Queryable, studentId: string, language: Language) {
  const rows = await db.query<{
    reference_id: string;
    product_id: string;
    title: string;
    quantity: number;
    unit_price: number;
    town: string;
    status: string;
    created_at: Date;
  }>(
    `SELECT o.reference_id, o.product_id, ${language === 'fr' ? 'p.title_fr' : 'p.title_en'} AS title,
              o.quantity, o.unit_price, o.town, o.status, o.created_at
         FROM orders o JOIN payments pay ON pay.reference_id = o.reference_id
         JOIN products p ON p.id = o.product_id
        WHERE pay.student_id = $1 ORDER BY o.created_at, o.reference_id`,
    [studentId],
  );
  return rows.map((row) => ({
    referenceId: row.reference_id,
    productId: row.product_id,
    productTitle: row.title,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    town: row.town,
    status: row.status,
    createdAt: isoOf(row.created_at),
  }));
}

export async function plannerDocuments(db: Queryable, studentId: string) {
  const rows = await db.query<{
    kind: string;
    id: string;
    revision: number;
    deleted: boolean;
    updated_at: Date;
    data: Record<string, unknown>;
  }>(
    `SELECT kind, id, revision, deleted, updated_at, data FROM planner_documents
        WHERE student_id = $1 ORDER BY kind, id`,
    [studentId],
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    revision: row.revision,
    deleted: row.deleted,
    updatedAt: isoOf(row.updated_at),
    data: row.data,
  }));
}

/** `title`: the SQL of the video's title in the export's language (videoTitle). */
export async function comments(db: Queryable, studentId: string, title: string) {
  const rows = await db.query<{
    id: string;
    video_id: string;
    title: string;
    text: string;
    likes: number;
    created_at: Date;
  }>(
    `SELECT c.id, c.video_id, ${title} AS title, c.text, c.likes, c.created_at
         FROM comments c JOIN videos v ON v.id = c.video_id
        WHERE c.student_id = $1 ORDER BY c.created_at, c.id`,
    [studentId],
  );
  return rows.map((row) => ({
    id: row.id,
    videoId: row.video_id,
    videoTitle: row.title,
    text: row.text,
    likes: row.likes,
    createdAt: isoOf(row.created_at),
  }));
}

export async function reactions(db: Queryable, studentId: string, title: string) {
  const rows = await db.query<{ video_id: string; title: string; kind: 'like' | 'dislike' }>(
    `SELECT r.video_id, ${title} AS title, r.kind FROM video_reactions r JOIN videos v ON v.id = r.video_id
        WHERE r.student_id = $1 ORDER BY r.video_id`,
    [studentId],
  );
  return rows.map((row) => ({ videoId: row.video_id, videoTitle: row.title, kind: row.kind }));
}

export async function commentLikes(db: Queryable, studentId: string, title: string) {
  const rows = await db.query<{ comment_id: string; video_id: string; title: string }>(
    `SELECT l.comment_id, c.video_id, ${title} AS title
         FROM comment_likes l JOIN comments c ON c.id = l.comment_id JOIN videos v ON v.id = c.video_id
        WHERE l.student_id = $1 ORDER BY l.comment_id`,
    [studentId],
  );
  return rows.map((row) => ({ commentId: row.comment_id, videoId: row.video_id, videoTitle: row.title }));
}

export async function views(db: Queryable, studentId: string, title: string) {
  const rows = await db.query<{ video_id: string; title: string; viewed_at: Date }>(
    `SELECT w.video_id, ${title} AS title, w.viewed_at FROM video_views w JOIN videos v ON v.id = w.video_id
        WHERE w.student_id = $1 ORDER BY w.viewed_at, w.video_id`,
    [studentId],
  );
  return rows.map((row) => ({
    videoId: row.video_id,
    videoTitle: row.title,
    viewedAt: isoOf(row.viewed_at),
  }));
}

export async function positions(db: Queryable, studentId: string, title: string) {
  const rows = await db.query<{
    video_id: string;
    title: string;
    position_seconds: number;
    updated_at: Date;
  }>(
    `SELECT p.video_id, ${title} AS title, p.position_seconds, p.updated_at
         FROM playback_positions p JOIN videos v ON v.id = p.video_id
        WHERE p.student_id = $1 ORDER BY p.updated_at DESC, p.video_id`,
    [studentId],
  );
  return rows.map((row) => ({
    videoId: row.video_id,
    videoTitle: row.title,
    positionSeconds: row.position_seconds,
    updatedAt: isoOf(row.updated_at),
  }));
}

export async function devices(db: Queryable, studentId: string) {
  const rows = await db.query<{ platform: string; token: string; updated_at: Date }>(
    'SELECT platform, token, updated_at FROM push_tokens WHERE student_id = $1 ORDER BY updated_at, token',
    [studentId],
  );
  return rows.map((row) => ({ platform: row.platform, token: row.token, updatedAt: isoOf(row.updated_at) }));
}

export async function passwordResets(db: Queryable, studentId: string) {
  const rows = await db.query<{ created_at: Date; expires_at: Date; used_at: Date | null }>(
    'SELECT created_at, expires_at, used_at FROM password_resets WHERE student_id = $1 ORDER BY created_at',
    [studentId],
  );
  return rows.map((row) => ({
    requestedAt: isoOf(row.created_at),
    expiresAt: isoOf(row.expires_at),
    used: row.used_at !== null,
  }));
}

/** `subjectTitles`: the titles of the subjects the student has access to, by id. */
export async function codeRedemptions(
  db: Queryable,
  studentId: string,
  subjectTitles: ReadonlyMap<string, string>,
) {
  const rows = await db.query<{
    batch: string;
    redeemed_at: Date;
    days: number;
    granted: { subjectId: string; expiresAt: string }[];
  }>(
    `SELECT b.name AS batch, r.redeemed_at, r.days, r.granted
         FROM code_redemptions r JOIN access_codes c ON c.code_hash = r.code_hash
         JOIN code_batches b ON b.id = c.batch_id
        WHERE r.student_id = $1 ORDER BY r.redeemed_at, r.id`,
    [studentId],
  );
  return rows.map((row) => ({
    batch: row.batch,
    redeemedAt: isoOf(row.redeemed_at),
    days: row.days,
    granted: row.granted.map((grant) => ({
      subjectId: grant.subjectId,
      subjectTitle: subjectTitles.get(grant.subjectId) ?? null,
      expiresAt: isoOf(grant.expiresAt),
    })),
  }));
}
