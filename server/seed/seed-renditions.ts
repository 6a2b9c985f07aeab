import { type Db, lockSchema, type Transaction } from '../lib/db';
import { insertAll } from './insert-all';
import { seedMedia } from './seed-media';
import type { Clip } from './subjects';

/** Every rendition and caption of the seed videos, from the clips the pipeline made (seed-media.json). */
export async function seedRenditions(
  tx: Transaction,
  videos: readonly { readonly id: string; readonly clip: Clip }[],
): Promise<void> {
  const { clips } = seedMedia();
  await insertAll(
    tx,
    'video_renditions',
    ['video_id', 'quality', 'media_file', 'width', 'height', 'bitrate', 'size_bytes', 'duration_seconds'],
    videos.flatMap(({ id, clip }) =>
      clips[clip].renditions.map((r) => [
        id,
        r.quality,
        r.file,
        r.width,
        r.height,
        r.bitrate,
        r.sizeBytes,
        r.durationSeconds,
      ]),
    ),
  );
  await insertAll(
    tx,
    'video_captions',
    ['video_id', 'lang', 'media_file'],
    videos.flatMap(({ id, clip }) => clips[clip].captions.map((c) => [id, c.lang, c.file])),
  );
}

/**
 * A database seeded before renditions existed has seed videos with none: they get the seed clips' own, so
 * an upgraded server keeps playing them. Imported videos always have theirs and are left alone.
 */
export async function backfillSeedRenditions(db: Db): Promise<void> {
  const { clips } = seedMedia();
  const lacking = `SELECT v.id, v.media_file FROM videos v
      WHERE NOT EXISTS (SELECT 1 FROM video_renditions r WHERE r.video_id = v.id)`;
  const pick = (rows: { id: string; media_file: string }[]) =>
    rows
      .filter((row) => Object.hasOwn(clips, row.media_file))
      .map((row) => ({ id: row.id, clip: row.media_file as Clip }));
  if (pick(await db.query<{ id: string; media_file: string }>(lacking)).length === 0) return;
  await db.transaction(async (tx) => {
    // Several processes starting at once: the first one backfills, the others then find nothing lacking.
    await lockSchema(tx);
    const missing = pick(await tx.query<{ id: string; media_file: string }>(lacking));
    if (missing.length > 0) await seedRenditions(tx, missing);
  });
}
