import type { DataExport } from '../../../contract/users';
import type { Db } from '../../lib/db';
import { HttpError } from '../../lib/errors';
import type { Language } from '../../lib/i18n';
import { accountOf } from './client-user';
import {
  codeRedemptions,
  commentLikes,
  comments,
  devices,
  isoOf,
  orders,
  passwordResets,
  payments,
  plannerDocuments,
  positions,
  reactions,
  videoTitle,
  views,
} from './data-export-parts';
import { findStudent, listPaidSubjects } from './queries';

// A student's own data, gathered from every table that keeps something of theirs (the right of access of
// Cameroon's 2024 personal data law). tests/server/account-data.test.ts checks that every table referring to
// a student is read here or said not to be, so a table added later cannot be forgotten silently.

/** Every table with a row of the student's that the export reads (the test holds the catalogue to it). */
export const EXPORTED_TABLES = [
  'students',
  'subject_access',
  'payments',
  'orders',
  'planner_documents',
  'comments',
  'video_reactions',
  'comment_likes',
  'video_views',
  'playback_positions',
  'push_tokens',
  'password_resets',
  'code_redemptions',
] as const;

/**
 * Everything StudyCam keeps about the student, read in one transaction so its parts agree. `origin` makes the
 * picture's address absolute (publicOrigin(request)).
 */
export function exportStudentData(
  db: Db,
  studentId: string,
  language: Language,
  origin = '',
): Promise<DataExport> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const student = await findStudent(tx, studentId);
    if (student === undefined) throw new HttpError(404, 'notFound');
    const title = videoTitle(language);
    const access = await listPaidSubjects(tx, studentId);
    const subjectTitles = new Map(access.map((row) => [row.subject_id, row.subject_title]));
    // One at a time, in this order: a transaction holds one connection.
    const parts = {
      payments: await payments(tx, studentId),
      orders: await orders(tx, studentId, language),
      planner: await plannerDocuments(tx, studentId),
      comments: await comments(tx, studentId, title),
      reactions: await reactions(tx, studentId, title),
      commentLikes: await commentLikes(tx, studentId, title),
      views: await views(tx, studentId, title),
      positions: await positions(tx, studentId, title),
      devices: await devices(tx, studentId),
      passwordResets: await passwordResets(tx, studentId),
      codeRedemptions: await codeRedemptions(tx, studentId, subjectTitles),
    };
    const now = Date.now();
    return {
      format: 'studycam-personal-data' as const,
      formatVersion: 1 as const,
      exportedAt: new Date(now).toISOString(),
      language,
      account: accountOf(student, origin),
      access: access.map((row) => ({
        subjectId: row.subject_id,
        subjectTitle: row.subject_title,
        expiresAt: isoOf(row.expires_at),
        expired: new Date(row.expires_at).getTime() <= now,
      })),
      ...parts,
    };
  });
}
