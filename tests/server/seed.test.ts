import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_BOOKS } from '../../server/seed/content';
import { SEED_MEDIA_DIR, seedIfEmpty } from '../../server/seed/seed';
import { SEED_SUBJECTS } from '../../server/seed/subjects';
import { createTestApp, type TestApp } from './helpers/app';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const count = async (sql: string) => (await ctx.db.query<{ n: number }>(sql))[0]?.n ?? 0;

describe('seed catalogue', () => {
  it('has at least 30 subjects over all five sections and 100 videos', async () => {
    expect(await count('SELECT count(*)::int AS n FROM subjects')).toBeGreaterThanOrEqual(30);
    expect(await count('SELECT count(*)::int AS n FROM videos')).toBeGreaterThanOrEqual(100);
    const sections = await ctx.db.query<{ section: string }>(
      'SELECT DISTINCT section FROM subjects ORDER BY section',
    );
    expect(sections.map((row) => row.section)).toEqual([
      'anglophone',
      'competitive-exams',
      'diploma-exams',
      'extra-curricular',
      'francophone',
    ]);
    for (const table of ['books', 'scholarships', 'happenings', 'products', 'live_tv_channels']) {
      expect(await count(`SELECT count(*)::int AS n FROM ${table}`)).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives every subject at least two topics', async () => {
    const topics = await ctx.db.query<{ subject_id: string; topics: number }>(
      'SELECT subject_id, count(DISTINCT subsection)::int AS topics FROM videos GROUP BY subject_id',
    );
    expect(topics).toHaveLength(SEED_SUBJECTS.length);
    expect(topics.every((row) => row.topics >= 2)).toBe(true);
  });

  it('points every video, thumbnail, picture and book at a file that exists', async () => {
    const files = await ctx.db.query<{ path: string }>(
      `SELECT '/media/videos/' || media_file AS path FROM video_renditions
       UNION SELECT '/media/videos/' || media_file FROM video_captions
       UNION SELECT thumbnail_url FROM videos
       UNION SELECT picture_url FROM subjects
       UNION SELECT cover_url FROM books UNION SELECT '/media/books/' || file_name FROM books
       UNION SELECT picture_url FROM scholarships UNION SELECT picture_url FROM happenings
       UNION SELECT unnest(picture_urls) FROM products UNION SELECT logo_url FROM live_tv_channels`,
    );
    for (const { path } of files) {
      expect(existsSync(join(SEED_MEDIA_DIR, path.replace('/media/', ''))), path).toBe(true);
    }
  });

  it('keeps the media small: clips are real MP4s, pictures and thumbnails tiny, all well under 10 MB', () => {
    let total = 0;
    for (const folder of ['videos', 'thumbnails', 'pictures', 'books', 'live/studycam-live']) {
      for (const file of readdirSync(join(SEED_MEDIA_DIR, folder))) {
        const size = statSync(join(SEED_MEDIA_DIR, folder, file)).size;
        total += size;
        if (folder === 'pictures') expect(size, file).toBeLessThanOrEqual(15 * 1024);
        if (folder === 'thumbnails') expect(size, file).toBeLessThanOrEqual(20 * 1024);
      }
    }
    expect(total).toBeLessThan(10 * 1024 * 1024);
    const mp4 = readFileSync(join(SEED_MEDIA_DIR, 'videos', 'lesson-science-saver.mp4'));
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
    // +faststart: the moov atom comes before the media data, so playback starts before the download ends.
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
  });

  it('serves a range of a seeded clip through its signed URL with the right bytes', async () => {
    const student = await ctx.registerAndLogin();
    const { body } = await ctx.request<Array<{ _id: string; streamUrl?: string }>>({
      method: 'GET',
      url: '/videos/fetchvideos',
      headers: student.headers,
    });
    const url = new URL(body.find((video) => video._id === 'ext-study-skills-v01')?.streamUrl ?? '');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { range: 'bytes=0-1023' },
    });
    expect(response.statusCode).toBe(206);
    const file = readFileSync(join(SEED_MEDIA_DIR, 'videos', 'lesson-skills-saver.mp4'));
    expect(response.headers['content-range']).toBe(`bytes 0-1023/${file.length}`);
    expect(response.rawPayload.equals(file.subarray(0, 1024))).toBe(true);
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(ctx.db)).toBe(false);
    const fresh = await createTestApp({ seed: false });
    try {
      expect(await fresh.db.query('SELECT id FROM subjects')).toEqual([]);
      expect(await seedIfEmpty(fresh.db)).toBe(true);
      expect((await fresh.db.query('SELECT id FROM subjects')).length).toBe(SEED_SUBJECTS.length);
      // A content table rebuilt by a migration gets its seed back at the next start, the others stay.
      await fresh.db.query('DELETE FROM books');
      await fresh.db.query("UPDATE products SET stock = 7 WHERE id = 'prod-calculator'");
      expect(await seedIfEmpty(fresh.db)).toBe(true);
      expect((await fresh.db.query('SELECT id FROM books')).length).toBe(SEED_BOOKS.length);
      const [calculator] = await fresh.db.query<{ stock: number }>(
        "SELECT stock FROM products WHERE id = 'prod-calculator'",
      );
      expect(calculator?.stock).toBe(7);
    } finally {
      await fresh.close();
    }
  });
});
