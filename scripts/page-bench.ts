/**
 * What the page benches (scripts/bench-lighthouse.ts, scripts/bench-main-thread.ts) share: the real server
 * serving a build with a paid student to log in as, their `--runs`, `--compare` and `--pages` options, and
 * their run loop over this build and the one compared with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedIfEmpty } from '../server/seed/seed';
import { type BenchPage, benchPages } from './lighthouse-report';

const ROOT = resolve(import.meta.dirname, '..');
export const DIST = join(ROOT, 'dist');

export interface BenchServer {
  app: FastifyInstance;
  origin: string;
  studentStorage: Record<string, string>;
  close(): Promise<void>;
}

/** The real server on PGlite with a fresh data directory, serving the build; and a student to log in as. */
export async function startBenchServer(distDir = DIST): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'study-app-lighthouse-'));
  const app = await buildApp(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: distDir, LOG_LEVEL: 'warn' }),
    { seedIfEmpty },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  const studentStorage = await paidStudent(app);
  return {
    app,
    origin,
    studentStorage,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A student who paid for two subjects and stopped in a lesson, as the app stores them after logging in. */
async function paidStudent(app: FastifyInstance): Promise<Record<string, string>> {
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
  return { id_token: token, user: JSON.stringify({ v: 1, data: paidUser }) };
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

/** A build under a page bench: "this build" or the `--compare` directory, where it is served, its pages. */
export interface BenchBuild {
  name: string;
  origin: string;
  pages: BenchPage[];
}

export interface BuildResults<R, I = BenchPage> {
  build: string;
  /** What was measured (pages, profiles), in the order measured. */
  items: I[];
  results: R[];
}

/**
 * Serves this build (and `--compare DIR`'s), prints `header`, then measures each of the build's items (what
 * `itemsOf` lists for its server: pages, network profiles) `--runs` times: item by item, each build in turn,
 * so a burst of load on the shared machine falls on both alike. `measure` may give up on a run (undefined).
 * The servers are closed at the end, whatever happened.
 */
export async function benchEachServedBuild<I, R>(
  header: string,
  itemsOf: (server: BenchServer) => I[],
  measure: (build: { name: string; server: BenchServer }, item: I, run: number) => Promise<R | undefined>,
  onResult: (result: R, build: { name: string; server: BenchServer }, run: number) => void,
): Promise<BuildResults<R, I>[]> {
  const { runs, compareDir } = benchOptions();
  const builds = [{ name: 'this build', server: await startBenchServer() }];
  try {
    if (compareDir) builds.push({ name: compareDir, server: await startBenchServer(resolve(compareDir)) });
    const all = builds.map((build) => ({
      build: build.name,
      items: itemsOf(build.server),
      results: [] as R[],
    }));
    console.log(header);
    for (let run = 1; run <= runs; run++) {
      for (let item = 0; item < (all[0]?.items.length ?? 0); item++) {
        for (const [index, build] of builds.entries()) {
          const benchItem = all[index]?.items[item];
          const result = benchItem === undefined ? undefined : await measure(build, benchItem, run);
          if (result === undefined) continue;
          all[index]?.results.push(result);
          onResult(result, build, run);
        }
      }
    }
    return all;
  } finally {
    for (const { server } of builds) await server.close();
  }
}

/** benchEachServedBuild over the selected pages (`--pages`), each build's with its own logged-in student. */
export function benchEachBuild<R>(
  header: string,
  measure: (build: BenchBuild, page: BenchPage, run: number) => Promise<R | undefined>,
  onResult: (result: R, build: BenchBuild, run: number) => void,
): Promise<BuildResults<R>[]> {
  const asPageBuild = ({ name, server }: { name: string; server: BenchServer }): BenchBuild => ({
    name,
    origin: server.origin,
    pages: selectedPages(benchPages(server.studentStorage)),
  });
  return benchEachServedBuild(
    header,
    (server) => selectedPages(benchPages(server.studentStorage)),
    (build, page, run) => measure(asPageBuild(build), page, run),
    (result, build, run) => onResult(result, asPageBuild(build), run),
  );
}
