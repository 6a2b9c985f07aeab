import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateMediaTools } from '../../server/content-import/ffmpeg';
import { createCliDatabase } from './helpers/cli-database';
import { count, lesson, makeLessonSources, writeManifest } from './helpers/lesson-sources';

// Issue 11: `npm run content:import` (scripts/content-import.ts) as a person runs it: an interrupted run
// resumes, and a machine without ffmpeg is told how to install it.

const ROOT = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'content-import-cli-test-'));
const sources = join(work, 'sources');

beforeAll(async () => {
  makeLessonSources(await locateMediaTools(), sources, ['a.mp4', 'b.mp4']);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('npm run content:import', () => {
  const runCli = (folder: string, env: Record<string, string>) =>
    spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/content-import.ts', folder], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs node, which runs ffmpeg, and an interruption stops all three.
      detached: true,
    });
  const finished = (child: ChildProcess) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((done) => {
      let out = '';
      let err = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      child.once('close', (code, signal) => done({ code, signal, out, err }));
    });

  it('resumes an interrupted run: what was finished is kept, nothing is imported twice', async () => {
    const database = await createCliDatabase();
    try {
      const folder = writeManifest(join(work, 'interrupted'), [
        lesson(join('..', 'sources', 'a.mp4')),
        lesson(join('..', 'sources', 'b.mp4'), { id: 'ang-maths-f5-long' }),
      ]);
      const first = runCli(folder, database.env);
      const result = finished(first);
      // Killed like a closed laptop while the second lesson's 360p rendition is being written.
      first.stdout?.on('data', (chunk: Buffer) => {
        if (first.pid !== undefined && /\[2\/2\] \.\.\/sources\/b\.mp4: 360p \d+%/.test(chunk.toString())) {
          process.kill(-first.pid, 'SIGKILL');
        }
      });
      const killed = await result;
      expect(killed.signal, killed.out + killed.err).toBe('SIGKILL');
      expect(killed.out).toContain('[1/2] ../sources/a.mp4: imported (video ang-maths-f5-a)');

      let db = await database.open();
      try {
        expect(await count(db, "SELECT count(*)::int AS n FROM videos WHERE id = 'ang-maths-f5-long'")).toBe(
          0,
        );
      } finally {
        await db.close();
      }

      const second = await finished(runCli(folder, database.env));
      expect(second.code, second.out + second.err).toBe(0);
      expect(second.out).toContain(
        '[1/2] ../sources/a.mp4: already imported, nothing to do (video ang-maths-f5-a)',
      );
      expect(second.out).toContain('[2/2] ../sources/b.mp4: data saver kept from an earlier run');
      expect(second.out).toContain('[2/2] ../sources/b.mp4: imported (video ang-maths-f5-long)');
      expect(second.out).toContain('Done: 1 imported, 0 updated, 1 already there, 0 failed.');
      expect(
        readdirSync(join(database.dataDir, 'media', 'videos')).filter((f) => f.endsWith('.part')),
      ).toEqual([]);
      db = await database.open();
      try {
        expect(
          await count(
            db,
            "SELECT count(*)::int AS n FROM video_renditions WHERE video_id IN ('ang-maths-f5-a', 'ang-maths-f5-long')",
          ),
        ).toBe(6);
        expect(
          await count(
            db,
            "SELECT count(*)::int AS n FROM videos WHERE id LIKE 'ang-maths-f5-%' AND id IN ('ang-maths-f5-a', 'ang-maths-f5-long')",
          ),
        ).toBe(2);
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
    }
  }, 180_000);

  it('says how to install ffmpeg when it is missing', async () => {
    const result = await finished(runCli(sources, { FFMPEG_PATH: join(work, 'no-ffmpeg-here') }));
    expect(result.code).toBe(1);
    expect(result.err).toContain('sudo apt-get install ffmpeg');
    await expect(locateMediaTools({ FFMPEG_PATH: join(work, 'no-ffmpeg-here') })).rejects.toThrow(
      /apt-get install ffmpeg/,
    );
  }, 60_000);
});
