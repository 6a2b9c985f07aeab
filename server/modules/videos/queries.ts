import type { Queryable } from '../../lib/db';
import { pictureSrcset } from '../../lib/picture-sizes';
import type { Section } from '../../lib/schemas';
import type { CommentJson, VideoJson } from './schemas';

/** A video as listed, before the per-student part (locked, streamUrl) is added. */
export interface CatalogueVideo extends Omit<VideoJson, 'locked' | 'streamUrl'> {
  mediaFile: string;
  free: boolean;
}

interface VideoRow {
  id: string;
  title: string;
  subject_id: string;
  subject_title: string;
  price: number;
  section: Section;
  subsection: string;
  level: string;
  description: string;
  thumbnail_url: string;
  media_file: string;
  duration_seconds: number;
  views: number;
  likes: number;
  dislikes: number;
}

interface CommentRow {
  id: string;
  video_id: string;
  student_id: string | null;
  username: string | null;
  text: string;
  likes: number;
  created_at: Date;
}

export function commentJson(row: CommentRow): CommentJson {
  return {
    _id: row.id,
    videoId: row.video_id,
    userId: row.student_id,
    username: row.username ?? '',
    text: row.text,
    likes: row.likes,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Issue 12: the thumbnail's generated widths, when it has some. */
function thumbnailSizes(path: string, origin: string): { thumbnailSrcset?: string } {
  const srcset = pictureSrcset(path, origin);
  return srcset === undefined ? {} : { thumbnailSrcset: srcset };
}

/** Every video in catalogue order (subject order, then position), with its comments oldest first. */
export async function loadCatalogueVideos(db: Queryable, origin: string): Promise<CatalogueVideo[]> {
  const rows = await db.query<VideoRow>(
    `SELECT v.id, v.title, v.subject_id, s.subject_title, s.price, v.section, v.subsection, v.level, v.description,
            v.thumbnail_url, v.media_file, v.duration_seconds, v.views, v.likes, v.dislikes
       FROM videos v JOIN subjects s ON s.id = v.subject_id
      ORDER BY s.sort_order, v.position`,
  );
  const comments = await db.query<CommentRow>(
    'SELECT id, video_id, student_id, username, text, likes, created_at FROM comments ORDER BY created_at, id',
  );
  const byVideo = new Map<string, CommentJson[]>();
  for (const comment of comments) {
    const list = byVideo.get(comment.video_id) ?? [];
    list.push(commentJson(comment));
    byVideo.set(comment.video_id, list);
  }
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    subjectId: row.subject_id,
    subjectTitle: row.subject_title,
    section: row.section,
    subsection: row.subsection,
    level: row.level,
    description: row.description,
    thumbnailUrl: `${origin}${row.thumbnail_url}`,
    ...thumbnailSizes(row.thumbnail_url, origin),
    durationSeconds: row.duration_seconds,
    views: row.views,
    likes: row.likes,
    dislikes: row.dislikes,
    comments: byVideo.get(row.id) ?? [],
    mediaFile: row.media_file,
    free: row.price === 0,
  }));
}

export async function findVideo(
  db: Queryable,
  videoId: string,
): Promise<{ id: string; subject_id: string; position: number } | undefined> {
  const [row] = await db.query<{ id: string; subject_id: string; position: number }>(
    'SELECT id, subject_id, position FROM videos WHERE id = $1',
    [videoId],
  );
  return row;
}

export async function videoCounts(db: Queryable, videoId: string) {
  const [row] = await db.query<{ likes: number; dislikes: number; views: number }>(
    'SELECT likes, dislikes, views FROM videos WHERE id = $1',
    [videoId],
  );
  return row ?? { likes: 0, dislikes: 0, views: 0 };
}
