import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { errorHandler } from '../../server/lib/error-handler';
import { createMetrics } from '../../server/lib/metrics';
import { accountLimit, tooManyRequests } from '../../server/lib/rate-limits';
import {
  createTestApp,
  defaultLimitsEnv,
  freshPostgresDatabase,
  TEST_JWT_SECRET,
  type TestApp,
  type TestStudent,
  testBackend,
  testRedisUrl,
  uniqueRedisPrefix,
} from './helpers/app';
import { startEmulator, type TestEmulator } from './helpers/momo-emulator';
import { cart, checkoutBody, ORDINARY_PAYER, pricedSubjects, type Subject } from './helpers/payment-calls';
import { callThroughProxy, type ServerProcess, startServerProcess } from './helpers/server-process';

// Issue 23, the exam-results evening: thousands of students reach the server through one address (a school's
// Wi-Fi, an internet café, an operator's carrier-grade NAT, a proxy before TRUST_PROXY is set). With the
// default limits, 200 of them register, log in and pay within one window (15 minutes) without one 429; what
// one student does is limited per account, whatever the address; and a login flood from many addresses
// against one account still meets the account throttle. Hashing is cheap here (CHEAP_PASSWORD_HASHING).

const CLASS_SIZE = 200;
/** Requests in flight at once: a class at work, not one student after the other. */
const AT_ONCE = 20;
const SLOW = { timeout: 240_000 };

async function inBatches<T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += AT_ONCE) {
    const size = Math.min(AT_ONCE, count - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, i) => work(start + i)))));
  }
  return results;
}

/** A registration of its own: each group of students (prefix) has its own run of phone numbers. */
function classmate(i: number, prefix: 'school' | 'process' | 'victim') {
  const group = { school: 1, process: 2, victim: 3 }[prefix];
  return {
    firstname: 'Student',
    lastname: `Number ${i}`,
    email: `${prefix}.${i}@example.cm`,
    username: `${prefix}_${i}`,
    password: 'correct-horse-battery',
    phonenumber: `2376${group}${String(i).padStart(7, '0')}`,
  };
}

describe('inject(): one school behind one address, the default limits', () => {
  let emulator: TestEmulator;
  let ctx: TestApp;
  let subject: Subject;
  beforeAll(async () => {
    // The provider approves at once: the class's payments are SUCCESSFUL at their first status read.
    emulator = await startEmulator({ pendingMs: 0 });
    ctx = await createTestApp({ fetch: emulator.fetch, env: defaultLimitsEnv() });
    [subject] = (await pricedSubjects(ctx, 1)) as [Subject];
  });
  afterAll(async () => {
    await ctx?.close();
    await emulator?.close();
  });

  it(`${CLASS_SIZE} students register, log in and pay within one window: no 429`, SLOW, async () => {
    const school = '41.202.50.1';
    const statuses: Record<string, number[]> = { register: [], login: [], start: [], read: [], checkout: [] };
    const paid = await inBatches(CLASS_SIZE, async (i) => {
      const fields = classmate(i, 'school');
      const registered = await ctx.request({
        method: 'POST',
        url: '/users/register',
        remoteAddress: school,
        payload: fields,
      });
      statuses.register?.push(registered.status);
      const login = await ctx.request<{ token: string; user: { id: string } }>({
        method: 'POST',
        url: '/users/authenticate/student',
        remoteAddress: school,
        payload: { username: fields.username, password: fields.password },
      });
      statuses.login?.push(login.status);
      const headers = { authorization: `Bearer ${login.body.token}` };
      const student = { ...fields, id: login.body.user.id, token: login.body.token, headers } as TestStudent;
      const lines = [{ subject, amount: 1 }];
      const start = await ctx.request<{ referenceId: string }>({
        method: 'POST',
        url: '/payments/momo/requesttopay',
        remoteAddress: school,
        headers,
        payload: cart(student, lines, ORDINARY_PAYER),
      });
      statuses.start?.push(start.status);
      const read = await ctx.request<{ status: string }>({
        method: 'GET',
        url: `/payments/momo/requesttopay/${start.body.referenceId}`,
        remoteAddress: school,
        headers,
      });
      statuses.read?.push(read.status);
      const checkout = await ctx.request<{ user: { paidSubjects: Array<{ subjectTitle?: string }> } }>({
        method: 'PUT',
        url: '/transactions/subjects/makepayments',
        remoteAddress: school,
        headers,
        payload: checkoutBody(student, start.body.referenceId, lines),
      });
      statuses.checkout?.push(checkout.status);
      return read.body.status === 'SUCCESSFUL' && checkout.status === 200;
    });
    expect({
      register: [...new Set(statuses.register)],
      login: [...new Set(statuses.login)],
      start: [...new Set(statuses.start)],
      read: [...new Set(statuses.read)],
      checkout: [...new Set(statuses.checkout)],
    }).toEqual({ register: [201], login: [200], start: [202], read: [200], checkout: [200] });
    expect(paid.filter(Boolean)).toHaveLength(CLASS_SIZE);
    const [granted] = await ctx.db.query<{ count: string }>(
      'SELECT count(*) AS count FROM subject_access WHERE subject_id = $1',
      [subject.id],
    );
    expect(Number(granted?.count)).toBe(CLASS_SIZE);
  });

  it('one account hammering its own payment start is limited; a classmate at the same address is not', async () => {
    const hammering = await ctx.registerAndLogin();
    const classmateOf = await ctx.registerAndLogin();
    const address = '41.202.51.1';
    const start = (student: TestStudent, language = 'en') =>
      ctx.request({
        method: 'POST',
        url: '/payments/momo/requesttopay',
        remoteAddress: address,
        headers: { ...student.headers, 'accept-language': language },
        payload: cart(student, [{ subject, amount: 1 }]),
      });
    const limit = ctx.config.rateLimit.paymentMax;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i += 1) statuses.push((await start(hammering)).status);
    expect([...new Set(statuses)]).toEqual([202]);
    const refused = await start(hammering, 'fr');
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.body.msg).toMatch(/^Trop de tentatives\. Veuillez réessayer dans 1[45] min\.$/);
    expect((await start(classmateOf)).status).toBe(202);
  });
});

describe('inject(): what one account does, limited per account', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { RATE_LIMIT_COMMENT_MAX: '2', RATE_LIMIT_REACTION_MAX: '3', RATE_LIMIT_PLANNER_MAX: '2' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('comments, reactions and planner writes: the account over its limit gets 429, not its classmates', async () => {
    const [first, second] = [await ctx.registerAndLogin(), await ctx.registerAndLogin()];
    const address = '41.202.52.1';
    const comment = (student: TestStudent, n: number) =>
      ctx.request({
        method: 'POST',
        url: '/videos/video/comment',
        remoteAddress: address,
        headers: student.headers,
        payload: { videoId: 'ext-coding-v01', text: `Comment ${n}` },
      });
    const react = (student: TestStudent, kind: 'like' | 'dislike' | 'view') =>
      ctx.request({
        method: 'PUT',
        url: `/videos/video/${kind}`,
        remoteAddress: address,
        headers: student.headers,
        payload: { videoId: 'ext-coding-v01' },
      });
    const plan = (student: TestStudent, id: string) =>
      ctx.request({
        method: 'PUT',
        url: `/planner/list/${id}`,
        remoteAddress: address,
        headers: student.headers,
        payload: { baseRevision: 0, data: { name: 'GCE revision' } },
      });

    expect([(await comment(first, 1)).status, (await comment(first, 2)).status]).toEqual([200, 200]);
    const third = await comment(first, 3);
    expect(third.status).toBe(429);
    expect(Number(third.response.headers['retry-after'])).toBeGreaterThan(0);
    expect((await comment(second, 1)).status).toBe(200);

    // Likes, dislikes and views share one bucket.
    expect([
      (await react(first, 'like')).status,
      (await react(first, 'dislike')).status,
      (await react(first, 'view')).status,
    ]).toEqual([200, 200, 200]);
    expect((await react(first, 'like')).status).toBe(429);
    expect((await react(second, 'like')).status).toBe(200);

    expect([(await plan(first, 'a')).status, (await plan(first, 'b')).status]).toEqual([200, 200]);
    expect((await plan(first, 'c')).status).toBe(429);
    expect((await plan(second, 'a')).status).toBe(200);
  });
});

/**
 * The per-account limit as another module will use it (access-code redemption, to come): a route of its
 * own behind a sign-in, with the app's rate-limit plugin, in memory or shared through Redis.
 */
async function redemptionApp(options: { redis?: Redis; prefix?: string } = {}): Promise<FastifyInstance> {
  const app = Fastify();
  const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET });
  app.decorate('config', config);
  app.decorate('metrics', createMetrics());
  app.setErrorHandler(errorHandler);
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: `${options.prefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
  // Stands in for app.authenticate: the account named by the test.
  const signedIn = async (request: FastifyRequest) => {
    const id = String(request.headers['x-account']);
    request.student = {
      id,
      username: id,
      role: 'STUDENT',
      jti: id,
      tokenExpiresAt: new Date(Date.now() + 60_000),
      tokenVersion: 0,
      language: null,
    };
  };
  app.decorateRequest('student', null);
  const limit = accountLimit(app, 'redeem', { max: 3, windowMs: 60_000 });
  app.post('/codes/redeem', { preHandler: [signedIn, limit] }, async () => ({ success: true }));
  expect(() => accountLimit(app, 'redeem', { max: 3, windowMs: 60_000 })).toThrow(/made twice/);
  await app.ready();
  return app;
}

describe('accountLimit, the piece other modules reuse (code redemption)', () => {
  const redeem = (app: FastifyInstance, account: string, address = '41.202.53.1') =>
    app.inject({
      method: 'POST',
      url: '/codes/redeem',
      remoteAddress: address,
      headers: { 'x-account': account },
    });
  const clients: Redis[] = [];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const client of clients) await client.quit();
  });

  it('limits one account guessing codes, whatever its addresses; the next account is free', async () => {
    const app = await redemptionApp();
    apps.push(app);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await redeem(app, 'guesser', `41.202.54.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await redeem(app, 'guesser', '41.202.54.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().msg).toMatch(/^Too many attempts/);
    expect((await redeem(app, 'honest')).statusCode).toBe(200);
  });

  it('two processes on one Redis count an account together', async () => {
    const prefix = uniqueRedisPrefix();
    const [one, two] = [new Redis(testRedisUrl()), new Redis(testRedisUrl())];
    clients.push(one, two);
    const [a, b] = [await redemptionApp({ redis: one, prefix }), await redemptionApp({ redis: two, prefix })];
    apps.push(a, b);
    const statuses = [
      (await redeem(a, 'guesser')).statusCode,
      (await redeem(b, 'guesser')).statusCode,
      (await redeem(a, 'guesser')).statusCode,
      (await redeem(b, 'guesser')).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('as processes: one school behind a proxy, limits shared through Redis', () => {
  // PGlite: one process (its files belong to it); PostgreSQL: two processes on one database, as deployed.
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const env: Record<string, string> = {
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      TRUST_PROXY: '127.0.0.1',
      ...(defaultLimitsEnv() as Record<string, string>),
    };
    if (testBackend() === 'postgres') {
      const database = await freshPostgresDatabase();
      drop = database.drop;
      env.DATABASE_URL = database.url;
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    } else {
      servers.push(await startServerProcess(env));
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await drop?.();
  });

  const call = async (
    server: ServerProcess,
    method: string,
    path: string,
    options: { body?: unknown; token?: string; client: string },
  ) => {
    const answer = await callThroughProxy(server, method, path, options);
    return { status: answer.status, body: answer.json() as Record<string, unknown> };
  };
  const serverFor = (i: number) => servers[i % servers.length] as ServerProcess;

  it(`${CLASS_SIZE} students register, log in and pay within one window: no 429`, SLOW, async () => {
    const school = '41.202.60.1';
    const catalogue = (
      await call(servers[0] as ServerProcess, 'GET', '/subjects/subject/fetch-all', { client: school })
    ).body as unknown as Array<{ _id: string; subjectTitle: string; price: number }>;
    const priced = catalogue.find((entry) => entry.price > 0);
    if (priced === undefined) throw new Error('no priced subject in the seed');
    const subject = { id: priced._id, title: priced.subjectTitle, price: priced.price };
    const outcomes = await inBatches(CLASS_SIZE, async (i) => {
      const server = serverFor(i);
      const fields = classmate(i, 'process');
      const registered = await call(server, 'POST', '/users/register', { client: school, body: fields });
      const login = await call(serverFor(i + 1), 'POST', '/users/authenticate/student', {
        client: school,
        body: { username: fields.username, password: fields.password },
      });
      const token = String(login.body.token);
      const id = String((login.body.user as { id: string }).id);
      const lines = [{ subject, amount: 1 }];
      const student = { ...fields, id, token } as TestStudent;
      const start = await call(server, 'POST', '/payments/momo/requesttopay', {
        client: school,
        token,
        body: cart(student, lines),
      });
      const referenceId = String(start.body.referenceId);
      const read = await call(server, 'GET', `/payments/momo/requesttopay/${referenceId}`, {
        client: school,
        token,
      });
      const checkout = await call(serverFor(i + 1), 'PUT', '/transactions/subjects/makepayments', {
        client: school,
        token,
        body: checkoutBody(student, referenceId, lines),
      });
      return [registered.status, login.status, start.status, read.status, read.body.status, checkout.status];
    });
    const distinct = [...new Set(outcomes.map((outcome) => outcome.join(' ')))];
    expect(distinct).toEqual(['201 200 202 200 SUCCESSFUL 200']);
  });

  it('a login flood from many addresses against one account meets the account throttle', SLOW, async () => {
    const victim = classmate(0, 'victim');
    expect(
      (
        await call(servers[0] as ServerProcess, 'POST', '/users/register', {
          client: '41.202.61.1',
          body: victim,
        })
      ).status,
    ).toBe(201);
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(serverFor(i), 'POST', '/users/authenticate/student', {
          client: `41.202.${62 + Math.floor(i / 200)}.${(i % 200) + 1}`,
          body: { username: victim.username, password: `guess-${i}-password` },
        }),
      ),
    );
    const statuses = flood.map((answer) => answer.status);
    // Five free attempts for the account (RATE_LIMIT_ACCOUNT_FAILURES), shared by both processes; every
    // other guess is refused before any password is checked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const refused = flood.find((answer) => answer.status === 429);
    expect(refused?.body.msg).toMatch(/^Too many login attempts for this account\./);
  });
});
