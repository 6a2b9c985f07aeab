/**
 * Throughput of the catalogue calls against a bare Fastify route on the same machine (DESIGN.md budgets:
 * "close to a bare Fastify route"). The servers run in a child process so that autocannon, in this one, does
 * not compete with them for the same core. Loopback only; every run is bounded in time.
 *
 *   npm run bench:server                 10 s per target
 *   BENCH_SECONDS=3 npm run bench:server
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** What every browser and the app's WebView send; the catalogue is served precompressed to them. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Ports {
  bare: number;
  app: number;
}

/** Child process: the real app (seeded PGlite in a temp DATA_DIR) and a bare route, on ephemeral ports. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const dataDir = mkdtempSync(join(tmpdir(), 'study-app-bench-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-dist'), LOG_LEVEL: 'warn', PORT: '0' }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  // The same bytes as the app's answers, served by bare Fastify: what the payload alone costs on this machine.
  for (const [path, url] of [
    ['/bare-subjects', '/subjects/subject/fetch-all'],
    ['/bare-videos', '/videos/fetchvideos'],
  ] as const) {
    const reference = await app.inject({ method: 'GET', url, headers: BROWSER_HEADERS });
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

async function main(): Promise<void> {
  const child: ChildProcess = fork(import.meta.filename, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ports = await new Promise<Ports>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ports));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const targets: Array<[string, string]> = [
    ['bare Fastify route (constant)', `http://127.0.0.1:${ports.bare}/bare`],
    ['GET subjects/subject/fetch-all', `http://127.0.0.1:${ports.app}/subjects/subject/fetch-all`],
    ['GET videos/fetchvideos', `http://127.0.0.1:${ports.app}/videos/fetchvideos`],
    ['bare Fastify, same bytes as subjects', `http://127.0.0.1:${ports.bare}/bare-subjects`],
    ['bare Fastify, same bytes as videos', `http://127.0.0.1:${ports.bare}/bare-videos`],
  ];
  const rows: Array<{ target: string; rps: number; p99: number; errors: number; non2xx: number }> = [];
  try {
    for (const [target, url] of targets) {
      // A short warm-up fills the caches and lets the JIT settle before measuring.
      await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: BROWSER_HEADERS });
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: BROWSER_HEADERS,
      });
      rows.push({
        target,
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
      });
    }
  } finally {
    child.disconnect();
  }
  const bare = rows[0]?.rps ?? 1;
  const rpsOf = (target: string) => rows.find((row) => row.target === target)?.rps ?? Number.NaN;
  console.log(`\n${SECONDS} s per target, ${CONNECTIONS} connections, loopback\n`);
  console.log('| target | req/s | p99 latency (ms) | vs bare route | errors/non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.target} | ${Math.round(row.rps)} | ${row.p99} | ${Math.round((row.rps / bare) * 100)} % | ${row.errors}/${row.non2xx} |`,
    );
  }
  const sameBytes = (app: string, reference: string) => Math.round((rpsOf(app) / rpsOf(reference)) * 100);
  console.log(
    `\nAgainst bare Fastify sending the same bytes: subjects ${sameBytes('GET subjects/subject/fetch-all', 'bare Fastify, same bytes as subjects')} %, videos ${sameBytes('GET videos/fetchvideos', 'bare Fastify, same bytes as videos')} %`,
  );
  if (rows.some((row) => row.errors > 0 || row.non2xx > 0)) process.exitCode = 1;
}

if (process.argv.includes('--serve')) await serve();
else await main();
