import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_MEDIA_DIR, seedIfEmpty } from '../../server/seed/seed';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';

// Issue 11 on the server: every video lists its renditions with their sizes and bitrates (the app shows the
// cost before a byte is spent), each rendition and caption file is served through the same signed,
// access-checked URLs with Range, and the resume position is kept on the student's account.

interface Rendition {
  quality: string;
  width: number;
  height: number;
  bitrate: number;
  sizeBytes: number;
  durationSeconds: number;
  url?: string;
}
interface Video {
  _id: string;
  subjectId: string;
  locked: boolean;
  streamUrl?: string;
  renditions: Rendition[];
  captions: Array<{ lang: string; url?: string }>;
}

let ctx: TestApp;
let payer: TestStudent;

beforeAll(async () => {
  ctx = await createTestApp();
  payer = await ctx.registerAndLogin();
  await grantAccess(ctx.db, payer.id, 'ang-maths-f5', new Date(Date.now() + 30 * 86_400_000));
});
afterAll(async () => {
  await ctx?.close();
});

const videosOf = async (student?: TestStudent) =>
  (await ctx.request<Video[]>({ method: 'GET', url: '/videos/fetchvideos', headers: student?.headers ?? {} }))
    .body;
const pathOf = (url: string | undefined) => {
  const parsed = new URL(url ?? '');
  return `${parsed.pathname}${parsed.search}`;
};
const seedFile = (file: string) => readFileSync(join(SEED_MEDIA_DIR, 'videos', file));

describe('renditions in the video lists', () => {
  it('gives every video its three renditions, smallest first, with sizes, and captions in en and fr', async () => {
    const videos = await videosOf();
    expect(videos.length).toBeGreaterThan(100);
    for (const video of videos) {
      expect(
        video.renditions.map((r) => r.quality),
        video._id,
      ).toEqual(['saver', '360p', '480p']);
      expect(
        video.captions.map((c) => c.lang),
        video._id,
      ).toEqual(['en', 'fr']);
      const [saver, p360, p480] = video.renditions;
      expect(saver?.height).toBe(240);
      expect(p360?.height).toBe(360);
      expect(p480?.height).toBe(480);
      expect((saver?.sizeBytes ?? 0) < (p360?.sizeBytes ?? 0)).toBe(true);
      expect((p360?.sizeBytes ?? 0) < (p480?.sizeBytes ?? 0)).toBe(true);
      // Issue 11: the data-saver rendition is at most 160 kb/s in total.
      expect(saver?.bitrate ?? Infinity).toBeLessThanOrEqual(160_000);
    }
  });

  it('lists sizes but no URL for a locked video, and signed URLs for an unlocked one', async () => {
    const locked = (await videosOf()).find((v) => v._id === 'ang-maths-f5-v01');
    expect(locked?.locked).toBe(true);
    expect(locked?.renditions.every((r) => r.url === undefined && r.sizeBytes > 0)).toBe(true);
    expect(locked?.captions).toEqual([{ lang: 'en' }, { lang: 'fr' }]);

    const open = (await videosOf(payer)).find((v) => v._id === 'ang-maths-f5-v01');
    expect(open?.locked).toBe(false);
    const urls = [...(open?.renditions ?? []), ...(open?.captions ?? [])].map((r) => new URL(r.url ?? ''));
    expect(urls.map((url) => url.pathname)).toEqual([
      '/media/videos/lesson-maths-saver.mp4',
      '/media/videos/lesson-maths-360p.mp4',
      '/media/videos/lesson-maths-480p.mp4',
      '/media/videos/lesson-maths-en.vtt',
      '/media/videos/lesson-maths-fr.vtt',
    ]);
    // One grant for the video: every file carries the same signature, which compression almost removes.
    expect(new Set(urls.map((url) => url.search)).size).toBe(1);
    expect(open?.streamUrl).toBe(open?.renditions[0]?.url);
  });

  it("compresses a paying student's own list (its signed URLs make it personal), and never lets a shared cache keep it", async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/videos/fetchvideos', headers: payer.headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await ctx.app.inject({
        method: 'GET',
        url: '/videos/fetchvideos',
        headers: { ...payer.headers, 'accept-encoding': `${encoding}, deflate` },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['cache-control']).toBe('private, no-store');
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('sizes are the files the server sends', async () => {
    const open = (await videosOf(payer)).find((v) => v._id === 'ang-maths-f5-v02');
    for (const rendition of open?.renditions ?? []) {
      const response = await ctx.app.inject({ method: 'HEAD', url: pathOf(rendition.url) });
      expect(response.statusCode).toBe(200);
      expect(Number(response.headers['content-length'])).toBe(rendition.sizeBytes);
    }
  });

  it('documents renditions and captions in the OpenAPI document', async () => {
    const { body } = await ctx.request<{ paths: Record<string, unknown> }>({
      method: 'GET',
      url: '/docs/json',
    });
    const text = JSON.stringify(body.paths['/videos/fetchvideos']);
    for (const field of ['renditions', 'bitrate', 'sizeBytes', 'quality', 'captions'])
      expect(text).toContain(field);
    expect(body.paths['/videos/video/position']).toBeDefined();
  });
});

describe('rendition and caption files', () => {
  const urlsOf = async (videoId: string) => {
    const video = (await videosOf(payer)).find((v) => v._id === videoId);
    return {
      p480: pathOf(video?.renditions.find((r) => r.quality === '480p')?.url),
      fr: pathOf(video?.captions.find((c) => c.lang === 'fr')?.url),
    };
  };

  it('serves each rendition with Range, like the single stream before', async () => {
    const { p480 } = await urlsOf('ang-maths-f5-v01');
    const file = seedFile('lesson-maths-480p.mp4');
    const part = await ctx.app.inject({ method: 'GET', url: p480, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(1000, 2000))).toBe(true);
    // A download resumed after a lost connection asks for the rest.
    const rest = await ctx.app.inject({
      method: 'GET',
      url: p480,
      headers: { range: `bytes=${file.length - 10}-` },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(file.subarray(file.length - 10))).toBe(true);
  });

  it('serves the French captions as WebVTT, signed and access-checked', async () => {
    const { fr } = await urlsOf('ang-maths-f5-v01');
    const response = await ctx.app.inject({ method: 'GET', url: fr });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/vtt');
    expect(response.body.startsWith('WEBVTT')).toBe(true);
    expect(response.body).toContain('exemple');
    const unsigned = await ctx.app.inject({ method: 'GET', url: fr.split('?')[0] ?? '' });
    expect(unsigned.statusCode).toBe(400);
    const visitor = await ctx.registerAndLogin();
    const forged = new URL(`http://x${fr}`);
    forged.searchParams.set('student', visitor.id);
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(forged.toString()) })).statusCode).toBe(403);
  });

  it('refuses another video with the same signature, and names that are neither rendition nor caption', async () => {
    const { p480 } = await urlsOf('ang-maths-f5-v01');
    const otherStem = p480.replace('lesson-maths-480p.mp4', 'lesson-science-480p.mp4');
    expect((await ctx.app.inject({ method: 'GET', url: otherStem })).statusCode).toBe(403);
    const query = p480.slice(p480.indexOf('?'));
    for (const name of [
      'lesson-maths.mp4',
      'lesson-maths-720p.mp4',
      'lesson-maths-de.vtt',
      'lesson-maths.webp',
    ]) {
      const response = await ctx.request({ method: 'GET', url: `/media/videos/${name}${query}` });
      expect(response.status, name).toBe(404);
      expect(response.body).toMatchObject({ success: false, msg: 'Resource not found.' });
    }
  });
});

describe('seed media', () => {
  it('matches the files on disk: sizes in seed-media.json are the committed renditions', async () => {
    const rows = await ctx.db.query<{ media_file: string; size_bytes: number }>(
      'SELECT DISTINCT media_file, size_bytes FROM video_renditions',
    );
    expect(rows.length).toBe(15);
    for (const row of rows) {
      expect(statSync(join(SEED_MEDIA_DIR, 'videos', row.media_file)).size, row.media_file).toBe(
        row.size_bytes,
      );
    }
  });

  it('gives seed videos of an older database their renditions on the next start', async () => {
    await ctx.db.query("DELETE FROM video_renditions WHERE video_id LIKE 'fr-%'");
    await ctx.db.query("DELETE FROM video_captions WHERE video_id LIKE 'fr-%'");
    expect(await seedIfEmpty(ctx.db)).toBe(false);
    const [missing] = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM videos v WHERE NOT EXISTS (SELECT 1 FROM video_renditions r WHERE r.video_id = v.id)',
    );
    expect(missing?.n).toBe(0);
    const [captions] = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM video_captions WHERE video_id LIKE 'fr-%'",
    );
    expect(captions?.n).toBeGreaterThan(0);
  });
});
