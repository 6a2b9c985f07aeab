import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCode } from '../../contract/rules/access-code';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';
import { codeCalls, expiryOf } from './helpers/code-calls';
import { insertStudent } from './helpers/fresh-student';

// Access codes (issue 20): redeemed like a payment, one seat each, kept as keyed hashes, limited like logins.

const DAY_MS = 24 * 60 * 60_000;
const MATHS = 'ang-maths-f5';
const PHYSICS = 'ang-physics-f5';
const FR = { 'accept-language': 'fr' };

let t: TestApp;
let codes: ReturnType<typeof codeCalls>;
let batchNumber = 0;
const batchName = (label: string) => {
  batchNumber += 1;
  return `${label} ${batchNumber}`;
};
const student = () => insertStudent(t.db, t.config.jwtSecret, 'code');

/** A code of the right shape (its check symbol matches) that no batch made. */
function unknownCode(): string {
  for (;;) {
    const candidate = `ZZZZ-ZZZZ-ZZZZ-${Math.floor(Math.random() * 10_000)
      .toString()
      .padStart(4, '0')}-`;
    for (const check of '0123456789ABCDEFGHJKMNPQRSTVWXYZ') {
      const read = checkCode(candidate + check);
      if (read.ok) return read.code;
    }
  }
}

/** The same code as a student types it from a card: lower case, spaces for dashes. */
const typedLoosely = (code: string) => ` ${code.toLowerCase().replaceAll('-', ' ')} `;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_CODE_FAILURES: '1000', RATE_LIMIT_CODE_ADDRESS_FAILURES: '1000' },
  });
  codes = codeCalls(t);
});
afterAll(() => t.close());

describe('redeeming a card', () => {
  it('gives its subjects for its days, as a payment does, typed in lower case with spaces', async () => {
    const made = await codes.create({
      batch: batchName('Librairie'),
      subjects: [MATHS, PHYSICS],
      days: 365,
      count: 2,
    });
    expect(made.codes).toHaveLength(2);
    for (const code of made.codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}-[0-9A-HJKMNP-TV-Z]$/);
    const amina = await student();
    const before = Date.now();
    const answer = await codes.redeem(amina, typedLoosely(made.codes[0] as string));
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.msg).toMatch(
      /^Your code has been accepted: Mathematics Form 5, Physics Form 5, until \d{1,2} \w+ \d{4}\. /,
    );
    const paid = answer.body.user?.paidSubjects ?? [];
    expect(paid.map((p) => p.subjectId).sort()).toEqual([MATHS, PHYSICS]);
    for (const subject of paid) {
      const expiry = new Date(subject.expiresAt).getTime();
      expect(expiry).toBeGreaterThanOrEqual(before + 365 * DAY_MS - 1000);
      expect(expiry).toBeLessThanOrEqual(Date.now() + 365 * DAY_MS + 1000);
    }
    // The lessons open: the video list is no longer locked for the subject.
    const videos = await t.request<Array<{ subjectId: string; locked: boolean }>>({
      method: 'GET',
      url: '/videos/fetchvideos/anglophone',
      headers: amina.headers,
    });
    const maths = videos.body.filter((video) => video.subjectId === MATHS);
    expect(maths.length).toBeGreaterThan(0);
    expect(maths.every((video) => !video.locked)).toBe(true);
  });

  it('is spent once: another student is told so, the same student is told it is already theirs', async () => {
    const made = await codes.create({ batch: batchName('Carte'), subjects: [MATHS], days: 30, count: 1 });
    const code = made.codes[0] as string;
    const first = await student();
    expect((await codes.redeem(first, code)).status).toBe(200);
    const again = await codes.redeem(first, code);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('You have already used this code on your account.');
    const second = await student();
    const spent = await codes.redeem(second, code, FR);
    expect(spent.status).toBe(409);
    expect(spent.body.msg).toBe("Ce code a déjà été utilisé : toutes les places qu'il donne sont prises.");
    expect(await expiryOf(t, second.id, MATHS)).toBeUndefined();
  });

  it('extends a running access from its expiry, and starts an ended one from now', async () => {
    const made = await codes.create({
      batch: batchName('Renouvellement'),
      subjects: [MATHS, PHYSICS],
      days: 30,
      count: 1,
    });
    const renewing = await student();
    const running = Date.now() + 10 * DAY_MS;
    await grantAccess(t.db, renewing.id, MATHS, new Date(running));
    await grantAccess(t.db, renewing.id, PHYSICS, new Date(Date.now() - 5 * DAY_MS));
    const before = Date.now();
    expect((await codes.redeem(renewing, made.codes[0] as string)).status).toBe(200);
    expect(await expiryOf(t, renewing.id, MATHS)).toBe(running + 30 * DAY_MS);
    const physics = (await expiryOf(t, renewing.id, PHYSICS)) as number;
    expect(physics).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(physics).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);
  });

  it('gives a whole section: every paid subject of it', async () => {
    const made = await codes.create({
      batch: batchName('Section'),
      section: 'competitive-exams',
      days: 90,
      count: 1,
    });
    const paidSubjects = await t.db.query<{ id: string }>(
      "SELECT id FROM subjects WHERE section = 'competitive-exams' AND price > 0 ORDER BY id",
    );
    expect(made.batch.subjects.map((s) => s.id).sort()).toEqual(paidSubjects.map((s) => s.id));
    const candidate = await student();
    const answer = await codes.redeem(candidate, made.codes[0] as string);
    expect(answer.status).toBe(200);
    expect(answer.body.user?.paidSubjects.map((p) => p.subjectId).sort()).toEqual(
      paidSubjects.map((s) => s.id),
    );
  });
});

describe('a class code', () => {
  it('admits as many students as it has seats, each once, and the operator sees the seats left', async () => {
    const name = batchName('Lycée de Buea');
    const made = await codes.create({ batch: name, subjects: [MATHS], days: 365, count: 1, seats: 3 });
    expect(made.batch).toMatchObject({
      kind: 'class',
      seats: 3,
      count: 1,
      seatsLeft: 3,
      unspent: 1,
      spent: 0,
    });
    const code = made.codes[0] as string;
    const pupils: TestStudent[] = [await student(), await student(), await student(), await student()];
    for (const pupil of pupils.slice(0, 2)) expect((await codes.redeem(pupil, code)).status).toBe(200);
    expect((await codes.redeem(pupils[0] as TestStudent, code)).body.msg).toBe(
      'You have already used this code on your account.',
    );
    let listed = (await codes.batches()).find((batch) => batch.name === name);
    expect(listed).toMatchObject({ seatsLeft: 1, redemptions: 2, spent: 0, unspent: 1 });
    expect((await codes.redeem(pupils[2] as TestStudent, code)).status).toBe(200);
    const fourth = await codes.redeem(pupils[3] as TestStudent, code);
    expect(fourth.status).toBe(409);
    expect(fourth.body.msg).toBe('This code has already been used: every place it gives is taken.');
    listed = (await codes.batches()).find((batch) => batch.name === name);
    expect(listed).toMatchObject({ seatsLeft: 0, redemptions: 3, spent: 1, unspent: 0 });
  });
});

describe('codes that give nothing', () => {
  it('refuses a mistyped code (its check symbol) with a 400, and a code nobody made with a 404', async () => {
    const made = await codes.create({ batch: batchName('Faute'), subjects: [MATHS], days: 30, count: 1 });
    const code = made.codes[0] as string;
    // One symbol changed: the check symbol no longer matches.
    const wrongSymbol = `${code[0] === 'A' ? 'B' : 'A'}${code.slice(1)}`;
    const pupil = await student();
    const mistyped = await codes.redeem(pupil, wrongSymbol, FR);
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.msg).toBe(
      'Ce code est incomplet ou contient une faute de frappe. Veuillez vérifier chaque caractère sur votre carte.',
    );
    expect((await codes.redeem(pupil, code.slice(0, -2))).status).toBe(400);
    const unknown = await codes.redeem(pupil, unknownCode());
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(
      'This code does not exist. Please check it against your card, or ask whoever gave it to you.',
    );
    expect(await expiryOf(t, pupil.id, MATHS)).toBeUndefined();
  });

  it('refuses a code past its own expiry, saying until when it was valid, in the student’s language', async () => {
    const made = await codes.create({
      batch: batchName('Année 2025'),
      subjects: [MATHS],
      days: 365,
      count: 1,
      expiresAt: '2025-07-31',
    });
    expect(made.batch.expiresAt).toBe('2025-07-31T23:00:00.000Z');
    const late = await student();
    const fr = await codes.redeem(late, made.codes[0] as string, FR);
    expect(fr.status).toBe(409);
    expect(fr.body.msg).toBe("Ce code ne pouvait être utilisé que jusqu'au 31 juillet 2025.");
    const en = await codes.redeem(late, made.codes[0] as string);
    expect(en.body.msg).toBe('This code could only be used until 31 July 2025.');
    expect(await expiryOf(t, late.id, MATHS)).toBeUndefined();
  });

  it('accepts a code on the last day of its expiry', async () => {
    const today = new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 10);
    const made = await codes.create({
      batch: batchName('Dernier jour'),
      subjects: [MATHS],
      days: 10,
      count: 1,
      expiresAt: today,
    });
    expect((await codes.redeem(await student(), made.codes[0] as string)).status).toBe(200);
  });

  it('refuses the codes of a withdrawn batch, and keeps what was already given', async () => {
    const name = batchName('Retiré');
    const made = await codes.create({ batch: name, subjects: [MATHS], days: 30, count: 3 });
    const early = await student();
    expect((await codes.redeem(early, made.codes[0] as string)).status).toBe(200);
    const revoked = await codes.revoke(name);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toBe(2);
    expect(revoked.body.batch).toMatchObject({ spent: 1, unspent: 0, seatsLeft: 0 });
    expect(revoked.body.batch.revokedAt).not.toBeNull();
    const late = await student();
    const refused = await codes.redeem(late, made.codes[1] as string, FR);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      "Ce code a été retiré par celui qui l'a émis. Veuillez lui en demander un autre.",
    );
    expect(await expiryOf(t, early.id, MATHS)).toBeGreaterThan(Date.now());
    expect((await codes.revoke('No such batch')).status).toBe(404);
  });
});

describe('how codes are kept', () => {
  it('stores only a keyed hash of each code: a copy of the database does not give them', async () => {
    const name = batchName('Stockage');
    const made = await codes.create({ batch: name, subjects: [MATHS], days: 30, count: 5 });
    const rows = await t.db.query<{ code_hash: string }>(
      `SELECT c.code_hash FROM access_codes c JOIN code_batches b ON b.id = c.batch_id WHERE b.name = $1`,
      [name],
    );
    const expected = made.codes.map((code) =>
      createHmac('sha256', t.config.codesSecret).update(code).digest('hex'),
    );
    expect(rows.map((row) => row.code_hash).sort()).toEqual(expected.sort());
    // Nowhere in the code tables, in any form a student could type.
    const dump = JSON.stringify(
      await t.db.query(
        `SELECT row_to_json(x)::text AS row FROM (
           SELECT * FROM code_batches) x
         UNION ALL SELECT row_to_json(c)::text FROM access_codes c
         UNION ALL SELECT row_to_json(r)::text FROM code_redemptions r`,
      ),
    ).toUpperCase();
    for (const code of made.codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replaceAll('-', ''));
    }
    // The hash needs the key: an unkeyed SHA-256 of the code is not what is stored.
    const { createHash } = await import('node:crypto');
    expect(rows.map((row) => row.code_hash)).not.toContain(
      createHash('sha256')
        .update(made.codes[0] as string)
        .digest('hex'),
    );
    expect(t.config.codesSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('makes every code of a batch different, 80 random bits and a check symbol each', async () => {
    const made = await codes.create({
      batch: batchName('Grand lot'),
      section: 'anglophone',
      days: 365,
      count: 500,
    });
    expect(new Set(made.codes).size).toBe(500);
    for (const code of made.codes) expect(checkCode(code)).toEqual({ ok: true, code });
    expect(made.redeemUrl).toMatch(/^http:\/\/[^/]+\/#\/redeem\?code=$/);
  });
});

describe('the transactions tab', () => {
  it('lists a redeemed code with its batch, subjects and until when, and never the code', async () => {
    const name = batchName('Bookshop Bamenda');
    const made = await codes.create({ batch: name, subjects: [PHYSICS], days: 60, count: 1 });
    const reader = await student();
    await codes.redeem(reader, made.codes[0] as string);
    const list = await t.request<Array<Record<string, unknown>>>({
      method: 'GET',
      url: '/transactions',
      headers: reader.headers,
    });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const entry = list.body[0] as Record<string, unknown>;
    expect(entry).toMatchObject({
      kind: 'code',
      status: 'SUCCESSFUL',
      totalCost: 0,
      items: [{ subjectId: PHYSICS, amount: 1, subjectTitle: 'Physics Form 5' }],
      redemption: { batch: name, days: 60 },
    });
    const until = new Date((entry.redemption as { until: string }).until).getTime();
    expect(until).toBe(await expiryOf(t, reader.id, PHYSICS));
    expect(JSON.stringify(list.body)).not.toContain(made.codes[0]);
  });
});

describe('the operator routes', () => {
  it('need the operator token', async () => {
    const none = await t.request({ method: 'GET', url: '/operator/codes/batches' });
    expect(none.status).toBe(401);
    const student = await insertStudent(t.db, t.config.jwtSecret, 'op');
    const wrong = await t.request({
      method: 'GET',
      url: '/operator/codes/batches',
      headers: student.headers,
    });
    expect(wrong.status).toBe(401);
    const made = await t.request({
      method: 'POST',
      url: '/operator/codes/batches',
      headers: student.headers,
      payload: { batch: 'Nope', subjects: [MATHS], days: 1, count: 1 },
    });
    expect(made.status).toBe(401);
  });

  it('refuse a taken batch name, an unknown subject, and both subjects and a section', async () => {
    const name = batchName('Doublon');
    await codes.create({ batch: name, subjects: [MATHS], days: 30, count: 1 });
    const post = (payload: object) =>
      t.request({ method: 'POST', url: '/operator/codes/batches', headers: codes.operator, payload });
    expect((await post({ batch: name, subjects: [MATHS], days: 30, count: 1 })).status).toBe(409);
    const unknown = await post({ batch: batchName('x'), subjects: ['no-such-subject'], days: 30, count: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe("Unknown subject 'no-such-subject'.");
    expect(
      (await post({ batch: batchName('x'), subjects: [MATHS], section: 'anglophone', days: 30, count: 1 }))
        .status,
    ).toBe(400);
    expect((await post({ batch: batchName('x'), days: 30, count: 1 })).status).toBe(400);
    expect((await post({ batch: batchName('x'), subjects: [MATHS], days: 30, count: 0 })).status).toBe(400);
  });

  it('are in the OpenAPI document, with the redeem route', async () => {
    const doc = await t.request<{ paths: Record<string, Record<string, unknown>> }>({
      method: 'GET',
      url: '/docs/json',
    });
    expect(doc.body.paths['/subjects/serial/redeem']?.post).toBeDefined();
    expect(doc.body.paths['/operator/codes/batches']?.post).toBeDefined();
    expect(doc.body.paths['/operator/codes/batches']?.get).toBeDefined();
    expect(doc.body.paths['/operator/codes/batches/revoke']?.post).toBeDefined();
  });
});

describe('guessing', () => {
  let limited: TestApp;
  let calls: ReturnType<typeof codeCalls>;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { RATE_LIMIT_CODE_FAILURES: '3', RATE_LIMIT_CODE_ADDRESS_FAILURES: '5', TRUST_PROXY: 'true' },
    });
    calls = codeCalls(limited);
  });
  afterAll(() => limited.close());
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('slows one account down after a few wrong codes, whatever the address, with a growing delay', async () => {
    const guesser = await insertStudent(limited.db, limited.config.jwtSecret, 'guess');
    for (let i = 0; i < 3; i += 1) {
      expect((await calls.redeem(guesser, unknownCode(), from(`10.0.1.${i}`))).status).toBe(404);
    }
    const made = await calls.create({ batch: 'Vraie carte', subjects: [MATHS], days: 30, count: 1 });
    // Even the right code waits: the delay is the account's, as with logins.
    const throttled = await calls.redeem(guesser, made.codes[0] as string, { ...from('10.0.1.9'), ...FR });
    expect(throttled.status).toBe(429);
    expect(throttled.body.msg).toBe('Trop de codes essayés. Veuillez réessayer dans 30 s.');
    expect(throttled.response.headers['retry-after']).toBe('30');
    expect(await expiryOf(limited, guesser.id, MATHS)).toBeUndefined();
    // A mistyped code is caught by its check symbol and counts for nothing, even while throttled.
    expect((await calls.redeem(guesser, 'AAAA-AAAA', from('10.0.1.9'))).status).toBe(400);
  });

  it('slows one address down after wrong codes from several accounts, but not a class redeeming its code', async () => {
    const school = from('10.0.2.1');
    const made = await calls.create({
      batch: 'Classe de 6e',
      subjects: [MATHS],
      days: 30,
      count: 1,
      seats: 12,
    });
    // A whole class behind the school's one address: successes do not count.
    for (let i = 0; i < 8; i += 1) {
      const pupil = await insertStudent(limited.db, limited.config.jwtSecret, 'class');
      expect((await calls.redeem(pupil, made.codes[0] as string, school)).status).toBe(200);
    }
    for (let i = 0; i < 5; i += 1) {
      const guesser = await insertStudent(limited.db, limited.config.jwtSecret, 'ip');
      expect((await calls.redeem(guesser, unknownCode(), school)).status).toBe(404);
    }
    const next = await insertStudent(limited.db, limited.config.jwtSecret, 'ip');
    const throttled = await calls.redeem(next, made.codes[0] as string, school);
    expect(throttled.status).toBe(429);
    expect(throttled.body.msg).toBe('Too many codes tried. Please try again in 30 s.');
    // Another address is not concerned.
    expect((await calls.redeem(next, made.codes[0] as string, from('10.0.3.1'))).status).toBe(200);
  });
});
