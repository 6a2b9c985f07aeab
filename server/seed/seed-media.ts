import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CAPTION_LANGUAGES, QUALITIES } from '../lib/media-files';
import type { Clip } from './subjects';

// The seed lessons' media as the import pipeline made them (scripts/build-seed-media.ts, `npm run
// seed:media`): per clip, its renditions with their measured sizes and bitrates, its captions and thumbnail.

const renditionSchema = z.object({
  quality: z.enum(QUALITIES),
  file: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bitrate: z.number().int().positive(),
  sizeBytes: z.number().int().positive(),
  durationSeconds: z.number().positive(),
});

const clipMediaSchema = z.object({
  durationSeconds: z.number().positive(),
  thumbnail: z.string(),
  renditions: z.array(renditionSchema).length(QUALITIES.length),
  captions: z.array(z.object({ lang: z.enum(CAPTION_LANGUAGES), file: z.string() })),
});
export type ClipMedia = z.infer<typeof clipMediaSchema>;

export interface SeedMedia {
  clips: Record<Clip, ClipMedia>;
}

const seedMediaSchema = z.object({
  clips: z.record(
    z.enum(['lesson-maths', 'lesson-science', 'lesson-languages', 'lesson-humanities', 'lesson-skills']),
    clipMediaSchema,
  ),
});

export const SEED_MEDIA_MANIFEST = join(import.meta.dirname, 'seed-media.json');

let loaded: SeedMedia | null = null;

/** Read once; a damaged file is a bug of the repository, so it throws with what is wrong. */
export function seedMedia(): SeedMedia {
  loaded ??= seedMediaSchema.parse(JSON.parse(readFileSync(SEED_MEDIA_MANIFEST, 'utf8'))) as SeedMedia;
  return loaded;
}
