import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { importedMediaDir } from './media-files';

/**
 * The media that come with the seed catalogue (pictures, lesson clips and thumbnails, books, the live
 * channel's loop), shipped in server/seed/media. A path, not an import of the seed's code: the running server
 * never loads server/seed/ (only server/main.ts, scripts and tests do).
 */
export const SEED_MEDIA_DIR = join(import.meta.dirname, '..', 'seed', 'media');

/** Profile pictures, under their random names: <dataDir>/uploads. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/**
 * The folders each /media/<folder>/ URL is served from, searched in order: imported lessons
 * (DATA_DIR/media, `npm run content:import`) before the seed's own media. The one place they are decided, so
 * what a list offers (a thumbnail's `srcset`) is what the media routes serve.
 */
export interface MediaRoots {
  readonly videos: readonly string[];
  readonly pictures: readonly string[];
  readonly thumbnails: readonly string[];
  readonly uploads: readonly string[];
}

export function mediaRoots(dataDir: string, seedMediaDir: string = SEED_MEDIA_DIR): MediaRoots {
  const imported = importedMediaDir(dataDir);
  return {
    videos: [join(imported, 'videos'), join(seedMediaDir, 'videos')],
    // Only the seed has subject and product pictures: the content import writes videos and thumbnails.
    pictures: [join(seedMediaDir, 'pictures')],
    thumbnails: [join(imported, 'thumbnails'), join(seedMediaDir, 'thumbnails')],
    uploads: [uploadsDir(dataDir)],
  };
}

/** The first of `roots` holding `file`; the last one when none does (whose 404 then says so). */
export function rootHolding(roots: readonly string[], file: string): string {
  return roots.find((root) => existsSync(join(root, file))) ?? roots[roots.length - 1] ?? '';
}
