import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { createReconciler, RECONCILER, retryDelayMs } from '../../server/modules/payments/reconciler';
import { seedIfEmpty } from '../../server/seed/seed';
import { createTestApp, type TestApp, type TestStudent } from './helpers/app';
import { EMULATOR_PENDING_MS, startEmulator, type TestEmulator } from './helpers/momo-emulator';
import {
  cart,
  checkoutBody,
  type Line,
  paymentCalls,
  pricedSubjects,
  type Subject,
} from './helpers/payment-calls';
import { reconcilerContext } from './helpers/reconciler-context';

/**
 * Money is never taken twice nor lost: replayed and concurrent starts, a provider that fails, hangs, is
 * slow or forgets, a server that restarts mid-payment, and the background reconciler.
 */

const DAY_MS = 24 * 3600 * 1000;
const REQUEST_TO_PAY = 'POST /momo-sandbox/collection/v1_0/requesttopay';
const NOT_FOUND_GRACE_MS = 400;
const PROVIDER_TIMEOUT_MS = 300;

let emulator: TestEmulator;
let t: TestApp;
let subjects: Subject[];
let calls: ReturnType<typeof paymentCalls>;

beforeAll(async () => {
  emulator = await startEmulator();
  t = await createTestApp({
    fetch: emulator.fetch,
    env: {
      MOMO_NOT_FOUND_GRACE_MS: String(NOT_FOUND_GRACE_MS),
      MOMO_NOT_FOUND_MIN_READS: '2',
      MOMO_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    },
  });
  subjects = await pricedSubjects(t, 3);
  calls = paymentCalls(t);
});

afterAll(async () => {
  await t.close();
  await emulator.close();
});

afterEach(() => emulator.heal());

function subject(index: number): Subject {
  const found = subjects[index];
  if (!found) throw new Error(`no seeded subject #${index}`);
  return found;
}

const requestsToPay = () => emulator.calls.filter((call) => call === REQUEST_TO_PAY).length;
/** Requests to pay the provider took: each is a charge the payer is asked to approve. */
const charges = () =>
  emulator.answered.filter((answer) => answer.call === REQUEST_TO_PAY && answer.status === 202).length;

async function paymentsOf(student: TestStudent) {
  return t.db.query<{ reference_id: string; status: string; reason: string | null; granted_at: Date | null }>(
    'SELECT reference_id, status, reason, granted_at FROM payments WHERE student_id = $1 ORDER BY created_at',
    [student.id],
  );
}

/** Settles the payment as the app does: the provider says SUCCESSFUL, then makepayments. */
async function settle(student: TestStudent, referenceId: string, lines: Line[]) {
  emulator.clock.advance(EMULATOR_PENDING_MS);
  const answer = await calls.makePayments(student, checkoutBody(student, referenceId, lines));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('an idempotent payment start', () => {
  it('answers 20 concurrent copies of one request with one payment, one charge and one access period', async () => {
    const student = await t.registerAndLogin();
    const lines = [{ subject: subject(0), amount: 1 }];
    const body = cart(student, lines);
    const before = charges();
    const answers = await Promise.all(Array.from({ length: 20 }, () => calls.requestToPay(student, body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(202));
    const references = new Set(answers.map((answer) => answer.body.referenceId));
    expect(references.size).toBe(1);
    expect(charges() - before).toBe(1);
    expect(await paymentsOf(student)).toHaveLength(1);

    const [referenceId] = [...references] as [string];
    await settle(student, referenceId, lines);
    // Replays after the settlement still answer with the same payment and grant nothing more.
    const replays = await Promise.all(Array.from({ length: 5 }, () => calls.requestToPay(student, body)));
    expect(new Set(replays.map((answer) => answer.body.referenceId))).toEqual(references);
    await calls.makePayments(student, checkoutBody(student, referenceId, lines));
    const expiry = await calls.accessExpiry(student.id, subject(0).id);
    expect(expiry).toBeDefined();
    // One period of 365 days from now, not 20 or 26 of them.
    expect(((expiry ?? 0) - Date.now()) / DAY_MS).toBeCloseTo(365, 0);
    expect(charges() - before).toBe(1);
  });

  it('treats the Idempotency-Key like the externalId, and refuses a key reused for another cart with 409', async () => {
    const student = await t.registerAndLogin();
    const lines = [{ subject: subject(1), amount: 1 }];
    const headers = { 'idempotency-key': `checkout-${student.id}` };
    const first = await calls.requestToPay(student, cart(student, lines), { headers });
    // A client that lost its externalId sends a new one, with the same key: the same payment.
    const again = await calls.requestToPay(student, cart(student, lines), { headers });
    expect(first.status).toBe(202);
    expect(again.body.referenceId).toBe(first.body.referenceId);

    const otherCart = cart(student, [{ subject: subject(2), amount: 1 }]);
    const reused = await calls.requestToPay(student, otherCart, { headers });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({
      success: false,
      msg: 'This payment reference was already used for another cart.',
    });
    const french = await calls.requestToPay(student, otherCart, { headers, language: 'fr' });
    expect(french.body.msg).toBe('Cette référence de paiement a déjà servi pour un autre panier.');

    const badKey = await calls.requestToPay(student, cart(student, lines), {
      headers: { 'idempotency-key': 'has spaces in it' },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.msg).toMatch(/idempotency-key/);
  });

  it('refuses an externalId reused for another cart with 409, and charges nothing for it', async () => {
    const student = await t.registerAndLogin();
    const body = cart(student, [{ subject: subject(0), amount: 1 }]);
    await calls.requestToPay(student, body);
    const before = requestsToPay();
    const other = { ...cart(student, [{ subject: subject(0), amount: 2 }]), externalId: body.externalId };
    expect((await calls.requestToPay(student, other)).status).toBe(409);
    expect(requestsToPay()).toBe(before);
    expect(await paymentsOf(student)).toHaveLength(1);
  });

  it('answers a second start of the same cart and payer with the payment still pending, and a new cart or payer with a new one', async () => {
    const student = await t.registerAndLogin();
    const lines = [
      { subject: subject(0), amount: 1 },
      { subject: subject(1), amount: 2 },
    ];
    const first = await calls.startPayment(student, lines);
    // The same cart, lines in another order, a new externalId: the student tapped Pay again.
    const again = await calls.startPayment(student, [...lines].reverse());
    expect(again).toBe(first);
    const otherPayer = await calls.startPayment(student, lines, '237670000302');
    const otherCart = await calls.startPayment(student, [{ subject: subject(0), amount: 1 }]);
    expect(new Set([first, otherPayer, otherCart]).size).toBe(3);
    // Once it is settled, paying the same cart again is a new payment (a renewal).
    await settle(student, first, lines);
    expect(await calls.startPayment(student, lines)).not.toBe(first);
  });
});

describe('a provider that fails, hangs or is slow', () => {
  it('answers 503 while the provider answers 500, loses nothing, and a replay then charges once', async () => {
    const student = await t.registerAndLogin();
    const lines = [{ subject: subject(2), amount: 1 }];
    const body = cart(student, lines);
    emulator.failWith = 500;
    const refused = await calls.requestToPay(student, body);
    expect(refused.status).toBe(503);
    expect(refused.body.msg).toBe('The mobile money service is unavailable. Please try again later.');
    expect(refused.response.headers['retry-after']).toBeDefined();
    expect(await paymentsOf(student)).toMatchObject([
      { status: 'PENDING', reason: 'PROVIDER_UNCONFIRMED', granted_at: null },
    ]);

    emulator.failWith = undefined;
    const replay = await calls.requestToPay(student, body);
    expect(replay.status).toBe(202);
    expect(replay.body.referenceId).toBe((await paymentsOf(student))[0]?.reference_id);
    await settle(student, replay.body.referenceId, lines);
    expect(await paymentsOf(student)).toMatchObject([{ status: 'SUCCESSFUL', reason: null }]);
  });

  it('gives up on a provider that hangs after its timeout, with 503, and the payment stays resumable', async () => {
    const student = await t.registerAndLogin();
    const lines = [{ subject: subject(0), amount: 1 }];
    const body = cart(student, lines);
    emulator.hangs = true;
    const hung = await calls.requestToPay(student, body);
    expect(hung.status).toBe(503);
    expect(await paymentsOf(student)).toMatchObject([{ status: 'PENDING', reason: 'PROVIDER_UNCONFIRMED' }]);
    const [payment] = await paymentsOf(student);
    // A status read while it hangs is bounded too.
    expect((await calls.readStatus(student, payment?.reference_id ?? '')).status).toBe(503);

    emulator.hangs = false;
    const replay = await calls.requestToPay(student, body);
    expect(replay.status).toBe(202);
    expect(replay.body.referenceId).toBe(payment?.reference_id);
  });

  it('waits for a slow provider within its timeout', async () => {
    const student = await t.registerAndLogin();
    emulator.latencyMs = PROVIDER_TIMEOUT_MS / 3;
    const lines = [{ subject: subject(1), amount: 1 }];
    const referenceId = await calls.startPayment(student, lines);
    await settle(student, referenceId, lines);
  });

  it('settles a request whose answer was lost when it is replayed: the provider says it has it (409), one charge', async () => {
    const student = await t.registerAndLogin();
    const lines = [{ subject: subject(1), amount: 1 }];
    const body = cart(student, lines);
    emulator.losesAnswers = true;
    expect((await calls.requestToPay(student, body)).status).toBe(503);
    emulator.losesAnswers = false;
    const sent = requestsToPay();
    const charged = charges();
    const replay = await calls.requestToPay(student, body);
    expect(replay.status).toBe(202);
    // Sent again under the same reference: the provider refuses the duplicate and keeps one payment.
    expect(requestsToPay() - sent).toBe(1);
    expect(charges()).toBe(charged);
    await settle(student, replay.body.referenceId, lines);
  });
});

describe('the payment metrics', () => {
  async function count(app: TestApp['app'], name: string, labels: Record<string, string>): Promise<number> {
    const metric = await app.metrics.registry.getSingleMetric(name)?.get();
    const entry = metric?.values.find((value) =>
      Object.entries(labels).every(([key, label]) => value.labels[key] === label),
    );
    return entry?.value ?? 0;
  }

  it('counts each payment once per status it reaches, however many reads race', async () => {
    const paid = await t.registerAndLogin();
    const refused = await t.registerAndLogin();
    const before = {
      pending: await count(t.app, 'payments_total', { status: 'PENDING' }),
      successful: await count(t.app, 'payments_total', { status: 'SUCCESSFUL' }),
      failed: await count(t.app, 'payments_total', { status: 'FAILED' }),
    };
    const lines = [{ subject: subject(1), amount: 1 }];
    const body = cart(paid, lines);
    const copies = await Promise.all(Array.from({ length: 5 }, () => calls.requestToPay(paid, body)));
    const paidReference = copies[0]?.body.referenceId ?? '';
    const refusedReference = await calls.startPayment(refused, lines, '23746733123451');
    emulator.clock.advance(EMULATOR_PENDING_MS);
    await Promise.all([
      ...Array.from({ length: 8 }, () => calls.readStatus(paid, paidReference)),
      ...Array.from({ length: 8 }, () => calls.readStatus(refused, refusedReference)),
    ]);
    expect(await count(t.app, 'payments_total', { status: 'PENDING' })).toBe(before.pending + 2);
    expect(await count(t.app, 'payments_total', { status: 'SUCCESSFUL' })).toBe(before.successful + 1);
    expect(await count(t.app, 'payments_total', { status: 'FAILED' })).toBe(before.failed + 1);
  });
});

describe("the provider's 'not found'", () => {
  it('fails a payment only after a bounded re-check, in reads and in time', async () => {
    const student = await t.registerAndLogin();
    const referenceId = await calls.startPayment(student, [{ subject: subject(0), amount: 1 }]);
    // The provider loses every payment (an account reset): it answers 404 from now on.
    emulator.forget();
    expect((await calls.readStatus(student, referenceId)).body.status).toBe('PENDING');
    // The grace time counts from that first "not found"; more reads within it change nothing.
    const firstNotFound = Date.now();
    for (let read = 0; read < 3; read++) {
      expect((await calls.readStatus(student, referenceId)).body.status).toBe('PENDING');
    }
    const waited = Date.now() - firstNotFound;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, NOT_FOUND_GRACE_MS - waited) + 50));
    expect((await calls.readStatus(student, referenceId)).body).toEqual({
      success: true,
      status: 'FAILED',
      reason: 'RESOURCE_NOT_FOUND',
    });
  });

  it('forgets the "not found" answers once the provider knows the payment again', async () => {
    const student = await t.registerAndLogin();
    const lines = [{ subject: subject(2), amount: 1 }];
    const referenceId = await calls.startPayment(student, lines);
    emulator.failWith = 404;
    expect((await calls.readStatus(student, referenceId)).body.status).toBe('PENDING');
    emulator.failWith = undefined;
    expect((await calls.readStatus(student, referenceId)).body.status).toBe('PENDING');
    const [row] = await t.db.query<{ not_found_reads: number }>(
      'SELECT not_found_reads FROM payments WHERE reference_id = $1',
      [referenceId],
    );
    expect(row?.not_found_reads).toBe(0);
    await settle(student, referenceId, lines);
  });
});

describe('a server restart in the middle of a payment', () => {
  it('settles a payment the payer completed while the server was down', async () => {
    const student = await t.registerAndLogin();
    const lines = [{ subject: subject(0), amount: 1 }];
    const referenceId = await calls.startPayment(student, lines);
    // The server and the provider restart; the payer approves meanwhile.
    await emulator.restart();
    emulator.clock.advance(EMULATOR_PENDING_MS);
    const restarted = await buildApp(t.config, { db: t.db, fetch: emulator.fetch, seedIfEmpty });
    try {
      const status = await restarted.inject({
        method: 'GET',
        url: `/payments/momo/requesttopay/${referenceId}`,
        headers: student.headers,
      });
      expect(status.json()).toEqual({ success: true, status: 'SUCCESSFUL' });
      expect(await calls.accessExpiry(student.id, subject(0).id)).toBeDefined();
    } finally {
      await restarted.close();
    }
  });
});

describe('the background reconciler', () => {
  it('settles payments nobody polls, each checked by one reconciler only though two run at once', async () => {
    const students = await Promise.all([t.registerAndLogin(), t.registerAndLogin(), t.registerAndLogin()]);
    const references = await Promise.all(
      students.map((student) => calls.startPayment(student, [{ subject: subject(1), amount: 1 }])),
    );
    emulator.clock.advance(EMULATOR_PENDING_MS);
    const statusReads = () =>
      emulator.calls.filter((call) => call.startsWith('GET /momo-sandbox/collection/v1_0/requesttopay/'));
    const readsBefore = statusReads().length;
    // Two processes' reconcilers, sharing the database.
    const first = createReconciler(reconcilerContext(t, emulator, NOT_FOUND_GRACE_MS), {
      intervalMs: 0,
      firstCheckAfterMs: 0,
      startMayTakeMs: 0,
    });
    const second = createReconciler(reconcilerContext(t, emulator, NOT_FOUND_GRACE_MS), {
      intervalMs: 0,
      firstCheckAfterMs: 0,
      startMayTakeMs: 0,
    });
    const runs = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(runs.reduce((sum, run) => sum + run.checked, 0)).toBeGreaterThanOrEqual(references.length);
    const granted = await t.db.query<{ reference_id: string }>(
      'SELECT reference_id FROM payments WHERE reference_id = ANY($1::text[]) AND granted_at IS NOT NULL',
      [references],
    );
    expect(granted.map((row) => row.reference_id).sort()).toEqual([...references].sort());
    // No payment was read twice: each claim is its reconciler's alone.
    const read = statusReads().slice(readsBefore);
    for (const referenceId of references) {
      expect(read.filter((call) => call.endsWith(referenceId))).toHaveLength(1);
    }
    await Promise.all([first.stop(), second.stop()]);
  });

  it('leaves alone a payment whose start may still be sending it to the provider', async () => {
    const student = await t.registerAndLogin();
    emulator.hangs = true;
    expect(
      (await calls.requestToPay(student, cart(student, [{ subject: subject(0), amount: 1 }]))).status,
    ).toBe(503);
    emulator.hangs = false;
    const attempts = async () =>
      (
        await t.db.query<{ check_attempts: number }>(
          'SELECT check_attempts FROM payments WHERE student_id = $1',
          [student.id],
        )
      )[0]?.check_attempts;
    const patient = createReconciler(reconcilerContext(t, emulator, NOT_FOUND_GRACE_MS), {
      intervalMs: 0,
      firstCheckAfterMs: 0,
      startMayTakeMs: 60_000,
    });
    await patient.runOnce();
    expect(await attempts()).toBe(0);
    const due = createReconciler(reconcilerContext(t, emulator, NOT_FOUND_GRACE_MS), {
      intervalMs: 0,
      firstCheckAfterMs: 0,
      startMayTakeMs: 0,
    });
    await due.runOnce();
    expect(await attempts()).toBe(1);
    await Promise.all([patient.stop(), due.stop()]);
  });

  it('checks a still pending payment again later, with a growing interval', async () => {
    const student = await t.registerAndLogin();
    const referenceId = await calls.startPayment(
      student,
      [{ subject: subject(2), amount: 1 }],
      '23746733123453',
    );
    const reconciler = createReconciler(reconcilerContext(t, emulator, NOT_FOUND_GRACE_MS), {
      intervalMs: 0,
      firstCheckAfterMs: 0,
      startMayTakeMs: 0,
    });
    await reconciler.runOnce();
    const [row] = await t.db.query<{ status: string; wait_ms: number; check_attempts: number }>(
      `SELECT status, check_attempts, EXTRACT(EPOCH FROM next_check_at - now()) * 1000 AS wait_ms
         FROM payments WHERE reference_id = $1`,
      [referenceId],
    );
    expect(row?.status).toBe('PENDING');
    expect(row?.check_attempts).toBe(1);
    expect(Number(row?.wait_ms)).toBeGreaterThan(RECONCILER.firstRetryMs - 5_000);
    expect(Number(row?.wait_ms)).toBeLessThanOrEqual(RECONCILER.firstRetryMs);
    // Not due again yet: the next pass leaves it alone.
    const next = await reconciler.runOnce();
    expect(next.checked).toBe(0);
    expect([1, 2, 3, 6, 7, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 960_000, 1_800_000, 1_800_000,
    ]);
    await reconciler.stop();
  });

  it('runs in the server on its own timer (PAYMENT_RECONCILE_INTERVAL_MS)', async () => {
    // A provider on which payments succeed at once: the first pass already finds it SUCCESSFUL.
    const instant = await startEmulator({ pendingMs: 0 });
    const own = await createTestApp({
      fetch: instant.fetch,
      env: { PAYMENT_RECONCILE_INTERVAL_MS: '50', PAYMENT_RECONCILE_AFTER_MS: '0' },
    });
    try {
      const student = await own.registerAndLogin();
      const [first] = await pricedSubjects(own, 1);
      const referenceId = await paymentCalls(own).startPayment(student, [
        { subject: first as Subject, amount: 1 },
      ]);
      await vi.waitFor(
        async () => {
          const [row] = await own.db.query<{ granted_at: Date | null }>(
            'SELECT granted_at FROM payments WHERE reference_id = $1',
            [referenceId],
          );
          expect(row?.granted_at).not.toBeNull();
        },
        { timeout: 5_000, interval: 50 },
      );
      const runs = await own.app.metrics.registry.getSingleMetric('payment_reconciler_runs_total')?.get();
      expect(runs?.values.find((value) => value.labels.outcome === 'settled')?.value).toBe(1);
    } finally {
      await own.close();
      await instant.close();
    }
  });
});
