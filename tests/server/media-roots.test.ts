import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaRoots, rootHolding, SEED_MEDIA_DIR, uploadsDir } from '../../server/lib/media-roots';
import { pictureSrcset } from '../../server/lib/picture-sizes';

// One builder says where each /media/<folder>/ URL is served from (server/lib/media-roots.ts); the media
// routes serve from it and the lists' srcset look in it, so a list never offers a size the server cannot send.

const work = mkdtempSync(join(tmpdir(), 'media-roots-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function place(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'x');
}

describe('media roots', () => {
  it('put imported lessons before the seed’s media, pictures in the seed only, uploads in DATA_DIR', () => {
    const dataDir = join(work, 'data');
    const seed = join(work, 'seed');
    expect(mediaRoots(dataDir, seed)).toEqual({
      videos: [join(dataDir, 'media', 'videos'), join(seed, 'videos')],
      pictures: [join(seed, 'pictures')],
      thumbnails: [join(dataDir, 'media', 'thumbnails'), join(seed, 'thumbnails')],
      uploads: [uploadsDir(dataDir)],
    });
    expect(uploadsDir(dataDir)).toBe(join(dataDir, 'uploads'));
  });

  it('read the seed’s media where the seed keeps them (server/seed/media)', () => {
    expect(SEED_MEDIA_DIR).toBe(join(import.meta.dirname, '..', '..', 'server', 'seed', 'media'));
    expect(mediaRoots('/data').pictures).toEqual([join(SEED_MEDIA_DIR, 'pictures')]);
  });

  it('find a file in the first root holding it, and fall back to the last root', () => {
    const roots = [join(work, 'first'), join(work, 'second')];
    place(join(roots[1] ?? '', 'only-second.webp'));
    place(join(roots[0] ?? '', 'both.webp'));
    place(join(roots[1] ?? '', 'both.webp'));
    expect(rootHolding(roots, 'only-second.webp')).toBe(roots[1]);
    expect(rootHolding(roots, 'both.webp')).toBe(roots[0]);
    expect(rootHolding(roots, 'nowhere.webp')).toBe(roots[1]);
  });

  it('list in a srcset only the sizes found where the media routes serve that folder from', () => {
    const dataDir = join(work, 'srcset-data');
    const seed = join(work, 'srcset-seed');
    const roots = mediaRoots(dataDir, seed);
    // An imported lesson's thumbnail sizes are served from DATA_DIR/media/thumbnails…
    place(join(dataDir, 'media', 'thumbnails', 'lesson-160w.webp'));
    place(join(seed, 'thumbnails', 'lesson-320w.webp'));
    expect(pictureSrcset('/media/thumbnails/lesson.webp', 'https://x.cm', roots)).toBe(
      'https://x.cm/media/thumbnails/lesson-160w.webp 160w, https://x.cm/media/thumbnails/lesson-320w.webp 320w',
    );
    // …but pictures only from the seed: a picture size under DATA_DIR/media/pictures is not served, so not listed.
    place(join(dataDir, 'media', 'pictures', 'subject-80w.webp'));
    expect(pictureSrcset('/media/pictures/subject.webp', 'https://x.cm', roots)).toBeUndefined();
    place(join(seed, 'pictures', 'subject-x-80w.webp'));
    expect(pictureSrcset('/media/pictures/subject-x.webp', 'https://x.cm', roots)).toBe(
      'https://x.cm/media/pictures/subject-x-80w.webp 80w',
    );
  });
});
