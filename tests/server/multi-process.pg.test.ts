import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, testRedisUrl, uniqueRedisPrefix } from './helpers/app';
import { callThroughProxy, type ServerProcess, startServerProcess } from './helpers/server-process';

// Two server processes on one PostgreSQL database and one Redis, as a deployment behind a reverse proxy runs
// them: what is per process today (cached lists, rate limits) must not make them disagree.

let a: ServerProcess;
let b: ServerProcess;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await freshPostgresDatabase();
  drop = database.drop;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    REDIS_KEY_PREFIX: uniqueRedisPrefix(),
    // Behind one reverse proxy: the same public origin, the client's address forwarded.
    PUBLIC_URL: 'https://study.example.cm',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_LOGIN_MAX: '4',
    RATE_LIMIT_ACCOUNT_FAILURES: '3',
  };
  // Started together on an empty database: one migrates and seeds while the other waits for it.
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await drop?.();
});

/** Through the proxy, from one student's address unless the test names another. */
const call = (
  server: ServerProcess,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; client?: string; headers?: Record<string, string> } = {},
) => callThroughProxy(server, method, path, { ...options, client: options.client ?? '41.202.0.1' });

async function registerAndLogin(server: ServerProcess, name: string, client: string): Promise<string> {
  const registered = await call(server, 'POST', '/users/register', {
    client,
    body: {
      firstname: 'Amina',
      lastname: 'Nkeng',
      email: `${name}@example.cm`,
      username: name,
      password: 'correct-horse-battery',
      phonenumber: `2376${String(Date.now()).slice(-8)}`,
    },
  });
  expect(registered.status).toBe(201);
  const login = await call(server, 'POST', '/users/authenticate/student', {
    client,
    body: { username: name, password: 'correct-horse-battery' },
  });
  expect(login.status).toBe(200);
  return String(login.json().token);
}

describe('two server processes on one PostgreSQL and one Redis', () => {
  it('both started on the same empty database, migrated and seeded once', async () => {
    const [fromA, fromB] = await Promise.all([
      call(a, 'GET', '/subjects/subject/fetch-all'),
      call(b, 'GET', '/subjects/subject/fetch-all'),
    ]);
    expect(fromA.status).toBe(200);
    expect(fromA.text).toBe(fromB.text);
    expect(fromA.headers.get('etag')).toBe(fromB.headers.get('etag'));
  });

  it('a comment written through A shows in the list B serves, B having cached it before', async () => {
    const token = await registerAndLogin(a, 'multi_amina', '41.202.1.1');
    const before = await call(b, 'GET', '/videos/fetchvideos');
    const etag = before.headers.get('etag') ?? '';
    expect((await call(b, 'GET', '/videos/fetchvideos', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );

    const comment = await call(a, 'POST', '/videos/video/comment', {
      token,
      body: { videoId: 'ext-coding-v01', text: 'Written on process A' },
    });
    expect(comment.status).toBe(200);

    // The invalidation travels by NOTIFY: B drops its copy as soon as it hears it.
    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 5_000) {
      const list = await call(b, 'GET', '/videos/fetchvideos', { headers: { 'if-none-match': etag } });
      seen =
        list.status === 200 &&
        (list.json() as Array<{ _id: string; comments: Array<{ text: string }> }>)
          .find((video) => video._id === 'ext-coding-v01')
          ?.comments.some((c) => c.text === 'Written on process A') === true;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toBe(true);
    const fromA = await call(a, 'GET', '/videos/fetchvideos');
    const fromB = await call(b, 'GET', '/videos/fetchvideos');
    expect(fromA.headers.get('etag')).toBe(fromB.headers.get('etag'));
    expect(fromA.headers.get('etag')).not.toBe(etag);
  });

  it('one client address is limited across both processes (Redis), each address on its own', async () => {
    let n = 0;
    const attempt = (server: ServerProcess, client: string) => {
      n += 1;
      return call(server, 'POST', '/users/authenticate/student', {
        client,
        body: { username: `nobody_${n}`, password: 'wrong-password' },
      });
    };
    const statuses = [
      (await attempt(a, '41.202.2.1')).status,
      (await attempt(b, '41.202.2.1')).status,
      (await attempt(a, '41.202.2.1')).status,
      (await attempt(b, '41.202.2.1')).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401]);
    const fifth = await attempt(a, '41.202.2.1');
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt(b, '41.202.2.2')).status).toBe(401);
  });

  it('one account is limited across both processes and all addresses (Redis)', async () => {
    await registerAndLogin(a, 'multi_kofi', '41.202.3.1');
    const guess = (server: ServerProcess, client: string) =>
      call(server, 'POST', '/users/authenticate/student', {
        client,
        body: { username: 'multi_kofi', password: 'wrong-password' },
      });
    // Three free attempts (the successful login above forgot the earlier ones), alternating processes.
    expect((await guess(a, '41.202.3.2')).status).toBe(401);
    expect((await guess(b, '41.202.3.3')).status).toBe(401);
    expect((await guess(a, '41.202.3.4')).status).toBe(401);
    const refused = await guess(b, '41.202.3.5');
    expect(refused.status).toBe(429);
    expect(refused.json().msg).toMatch(/for this account/);
    expect((await guess(a, '41.202.3.6')).status).toBe(429);
  });

  it('logging out everywhere on B ends the session on A, and its video URLs', async () => {
    const token = await registerAndLogin(a, 'multi_ngozi', '41.202.4.1');
    expect((await call(a, 'GET', '/users/profile', { token })).status).toBe(200);
    expect((await call(b, 'POST', '/users/student/alldevicelogout', { token, body: {} })).status).toBe(200);
    expect((await call(a, 'GET', '/users/profile', { token })).status).toBe(401);
  });
});
