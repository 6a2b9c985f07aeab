import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from './helpers/app';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';

// The real server process on PostgreSQL, reaching it through a proxy the test cuts and restores: while the
// database is away the API answers 503 with Retry-After and a JSON body and /health says so; when it is back
// the server recovers by itself; a transaction cut half-way leaves nothing behind.

let proxy: TcpProxy;
let server: ServerProcess;
let direct: pg.Client;
let drop: () => Promise<void>;

const PAID_VIDEO = 'ang-maths-f5-v01';

beforeAll(async () => {
  const database = await freshPostgresDatabase();
  drop = database.drop;
  const url = new URL(database.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
  const viaProxy = new URL(database.url);
  viaProxy.port = String(proxy.port);
  server = await startServerProcess({ DATABASE_URL: viaProxy.toString(), RATE_LIMIT_ENABLED: 'false' });
  direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await direct?.end();
  await drop?.();
});

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown>,
  };
}

async function student(name: string): Promise<{ id: string; token: string }> {
  const registered = await call('POST', '/users/register', {
    firstname: 'Amina',
    lastname: 'Nkeng',
    email: `${name}@example.cm`,
    username: name,
    password: 'correct-horse-battery',
    phonenumber: `2376${String(Date.now()).slice(-8)}`,
  });
  expect(registered.status).toBe(201);
  const login = await call('POST', '/users/authenticate/student', {
    username: name,
    password: 'correct-horse-battery',
  });
  expect(login.status).toBe(200);
  const token = String(login.body.token);
  const id = String((login.body.user as { id: string }).id);
  await direct.query(
    `INSERT INTO subject_access (student_id, subject_id, expires_at) VALUES ($1, 'ang-maths-f5', now() + interval '30 days')`,
    [id],
  );
  return { id, token };
}

/** Polls until /health answers 200 again; the server must get there by itself. */
async function recovered(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const health = await call('GET', '/health').catch(() => undefined);
    if (health?.status === 200) return Date.now() - started;
    if (Date.now() - started > 30_000) throw new Error('the server did not recover within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the database going away under a running server (PostgreSQL)', () => {
  it('answers 503 with Retry-After and JSON while it is away, and recovers by itself', async () => {
    const amina = await student('outage_amina');
    expect((await call('GET', '/videos/fetchvideos')).status).toBe(200);

    await proxy.cut();
    for (const [method, path, body] of [
      ['GET', '/subjects/subject/fetch-all', undefined],
      ['GET', '/videos/fetchvideos', undefined],
      ['GET', '/users/profile', undefined],
      ['POST', '/videos/video/comment', { videoId: PAID_VIDEO, text: 'written while the database is away' }],
      [
        'POST',
        '/users/authenticate/student',
        { username: 'outage_amina', password: 'correct-horse-battery' },
      ],
    ] as const) {
      const response = await call(method, path, body, amina.token);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe('5');
      expect(response.body, path).toMatchObject({
        success: false,
        msg: expect.stringContaining('unavailable'),
      });
      expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
    }
    const health = await call('GET', '/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ ok: false, db: false });

    await proxy.restore();
    const took = await recovered();
    expect(took).toBeLessThan(30_000);
    // Everything works again, the same token included (nothing was lost on the server's side).
    expect((await call('GET', '/users/profile', undefined, amina.token)).status).toBe(200);
    const comment = await call(
      'POST',
      '/videos/video/comment',
      { videoId: PAID_VIDEO, text: 'back again' },
      amina.token,
    );
    expect(comment.status).toBe(200);
    const { rows } = await direct.query(
      'SELECT text FROM comments WHERE student_id = $1 ORDER BY created_at',
      [amina.id],
    );
    expect(rows.map((row) => row.text)).toEqual(['back again']);
    expect(server.output.join('\n')).not.toMatch(/"level":(50|60)/);
  });

  it('leaves nothing half-written when the connection dies inside a transaction', async () => {
    const kofi = await student('outage_kofi');
    const before = await direct.query<{ likes: number }>('SELECT likes FROM videos WHERE id = $1', [
      PAID_VIDEO,
    ]);
    // A like is: lock the video, insert the reaction, then update the video's counter, in one transaction.
    // The connection is cut when the counter's UPDATE is sent: the reaction was already inserted.
    const cut = proxy.cutWhenSent('UPDATE videos SET likes');
    const like = await call('PUT', '/videos/video/like', { videoId: PAID_VIDEO }, kofi.token).catch(
      (error) => {
        throw new Error(`${String(error)}\n${server.output.slice(-20).join('\n')}`);
      },
    );
    await cut;
    expect(like.status).toBe(503);
    expect(like.headers.get('retry-after')).toBe('5');

    await proxy.restore();
    await recovered();
    const reactions = await direct.query('SELECT kind FROM video_reactions WHERE student_id = $1', [kofi.id]);
    expect(reactions.rows).toEqual([]);
    const after = await direct.query<{ likes: number }>('SELECT likes FROM videos WHERE id = $1', [
      PAID_VIDEO,
    ]);
    expect(after.rows[0]?.likes).toBe(before.rows[0]?.likes);
    // And the same like goes through once the database is back.
    const again = await call('PUT', '/videos/video/like', { videoId: PAID_VIDEO }, kofi.token);
    expect(again.status).toBe(200);
    expect(again.body.likes).toBe((before.rows[0]?.likes ?? 0) + 1);
  });

  it('keeps no request waiting forever while the database hangs without answering', async () => {
    const pending = await student('outage_hang');
    proxy.stall();
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => call('GET', '/users/profile', undefined, pending.token)),
    );
    // Bounded by the pool's connection timeout (5 s) plus the wait for a free connection, not by the client.
    expect(responses.map((response) => response.status)).toEqual(Array(15).fill(503));
    expect(responses.every((response) => response.headers.get('retry-after') === '5')).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
    await proxy.restore();
    await recovered();
    expect((await call('GET', '/users/profile', undefined, pending.token)).status).toBe(200);
  });
});
