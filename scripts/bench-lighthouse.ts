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
 *   … --lcp          also names each run's LCP element and its phases (TTFB, load delay, load time, render delay)
 */
import { execSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { SW_FILE } from './build-sw';
import {
  type BenchPage,
  CATEGORIES,
  type LighthouseRun,
  lcpLines,
  longTaskLines,
  medianRows,
  RUN_HEADER,
  runRow,
} from './lighthouse-report';
import { benchEachBuild, benchOptions, DIST } from './page-bench';

// The server and the options live in page-bench.ts, shared with bench-main-thread; still importable from
// here, so a bench script copied into an older checkout (bench-video-start) finds them where it always did.
export { benchOptions, DIST, selectedPages, startBenchServer } from './page-bench';

const ROOT = resolve(import.meta.dirname, '..');
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

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? Number.NaN;

/** The rows of an audit's table (long-tasks, bootup-time), or none. */
function auditItems(lhr: { audits: Record<string, { details?: unknown }> }, id: string) {
  const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  return details?.items ?? [];
}
/** Lighthouse's largest-contentful-paint-element: a table naming the node, then one of its phases. */
function lcpOf(lhr: { audits: Record<string, { details?: unknown }> }): LighthouseRun['lcp'] {
  const tables = auditItems(lhr, 'largest-contentful-paint-element') as {
    items?: Record<string, unknown>[];
  }[];
  const node = tables[0]?.items?.[0]?.node as { snippet?: string; selector?: string } | undefined;
  if (!node) return undefined;
  const phases = (tables[1]?.items ?? []).map((item) => ({ phase: String(item.phase), ms: ms(item.timing) }));
  return { element: `${node.selector ?? ''} ${node.snippet ?? ''}`.trim(), phases };
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
        ...(lcpOf(lhr) ? { lcp: lcpOf(lhr) } : {}),
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

async function main() {
  if (!process.argv.includes('--no-build')) execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
  const { compareDir } = benchOptions();
  const all = await benchEachBuild(
    RUN_HEADER,
    async (build, page, run) => {
      const [result] = await runLighthouse(build.origin, [page], 1);
      return result ? { ...result, run } : undefined;
    },
    (numbered, build) => {
      console.log(`${runRow(numbered)}${compareDir ? ` ${build.name}` : ''}`);
      if (numbered.runtimeError) console.log(`  runtime error: ${numbered.runtimeError}`);
      if (process.argv.includes('--audits'))
        console.log(`  below full marks: ${numbered.failing.join(', ')}`);
      if (process.argv.includes('--long-tasks')) console.log(longTaskLines(numbered));
      if (process.argv.includes('--lcp')) console.log(lcpLines(numbered));
    },
  );
  for (const { build, items: pages, results } of all) {
    console.log(`\n${compareDir ? `${build}\n` : ''}${medianRows(results, pages)}`);
  }
  const { files, bytes } = precacheSize(DIST);
  console.log(`\nprecache: ${files} files, ${(bytes / 1024).toFixed(1)} KiB`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
