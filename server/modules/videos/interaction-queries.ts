import { randomUUID } from 'node:crypto';
import type { Db, Queryable, Transaction } from '../../lib/db';
import { commentJson } from './queries';
import type { CommentJson } from './schemas';

export interface VideoCounts {
  likes: number;
  dislikes: number;
  views: number;
}

export type Reaction = 'like' | 'dislike';

/** Statements that change a video's counts run one at a time per video, so the counts stay exact. */
const lockVideo = (tx: Transaction, videoId: string) =>
  tx.query('SELECT id FROM videos WHERE id = $1 FOR UPDATE', [videoId]);

export async function insertComment(
  db: Queryable,
  videoId: string,
  student: { id: string; username: string },
  text: string,
): Promise<CommentJson> {
  const [row] = await db.query<Parameters<typeof commentJson>[0]>(
    `INSERT INTO comments (id, video_id, student_id, username, text) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, video_id, student_id, username, text, likes, created_at`,
    [randomUUID(), videoId, student.id, student.username, text],
  );
  if (row === undefined) throw new Error('comment insert returned no row');
  return commentJson(row);
}

/**
 * Toggles the student's reaction: the same reaction again takes it back; the other one replaces it.
 * The video's counts after it, undefined when the video is gone.
 */
export function toggleReaction(
  db: Db,
  videoId: string,
  studentId: string,
  kind: Reaction,
): Promise<VideoCounts | undefined> {
  return db.transaction(async (tx) => {
    await lockVideo(tx, videoId);
    const [existing] = await tx.query<{ kind: string }>(
      'SELECT kind FROM video_reactions WHERE video_id = $1 AND student_id = $2',
      [videoId, studentId],
    );
    let likes = 0;
    let dislikes = 0;
    if (existing?.kind === kind) {
      await tx.query('DELETE FROM video_reactions WHERE video_id = $1 AND student_id = $2', [
        videoId,
        studentId,
      ]);
      if (kind === 'like') likes -= 1;
      else dislikes -= 1;
    } else {
      await tx.query(
        `INSERT INTO video_reactions (video_id, student_id, kind) VALUES ($1, $2, $3)
         ON CONFLICT (video_id, student_id) DO UPDATE SET kind = EXCLUDED.kind`,
        [videoId, studentId, kind],
      );
      if (kind === 'like') likes += 1;
      else dislikes += 1;
      if (existing?.kind === 'like') likes -= 1;
      if (existing?.kind === 'dislike') dislikes -= 1;
    }
    const [row] = await tx.query<VideoCounts>(
      `UPDATE videos SET likes = GREATEST(likes + $2, 0), dislikes = GREATEST(dislikes + $3, 0)
       WHERE id = $1 RETURNING likes, dislikes, views`,
      [videoId, likes, dislikes],
    );
    return row;
  });
}

/** Counts a view at most once per student per hour; `counted` says whether this one was. */
export function countView(
  db: Db,
  videoId: string,
  studentId: string,
): Promise<{ counts: VideoCounts | undefined; counted: boolean }> {
  return db.transaction(async (tx) => {
    await lockVideo(tx, videoId);
    const [recent] = await tx.query(
      `SELECT 1 FROM video_views WHERE video_id = $1 AND student_id = $2 AND viewed_at > now() - interval '1 hour'`,
      [videoId, studentId],
    );
    if (recent === undefined) {
      await tx.query('INSERT INTO video_views (video_id, student_id) VALUES ($1, $2)', [videoId, studentId]);
      await tx.query('UPDATE videos SET views = views + 1 WHERE id = $1', [videoId]);
    }
    const [counts] = await tx.query<VideoCounts>('SELECT likes, dislikes, views FROM videos WHERE id = $1', [
      videoId,
    ]);
    return { counts, counted: recent === undefined };
  });
}

/** Toggles the student's like of a comment of this video: its likes after it, undefined when no such comment. */
export function toggleCommentLike(
  db: Db,
  videoId: string,
  commentId: string,
  studentId: string,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [comment] = await tx.query('SELECT id FROM comments WHERE id = $1 AND video_id = $2 FOR UPDATE', [
      commentId,
      videoId,
    ]);
    if (comment === undefined) return undefined;
    const removed = await tx.query(
      'DELETE FROM comment_likes WHERE comment_id = $1 AND student_id = $2 RETURNING comment_id',
      [commentId, studentId],
    );
    if (removed.length === 0) {
      await tx.query('INSERT INTO comment_likes (comment_id, student_id) VALUES ($1, $2)', [
        commentId,
        studentId,
      ]);
    }
    const [row] = await tx.query<{ likes: number }>(
      'UPDATE comments SET likes = GREATEST(likes + $2, 0) WHERE id = $1 RETURNING likes',
      [commentId, removed.length === 0 ? 1 : -1],
    );
    return row?.likes ?? 0;
  });
}
