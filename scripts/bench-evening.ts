/**
 * The exam-results evening (issue 23) as a benchmark: 2,000 registered students, 300 of them paying, and
 * every request from one client address (a school's Wi-Fi, an operator's carrier-grade NAT, or a proxy
 * before TRUST_PROXY is set). Three phases on the same running servers:
 *
 *   reads     the catalogue, anonymous video pages, paying students' profile and video pages (personal:
 *             signed URLs, compressed per request): 60 connections;
 *   logins    the same reads, plus 40 connections of logins (the 2,000 students, one in ten with a typo);
 *   payments  the same reads and, two seconds in, 200 students starting a payment at once, who then poll
 *             and check out as the app does.
 *
 * Printed and written to docs/performance.md: req/s, p50/p99 by route family, the login rate, the 429s, the
 * 503s and the errors, the machine's load average. Latencies are the client's, measured by autocannon in
 * this process (which shares the machine with the servers). Setups: `pglite` (one process, embedded
 * PGlite) and `postgres` (two processes on one throwaway PostgreSQL cluster and one throwaway Redis, each
 * family's connections split between them).
 *
 *   npm run bench:evening                                   both setups, 20 s a phase: the "after" block
 *   npm run bench:evening -- --ref <commit>                 the same load on that commit's server: "before"
 *   npm run bench:evening -- --setup pglite --seconds 5     a quick run (one setup, short phases)
 *
 * Before and after: `--ref` extracts a commit of this repository (e.g. main before the merge of issue 23)
 * into a temporary directory that borrows this checkout's node_modules, and runs its server, with its own
 * defaults, under the same load; `--tree <dir>` does the same with another checkout as it stands. Such a
 * run writes docs/performance.md's "before" block, this checkout's run the "after" block, each with its load
 * average, so that the two sit side by side. `--label before|after` overrides the block, `--no-docs` leaves
 * the file alone, `--json <file>` keeps the figures.
 * A benchmark, not a test: nothing is asserted, every run is bounded in time.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { MOBILE_MONEY_DELAYS } from '../machines/mobileMoneyTypes';
import { issueToken } from '../server/lib/auth';
import { type Db, openPglite, openPostgres } from '../server/lib/db';
import { freePort, startThrowawayPostgres } from './throwaway-postgres';
import { startRedisServer } from './throwaway-redis';

const ROOT = resolve(import.meta.dirname, '..');
const JWT_SECRET = 'evening-bench-secret-that-is-long-enough-0123456789';
const PASSWORD = 'correct-horse-battery';
const STUDENTS = 2_000;
const PAYING = 300;
const BURST = 200;
/** The class pays once the evening's reading load is under way, so the payments meet it, not an idle server. */
const BURST_AFTER_MS = 2_000;
/** An ordinary payer of the built-in emulator: SUCCESSFUL after MOMO_SANDBOX_PENDING_MS. */
const PAYER = '237670000301';
/** A call that got no answer at all (counted as an error by the recorder). */
const NO_ANSWER: { status: number; body: Record<string, unknown> } = { status: 0, body: {} };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

export type Setup = 'pglite' | 'postgres';
export type Phase = 'reads' | 'logins' | 'payments';

interface Student {
  id: string;
  username: string;
  token: string;
}

/** One route family's figures over a phase. */
export interface FamilyFigures {
  family: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers by status other than 2xx, e.g. {429: 12}. */
  statuses: Record<string, number>;
  /** Requests without an answer (socket errors, timeouts). */
  errors: number;
  /**
   * Requests still waiting for their answer when the phase ended (their latency is in no percentile): one a
   * connection is the normal cut at the end; a family whose every request is in flight got no answer at all.
   */
  unanswered: number;
}

export interface PhaseFigures {
  phase: Phase;
  seconds: number;
  loadBefore: number[];
  loadAfter: number[];
  families: FamilyFigures[];
  /** Every read family together. */
  reads: FamilyFigures;
}

export interface BurstFigures {
  students: number;
  started: number;
  limited: number;
  busy: number;
  otherFailures: number;
  /** Payments the provider settled SUCCESSFUL and the checkout granted, by the end of the phase. */
  granted: number;
  /** From the burst's start to the last grant, in seconds. */
  grantedWithinSeconds: number;
}

export interface SetupFigures {
  setup: Setup;
  tree: string;
  processes: number;
  phases: PhaseFigures[];
  burst: BurstFigures;
  /** Logins answered (200, or 401 for a typo) a second during the logins phase. */
  loginRate: number;
}

// ---------------------------------------------------------------------------------------------------------
// Servers

interface RunningServer {
  url: string;
  port: number;
  output: string[];
  stop(): Promise<void>;
}

async function startServer(tree: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'study-app-evening-'));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: tree,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: join(dataDir, 'no-dist'),
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      // The emulator's ordinary payer: SUCCESSFUL 1.5 s after the start, before the app's first check.
      MOMO_SANDBOX_PENDING_MS: '1500',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (!running) throw new Error(`the server exited before answering:\n${output.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health within 300 s:\n${output.join('\n')}`);
    }
    const healthy = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    port,
    output,
    async stop() {
      if (running) child.kill('SIGTERM');
      await exited;
      if (env.DATA_DIR === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(
  url: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: response.status, body };
}

/** An api user and key on the provider process's emulator, as its sandbox hands them out. */
async function provisionedProvider(provider: RunningServer): Promise<Record<string, string>> {
  const base = `${provider.url}/momo-sandbox`;
  const apiUser = randomUUID();
  const headers = {
    'Ocp-Apim-Subscription-Key': 'sandbox-subscription-key',
    'content-type': 'application/json',
  };
  const created = await fetch(`${base}/v1_0/apiuser`, {
    method: 'POST',
    headers: { ...headers, 'X-Reference-Id': apiUser },
    body: JSON.stringify({ providerCallbackHost: 'localhost' }),
  });
  if (created.status !== 201) throw new Error(`the emulator's apiuser answered ${created.status}`);
  const key = await fetch(`${base}/v1_0/apiuser/${apiUser}/apikey`, { method: 'POST', headers });
  const { apiKey } = (await key.json()) as { apiKey: string };
  return { MOMO_BASE_URL: base, MOMO_API_USER: apiUser, MOMO_API_KEY: apiKey };
}

// ---------------------------------------------------------------------------------------------------------
// Students

function studentName(i: number): string {
  return `evening_${String(i).padStart(4, '0')}`;
}

/**
 * The students of the evening: one registered through the API (so its password hash is the tree's own, with
 * the tree's parameters), the others written straight to the database with a copy of that hash (2,000 real
 * registrations would take minutes), the paying ones with access to every paid subject of one section.
 */
async function populate(db: Db, seedHash: string): Promise<{ paidSubjects: string[] }> {
  const subjects = await db.query<{ id: string }>(
    "SELECT id FROM subjects WHERE price > 0 AND section = 'anglophone' ORDER BY id",
  );
  const rows: unknown[][] = [];
  for (let i = 1; i < STUDENTS; i += 1) {
    rows.push([
      `evening-${i}`,
      'Evening',
      `Student ${i}`,
      `${studentName(i)}@example.cm`,
      studentName(i),
      `2376${String(10_000_000 + i)}`,
      seedHash,
    ]);
  }
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    const values = chunk
      .map((_, row) => `(${[1, 2, 3, 4, 5, 6, 7].map((column) => `$${row * 7 + column}`).join(', ')})`)
      .join(', ');
    await db.query(
      `INSERT INTO students (id, firstname, lastname, email, username, phonenumber, password_hash) VALUES ${values}`,
      chunk.flat(),
    );
  }
  const expires = new Date(Date.now() + 365 * 24 * 3600_000);
  for (let i = 1; i <= PAYING; i += 1) {
    for (const subject of subjects) {
      await db.query(
        'INSERT INTO subject_access (student_id, subject_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [`evening-${i}`, subject.id, expires],
      );
    }
  }
  return { paidSubjects: subjects.map((subject) => subject.id) };
}

async function tokenOf(i: number): Promise<Student> {
  const id = `evening-${i}`;
  const username = studentName(i);
  const token = await issueToken(JWT_SECRET, '1d', { id, username, role: 'STUDENT', tokenVersion: 0 });
  return { id, username, token };
}

// ---------------------------------------------------------------------------------------------------------
// Load

interface Sample {
  status: number;
  latencyMs: number;
}

class Recorder {
  readonly samples = new Map<string, Sample[]>();
  readonly errors = new Map<string, number>();
  readonly unanswered = new Map<string, number>();
  add(family: string, status: number, latencyMs: number) {
    const list = this.samples.get(family) ?? [];
    list.push({ status, latencyMs });
    this.samples.set(family, list);
  }
  error(family: string) {
    this.errors.set(family, (this.errors.get(family) ?? 0) + 1);
  }
  /** What autocannon sent and never saw answered, counted when its run ends. */
  left(family: string, count: number) {
    this.unanswered.set(family, (this.unanswered.get(family) ?? 0) + Math.max(0, count));
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

function figuresOf(
  family: string,
  samples: Sample[],
  errors: number,
  unanswered: number,
  seconds: number,
): FamilyFigures {
  const latencies = samples.map((sample) => sample.latencyMs).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const sample of samples) {
    if (sample.status >= 200 && sample.status < 300) continue;
    statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  }
  return {
    family,
    requests: samples.length,
    rps: samples.length / seconds,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    statuses,
    errors,
    unanswered,
  };
}

interface Family {
  name: string;
  read: boolean;
  connections: number;
  request: (server: RunningServer) => LoadRequest;
}

function runFamily(
  family: Family,
  servers: RunningServer[],
  seconds: number,
  recorder: Recorder,
): Promise<void> {
  // Each server gets its share of the family's connections, as a proxy in front would spread them.
  return Promise.all(
    servers.map(
      (server, index) =>
        new Promise<void>((done, fail) => {
          const connections =
            Math.floor(family.connections / servers.length) +
            (index < family.connections % servers.length ? 1 : 0);
          if (connections === 0) return done();
          let seen = 0;
          const instance = autocannon(
            {
              url: server.url,
              connections,
              duration: seconds,
              timeout: 30,
              headers: BROWSER,
              requests: [family.request(server)],
            },
            (error, result) => {
              if (error) return fail(error);
              recorder.left(family.name, result.requests.sent - seen);
              done();
            },
          );
          instance.on('response', (_client, status, _bytes, latencyMs) => {
            seen += 1;
            recorder.add(family.name, status, latencyMs);
          });
          instance.on('reqError', () => {
            seen += 1;
            recorder.error(family.name);
          });
        }),
    ),
  ).then(() => {});
}

function pick<T>(list: readonly T[]): T {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** A paying student's read: each request with one of their tokens, so every answer is personal. */
function payingFamily(name: string, path: string, paid: Student[]): Family {
  return {
    name,
    read: true,
    connections: 10,
    request: () => ({
      method: 'GET',
      path,
      setupRequest: (request: LoadRequest) => ({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${pick(paid).token}` },
      }),
    }),
  };
}

function readFamilies(paid: Student[]): Family[] {
  return [
    {
      name: 'catalogue',
      read: true,
      connections: 20,
      request: () => ({ method: 'GET', path: '/subjects/subject/fetch-all' }),
    },
    {
      name: 'video page (anonymous)',
      read: true,
      connections: 20,
      request: () => ({
        method: 'GET',
        path: '/videos/page?section=anglophone',
        setupRequest: (request: LoadRequest) => ({
          ...request,
          path: pick([
            '/videos/page?section=anglophone',
            '/videos/page?section=francophone',
            '/videos/page?section=diploma-exams',
          ]),
        }),
      }),
    },
    payingFamily('profile (paying)', '/users/profile', paid),
    payingFamily('video page (paying)', '/videos/page?section=anglophone', paid),
  ];
}

function loginFamily(): Family {
  return {
    name: 'login',
    read: false,
    connections: 40,
    request: () => ({
      method: 'POST',
      path: '/users/authenticate/student',
      headers: { ...BROWSER, 'content-type': 'application/json' },
      setupRequest: (request: LoadRequest) => {
        const i = 1 + Math.floor(Math.random() * (STUDENTS - 1));
        // One in ten types the password wrong, as students do.
        const password = Math.random() < 0.1 ? 'wrong-password' : PASSWORD;
        return { ...request, body: JSON.stringify({ username: studentName(i), password }) };
      },
    }),
  };
}

/**
 * The class paying together: each student starts a payment at once (from the shared address), then, as
 * the app does (its MOBILE_MONEY_DELAYS), checks the status after 3 s and every 2 s until it is final, and
 * completes the checkout.
 */
async function paymentBurst(
  servers: RunningServer[],
  buyers: Student[],
  subject: { id: string; title: string; price: number },
  recorder: Recorder,
  deadline: number,
): Promise<BurstFigures> {
  const timed = async (
    family: string,
    run: () => Promise<{ status: number; body: Record<string, unknown> }>,
  ) => {
    const started = performance.now();
    try {
      const answer = await run();
      recorder.add(family, answer.status, performance.now() - started);
      return answer;
    } catch (error) {
      recorder.error(family);
      throw error;
    }
  };
  const started = Date.now();
  let lastGrant = started;
  /** The start's status, and for a started payment how it ended. */
  const outcomes = await Promise.all(
    buyers.map(async (buyer, index): Promise<{ start: number; granted: boolean }> => {
      const server = servers[index % servers.length] as RunningServer;
      const start = await timed('payment start', () =>
        call(server.url, 'POST', '/payments/momo/requesttopay', {
          token: buyer.token,
          body: {
            amount: String(subject.price),
            currency: 'XAF',
            externalId: `ORDER_${buyer.id}_${started}`,
            payer: { partyIdType: 'MSISDN', partyId: PAYER },
            payerMessage: 'Study app subjects',
            payeeNote: 'Study app',
            items: [{ subjectId: subject.id, amount: 1 }],
          },
        }),
      ).catch(() => NO_ANSWER);
      if (start.status !== 202) return { start: start.status, granted: false };
      const referenceId = String(start.body.referenceId);
      await new Promise((done) => setTimeout(done, MOBILE_MONEY_DELAYS.firstPoll));
      while (Date.now() < deadline) {
        const poll = await timed('payment poll', () =>
          call(server.url, 'GET', `/payments/momo/requesttopay/${referenceId}`, { token: buyer.token }),
        ).catch(() => NO_ANSWER);
        if (poll.status === 200 && poll.body.status === 'SUCCESSFUL') {
          const checkout = await timed('checkout', () =>
            call(server.url, 'PUT', '/transactions/subjects/makepayments', {
              token: buyer.token,
              body: {
                id: buyer.id,
                username: buyer.username,
                role: 'STUDENT',
                paidSubjects: [subject.title],
                totalCost: subject.price,
                referenceId,
              },
            }),
          ).catch(() => NO_ANSWER);
          if (checkout.status === 200) lastGrant = Date.now();
          return { start: 202, granted: checkout.status === 200 };
        }
        if (poll.status === 200 && poll.body.status === 'FAILED') break;
        await new Promise((done) => setTimeout(done, MOBILE_MONEY_DELAYS.pollEvery));
      }
      return { start: 202, granted: false };
    }),
  );
  const starts = (status: number) => outcomes.filter((outcome) => outcome.start === status).length;
  return {
    students: buyers.length,
    started: starts(202),
    limited: starts(429),
    busy: starts(503),
    otherFailures: outcomes.filter((outcome) => ![202, 429, 503].includes(outcome.start)).length,
    granted: outcomes.filter((outcome) => outcome.granted).length,
    grantedWithinSeconds: Math.round((lastGrant - started) / 100) / 10,
  };
}

async function runPhase(
  phase: Phase,
  servers: RunningServer[],
  seconds: number,
  paid: Student[],
  burst?: { buyers: Student[]; subject: { id: string; title: string; price: number } },
): Promise<{ figures: PhaseFigures; burst?: BurstFigures }> {
  const recorder = new Recorder();
  const families = readFamilies(paid);
  if (phase === 'logins') families.push(loginFamily());
  const loadBefore = loadavg().map((value) => Math.round(value * 100) / 100);
  const startedAt = Date.now();
  const running = families.map((family) => runFamily(family, servers, seconds, recorder));
  let burstFigures: BurstFigures | undefined;
  if (burst !== undefined) {
    await new Promise((done) => setTimeout(done, BURST_AFTER_MS));
    burstFigures = await paymentBurst(
      servers,
      burst.buyers,
      burst.subject,
      recorder,
      startedAt + seconds * 1000 + 30_000,
    );
  }
  await Promise.all(running);
  const loadAfter = loadavg().map((value) => Math.round(value * 100) / 100);
  // The phase's own families always have a row (one that got no answer at all must show, not vanish); the
  // burst's only when it ran.
  const names = [
    ...families.map((family) => family.name),
    ...['payment start', 'payment poll', 'checkout'].filter(
      (name) => recorder.samples.has(name) || recorder.errors.has(name),
    ),
  ];
  const count = (map: Map<string, number>, chosen: Iterable<string>) =>
    [...chosen].reduce((sum, name) => sum + (map.get(name) ?? 0), 0);
  const figures = names.map((name) =>
    figuresOf(
      name,
      recorder.samples.get(name) ?? [],
      recorder.errors.get(name) ?? 0,
      recorder.unanswered.get(name) ?? 0,
      // The burst's calls are spread over their own time, not the phase's: their rate is not the point.
      seconds,
    ),
  );
  const readNames = families.filter((family) => family.read).map((family) => family.name);
  const readSamples = readNames.flatMap((name) => recorder.samples.get(name) ?? []);
  const readErrors = count(recorder.errors, readNames);
  const readUnanswered = count(recorder.unanswered, readNames);
  return {
    figures: {
      phase,
      seconds,
      loadBefore,
      loadAfter,
      families: figures,
      reads: figuresOf('all reads', readSamples, readErrors, readUnanswered, seconds),
    },
    ...(burstFigures === undefined ? {} : { burst: burstFigures }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// A setup, start to finish

export async function runEvening(options: {
  setup: Setup;
  seconds: number;
  tree: string;
}): Promise<SetupFigures> {
  const work = mkdtempSync(join(tmpdir(), 'study-app-evening-'));
  const postgres =
    options.setup === 'postgres' ? await startThrowawayPostgres('study-app-evening-pg-') : null;
  const redis = options.setup === 'postgres' ? await startRedisServer() : null;
  const shared: Record<string, string> = {
    DATA_DIR: join(work, 'data'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(redis ? { REDIS_URL: redis.url } : {}),
  };
  const servers: RunningServer[] = [];
  // The provider stands apart, as in production: this checkout's server with only its emulator in use, so
  // the measured servers' event loops carry the students' calls alone (and both trees meet the same one).
  const provider = await startServer(ROOT, { SEED: 'false', DATA_DIR: join(work, 'provider') });
  try {
    Object.assign(shared, await provisionedProvider(provider));
    // First start: migrations, seed, and one student registered the ordinary way.
    progress('first start: migrations, seed, one registration');
    const first = await startServer(options.tree, shared);
    const registered = await call(first.url, 'POST', '/users/register', {
      body: {
        firstname: 'Evening',
        lastname: 'Student 0',
        email: `${studentName(0)}@example.cm`,
        username: studentName(0),
        password: PASSWORD,
        phonenumber: '237610000000',
      },
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    await first.stop();

    const db = postgres ? openPostgres(postgres.url) : await openPglite(join(work, 'data', 'pglite'));
    let subject: { id: string; title: string; price: number };
    try {
      const [seed] = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM students WHERE username = $1',
        [studentName(0)],
      );
      if (seed === undefined) throw new Error('the registered student is not in the database');
      progress(`${STUDENTS} students, ${PAYING} paying`);
      await populate(db, seed.password_hash);
      const [row] = await db.query<{ id: string; subject_title: string; price: number }>(
        "SELECT id, subject_title, price FROM subjects WHERE price > 0 AND section = 'francophone' ORDER BY id LIMIT 1",
      );
      if (row === undefined) throw new Error('no priced subject');
      subject = { id: row.id, title: row.subject_title, price: row.price };
    } finally {
      await db.close();
    }

    const processes = options.setup === 'postgres' ? 2 : 1;
    progress(`${processes} server process${processes > 1 ? 'es' : ''}`);
    servers.push(
      ...(await Promise.all(Array.from({ length: processes }, () => startServer(options.tree, shared)))),
    );
    const paid = await Promise.all(Array.from({ length: PAYING }, (_, i) => tokenOf(i + 1)));
    const buyers = await Promise.all(Array.from({ length: BURST }, (_, i) => tokenOf(PAYING + 1 + i)));

    // Warm-up: caches filled, JIT settled.
    await runPhase('reads', servers, 3, paid);
    progress(`reads, ${options.seconds} s`);
    const reads = await runPhase('reads', servers, options.seconds, paid);
    progress(`reads with logins, ${options.seconds} s`);
    const logins = await runPhase('logins', servers, options.seconds, paid);
    progress(`reads with the payment burst, ${options.seconds} s and the burst's end`);
    const payments = await runPhase('payments', servers, options.seconds, paid, { buyers, subject });
    const login = logins.figures.families.find((row) => row.family === 'login');
    const loginsOk = login === undefined ? 0 : login.requests - sumStatuses(login.statuses);
    return {
      setup: options.setup,
      tree: options.tree,
      processes,
      phases: [reads.figures, logins.figures, payments.figures],
      burst: payments.burst as BurstFigures,
      // Typos (401) are answered logins too: the rate is what the servers got through.
      loginRate: (loginsOk + (login?.statuses['401'] ?? 0)) / options.seconds,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await provider.stop();
    await redis?.stop();
    postgres?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Where a long run is, on stderr, with the load average (the figures' context). */
function progress(step: string): void {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  console.error(`  ${new Date().toISOString().slice(11, 19)} ${step} (load ${load})`);
}

function sumStatuses(statuses: Record<string, number>): number {
  return Object.values(statuses).reduce((sum, count) => sum + count, 0);
}

// ---------------------------------------------------------------------------------------------------------
// Report

/** No answer, no latency: a dash rather than a 0 ms that reads as fast. */
function latencyText(ms: number, row: FamilyFigures): string {
  return row.requests === 0 ? '–' : String(ms);
}

function statusText(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses);
  return entries.length === 0 ? '–' : entries.map(([status, count]) => `${count}×${status}`).join(', ');
}

export function eveningTable(figures: SetupFigures): string {
  const lines = [
    `**${figures.setup}** (${figures.processes} process${figures.processes > 1 ? 'es' : ''}${figures.setup === 'postgres' ? ', Redis' : ''})`,
    '',
    '| phase | family | req/s | p50 (ms) | p99 (ms) | non-2xx | errors | in flight at the end |',
    '|---|---|---:|---:|---:|---|---:|---:|',
  ];
  for (const phase of figures.phases) {
    for (const row of [...phase.families, phase.reads]) {
      lines.push(
        `| ${phase.phase} | ${row.family} | ${Math.round(row.rps)} | ${latencyText(row.p50, row)} | ${latencyText(row.p99, row)} | ${statusText(row.statuses)} | ${row.errors} | ${row.unanswered} |`,
      );
    }
  }
  const [reads, logins, payments] = figures.phases;
  const ratio = reads && logins && reads.reads.p99 > 0 ? logins.reads.p99 / reads.reads.p99 : 0;
  const burst = figures.burst;
  lines.push(
    '',
    `Load average (1, 5, 15 min): ${reads?.loadBefore.join(' / ')} before the reads, ${payments?.loadAfter.join(' / ')} after the payments. ` +
      `Logins answered: ${figures.loginRate.toFixed(1)}/s. Read p99 with logins ÷ reads only: **${ratio.toFixed(1)}×**. ` +
      `Payment burst from one address: ${burst.students} students, ${burst.started} started, ` +
      `${burst.limited} × 429, ${burst.busy} × 503, ${burst.otherFailures} other failures; ${burst.granted} granted within ${burst.grantedWithinSeconds} s.`,
  );
  return lines.join('\n');
}

export type Label = 'before' | 'after';

/** What ran: the block it fills and a line naming the code. */
interface Subject {
  label: Label;
  description: string;
}

const marker = (label: Label, edge: 'start' | 'end') => `<!-- bench:evening:${label}:${edge} -->`;

/** Replaces the block of this label in docs/performance.md (between its markers) with this run's figures. */
function writeDocs(all: SetupFigures[], subject: Subject): void {
  const file = join(ROOT, 'docs', 'performance.md');
  const text = readFileSync(file, 'utf8');
  const [startMarker, endMarker] = [marker(subject.label, 'start'), marker(subject.label, 'end')];
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  if (start < 0 || end < start)
    throw new Error(`docs/performance.md has no ${startMarker} … ${endMarker} block`);
  const block = [
    startMarker,
    `**${subject.label === 'before' ? 'Before' : 'After'}** (${subject.description}): ` +
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${availableParallelism()} cores, ` +
      `${all[0]?.phases[0]?.seconds ?? 0} s a phase.`,
    '',
    ...all.map((figures) => `${eveningTable(figures)}\n`),
    endMarker,
  ].join('\n');
  writeFileSync(file, text.slice(0, start) + block + text.slice(end + endMarker.length));
}

function git(args: string[], cwd = ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/**
 * A commit of this repository as a directory of its own: `git archive` into a temporary directory (nothing
 * of the repository's worktrees or refs is touched), with this checkout's node_modules borrowed, since the
 * server's dependencies are the same on both sides of the comparison.
 */
function extractCommit(ref: string): { tree: string; description: string; remove(): void } {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const tree = mkdtempSync(join(tmpdir(), 'study-app-evening-tree-'));
  execFileSync('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'sh', commit, tree], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
  return {
    tree,
    description: `${commit.startsWith(ref) ? '' : `${ref} = `}${git(['log', '-1', '--format=%h %s', commit]).slice(0, 100)}`,
    remove: () => rmSync(tree, { recursive: true, force: true }),
  };
}

function describeCheckout(tree: string): string {
  try {
    const head = git(['log', '-1', '--format=%h %s'], tree).slice(0, 100);
    const dirty = git(['status', '--porcelain', '--untracked-files=no'], tree) !== '';
    return `${tree === ROOT ? 'this checkout' : tree}, ${head}${dirty ? ', with uncommitted changes' : ''}`;
  } catch {
    return tree;
  }
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

async function main(): Promise<void> {
  const chosen = argument('--setup');
  if (chosen !== undefined && chosen !== 'pglite' && chosen !== 'postgres') {
    throw new Error('--setup is pglite or postgres (both when it is left out)');
  }
  const setups: Setup[] = chosen === undefined ? ['pglite', 'postgres'] : [chosen];
  const seconds = Number(argument('--seconds') ?? 20);
  if (!Number.isFinite(seconds) || seconds < 3) throw new Error('--seconds is a number of at least 3');
  const ref = argument('--ref');
  const treeArgument = argument('--tree');
  if (ref !== undefined && treeArgument !== undefined) throw new Error('--ref or --tree, not both');
  const extracted = ref === undefined ? undefined : extractCommit(ref);
  const tree = extracted?.tree ?? resolve(treeArgument ?? ROOT);
  if (!existsSync(join(tree, 'server', 'main.ts'))) throw new Error(`${tree} has no server/main.ts`);
  const labelArgument = argument('--label');
  if (labelArgument !== undefined && labelArgument !== 'before' && labelArgument !== 'after') {
    throw new Error('--label is before or after');
  }
  const subject: Subject = {
    label: labelArgument ?? (tree === ROOT ? 'after' : 'before'),
    description: extracted?.description ?? describeCheckout(tree),
  };
  const began = Date.now();
  const all: SetupFigures[] = [];
  try {
    for (const setup of setups) {
      console.log(`\n${setup}: ${subject.description}, ${seconds} s a phase`);
      const figures = await runEvening({ setup, seconds, tree });
      console.log(`\n${eveningTable(figures)}`);
      all.push(figures);
    }
  } finally {
    extracted?.remove();
  }
  const json = argument('--json');
  if (json !== undefined) writeFileSync(json, `${JSON.stringify(all, null, 2)}\n`);
  if (!process.argv.includes('--no-docs')) writeDocs(all, subject);
  console.log(`\n${subject.label}: ${Math.round((Date.now() - began) / 1000)} s in all`);
}

if (process.argv[1] === import.meta.filename) await main();
