/**
 * Lighthouse (npm `lighthouse` 12, mobile settings: simulated slow 4G, 4× CPU slowdown) with Debian's
 * Chromium, against the production build served by the real server: the landing, home, and study-sections
 * for a logged-in student, several runs each, every run in a fresh browser profile (a first visit).
 *
 *   npm run bench:lighthouse              builds, then 5 runs of each page
 *   tsx scripts/bench-lighthouse.ts --no-build --runs 3
 *   … --audits       also lists the audits below full marks of each run
 *   … --long-tasks   also lists each run's long tasks and the main-thread time of each script (what TBT is)
 *   … --compare DIR  also serves another build (DIR: its dist, e.g. main's) and runs every page on it in turn
 *                    with this one, so both see the same load on a shared machine
 *   … --pages A,B    only the pages whose names start with A or B (e.g. `--pages home`)
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { FastifyInstance } from 'fastify';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedIfEmpty } from '../server/seed/seed';
import { SW_FILE } from './build-sw';
import {
  type BenchPage,
  benchPages,
  CATEGORIES,
  type LighthouseRun,
  longTaskLines,
  medianRows,
  RUN_HEADER,
  runRow,
} from './lighthouse-report';

const ROOT = resolve(import.meta.dirname, '..');
export const DIST = join(ROOT, 'dist');
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  // Nothing but the page under test touches the network (this machine has none to spare).
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--disable-quic',
];

/** The precache manifest workbox-build wrote into sw.js, and what its files weigh on disk. */
export function precacheSize(distDir: string): { files: number; bytes: number } {
  const sw = readFileSync(join(distDir, SW_FILE), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
  const bytes = urls.reduce((sum, url) => sum + statSync(join(distDir, url)).size, 0);
  return { files: urls.length, bytes };
}

/** The real server on PGlite with a fresh data directory, serving the build; and a student to log in as. */
export async function startBenchServer(distDir = DIST): Promise<{
  app: FastifyInstance;
  origin: string;
  studentStorage: Record<string, string>;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'study-app-lighthouse-'));
  const app = await buildApp(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: distDir, LOG_LEVEL: 'warn' }),
    { seedIfEmpty },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;

  // A student who paid for two subjects, as the app stores them after logging in.
  const student = {
    firstname: 'Amina',
    lastname: 'Nkeng',
    email: 'bench@example.cm',
    username: 'bench_student',
    password: 'Bench-password-2026',
    phonenumber: '237670000001',
  };
  const registered = await app.inject({ method: 'POST', url: '/users/register', payload: student });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/users/authenticate/student',
    payload: { username: student.username, password: student.password },
  });
  const { token, user } = login.json<{ token: string; user: { id: string } }>();
  for (const subjectId of ['ang-maths-f5', 'ang-physics-f5']) {
    await app.db.query(
      `INSERT INTO subject_access (student_id, subject_id, expires_at) VALUES ($1, $2, now() + interval '300 days')
       ON CONFLICT (student_id, subject_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [user.id, subjectId],
    );
  }
  // Where the student stopped in a lesson, on the account: home offers it as "Continue".
  await app.db.query(
    `INSERT INTO playback_positions (student_id, video_id, position_seconds, updated_at) VALUES ($1, $2, 6, now())
     ON CONFLICT (student_id, video_id) DO UPDATE SET position_seconds = 6, updated_at = now()`,
    [user.id, 'ang-maths-f5-v02'],
  );
  const profile = await app.inject({
    method: 'GET',
    url: '/users/profile',
    headers: { authorization: `Bearer ${token}` },
  });
  const paidUser = profile.json<{ user: unknown }>().user;
  return {
    app,
    origin,
    studentStorage: { id_token: token, user: JSON.stringify({ v: 1, data: paidUser }) },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? Number.NaN;

/** The rows of an audit's table (long-tasks, bootup-time), or none. */
function auditItems(lhr: { audits: Record<string, { details?: unknown }> }, id: string) {
  const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  return details?.items ?? [];
}
const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+\//, '');
const ms = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

/** One Lighthouse run in a fresh Chromium profile; Chromium's occasional NO_NAVSTART is run again. */
async function measure(origin: string, page: BenchPage, run: number): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      if (page.storage) {
        // The origin's storage is set from a page of the origin that loads nothing (the API's health call).
        await tab.goto(`${origin}/health`);
        await tab.evaluate((entries: Record<string, string>) => {
          for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
        }, page.storage);
      }
      const result = await lighthouse(
        `${origin}${page.path}`,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // Keeps the student's stored session; the profile is new for every run, so nothing else is kept.
          disableStorageReset: page.storage !== undefined,
        },
        undefined,
        tab,
      );
      await browser.disconnect();
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError && attempt < 3) continue;
      const score = (category: (typeof CATEGORIES)[number]) => {
        const value = lhr.categories[category]?.score;
        return value === null || value === undefined ? null : Math.round(value * 100);
      };
      return {
        page: page.name,
        run,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        fcpMs: numeric(lhr, 'first-contentful-paint'),
        lcpMs: numeric(lhr, 'largest-contentful-paint'),
        tbtMs: numeric(lhr, 'total-blocking-time'),
        cls: numeric(lhr, 'cumulative-layout-shift'),
        speedIndexMs: numeric(lhr, 'speed-index'),
        failing: Object.values(lhr.audits)
          .filter(
            (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
          )
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
        longTasks: auditItems(lhr, 'long-tasks').map((item) => ({
          url: shortUrl(item.url),
          startMs: ms(item.startTime),
          durationMs: ms(item.duration),
        })),
        scripts: auditItems(lhr, 'bootup-time').map((item) => ({
          url: shortUrl(item.url),
          scriptingMs: ms(item.scripting),
          parseMs: ms(item.scriptParseCompile),
        })),
        ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code} ${lhr.runtimeError.message}` } : {}),
      };
    } finally {
      await chrome.kill();
    }
  }
}

export async function runLighthouse(
  origin: string,
  pages: BenchPage[],
  runs: number,
  onRun: (run: LighthouseRun) => void = () => undefined,
): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  for (let run = 1; run <= runs; run++) {
    // Pages take turns, so a burst of load on the machine does not fall on one page's runs only.
    for (const page of pages) {
      const result = await measure(origin, page, run);
      onRun(result);
      results.push(result);
    }
  }
  return results;
}

/** The page benches' `--runs N` (5 by default) and `--compare DIR` (another build's dist to serve too). */
export function benchOptions(argv = process.argv): { runs: number; compareDir: string | undefined } {
  const flag = (name: string) => {
    const index = argv.indexOf(name);
    return index > 0 ? argv[index + 1] : undefined;
  };
  return { runs: Number(flag('--runs') ?? 5), compareDir: flag('--compare') };
}

/** The pages `--pages A,B` names (by the start of their names), else every page. */
export function selectedPages(pages: BenchPage[], argv = process.argv): BenchPage[] {
  const index = argv.indexOf('--pages');
  const wanted = index > 0 ? (argv[index + 1] ?? '').split(',').filter(Boolean) : [];
  return wanted.length === 0
    ? pages
    : pages.filter((page) => wanted.some((name) => page.name.startsWith(name)));
}

async function main() {
  if (!process.argv.includes('--no-build')) execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
  const { runs, compareDir } = benchOptions();
  const builds = [{ name: 'this build', server: await startBenchServer() }];
  try {
    if (compareDir) builds.push({ name: compareDir, server: await startBenchServer(resolve(compareDir)) });
    const all: { build: string; pages: BenchPage[]; results: LighthouseRun[] }[] = builds.map((build) => ({
      build: build.name,
      pages: selectedPages(benchPages(build.server.studentStorage)),
      results: [],
    }));
    console.log(RUN_HEADER);
    for (let run = 1; run <= runs; run++) {
      // Page by page, each build in turn: a burst of load falls on both alike.
      for (let page = 0; page < (all[0]?.pages.length ?? 0); page++) {
        for (const [index, build] of builds.entries()) {
          const mine = all[index];
          const benchPage = mine?.pages[page];
          if (!mine || !benchPage) continue;
          const [result] = await runLighthouse(build.server.origin, [benchPage], 1);
          if (!result) continue;
          const numbered = { ...result, run };
          mine.results.push(numbered);
          console.log(`${runRow(numbered)}${compareDir ? ` ${build.name}` : ''}`);
          if (numbered.runtimeError) console.log(`  runtime error: ${numbered.runtimeError}`);
          if (process.argv.includes('--audits'))
            console.log(`  below full marks: ${numbered.failing.join(', ')}`);
          if (process.argv.includes('--long-tasks')) console.log(longTaskLines(numbered));
        }
      }
    }
    for (const { build, pages, results } of all) {
      console.log(`\n${compareDir ? `${build}\n` : ''}${medianRows(results, pages)}`);
    }
    const { files, bytes } = precacheSize(DIST);
    console.log(`\nprecache: ${files} files, ${(bytes / 1024).toFixed(1)} KiB`);
  } finally {
    for (const build of builds) await build.server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
