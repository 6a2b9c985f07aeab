import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { boundedQueue, QueueFullError } from '../../server/lib/bounded-queue';
import { belowOwaspRange, createPasswords, OWASP_ARGON2ID } from '../../server/lib/password';
import { createTestApp, loginAttempt, TEST_JWT_SECRET, type TestApp } from './helpers/app';

// Issue 23: password hashing kept in its lane. At most a few argon2 hashes run at once and a bounded line
// waits behind them, so reads keep a core while logins wait; a full line answers 503 with Retry-After and a
// translated message, and a login the busy server turned away never counts against the account.

/** A task that runs until the test lets it finish. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { task: () => done, finish };
}

describe('the bounded queue', () => {
  it('runs at most `concurrency` tasks, the next in arrival order, and refuses beyond the line', async () => {
    const queue = boundedQueue({ concurrency: 2, maxWaiting: 2 });
    const tasks = Array.from({ length: 4 }, held);
    const order: number[] = [];
    const runs = tasks.map((entry, i) =>
      queue.enter().run(async () => {
        order.push(i);
        await entry.task();
      }),
    );
    await Promise.resolve();
    expect(queue.stats()).toEqual({ running: 2, waiting: 2 });
    expect(() => queue.enter()).toThrow(QueueFullError);
    tasks[1]?.finish();
    await runs[1];
    // The freed slot went to the first in line, and nobody can jump ahead of the second.
    expect(order).toEqual([0, 1, 2]);
    expect(queue.stats()).toEqual({ running: 2, waiting: 1 });
    for (const entry of tasks) entry.finish();
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('a place given back unused frees the line; a failing task frees its slot', async () => {
    const queue = boundedQueue({ concurrency: 1, maxWaiting: 0 });
    const place = queue.enter();
    expect(() => queue.enter()).toThrow(QueueFullError);
    place.leave();
    place.leave();
    await expect(queue.enter().run(async () => Promise.reject(new Error('argon2 failed')))).rejects.toThrow(
      'argon2 failed',
    );
    await expect(queue.enter().run(async () => 'ran')).resolves.toBe('ran');
  });

  it('says how long the line ahead takes to clear, from the measured durations', async () => {
    const queue = boundedQueue({ concurrency: 1, maxWaiting: 1 });
    await queue.enter().run(() => new Promise((resolve) => setTimeout(resolve, 40)));
    const running = held();
    const first = queue.enter().run(running.task);
    const second = queue.enter().run(async () => {});
    let refused: unknown;
    try {
      queue.enter();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(QueueFullError);
    // One waiting plus the newcomer, about 40 ms each (a busy machine makes them longer, never shorter).
    expect((refused as QueueFullError).retryAfterMs).toBeGreaterThanOrEqual(70);
    running.finish();
    await Promise.all([first, second]);
  });
});

describe('argon2id parameters', () => {
  it('defaults to one of OWASP’s settings (m = 9 MiB, t = 4, p = 1), and hashes with it', async () => {
    const { passwordHashing } = loadConfig({ JWT_SECRET: TEST_JWT_SECRET });
    expect(passwordHashing).toMatchObject({ memoryKib: 9_216, timeCost: 4 });
    expect(belowOwaspRange(passwordHashing.memoryKib, passwordHashing.timeCost)).toBe(false);
    const hash = await createPasswords(passwordHashing).hash('correct-horse-battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=9216,p=1,t=4\$/);
  });

  it('tells OWASP’s settings from weaker ones', () => {
    for (const setting of OWASP_ARGON2ID) {
      expect(belowOwaspRange(setting.memoryKib, setting.timeCost)).toBe(false);
      expect(belowOwaspRange(setting.memoryKib - 1, setting.timeCost)).toBe(true);
    }
    expect(belowOwaspRange(256, 1)).toBe(true);
    expect(belowOwaspRange(7_168, 9)).toBe(false);
  });

  it('sizes the line from the cores: one hash per core but one, 64 waiting for each', () => {
    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, PASSWORD_HASH_CONCURRENCY: '3' });
    expect(config.passwordHashing).toMatchObject({ concurrency: 3, queueMax: 192 });
    const one = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, PASSWORD_HASH_QUEUE_MAX: '0' }).passwordHashing;
    expect(one.concurrency).toBeGreaterThanOrEqual(1);
    expect(one.queueMax).toBe(0);
  });
});

describe('logins behind a full line', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      seed: false,
      env: {
        // One hash at a time, one waiting; at an OWASP cost (tens of milliseconds), longer than the burst
        // takes to arrive, so that it finds them busy.
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_QUEUE_MAX: '1',
        ARGON2_MEMORY_KIB: '19456',
        ARGON2_TIME_COST: '2',
        RATE_LIMIT_ACCOUNT_FAILURES: '4',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const login = (username: string, password: string, language: string, address: string) =>
    loginAttempt(ctx, username, password, address, language);

  it('answers 503 with Retry-After and a translated message, and never counts those against the account', {
    timeout: 120_000,
  }, async () => {
    const student = await ctx.registerAndLogin();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(student.username, student.password, i % 2 === 0 ? 'fr-CM' : 'en', `10.70.0.${i + 1}`),
      ),
    );
    const statuses = burst.map((response) => response.status);
    // Two places (running and waiting): few get in, the others are turned away at once. Had the refused
    // ones counted as attempts, the account (four free attempts) would answer 429 to most of them.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(6);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    for (const [i, response] of burst.entries()) {
      if (response.status !== 503) continue;
      const seconds = Number(response.response.headers['retry-after']);
      expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
      expect(response.body.msg).toBe(
        i % 2 === 0
          ? `De nombreux élèves se connectent en ce moment. Veuillez réessayer dans ${seconds} s.`
          : `Many students are logging in right now. Please try again in ${seconds} s.`,
      );
    }
    // Once the line has cleared, the student gets in.
    expect((await login(student.username, student.password, 'en', '10.70.1.1')).status).toBe(200);
  });
});

describe('hashes made with older parameters', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('still verify, and the login replaces them with the current parameters', async () => {
    const student = await ctx.registerAndLogin();
    // What every account registered before issue 23 holds: m = 19 MiB, t = 2.
    const old = await argon2.hash(student.password, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    await ctx.db.query('UPDATE students SET password_hash = $2 WHERE id = $1', [student.id, old]);
    const wrong = await ctx.request({
      method: 'POST',
      url: '/users/authenticate/student',
      payload: { username: student.username, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    const stored = async () =>
      (
        await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM students WHERE id = $1', [
          student.id,
        ])
      )[0]?.password_hash;
    expect(await stored()).toBe(old);
    await ctx.login(student.username, student.password);
    const { memoryKib, timeCost } = ctx.config.passwordHashing;
    expect(await stored()).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryKib},p=1,t=${timeCost}\\$`));
    // The new hash is the same password.
    await ctx.login(student.username, student.password);
  });
});
