import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_MEDIA_DIR } from '../seed/seed';

/**
 * Responsive sizes of the catalogue's pictures (issue 12): scripts/generate-seed-media.sh writes each seed
 * picture also as `<name>-<width>w.webp`. Lists send them as an `srcset`, so a phone downloads the width it
 * draws at its pixel density instead of one size for every place.
 */
const WIDTHS = { pictures: [80, 160, 320, 480], thumbnails: [160, 320] } as const;
const SEED_PICTURE = /^\/media\/(pictures|thumbnails)\/([\w-]+)\.webp$/;

const known = new Map<string, string | undefined>();

/** `srcset` for a picture path (`/media/pictures/x.webp`), or undefined when it has no generated sizes. */
export function pictureSrcset(path: string, origin: string): string | undefined {
  const cacheKey = `${origin}|${path}`;
  if (known.has(cacheKey)) return known.get(cacheKey);
  const match = SEED_PICTURE.exec(path);
  let srcset: string | undefined;
  if (match) {
    const folder = match[1] as keyof typeof WIDTHS;
    const name = match[2] as string;
    const sizes = WIDTHS[folder].filter((width) =>
      existsSync(join(SEED_MEDIA_DIR, folder, `${name}-${width}w.webp`)),
    );
    if (sizes.length > 0) {
      srcset = sizes.map((width) => `${origin}/media/${folder}/${name}-${width}w.webp ${width}w`).join(', ');
    }
  }
  known.set(cacheKey, srcset);
  return srcset;
}
