import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';
import { EMULATOR_PENDING_MS, startEmulator, type TestEmulator } from './helpers/momo-emulator';

// Issue 9, access-expiry reminders: 7 days and 1 day before a paid subject's access ends the student is
// offered Renew. A renewal paid before the end extends from the current expiry, not from today, so renewing
// early never costs the days that were left. (The rule lives in the payments module's grantPayment.)

const DAY_MS = 24 * 3600 * 1000;

let emulator: TestEmulator;
let t: TestApp;
let subject: { id: string; title: string; price: number };

beforeAll(async () => {
  emulator = await startEmulator();
  t = await createTestApp({ fetch: emulator.fetch });
  const [row] = await t.db.query<{ id: string; subject_title: string; price: number }>(
    'SELECT id, subject_title, price FROM subjects WHERE price > 0 ORDER BY id LIMIT 1',
  );
  if (!row) throw new Error('no paid subject in the seed');
  subject = { id: row.id, title: row.subject_title, price: row.price };
});

afterAll(async () => {
  await t.close();
  await emulator.close();
});

async function renew(student: TestStudent): Promise<{ expiresAt: string }> {
  const requested = await t.request<{ referenceId: string }>({
    method: 'POST',
    url: '/payments/momo/requesttopay',
    headers: student.headers,
    payload: {
      amount: String(subject.price),
      currency: 'XAF',
      externalId: `ORDER_${student.id}_${Date.now()}`,
      payer: { partyIdType: 'MSISDN', partyId: '237670000401' },
      payerMessage: 'Renewal',
      payeeNote: 'Renewal',
      items: [{ subjectId: subject.id, amount: 1 }],
    },
  });
  expect(requested.status).toBe(202);
  emulator.clock.advance(EMULATOR_PENDING_MS);
  const paid = await t.request<{
    success: boolean;
    user: { paidSubjects: { subjectId: string; expiresAt: string }[] };
  }>({
    method: 'PUT',
    url: '/transactions/subjects/makepayments',
    headers: student.headers,
    payload: {
      id: student.id,
      username: student.username,
      role: 'STUDENT',
      paidSubjects: [subject.title],
      totalCost: subject.price,
      referenceId: requested.body.referenceId,
    },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const entry = paid.body.user.paidSubjects.find((paidSubject) => paidSubject.subjectId === subject.id);
  if (!entry) throw new Error('the renewed subject is not in the user object');
  return entry;
}

describe('renewing a subject before its access ends', () => {
  it.each([
    ['7 days', 7 * DAY_MS],
    ['1 day', DAY_MS],
    ['one hour', 3600 * 1000],
  ])('%s before the end: the new period starts at the current expiry', async (_, left) => {
    const student = await t.registerAndLogin();
    const currentExpiry = new Date(Math.floor((Date.now() + left) / 1000) * 1000);
    await grantAccess(t.db, student.id, subject.id, currentExpiry);
    const { expiresAt } = await renew(student);
    expect(Date.parse(expiresAt) - currentExpiry.getTime()).toBe(t.config.accessPeriodDays * DAY_MS);
  });

  it('after the end: the new period starts now, the days already lost are not given back', async () => {
    const student = await t.registerAndLogin();
    await grantAccess(t.db, student.id, subject.id, new Date(Date.now() - 3 * DAY_MS));
    const before = Date.now();
    const { expiresAt } = await renew(student);
    const expected = before + t.config.accessPeriodDays * DAY_MS;
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(expected - 1_000);
    expect(Date.parse(expiresAt)).toBeLessThan(expected + 60_000);
  });
});
