import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../server/modules/payments/momo-api';
import { MomoProvider } from '../../server/modules/payments/momo-provider';
import { findPayment, type PaymentRow } from '../../server/modules/payments/queries';
import { type PaymentsContext, refreshPayment } from '../../server/modules/payments/settlement';
import { insertPayment } from '../../server/modules/payments/start-queries';
import { checkAccess } from './helpers/access-check';
import { createTestApp, type TestApp, type TestStudent } from './helpers/app';
import { insertStudent } from './helpers/fresh-student';
import { EMULATOR_PENDING_MS, startEmulator, type TestEmulator } from './helpers/momo-emulator';
import type { Subject } from './helpers/payment-calls';

/**
 * Duplicated, reordered and concurrent checkouts and status reads over several payments with different
 * outcomes must never grant a payment twice, nor grant anything the provider did not report SUCCESSFUL.
 */

const PAYERS = { success: '237670000401', failure: '23746733123451', pending: '23746733123453' } as const;
type Outcome = keyof typeof PAYERS;

let emulator: TestEmulator;
let t: TestApp;
let subjects: Subject[];
let periodDays: number;

beforeAll(async () => {
  emulator = await startEmulator();
  t = await createTestApp({ fetch: emulator.fetch });
  periodDays = t.config.accessPeriodDays;
  const rows = await t.db.query<{ id: string; subject_title: string; price: number }>(
    'SELECT id, subject_title, price FROM subjects WHERE price > 0 ORDER BY id LIMIT 3',
  );
  subjects = rows.map((row) => ({ id: row.id, title: row.subject_title, price: row.price }));
});

afterAll(async () => {
  await t.close();
  await emulator.close();
});

const freshStudent = () => insertStudent(t.db, t.config.jwtSecret, 'prop');

const paymentArbitrary = fc.record({
  outcome: fc.constantFrom<Outcome>('success', 'success', 'failure', 'pending'),
  lines: fc.uniqueArray(
    fc.record({ subject: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 1, max: 3 }) }),
    {
      minLength: 1,
      maxLength: 2,
      selector: (line) => line.subject,
    },
  ),
});

const operationArbitrary = fc.record({
  kind: fc.constantFrom('makepayments', 'status'),
  payment: fc.nat(),
});

let orderCounter = 0;

interface CreatedPayment {
  referenceId: string;
  outcome: Outcome;
  lines: { subject: Subject; amount: number }[];
}

async function createPayment(
  student: TestStudent,
  outcome: Outcome,
  lines: { subject: number; amount: number }[],
): Promise<CreatedPayment> {
  const resolved = lines.map((line) => {
    const subject = subjects[line.subject];
    if (!subject) throw new Error('missing seeded subject');
    return { subject, amount: line.amount };
  });
  const total = resolved.reduce((sum, line) => sum + line.subject.price * line.amount, 0);
  const response = await t.request<{ referenceId: string }>({
    method: 'POST',
    url: '/payments/momo/requesttopay',
    headers: student.headers,
    payload: {
      amount: String(total),
      currency: 'XAF',
      externalId: `ORDER_${student.id}_${Date.now() * 1000 + (orderCounter++ % 1000)}`,
      payer: { partyIdType: 'MSISDN', partyId: PAYERS[outcome] },
      payerMessage: '',
      payeeNote: '',
      items: resolved.map((line) => ({ subjectId: line.subject.id, amount: line.amount })),
    },
  });
  expect(response.status).toBe(202);
  return { referenceId: response.body.referenceId, outcome, lines: resolved };
}

function operation(student: TestStudent, kind: string, payment: CreatedPayment) {
  if (kind === 'status') {
    return t.request<{ status: string }>({
      method: 'GET',
      url: `/payments/momo/requesttopay/${payment.referenceId}`,
      headers: student.headers,
    });
  }
  return t.request<{ status: string }>({
    method: 'PUT',
    url: '/transactions/subjects/makepayments',
    headers: student.headers,
    payload: {
      id: student.id,
      username: student.username,
      role: 'STUDENT',
      paidSubjects: payment.lines.map((line) => line.subject.title),
      totalCost: payment.lines.reduce((sum, line) => sum + line.subject.price * line.amount, 0),
      referenceId: payment.referenceId,
    },
  });
}

describe('payments under duplicated, reordered and concurrent calls', () => {
  it('grants each SUCCESSFUL payment exactly once and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(paymentArbitrary, { minLength: 1, maxLength: 4 }),
        fc.array(operationArbitrary, { minLength: 1, maxLength: 10 }),
        fc.scheduler(),
        async (paymentSpecs, operations, scheduler) => {
          const student = await freshStudent();
          const payments: CreatedPayment[] = [];
          for (const spec of paymentSpecs) {
            const created = await createPayment(student, spec.outcome, spec.lines);
            // The same cart for the same payer while the first is still pending is that same payment.
            if (!payments.some((payment) => payment.referenceId === created.referenceId))
              payments.push(created);
          }
          emulator.clock.advance(EMULATOR_PENDING_MS);

          // Each operation starts when the scheduler says so; started ones then run truly concurrently.
          const runs = operations.map((op) => {
            const payment = payments[op.payment % payments.length] as CreatedPayment;
            return scheduler
              .schedule(Promise.resolve(op.kind), `${op.kind} ${payments.indexOf(payment)}`)
              .then((kind) => operation(student, kind, payment))
              .then((result) => ({ op: op.kind, payment, result }));
          });
          await scheduler.waitAll();
          const results = await Promise.all(runs);

          for (const { op, payment, result } of results) {
            if (op === 'status') {
              expect(result.status).toBe(200);
              expect(result.body.status).toBe(
                { success: 'SUCCESSFUL', failure: 'FAILED', pending: 'PENDING' }[payment.outcome],
              );
            } else {
              expect(result.status).toBe(payment.outcome === 'success' ? 200 : 409);
            }
          }

          await checkAccess(
            t.db,
            periodDays,
            student.id,
            payments,
            new Set(results.map((entry) => entry.payment.referenceId)),
          );
        },
      ),
      { numRuns: 25 },
    );
    // 25 runs, each registering a student (argon2id at OWASP cost) over HTTP: bounded work, but on two
    // shared cores beside the Chromium suite it has needed more than the default 30 s.
  }, 180_000);

  it('settles exactly once when status reads race on stale rows and provider answers arrive in any order', async () => {
    // Every read starts from the row as it was before any settlement (what concurrent requests see),
    // and the scheduler decides when each provider answer arrives: only the grant guard can keep
    // the payment from being granted once per read.
    let transport: FetchLike = emulator.fetch;
    const provider = new MomoProvider({
      config: t.config.momo,
      fetch: (url, init) => transport(url, init),
      now: () => emulator.clock.now(),
    });
    const context: PaymentsContext = {
      db: t.db,
      provider,
      accessPeriodDays: periodDays,
      log: t.app.log,
      notFound: { graceMs: 60_000, minReads: 3 },
      countStatus: () => {},
    };

    await fc.assert(
      fc.asyncProperty(
        fc.array(paymentArbitrary, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 10 }),
        fc.scheduler(),
        async (paymentSpecs, reads, scheduler) => {
          transport = emulator.fetch;
          const student = await freshStudent();
          const payments: CreatedPayment[] = [];
          const staleRows: PaymentRow[] = [];
          for (const [index, spec] of paymentSpecs.entries()) {
            const lines = spec.lines.map((line) => ({
              subject: subjects[line.subject] as Subject,
              amount: line.amount,
            }));
            const total = lines.reduce((sum, line) => sum + line.subject.price * line.amount, 0);
            const referenceId = randomUUID();
            const externalId = `ORDER_${student.id}_${Date.now() + index}`;
            await insertPayment(t.db, {
              referenceId,
              externalId,
              idempotencyKey: undefined,
              studentId: student.id,
              items: lines.map((line) => ({ subjectId: line.subject.id, amount: line.amount })),
              totalCost: total,
              currency: provider.currency,
              msisdn: PAYERS[spec.outcome],
            });
            await provider.requestToPay({
              referenceId,
              amount: total,
              externalId,
              msisdn: PAYERS[spec.outcome],
              payerMessage: '',
              payeeNote: '',
            });
            payments.push({ referenceId, outcome: spec.outcome, lines });
            staleRows.push((await findPayment(t.db, referenceId)) as PaymentRow);
          }
          emulator.clock.advance(EMULATOR_PENDING_MS);

          transport = scheduler.scheduleFunction(emulator.fetch);
          const runs = reads.map((read) =>
            refreshPayment(context, staleRows[read % staleRows.length] as PaymentRow),
          );
          // Releases scheduled provider answers one at a time, in the order the scheduler picks.
          const settled = await scheduler.waitFor(Promise.all(runs));
          transport = emulator.fetch;

          for (const [index, row] of settled.entries()) {
            const payment = payments[(reads[index] ?? 0) % payments.length] as CreatedPayment;
            expect(row.status).toBe(
              { success: 'SUCCESSFUL', failure: 'FAILED', pending: 'PENDING' }[payment.outcome],
            );
          }
          await checkAccess(
            t.db,
            periodDays,
            student.id,
            payments,
            new Set(reads.map((read) => (payments[read % payments.length] as CreatedPayment).referenceId)),
          );
        },
      ),
      { numRuns: 30 },
    );
  });
});
