import type { Queryable } from '../../lib/db';

export interface SavedPosition {
  position: number | null;
  updatedAt: string | null;
}

export async function loadPosition(
  db: Queryable,
  studentId: string,
  videoId: string,
): Promise<SavedPosition> {
  const [row] = await db.query<{ position_seconds: number; updated_at: Date }>(
    'SELECT position_seconds, updated_at FROM playback_positions WHERE student_id = $1 AND video_id = $2',
    [studentId, videoId],
  );
  return row
    ? { position: row.position_seconds, updatedAt: new Date(row.updated_at).toISOString() }
    : { position: null, updatedAt: null };
}

/** Keeps the newer of the stored position and this one (one statement, so two devices cannot race). */
export async function savePosition(
  db: Queryable,
  studentId: string,
  videoId: string,
  position: number,
  updatedAt: Date,
): Promise<SavedPosition> {
  await db.query(
    `INSERT INTO playback_positions (student_id, video_id, position_seconds, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (student_id, video_id) DO UPDATE
       SET position_seconds = EXCLUDED.position_seconds, updated_at = EXCLUDED.updated_at
       WHERE playback_positions.updated_at < EXCLUDED.updated_at`,
    [studentId, videoId, position, updatedAt],
  );
  return loadPosition(db, studentId, videoId);
}

/** Every position the student saved, for what their home offers to watch next. */
export async function listPositions(
  db: Queryable,
  studentId: string,
): Promise<{ videoId: string; position: number; updatedAt: number }[]> {
  const rows = await db.query<{ video_id: string; position_seconds: number; updated_at: Date }>(
    'SELECT video_id, position_seconds, updated_at FROM playback_positions WHERE student_id = $1',
    [studentId],
  );
  return rows.map((row) => ({
    videoId: row.video_id,
    position: row.position_seconds,
    updatedAt: new Date(row.updated_at).getTime(),
  }));
}
