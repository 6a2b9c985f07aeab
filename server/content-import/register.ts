import type { Db, Queryable, Transaction } from '../lib/db';
import type { CaptionLanguage } from '../lib/media-files';
import type { Section } from '../lib/schemas';
import type { RenditionInfo } from './transcode-lesson';

export interface SubjectRef {
  readonly id: string;
  readonly section: Section;
  readonly title: string;
}

/** A subject named by its id or its exact title (case aside). */
export async function findSubject(db: Queryable, reference: string): Promise<SubjectRef | undefined> {
  const [row] = await db.query<{ id: string; section: Section; subject_title: string }>(
    'SELECT id, section, subject_title FROM subjects WHERE id = $1 OR lower(subject_title) = lower($1) ORDER BY id = $1 DESC LIMIT 1',
    [reference],
  );
  return row && { id: row.id, section: row.section, title: row.subject_title };
}

export interface PreviousImport {
  readonly fingerprint: string;
  readonly stem: string;
}

export async function previousImport(db: Queryable, videoId: string): Promise<PreviousImport | undefined> {
  const [row] = await db.query<{ fingerprint: string; media_file: string }>(
    `SELECT i.fingerprint, v.media_file FROM content_imports i JOIN videos v ON v.id = i.video_id
      WHERE i.video_id = $1`,
    [videoId],
  );
  return row && { fingerprint: row.fingerprint, stem: row.media_file };
}

/** Whether any video still uses a media stem (before its files may be deleted). */
export async function stemInUse(db: Queryable, stem: string): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM videos WHERE media_file = $1 LIMIT 1', [stem]);
  return row !== undefined;
}

export interface LessonRecord {
  readonly videoId: string;
  readonly subjectId: string;
  readonly section: Section;
  readonly topic: string;
  readonly level: string;
  readonly title: { readonly en: string; readonly fr: string };
  readonly description: { readonly en: string; readonly fr: string };
  readonly stem: string;
  readonly thumbnailUrl: string;
  readonly durationSeconds: number;
  readonly renditions: readonly RenditionInfo[];
  readonly captions: readonly { readonly lang: CaptionLanguage; readonly file: string }[];
  readonly sourceName: string;
  readonly sourceSha256: string;
  readonly fingerprint: string;
}

/** The list shows one title: a lesson of a French-speaking section in French, any other in English. */
export const primaryLanguage = (section: Section): 'en' | 'fr' =>
  section === 'francophone' || section === 'competitive-exams' ? 'fr' : 'en';

export async function replaceRenditions(
  tx: Transaction,
  videoId: string,
  renditions: readonly RenditionInfo[],
  captions: readonly { readonly lang: CaptionLanguage; readonly file: string }[],
): Promise<void> {
  await tx.query('DELETE FROM video_renditions WHERE video_id = $1', [videoId]);
  await tx.query('DELETE FROM video_captions WHERE video_id = $1', [videoId]);
  for (const r of renditions) {
    await tx.query(
      `INSERT INTO video_renditions (video_id, quality, media_file, width, height, bitrate, size_bytes, duration_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [videoId, r.quality, r.file, r.width, r.height, r.bitrate, r.sizeBytes, r.durationSeconds],
    );
  }
  for (const caption of captions) {
    await tx.query('INSERT INTO video_captions (video_id, lang, media_file) VALUES ($1, $2, $3)', [
      videoId,
      caption.lang,
      caption.file,
    ]);
  }
}

/**
 * Creates or updates the video, its renditions, captions and import record in one transaction: a run
 * stopped half-way leaves either the old lesson or the new one, never a mix. A new video goes last in
 * its subject; an updated one keeps its place, views, likes and comments.
 */
export async function registerLesson(db: Db, record: LessonRecord): Promise<void> {
  const language = primaryLanguage(record.section);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO videos (id, subject_id, title, title_en, title_fr, subsection, level, section, description,
                           thumbnail_url, media_file, duration_seconds, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
               (SELECT COALESCE(max(position), 0) + 1 FROM videos WHERE subject_id = $2))
       ON CONFLICT (id) DO UPDATE SET subject_id = EXCLUDED.subject_id, title = EXCLUDED.title,
         title_en = EXCLUDED.title_en, title_fr = EXCLUDED.title_fr, subsection = EXCLUDED.subsection,
         level = EXCLUDED.level, section = EXCLUDED.section, description = EXCLUDED.description,
         thumbnail_url = EXCLUDED.thumbnail_url, media_file = EXCLUDED.media_file,
         duration_seconds = EXCLUDED.duration_seconds`,
      [
        record.videoId,
        record.subjectId,
        record.title[language],
        record.title.en,
        record.title.fr,
        record.topic,
        record.level,
        record.section,
        record.description[language],
        record.thumbnailUrl,
        record.stem,
        Math.round(record.durationSeconds),
      ],
    );
    await replaceRenditions(tx, record.videoId, record.renditions, record.captions);
    await tx.query(
      `INSERT INTO content_imports (video_id, source_name, source_sha256, fingerprint) VALUES ($1, $2, $3, $4)
       ON CONFLICT (video_id) DO UPDATE SET source_name = EXCLUDED.source_name,
         source_sha256 = EXCLUDED.source_sha256, fingerprint = EXCLUDED.fingerprint, imported_at = now()`,
      [record.videoId, record.sourceName, record.sourceSha256, record.fingerprint],
    );
  });
}
