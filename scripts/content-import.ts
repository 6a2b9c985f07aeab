// npm run content:import -- <folder or manifest.json>
// Transcodes each lesson of the manifest into its renditions (data saver, 360p, 480p), a thumbnail and its
// captions, and registers them in the server's database (DATA_DIR or DATABASE_URL, as `npm run serve` uses).
// See README "Importing lessons". Exit status: 0 all imported, 1 a lesson or the run failed, 130 interrupted.
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { locateMediaTools, MissingFfmpegError } from '../server/content-import/ffmpeg';
import { ManifestError } from '../server/content-import/manifest';
import { type ImportReporter, runImport } from '../server/content-import/run-import';
import type { TranscodeStep } from '../server/content-import/transcode-lesson';
import { type Db, migrate, openPglite, openPostgres } from '../server/lib/db';
import { importedMediaDir } from '../server/lib/media-files';
import { seedIfEmpty } from '../server/seed/seed';

const STEP_NAMES: Record<TranscodeStep, string> = {
  saver: 'data saver',
  '360p': '360p',
  '480p': '480p',
  thumbnail: 'thumbnail',
};

/** On a terminal one line is rewritten in place; in a log, a line every 10 %. */
function consoleReporter(out: NodeJS.WriteStream): ImportReporter {
  const live = out.isTTY === true;
  let lastShown = '';
  const line = (text: string) => {
    if (live) out.write(`\r\x1b[K${text}`);
    else out.write(`${text}\n`);
  };
  const end = (text: string) => {
    if (live) out.write(`\r\x1b[K${text}\n`);
    else out.write(`${text}\n`);
  };
  return {
    lessonStarted: (n, total, name) => end(`[${n}/${total}] ${name}`),
    stepProgress(n, total, name, step, percent) {
      const shown = live ? `${step}:${percent}` : `${step}:${Math.floor(percent / 10) * 10}`;
      if (shown === lastShown) return;
      lastShown = shown;
      line(`[${n}/${total}] ${name}: ${STEP_NAMES[step]} ${percent}%`);
    },
    stepReused: (n, total, name, step) =>
      end(`[${n}/${total}] ${name}: ${STEP_NAMES[step]} kept from an earlier run`),
    lessonDone(n, total, name, outcome, videoId) {
      const said = { imported: 'imported', updated: 'updated', unchanged: 'already imported, nothing to do' };
      end(`[${n}/${total}] ${name}: ${said[outcome]} (video ${videoId})`);
    },
    lessonFailed: (n, total, name, reason) => end(`[${n}/${total}] ${name}: FAILED: ${reason}`),
  };
}

async function main(): Promise<number> {
  const source = process.argv[2];
  if (!source || source === '--help' || source === '-h') {
    process.stderr.write('Usage: npm run content:import -- <folder with manifest.json | manifest.json>\n');
    return source ? 0 : 1;
  }
  let tools: Awaited<ReturnType<typeof locateMediaTools>>;
  try {
    tools = await locateMediaTools();
  } catch (error) {
    if (error instanceof MissingFfmpegError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const config = loadConfig();
  const db: Db =
    config.databaseUrl !== undefined
      ? openPostgres(config.databaseUrl)
      : await openPglite(join(config.dataDir, 'pglite'));
  const interrupt = new AbortController();
  const stop = () => interrupt.abort(new Error('interrupted'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await migrate(db);
    // The database the server would create on its first start: the lessons' subjects are in the catalogue.
    if (config.seed) await seedIfEmpty(db);
    const summary = await runImport({
      db,
      tools,
      mediaDir: importedMediaDir(config.dataDir),
      source,
      reporter: consoleReporter(process.stdout),
      signal: interrupt.signal,
    });
    const counts = { imported: 0, updated: 0, unchanged: 0 };
    for (const lesson of summary.done) counts[lesson.outcome] += 1;
    process.stdout.write(
      `Done: ${counts.imported} imported, ${counts.updated} updated, ${counts.unchanged} already there, ${summary.failed.length} failed.\n`,
    );
    for (const { name, reason } of summary.failed) process.stdout.write(`  failed: ${name}: ${reason}\n`);
    if (counts.imported + counts.updated > 0) {
      process.stdout.write('Restart the server (npm run serve) so the lists show the new lessons.\n');
    }
    return summary.failed.length > 0 ? 1 : 0;
  } catch (error) {
    if (interrupt.signal.aborted) {
      process.stdout.write('\nInterrupted: run the same command again to resume where it stopped.\n');
      return 130;
    }
    if (error instanceof ManifestError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
