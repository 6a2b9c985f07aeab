import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app';
import { type Config, type Env, loadConfig } from '../../../server/config';
import { type Db, openPglite, openPostgres } from '../../../server/lib/db';
import type { Mail, Mailer } from '../../../server/lib/mailer';
import { seedIfEmpty } from '../../../server/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by postgres-global-setup.ts: a server where each test app creates its own database. */
    testDatabaseUrl: string;
  }
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestStudent {
  id: string;
  username: string;
  password: string;
  email: string;
  phonenumber: string;
  firstname: string;
  lastname: string;
  token: string;
  /** `{authorization: 'Bearer …'}` for inject(). */
  headers: { authorization: string };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Every mail the app sent, newest last. */
  mails: Mail[];
  /** Registers a fresh student (unique username/email/phone) and logs in. */
  registerAndLogin(fields?: Partial<Omit<TestStudent, 'id' | 'token' | 'headers'>>): Promise<TestStudent>;
  login(username: string, password: string): Promise<string>;
  /** inject() returning the parsed JSON body alongside the response. */
  request<T = Record<string, unknown>>(
    options: InjectOptions,
  ): Promise<{ response: LightMyRequestResponse; status: number; body: T }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables as the server reads them, e.g. { RATE_LIMIT_LOGIN_MAX: '2' }. */
  env?: Env;
  /** Keep the rate limits in the test Redis server (REDIS_URL), under keys of this app's own. */
  redis?: boolean;
  /** Seed the catalogue (default true). */
  seed?: boolean;
  fetch?: typeof fetch;
  /** Start on this database instead of a fresh one (a restored backup); the app's close() drops it. */
  database?: { db: Db; drop: () => Promise<void> };
  /** DATA_DIR (a restored one) instead of a fresh temporary folder; the app's close() removes it. */
  dataDir?: string;
}

/**
 * argon2id far below production cost (under a millisecond a hash): tests register and log in thousands of
 * students, and what they check does not depend on the cost. A test of the cost itself sets the variables.
 */
export const CHEAP_PASSWORD_HASHING = { ARGON2_MEMORY_KIB: '256', ARGON2_TIME_COST: '1' } as const;

/**
 * The limits as server/config.ts sets them by default, as environment variables: for the tests of the
 * limits themselves (createTestApp's own are generous, so that other tests never meet them).
 */
export function defaultLimitsEnv(): Env {
  const limits = loadConfig({ JWT_SECRET: TEST_JWT_SECRET }).rateLimit;
  return {
    RATE_LIMIT_LOGIN_MAX: String(limits.loginMax),
    RATE_LIMIT_REGISTER_MAX: String(limits.registerMax),
    RATE_LIMIT_REGISTER_DAY_MAX: String(limits.registerDayMax),
    RATE_LIMIT_FORGOT_MAX: String(limits.forgotMax),
    RATE_LIMIT_FORGOT_EMAIL_MAX: String(limits.forgotEmailMax),
    RATE_LIMIT_PAYMENT_MAX: String(limits.paymentMax),
    RATE_LIMIT_ACCOUNT_FAILURES: String(limits.account.freeFailures),
  };
}

let counter = 0;
function uniqueSuffix(): string {
  counter += 1;
  return `${process.pid.toString(36)}${Date.now().toString(36)}${counter}`;
}

/**
 * Every failure body names its request (`requestId`, the X-Request-Id header). Checked here on every failure
 * of every test, then left out of the body, so that tests compare the `{success, msg}` that the API contract
 * is about.
 */
function withoutRequestId<T>(response: LightMyRequestResponse, body: T): T {
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== false) {
    return body;
  }
  const { requestId, ...rest } = body as { requestId?: unknown };
  if (typeof requestId !== 'string' || requestId !== response.headers['x-request-id']) {
    throw new Error(
      `failure body without the request id of X-Request-Id (${String(response.headers['x-request-id'])}): ${JSON.stringify(body)}`,
    );
  }
  return rest as T;
}

/** The test Redis server (redis-global-setup.ts); a clear failure when there is none. */
export function testRedisUrl(): string {
  const url = inject('testRedisUrl');
  if (!url) throw new Error(inject('testRedisError') || 'no Redis server was provided to this test project');
  return url;
}

/** A key prefix no other test app uses, for apps sharing the test Redis server. */
export function uniqueRedisPrefix(): string {
  return `test:${uniqueSuffix()}:`;
}

export function testBackend(): 'pglite' | 'postgres' {
  const backend = process.env.TEST_DB ?? 'pglite';
  if (backend !== 'pglite' && backend !== 'postgres')
    throw new Error(`TEST_DB must be pglite or postgres, not ${backend}`);
  return backend;
}

/** An empty PostgreSQL database of its own on the server-pg project's server: its URL, and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('testDatabaseUrl');
  if (!serverUrl)
    throw new Error('TEST_DB=postgres needs the server-pg project (its global setup provides the server)');
  const name = `test_${uniqueSuffix().replace(/[^a-z0-9]/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh database on the backend chosen by TEST_DB (pglite, the default, or postgres). */
export async function freshDatabase(): Promise<{
  db: Db;
  /** The new database's connection string (PostgreSQL only), for servers started as processes. */
  url?: string;
  drop: () => Promise<void>;
}> {
  if (testBackend() === 'pglite') {
    const db = await openPglite();
    return { db, drop: async () => {} };
  }
  const { url, drop } = await freshPostgresDatabase();
  return { db: openPostgres(url), url, drop };
}

const templateDumps = new Map<string, Blob>();

/**
 * The database a test app starts on: on PGlite a copy of the migrated (and seeded) database that the
 * project's global setup dumped once, which spares initdb (seconds each time), the migrations and the seed;
 * on PostgreSQL, where a new database costs little, an empty one. The app's own start-up runs migrate() and
 * the seed either way, and finds them done on the copy.
 */
async function startingDatabase(seeded: boolean): Promise<Awaited<ReturnType<typeof freshDatabase>>> {
  if (testBackend() !== 'pglite') return freshDatabase();
  const templates = inject('pgliteTemplates');
  if (!templates)
    throw new Error('the server project provides pgliteTemplates (pglite-template-global-setup.ts)');
  const file = seeded ? templates.seeded : templates.migrated;
  let dump = templateDumps.get(file);
  if (dump === undefined) {
    dump = new Blob([readFileSync(file)]);
    templateDumps.set(file, dump);
  }
  return { db: await openPglite(undefined, dump), drop: async () => {} };
}

/**
 * A fresh database with nothing in it, what a restore needs: on PGlite a copy of the migrated template
 * emptied (its public schema dropped and made again), which is seconds quicker than initdb; on PostgreSQL a
 * new database.
 */
export async function emptyDatabase(): Promise<Awaited<ReturnType<typeof freshDatabase>>> {
  if (testBackend() !== 'pglite') return freshDatabase();
  const copy = await startingDatabase(false);
  await copy.db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  return copy;
}

/** A ready app on a fresh, migrated (and by default seeded) database, plus helpers. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'study-app-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // Inside DATA_DIR, which a backup does not copy into itself: /health reads no other test's backups.
    BACKUP_DIR: join(dataDir, 'backups'),
    STATIC_DIR: join(dataDir, 'no-dist'),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    SEED: options.seed === false ? 'false' : 'true',
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_FORGOT_MAX: '1000',
    RATE_LIMIT_FORGOT_EMAIL_MAX: '1000',
    RATE_LIMIT_REGISTER_DAY_MAX: '1000',
    RATE_LIMIT_PAYMENT_MAX: '1000',
    MOMO_SANDBOX_PENDING_MS: '0',
    MOMO_SANDBOX_DELAYED_SUCCESS_MS: '50',
    RATE_LIMIT_ACCOUNT_FAILURES: '1000',
    ...CHEAP_PASSWORD_HASHING,
    ...(options.redis ? { REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: uniqueRedisPrefix() } : {}),
    ...options.env,
  });
  const { db, drop } = options.database ?? (await startingDatabase(options.seed !== false));
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const app = await buildApp(config, {
    db,
    mailer,
    seedIfEmpty,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  await app.ready();

  const request: TestApp['request'] = async (injectOptions) => {
    const response = await app.inject(injectOptions);
    const type = String(response.headers['content-type'] ?? '');
    const body = type.includes('json') ? response.json() : response.body;
    return { response, status: response.statusCode, body: withoutRequestId(response, body) };
  };

  const login = async (username: string, password: string) => {
    const { status, body } = await request<{ token: string }>({
      method: 'POST',
      url: '/users/authenticate/student',
      payload: { username, password },
    });
    if (status !== 200) throw new Error(`login failed with ${status}: ${JSON.stringify(body)}`);
    return body.token;
  };

  const registerAndLogin: TestApp['registerAndLogin'] = async (fields = {}) => {
    const suffix = uniqueSuffix();
    const digits = String(Date.now() + counter).slice(-9);
    const student = {
      firstname: 'Amina',
      lastname: 'Nkeng',
      username: `amina_${suffix}`.slice(0, 32),
      email: `amina.${suffix}@example.cm`,
      phonenumber: `237${digits}`,
      password: 'correct-horse-battery',
      ...fields,
    };
    const { status, body } = await request({ method: 'POST', url: '/users/register', payload: student });
    if (status !== 201) throw new Error(`register failed with ${status}: ${JSON.stringify(body)}`);
    const token = await login(student.username, student.password);
    const profile = await request<{ user: { id: string } }>({
      method: 'GET',
      url: '/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    return { ...student, id: profile.body.user.id, token, headers: { authorization: `Bearer ${token}` } };
  };

  return {
    app,
    db,
    config,
    mails,
    registerAndLogin,
    login,
    request,
    async close() {
      await app.close();
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One login attempt from a client address, in a language: what the limit and throttle tests send. */
export function loginAttempt(
  ctx: TestApp,
  username: string,
  password: string,
  address: string,
  language = 'en',
) {
  return ctx.request({
    method: 'POST',
    url: '/users/authenticate/student',
    remoteAddress: address,
    headers: { 'accept-language': language },
    payload: { username, password },
  });
}

/** Grants access to a subject directly in the database (what a settled payment does). */
export async function grantAccess(
  db: Db,
  studentId: string,
  subjectId: string,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO subject_access (student_id, subject_id, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (student_id, subject_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
    [studentId, subjectId, expiresAt],
  );
}
