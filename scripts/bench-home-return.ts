/**
 * A paying student's return to home in the installed app (issue 19): Chromium at 360×640, the service worker
 * in control (the app's code from its precache), the network and the CPU throttled through the DevTools
 * protocol, the worker's own requests too. Lighthouse measures home on a first visit, where nothing is cached
 * and the page draws the first card itself; a student who has paid has been here before, with the worker
 * installed, and that return is what this times: from opening `#/home` to "Continue"'s first lesson on
 * screen, to the first subject card, and the page's largest paint (LCP, as the browser reports it).
 *
 *   npm run bench:home-return                        builds, then 5 runs of each profile
 *   tsx scripts/bench-home-return.ts --no-build --runs 3 --profile poor-3g
 *   … --compare DIR                                  also serves another build (its dist) and runs it in turn
 *
 * Each run: a fresh phone opens home once unthrottled until the worker controls it and "Continue" shows,
 * then the HTTP cache is emptied (a return on another day: what remains is what the worker keeps) and home
 * is opened again, throttled.
 */
import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import {
  commitOf,
  flag,
  load,
  median,
  type NetworkProfile,
  PHONE,
  PROFILES,
  seconds,
  TIMEOUT_MS,
  throttle,
  workerSession,
} from './bench-video-start';
import { type BenchServer, benchEachServedBuild } from './page-bench';

const ROOT = resolve(import.meta.dirname, '..');

/** When, after the navigation's start, "Continue"'s first lesson and the first subject card were in the page. */
const PAGE_PROBE = `(() => {
  const w = window;
  w.__continueMs = null;
  w.__cardMs = null;
  new MutationObserver(() => {
    if (w.__continueMs === null && document.querySelector('.continue__item')) w.__continueMs = performance.now();
    if (w.__cardMs === null && document.querySelector('.subject-card')) w.__cardMs = performance.now();
  }).observe(document, { childList: true, subtree: true });
})();`;

/** The pictures of what is on screen arrive after their boxes: the largest paint settles a little later. */
const LCP_SETTLE_MS = 2_000;

interface ReturnRun {
  continueMs: number;
  cardMs: number;
  lcpMs: number;
}

async function measuredReturn(
  browser: Browser,
  server: BenchServer,
  profile: NetworkProfile,
): Promise<ReturnRun> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  await context.addInitScript(PAGE_PROBE);
  const page = await context.newPage();
  let worker: Awaited<ReturnType<typeof workerSession>> | null = null;
  try {
    await page.goto(`${server.origin}/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, server.studentStorage);
    // The earlier visit: the worker installs (precaching the app) and takes control.
    await page.goto(`${server.origin}/#/home`, { timeout: TIMEOUT_MS });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: TIMEOUT_MS,
    });
    await page.locator('.continue__item').first().waitFor({ timeout: TIMEOUT_MS });
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    worker = await workerSession(browser, server.origin);
    await throttle(cdp, profile);
    await worker.throttle(profile);
    await page.goto(`${server.origin}/#/home`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.waitForFunction(
      () => {
        const w = window as { __continueMs?: number | null; __cardMs?: number | null };
        return w.__continueMs != null && w.__cardMs != null;
      },
      null,
      { timeout: TIMEOUT_MS, polling: 50 },
    );
    await page.waitForTimeout(LCP_SETTLE_MS);
    return await page.evaluate(
      () =>
        new Promise<ReturnRun>((done) => {
          const w = window as { __continueMs?: number; __cardMs?: number };
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            done({
              continueMs: w.__continueMs ?? Number.NaN,
              cardMs: w.__cardMs ?? Number.NaN,
              lcpMs: entries[entries.length - 1]?.startTime ?? Number.NaN,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await worker?.close().catch(() => undefined);
    await context.close();
  }
}

const cell = (values: number[]) =>
  `**${seconds(median(values))}** (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
  const only = flag('--profile');
  const profiles = PROFILES.filter((profile) => only === undefined || profile.name === only);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const all = await benchEachServedBuild(
      `### \`npm run bench:home-return\`, ${new Date().toISOString()} (${commitOf()})\nLoad average (1/5/15 min) before: ${load()}`,
      () => profiles,
      async (build, profile) => ({ profile, ...(await measuredReturn(browser, build.server, profile)) }),
      (result, build, run) =>
        console.log(
          `${build.name}, ${result.profile.name}, run ${run}: Continue ${seconds(result.continueMs)}, first card ${seconds(result.cardMs)}, LCP ${seconds(result.lcpMs)}`,
        ),
    );
    console.log('\n| build | profile | "Continue" on screen | first subject card | LCP |');
    console.log('|---|---|---:|---:|---:|');
    for (const profile of profiles)
      for (const { build, results } of all) {
        const mine = results.filter((result) => result.profile === profile);
        console.log(
          `| ${build} | ${profile.label} | ${cell(mine.map((r) => r.continueMs))} | ${cell(mine.map((r) => r.cardMs))} | ${cell(mine.map((r) => r.lcpMs))} |`,
        );
      }
    console.log(`\nLoad average after: ${load()}`);
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
