/**
 * The whole benchmark in one run on one machine (issue 12), printed as the Markdown that docs/performance.md
 * keeps: landing JavaScript (gzip), Lighthouse mobile runs of the landing, home and study-sections (logged
 * in) with their medians, and the server's req/s and p99 at 100 connections on PGlite and on PostgreSQL,
 * each as a share of a constant bare Fastify route measured in the same run. The machine, the date and the
 * load average before each part are printed with the figures: other work on the machine moves them.
 *
 *   npm run bench                                  build, 5 Lighthouse runs a page, 10 s a server target
 *   BENCH_RUNS=3 BENCH_SECONDS=5 tsx scripts/bench.ts --no-build
 */
import { execFileSync, execSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { resolve } from 'node:path';
import { DIST, precacheSize, runLighthouse, startBenchServer } from './bench-lighthouse';
import { type Backend, runServerBench, type ServerBenchRow, serverTable } from './bench-server';
import { kb, LANDING_BUDGET_BYTES, measureLanding } from './landing-size';
import { benchPages, type LighthouseRun, medianRows, RUN_HEADER, runRow } from './lighthouse-report';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
const out = (line = '') => console.log(line);

function machine(): string {
  const cpu = cpus();
  let chromium = 'Chromium not found';
  try {
    chromium = execFileSync('/usr/bin/chromium', ['--version']).toString().trim();
  } catch {
    // Reported as missing: the Lighthouse part then fails with its own message.
  }
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; ${type()} ${release()}; Node ${process.version}; ${chromium}`;
}

async function main(): Promise<void> {
  const started = new Date();
  out(`# Benchmark run ${started.toISOString()}`);
  out();
  out(`Machine: ${machine()}`);
  out();
  if (!process.argv.includes('--no-build')) {
    execSync('npx vite build --logLevel warn', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }

  const size = measureLanding(DIST);
  out('## Landing JavaScript (npm run size)');
  out();
  out(
    `landing route ${kb(size.landingBytes)} gzip (budget ${kb(LANDING_BUDGET_BYTES)}); entry ${kb(size.entryBytes)}; all chunks ${kb(size.allBytes)} in ${size.allFiles} files`,
  );
  const precache = precacheSize(DIST);
  out(`service worker precache: ${precache.files} files, ${(precache.bytes / 1024).toFixed(1)} KiB`);
  out();

  out(`## Lighthouse 12, mobile (simulated slow 4G, 4× CPU), ${RUNS} runs a page`);
  out();
  out(`Load average (1/5/15 min) before: ${load()}`);
  out();
  const server = await startBenchServer();
  let lighthouse: LighthouseRun[];
  const pages = benchPages(server.studentStorage);
  try {
    out(RUN_HEADER);
    lighthouse = await runLighthouse(server.origin, pages, RUNS, (run) => {
      out(runRow(run));
      if (run.runtimeError) out(`<!-- run ${run.run} of ${run.page}: ${run.runtimeError} -->`);
    });
  } finally {
    await server.close();
  }
  out();
  out(medianRows(lighthouse, pages));
  out();
  out(`Load average after: ${load()}`);
  out();

  const serverRows: Array<[Backend, ServerBenchRow[]]> = [];
  for (const backend of ['pglite', 'postgres'] as const) {
    out(`## Server, ${backend}: ${SECONDS} s a target, ${CONNECTIONS} connections, loopback`);
    out();
    out(`Load average before: ${load()}`);
    out();
    const rows = await runServerBench({ backend, seconds: SECONDS, connections: CONNECTIONS });
    serverRows.push([backend, rows]);
    out(serverTable(rows));
    out();
  }
  out(`Finished ${new Date().toISOString()}; load average ${load()}.`);
  const failed = serverRows.some(([, rows]) => rows.some((row) => row.errors > 0 || row.non2xx > 0));
  if (failed) process.exitCode = 1;
}

await main();
