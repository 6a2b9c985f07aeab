import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateMediaTools, type MediaTools, probe } from '../../server/content-import/ffmpeg';
import { type ImportReporter, type ImportSummary, runImport } from '../../server/content-import/run-import';
import { createTestApp, grantAccess, type TestApp } from './helpers/app';
import { count, lesson, makeLessonSources, writeManifest } from './helpers/lesson-sources';

// Issue 11, "Done means": the import runs on small files this test makes with ffmpeg (a few seconds each),
// with a broken file and a re-run (the interrupted run and a missing ffmpeg: content-import-cli.test.ts).

const work = mkdtempSync(join(tmpdir(), 'content-import-test-'));
const sources = join(work, 'sources');
let tools: MediaTools;
let ctx: TestApp;

interface Recorded {
  readonly events: string[];
  readonly reporter: ImportReporter;
}
function recorder(): Recorded {
  const events: string[] = [];
  return {
    events,
    reporter: {
      lessonStarted: (n, total, name) => events.push(`start ${n}/${total} ${name}`),
      stepProgress: (n, _total, name, step, percent) =>
        events.push(`progress ${n} ${name} ${step} ${percent}`),
      stepReused: (n, _total, name, step) => events.push(`reused ${n} ${name} ${step}`),
      lessonDone: (n, _total, name, outcome) => events.push(`done ${n} ${name} ${outcome}`),
      lessonFailed: (n, _total, name, reason) => events.push(`failed ${n} ${name} ${reason}`),
    },
  };
}

beforeAll(async () => {
  // Fails (never skips) with the install hint when ffmpeg is missing.
  tools = await locateMediaTools();
  makeLessonSources(tools, sources, ['a.mp4', 'silent.mp4']);
  ctx = await createTestApp();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(work, { recursive: true, force: true });
});

const firstManifest = () =>
  writeManifest(sources, [
    lesson('a.mp4', { captions: { en: 'a.en.vtt', fr: 'a.fr.vtt' } }),
    lesson('broken.mp4'),
    lesson('silent.mp4', { id: 'ang-maths-f5-silent' }),
    lesson('a.mp4', { id: 'ang-maths-f5-bad-captions', captions: { fr: 'bad.vtt' } }),
    lesson('a.mp4', { id: 'unknown-subject', subject: 'Astrology Form 9' }),
    { file: 'a.mp4', subject: 'Mathematics Form 5' },
  ]);

const mediaDir = () => join(ctx.config.dataDir, 'media');
const importInto = (folder: string, recorded: Recorded): Promise<ImportSummary> =>
  runImport({ db: ctx.db, tools, mediaDir: mediaDir(), source: folder, reporter: recorded.reporter });

describe('content import', () => {
  it('transcodes each lesson into its renditions, reports a broken file by name and goes on', async () => {
    const recorded = recorder();
    const summary = await importInto(firstManifest(), recorded);
    expect(summary.done).toEqual([
      { name: 'a.mp4', videoId: 'ang-maths-f5-a', outcome: 'imported' },
      { name: 'silent.mp4', videoId: 'ang-maths-f5-silent', outcome: 'imported' },
    ]);
    expect(summary.failed.map((f) => f.name)).toEqual(['broken.mp4', 'a.mp4', 'a.mp4', 'a.mp4']);
    expect(summary.failed[0]?.reason).toMatch(/^ffmpeg cannot read it: .*broken\.mp4/);
    expect(summary.failed[1]?.reason).toContain('is not WebVTT');
    expect(summary.failed[2]?.reason).toContain('unknown subject "Astrology Form 9"');
    expect(summary.failed[3]?.reason).toMatch(/^invalid manifest entry \(.*section/);
    // File N of M, and the percentage of the transcode running.
    expect(recorded.events.filter((e) => e.startsWith('start'))).toEqual([
      'start 1/6 a.mp4',
      'start 2/6 broken.mp4',
      'start 3/6 silent.mp4',
      'start 4/6 a.mp4',
      'start 5/6 a.mp4',
      'start 6/6 a.mp4',
    ]);
    const saverPercents = recorded.events
      .filter((e) => e.startsWith('progress 1 a.mp4 saver'))
      .map((e) => Number(e.split(' ').at(-1)));
    expect(saverPercents.at(-1)).toBe(100);
    expect(saverPercents).toEqual([...saverPercents].sort((x, y) => x - y));
    expect(recorded.events).toContain(`failed 2 broken.mp4 ${summary.failed[0]?.reason}`);

    const rows = await ctx.db.query<{
      quality: string;
      media_file: string;
      height: number;
      bitrate: number;
      size_bytes: number;
    }>(
      "SELECT quality, media_file, height, bitrate, size_bytes FROM video_renditions WHERE video_id = 'ang-maths-f5-a' ORDER BY height",
    );
    expect(rows.map((row) => [row.quality, row.height])).toEqual([
      ['saver', 240],
      ['360p', 360],
      ['480p', 480],
    ]);
    for (const row of rows) {
      const file = join(mediaDir(), 'videos', row.media_file);
      const measured = await probe(tools, file);
      expect(measured.sizeBytes).toBe(row.size_bytes);
      // The data-saver rendition: at most 160 kb/s in total, as ffprobe measures the file.
      if (row.quality === 'saver') expect(measured.bitrate).toBeLessThanOrEqual(160_000);
      const bytes = readFileSync(file);
      expect(bytes.indexOf('moov'), `${row.quality} starts fast`).toBeLessThan(bytes.indexOf('mdat'));
      const codecs = execFileSync(tools.ffprobe, [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name',
        '-of',
        'csv=p=0',
        file,
      ])
        .toString()
        .trim()
        .split('\n');
      expect(codecs).toEqual(['h264', 'aac']);
    }
    const silent = await ctx.db.query<{ height: number }>(
      "SELECT height FROM video_renditions WHERE video_id = 'ang-maths-f5-silent' ORDER BY height",
    );
    expect(silent.map((row) => row.height)).toEqual([240, 240, 240]);
    const [video] = await ctx.db.query<{
      title: string;
      title_fr: string;
      duration_seconds: number;
      thumbnail_url: string;
    }>("SELECT title, title_fr, duration_seconds, thumbnail_url FROM videos WHERE id = 'ang-maths-f5-a'");
    expect(video).toMatchObject({ title: 'Lesson a.mp4', title_fr: 'Leçon a.mp4', duration_seconds: 3 });
    expect(
      await count(ctx.db, "SELECT count(*)::int AS n FROM video_captions WHERE video_id = 'ang-maths-f5-a'"),
    ).toBe(2);
    expect(
      await count(
        ctx.db,
        "SELECT count(*)::int AS n FROM videos WHERE id IN ('ang-maths-f5-bad-captions', 'unknown-subject')",
      ),
    ).toBe(0);
    const thumbnail = await ctx.app.inject({ method: 'GET', url: video?.thumbnail_url ?? '' });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    // Its sized copies for srcset (issue 12), each as wide as its name says.
    const stem = (video?.thumbnail_url ?? '').replace(/^\/media\/thumbnails\//, '').replace(/\.webp$/, '');
    for (const width of [160, 320]) {
      const file = join(mediaDir(), 'thumbnails', `${stem}-${width}w.webp`);
      const measured = execFileSync(tools.ffprobe, [
        '-v',
        'error',
        '-show_entries',
        'stream=width',
        '-of',
        'csv=p=0',
        file,
      ]);
      expect(Number(measured.toString().trim())).toBe(width);
    }
  }, 120_000);

  it('serves an imported lesson like any other: listed with its renditions, French captions, signed Range', async () => {
    ctx.app.responseCache.invalidate('videos|');
    const student = await ctx.registerAndLogin();
    await grantAccess(ctx.db, student.id, 'ang-maths-f5', new Date(Date.now() + 86_400_000));
    const { body } = await ctx.request<
      Array<
        Record<string, unknown> & {
          _id: string;
          renditions: Array<{ url: string; sizeBytes: number }>;
          captions: Array<{ lang: string; url: string }>;
        }
      >
    >({
      method: 'GET',
      url: '/videos/fetchvideos/anglophone',
      headers: student.headers,
    });
    const imported = body.find((v) => v._id === 'ang-maths-f5-a');
    expect(imported).toMatchObject({
      titles: { en: 'Lesson a.mp4', fr: 'Leçon a.mp4' },
      subsection: 'Quadratic equations',
      locked: false,
    });
    // The list offers the imported thumbnail in its widths, as it does the seed's.
    const srcset = String(imported?.thumbnailSrcset ?? '');
    expect(srcset).toMatch(/-160w\.webp 160w, .*-320w\.webp 320w$/);
    for (const candidate of srcset.split(', ')) {
      const sized = await ctx.app.inject({
        method: 'GET',
        url: new URL(candidate.split(' ')[0] ?? '').pathname,
      });
      expect(sized.statusCode).toBe(200);
      expect(sized.headers['content-type']).toBe('image/webp');
    }
    const saver = new URL(imported?.renditions[0]?.url ?? '');
    const part = await ctx.app.inject({
      method: 'GET',
      url: `${saver.pathname}${saver.search}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${imported?.renditions[0]?.sizeBytes}`);
    const fr = new URL(imported?.captions.find((c) => c.lang === 'fr')?.url ?? '');
    const captions = await ctx.app.inject({ method: 'GET', url: `${fr.pathname}${fr.search}` });
    expect(captions.body).toBe('WEBVTT\n\n00:00.000 --> 00:02.000\nLa formule quadratique\n');
  });

  it('imports nothing twice: a re-run changes nothing and transcodes nothing', async () => {
    const videos = await count(ctx.db, 'SELECT count(*)::int AS n FROM videos');
    const renditions = await count(ctx.db, 'SELECT count(*)::int AS n FROM video_renditions');
    const recorded = recorder();
    const summary = await importInto(firstManifest(), recorded);
    expect(summary.done.map((d) => d.outcome)).toEqual(['unchanged', 'unchanged']);
    expect(recorded.events.some((e) => e.startsWith('progress'))).toBe(false);
    expect(await count(ctx.db, 'SELECT count(*)::int AS n FROM videos')).toBe(videos);
    expect(await count(ctx.db, 'SELECT count(*)::int AS n FROM video_renditions')).toBe(renditions);
  }, 60_000);

  it('updates a lesson whose manifest entry changed, keeping its renditions, place and counts', async () => {
    await ctx.db.query("UPDATE videos SET views = 17 WHERE id = 'ang-maths-f5-a'");
    const [before] = await ctx.db.query<{ position: number }>(
      "SELECT position FROM videos WHERE id = 'ang-maths-f5-a'",
    );
    const folder = writeManifest(join(work, 'renamed'), [
      {
        ...lesson(join('..', 'sources', 'a.mp4')),
        title: { en: 'The quadratic formula', fr: 'La formule quadratique' },
      },
    ]);
    const recorded = recorder();
    const summary = await importInto(folder, recorded);
    expect(summary.done).toEqual([
      { name: '../sources/a.mp4', videoId: 'ang-maths-f5-a', outcome: 'updated' },
    ]);
    expect(recorded.events.some((e) => e.startsWith('progress'))).toBe(false);
    expect(recorded.events.filter((e) => e.startsWith('reused'))).toHaveLength(4);
    const [after] = await ctx.db.query<{ title: string; views: number; position: number }>(
      "SELECT title, views, position FROM videos WHERE id = 'ang-maths-f5-a'",
    );
    expect(after).toEqual({ title: 'The quadratic formula', views: 17, position: before?.position });
    // The captions the new entry no longer names are gone from the database.
    expect(
      await count(ctx.db, "SELECT count(*)::int AS n FROM video_captions WHERE video_id = 'ang-maths-f5-a'"),
    ).toBe(0);
  }, 60_000);
});
