/**
 * Throughput of the catalogue calls against bare Fastify routes on the same machine, in the same run
 * (docs/design.md budgets: "close to a bare Fastify route"): req/s and p99 latency for the subjects list, a page
 * of videos, bare Fastify sending the very same bytes, and a constant bare route, each also as a share of
 * the constant route. The servers run in a child process so that autocannon, in this one, does not compete
 * with them for the same core. Loopback only; every run is bounded in time.
 *
 *   npm run bench:server                                  PGlite, 10 s per target, 100 connections
 *   BENCH_SECONDS=3 BENCH_DATABASE=postgres npm run bench:server
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startThrowawayPostgres } from './throwaway-postgres';

/** What every browser and the app's WebView send; the catalogue is served precompressed to them. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
/** The first page of a section, as the section screen asks for it. */
export const VIDEO_PAGE_PATH = '/videos/page?section=anglophone';

export type Backend = 'pglite' | 'postgres';

export interface ServerBenchRow {
  target: string;
  rps: number;
  p99: number;
  /** req/s as a share of the constant bare route's, same run. */
  ofBare: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

interface Ports {
  bare: number;
  app: number;
}

/** Child process: the real app (seeded, in a temp DATA_DIR) and the bare routes, on ephemeral ports. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { seedIfEmpty } = await import('../server/seed/seed');
  const dataDir = mkdtempSync(join(tmpdir(), 'study-app-bench-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
      PORT: '0',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    }),
    { seedIfEmpty },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  // The same bytes as the app's answers, served by bare Fastify: what the payload alone costs on this machine.
  for (const [path, url] of [
    ['/bare-subjects', '/subjects/subject/fetch-all'],
    ['/bare-video-page', VIDEO_PAGE_PATH],
  ] as const) {
    const reference = await app.inject({ method: 'GET', url, headers: BROWSER_HEADERS });
    if (reference.statusCode !== 200) throw new Error(`${url} answered ${reference.statusCode}`);
    bare.get(path, (_request, reply) => {
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-encoding', String(reference.headers['content-encoding']))
        .send(reference.rawPayload);
    });
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: { server: import('node:http').Server }) => {
    const address = server.server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  };
  process.send?.({ bare: port(bare), app: port(app) } satisfies Ports);
  process.on('disconnect', async () => {
    await Promise.all([app.close(), bare.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

export async function runServerBench(options: {
  backend: Backend;
  seconds: number;
  connections: number;
}): Promise<ServerBenchRow[]> {
  const postgres =
    options.backend === 'postgres' ? await startThrowawayPostgres('study-app-bench-pg-') : null;
  const child: ChildProcess = fork(import.meta.filename, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...(postgres ? { BENCH_DATABASE_URL: postgres.url } : {}) },
  });
  try {
    const ports = await new Promise<Ports>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ports));
      child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
    });
    const targets: Array<[string, string]> = [
      ['bare Fastify route (constant)', `http://127.0.0.1:${ports.bare}/bare`],
      ['GET subjects/subject/fetch-all', `http://127.0.0.1:${ports.app}/subjects/subject/fetch-all`],
      [`GET ${VIDEO_PAGE_PATH.slice(1)}`, `http://127.0.0.1:${ports.app}${VIDEO_PAGE_PATH}`],
      ['bare Fastify, same bytes as subjects', `http://127.0.0.1:${ports.bare}/bare-subjects`],
      ['bare Fastify, same bytes as the video page', `http://127.0.0.1:${ports.bare}/bare-video-page`],
    ];
    const rows: ServerBenchRow[] = [];
    for (const [target, url] of targets) {
      // A short warm-up fills the caches and lets the JIT settle before measuring.
      await autocannon({ url, connections: options.connections, duration: 2, headers: BROWSER_HEADERS });
      const result = await autocannon({
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: BROWSER_HEADERS,
      });
      rows.push({
        target,
        rps: result.requests.average,
        p99: result.latency.p99,
        ofBare: 0,
        errors: result.errors,
        non2xx: result.non2xx,
        bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
      });
    }
    const bare = rows[0]?.rps ?? 1;
    for (const row of rows) row.ofBare = row.rps / bare;
    return rows;
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    postgres?.stop();
  }
}

export function serverTable(rows: ServerBenchRow[]): string {
  return [
    '| target | req/s | p99 (ms) | share of constant bare route | bytes/response | errors/non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.target} | ${Math.round(row.rps)} | ${row.p99} | ${Math.round(row.ofBare * 100)} % | ${row.bytes} | ${row.errors}/${row.non2xx} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const backend: Backend = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
  const rows = await runServerBench({ backend, seconds, connections });
  console.log(`\n${backend}: ${seconds} s per target, ${connections} connections, loopback\n`);
  console.log(serverTable(rows));
  if (rows.some((row) => row.errors > 0 || row.non2xx > 0)) process.exitCode = 1;
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv[1] === import.meta.filename) await main();
