import type { Queryable } from '../../lib/db';
import { type CaptionLanguage, QUALITIES, type Quality } from '../../lib/media-files';
import type { MediaRoots } from '../../lib/media-roots';
import { pictureSrcset } from '../../lib/picture-sizes';
import type { Section } from '../../lib/schemas';
import type { CommentJson, VideoJson } from './schemas';

export interface CatalogueRendition {
  quality: Quality;
  file: string;
  width: number;
  height: number;
  bitrate: number;
  sizeBytes: number;
  durationSeconds: number;
}

/** A video as listed, before the per-student part (locked, the signed URLs) is added. */
export interface CatalogueVideo extends Omit<VideoJson, 'locked' | 'streamUrl' | 'renditions' | 'captions'> {
  /** The media stem a signed URL grants (server/lib/media-files.ts). */
  mediaFile: string;
  free: boolean;
  renditions: CatalogueRendition[];
  captions: { lang: CaptionLanguage; file: string }[];
}

interface VideoRow {
  id: string;
  title: string;
  title_en: string | null;
  title_fr: string | null;
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

/** Issue 12: the thumbnail's generated widths, when it has some (imported lessons' or the seed's). */
function thumbnailSizes(path: string, origin: string, mediaRoots: MediaRoots): { thumbnailSrcset?: string } {
  const srcset = pictureSrcset(path, origin, mediaRoots);
  return srcset === undefined ? {} : { thumbnailSrcset: srcset };
}

/** Every video in catalogue order (subject order, then position), with its comments oldest first. */
export async function loadCatalogueVideos(
  db: Queryable,
  origin: string,
  mediaRoots: MediaRoots,
): Promise<CatalogueVideo[]> {
  const rows = await db.query<VideoRow>(
    `SELECT v.id, v.title, v.title_en, v.title_fr, v.subject_id, s.subject_title, s.price, v.section, v.subsection, v.level, v.description,
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
  const renditions = await loadRenditions(db);
  const captions = await loadCaptions(db);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    ...(row.title_en !== null && row.title_fr !== null
      ? { titles: { en: row.title_en, fr: row.title_fr } }
      : {}),
    subjectId: row.subject_id,
    subjectTitle: row.subject_title,
    section: row.section,
    subsection: row.subsection,
    level: row.level,
    description: row.description,
    thumbnailUrl: `${origin}${row.thumbnail_url}`,
    ...thumbnailSizes(row.thumbnail_url, origin, mediaRoots),
    durationSeconds: row.duration_seconds,
    views: row.views,
    likes: row.likes,
    dislikes: row.dislikes,
    comments: byVideo.get(row.id) ?? [],
    mediaFile: row.media_file,
    free: row.price === 0,
    renditions: renditions.get(row.id) ?? [],
    captions: captions.get(row.id) ?? [],
  }));
}

function groupBy<T extends { video_id: string }, U>(rows: T[], map: (row: T) => U): Map<string, U[]> {
  const grouped = new Map<string, U[]>();
  for (const row of rows) {
    const list = grouped.get(row.video_id) ?? [];
    list.push(map(row));
    grouped.set(row.video_id, list);
  }
  return grouped;
}

/** Each video's renditions, smallest first (the ladder's order). */
async function loadRenditions(db: Queryable): Promise<Map<string, CatalogueRendition[]>> {
  const rows = await db.query<{
    video_id: string;
    quality: Quality;
    media_file: string;
    width: number;
    height: number;
    bitrate: number;
    size_bytes: number;
    duration_seconds: number;
  }>(
    'SELECT video_id, quality, media_file, width, height, bitrate, size_bytes, duration_seconds FROM video_renditions',
  );
  rows.sort((a, b) => QUALITIES.indexOf(a.quality) - QUALITIES.indexOf(b.quality));
  return groupBy(rows, (row) => ({
    quality: row.quality,
    file: row.media_file,
    width: row.width,
    height: row.height,
    bitrate: row.bitrate,
    sizeBytes: row.size_bytes,
    durationSeconds: row.duration_seconds,
  }));
}

async function loadCaptions(db: Queryable): Promise<Map<string, { lang: CaptionLanguage; file: string }[]>> {
  const rows = await db.query<{ video_id: string; lang: CaptionLanguage; media_file: string }>(
    'SELECT video_id, lang, media_file FROM video_captions ORDER BY lang',
  );
  return groupBy(rows, (row) => ({ lang: row.lang, file: row.media_file }));
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
