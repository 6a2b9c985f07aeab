/**
 * The main thread's work on the first screen, in CPU time, for a machine that other work keeps busy.
 *
 * Lighthouse's Total Blocking Time is wall time: it multiplies each task it observed by 4 (its simulated
 * slow phone), so every millisecond another process takes from the cores counts four times, and on the
 * shared 2-core machine the same build's TBT ranges from 99 to 1904 ms (docs/performance.md). This reads the
 * very same tasks from a Chromium trace with their thread time (`tdur`: the CPU the main thread spent,
 * which waiting for a core does not stretch) and applies Lighthouse's rule to it: TBT ≈ Σ max(0, 4 × task −
 * 50 ms) over the tasks after the first paint. It is an estimate of what a quiet machine's Lighthouse would
 * say, for comparing builds, not a replacement for it.
 *
 *   tsx scripts/bench-main-thread.ts                     this build's dist, 5 runs a page
 *   tsx scripts/bench-main-thread.ts --compare DIR       and another build's, each page on both in turn
 *   … --runs N, --pages A,B (as bench-lighthouse)
 */
import { type Browser, chromium } from 'playwright-core';
import { type BenchPage, median } from './lighthouse-report';
import { benchEachBuild } from './page-bench';

/** Lighthouse's mobile CPU slowdown and its long-task threshold. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** How long after `load` the page is watched: the idle-time work (the actors, the PWA layer) included. */
const AFTER_LOAD_MS = 4_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadRun {
  page: string;
  /** Main-thread CPU time after the first paint. */
  cpuMs: number;
  tbtEstimateMs: number;
  /** The long tasks, slowed down as Lighthouse does, longest first. */
  longTasksMs: number[];
}

async function measure(browser: Browser, origin: string, page: BenchPage): Promise<MainThreadRun> {
  // A phone as Lighthouse's mobile preset has it; a fresh context is a first visit.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const tab = await context.newPage();
    if (page.storage) {
      await tab.goto(`${origin}/health`);
      await tab.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, page.storage);
    }
    await browser.startTracing(tab, {
      categories: [
        '__metadata',
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
      ],
    });
    await tab.goto(`${origin}${page.path}`, { waitUntil: 'load' });
    await tab.waitForTimeout(AFTER_LOAD_MS);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const mainThreads = new Set(
      traceEvents
        .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
        .map((event) => `${event.pid}:${event.tid}`),
    );
    const firstPaint = traceEvents.find((event) => event.name === 'firstContentfulPaint')?.ts ?? 0;
    const tasks = traceEvents.filter(
      (event) =>
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.ts >= firstPaint &&
        mainThreads.has(`${event.pid}:${event.tid}`),
    );
    // The page's renderer is the one that worked most (others: the blank tab, the health call's page).
    const byProcess = new Map<number, number>();
    for (const task of tasks) byProcess.set(task.pid, (byProcess.get(task.pid) ?? 0) + (task.tdur ?? 0));
    const renderer = [...byProcess].sort((a, b) => b[1] - a[1])[0]?.[0];
    const slowed = tasks
      .filter((task) => task.pid === renderer)
      .map((task) => ((task.tdur ?? 0) / 1000) * CPU_SLOWDOWN);
    return {
      page: page.name,
      cpuMs: slowed.reduce((sum, ms) => sum + ms, 0) / CPU_SLOWDOWN,
      tbtEstimateMs: slowed.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
      longTasksMs: slowed.filter((ms) => ms > LONG_TASK_MS).sort((a, b) => b - a),
    };
  } finally {
    await context.close();
  }
}

const row = (build: string, run: number, result: MainThreadRun) =>
  `| ${result.page} | ${build} | ${run} | ${Math.round(result.cpuMs)} ms | ${Math.round(result.tbtEstimateMs)} ms | ${result.longTasksMs.map(Math.round).join(', ')} |`;

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const all = await benchEachBuild(
      [
        '| page | build | run | main-thread CPU after first paint | TBT estimate | long tasks (×4, ms) |',
        '|---|---|---:|---:|---:|---|',
      ].join('\n'),
      (build, page) => measure(browser, build.origin, page),
      (result, build, run) => console.log(row(build.name, run, result)),
    );
    console.log('\n| page | build | CPU (median) | TBT estimate (median) |');
    console.log('|---|---|---:|---:|');
    for (const page of all[0]?.items ?? []) {
      for (const { build, results } of all) {
        const mine = results.filter((result) => result.page === page.name);
        const cpu = median(mine.map((result) => result.cpuMs));
        const tbt = median(mine.map((result) => result.tbtEstimateMs));
        console.log(`| ${page.name} | ${build} | ${Math.round(cpu)} ms | ${Math.round(tbt)} ms |`);
      }
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
