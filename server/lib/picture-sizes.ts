import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { THUMBNAIL_WIDTHS } from './media-files';
import type { MediaRoots } from './media-roots';

/**
 * Responsive sizes of the catalogue's pictures (issue 12): scripts/generate-seed-media.sh writes each seed
 * picture, and the content import each lesson's thumbnail, also as `<name>-<width>w.webp`. Lists send them as
 * an `srcset`, so a phone downloads the width it draws at its pixel density instead of one size for every
 * place.
 */
const WIDTHS = { pictures: [80, 160, 320, 480], thumbnails: THUMBNAIL_WIDTHS } as const;
const SIZED_PICTURE = /^\/media\/(pictures|thumbnails)\/([\w-]+)\.webp$/;

const known = new Map<string, string | undefined>();

/**
 * `srcset` for a picture path (`/media/pictures/x.webp`), or undefined when it has no generated sizes.
 * `mediaRoots` are the folders the server serves /media from (lib/media-roots.ts), so a size is listed only
 * when the media routes serve it; a name found in none has no sizes.
 */
export function pictureSrcset(path: string, origin: string, mediaRoots: MediaRoots): string | undefined {
  const cacheKey = `${origin}|${path}|${mediaRoots.pictures.join('|')}|${mediaRoots.thumbnails.join('|')}`;
  if (known.has(cacheKey)) return known.get(cacheKey);
  const match = SIZED_PICTURE.exec(path);
  let srcset: string | undefined;
  if (match) {
    const folder = match[1] as keyof typeof WIDTHS;
    const name = match[2] as string;
    const sizes = WIDTHS[folder].filter((width) =>
      mediaRoots[folder].some((root) => existsSync(join(root, `${name}-${width}w.webp`))),
    );
    if (sizes.length > 0) {
      srcset = sizes.map((width) => `${origin}/media/${folder}/${name}-${width}w.webp ${width}w`).join(', ');
    }
  }
  known.set(cacheKey, srcset);
  return srcset;
}
