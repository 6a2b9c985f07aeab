import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/lib/db';
import { checkAccess, type PayerOutcome } from './helpers/access-check';
import { freshDatabase, TEST_JWT_SECRET } from './helpers/app';
import { insertStudent } from './helpers/fresh-student';
import { orderBody } from './helpers/order-calls';
import { checkoutBody, type Subject } from './helpers/payment-calls';
import { registerOn, type ServerProcess, startServerProcess } from './helpers/server-process';

/**
 * Two server processes on one PostgreSQL, as a deployment behind a proxy runs them: a payment started on
 * one is polled and settled on the other, and replayed starts, status reads and checkouts sent to either,
 * all at once, grant every SUCCESSFUL payment exactly once and charge each payment once. Each process has
 * its own built-in MoMo emulator; their state, like everything else, is in the shared database.
 */

if (process.env.TEST_DB !== 'postgres') {
  throw new Error(
    'This suite needs PostgreSQL: it runs in the server-pg project (npx vitest run --project server-pg)',
  );
}

const PENDING_MS = 300;
const PAYERS: Record<PayerOutcome, string> = {
  success: '237670000601',
  failure: '23746733123451',
  pending: '23746733123453',
};
const STATUS_OF: Record<PayerOutcome, string> = {
  success: 'SUCCESSFUL',
  failure: 'FAILED',
  pending: 'PENDING',
};

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let servers: [ServerProcess, ServerProcess];
let subjects: Subject[];
let periodDays: number;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  const env = {
    DATABASE_URL: database.url ?? '',
    MOMO_SANDBOX_PENDING_MS: String(PENDING_MS),
    // Every run pays from this one test address, far beyond a student's per-address payment limit.
    RATE_LIMIT_PAYMENT_MAX: '100000',
  };
  // Started at the same moment on an empty database: only one of them migrates and seeds.
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  const rows = await db.query<{ id: string; subject_title: string; price: number }>(
    'SELECT id, subject_title, price FROM subjects WHERE price > 0 ORDER BY id LIMIT 3',
  );
  subjects = rows.map((row) => ({ id: row.id, title: row.subject_title, price: row.price }));
  periodDays = 365;
}, 120_000);

afterAll(async () => {
  await Promise.all((servers ?? []).map((server) => server.stop('SIGTERM')));
  await db?.close();
  await database?.drop();
});

function server(index: number): ServerProcess {
  return servers[index % 2] as ServerProcess;
}

function paymentBody(
  externalId: string,
  outcome: PayerOutcome,
  lines: { subject: Subject; amount: number }[],
) {
  return {
    amount: String(lines.reduce((sum, line) => sum + line.subject.price * line.amount, 0)),
    currency: 'XAF',
    externalId,
    payer: { partyIdType: 'MSISDN', partyId: PAYERS[outcome] },
    payerMessage: 'Subjects',
    payeeNote: 'Cart',
    items: lines.map((line) => ({ subjectId: line.subject.id, amount: line.amount })),
  };
}

/** Charges the emulators took for this order (one per payment, however many starts reached them). */
async function chargesFor(externalId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM momo_sandbox_transactions WHERE body ->> 'externalId' = $1",
    [externalId],
  );
  return row?.n ?? 0;
}

describe('two server processes on one PostgreSQL', () => {
  it('starts a payment on one, polls and settles it on the other', async () => {
    const [a, b] = servers;
    const student = await registerOn(a, 'twoservers');
    const subject = subjects[0] as Subject;
    const lines = [{ subject, amount: 1 }];
    const externalId = `ORDER_${student.id}_${Date.now()}`;
    const started = await a.call<{ referenceId: string }>('POST', '/payments/momo/requesttopay', {
      token: student.token,
      body: paymentBody(externalId, 'success', lines),
    });
    expect(started.status).toBe(202);
    const { referenceId } = started.body;
    await vi.waitFor(
      async () => {
        const status = await b.call('GET', `/payments/momo/requesttopay/${referenceId}`, {
          token: student.token,
        });
        expect(status.body).toEqual({ success: true, status: 'SUCCESSFUL' });
      },
      { timeout: 10_000, interval: 200 },
    );
    const settled = await b.call('PUT', '/transactions/subjects/makepayments', {
      token: student.token,
      body: checkoutBody(student, referenceId, lines),
    });
    expect(settled.status).toBe(200);
    const transactions = await a.call<{ referenceId: string; status: string }[]>('GET', '/transactions', {
      token: student.token,
    });
    expect(transactions.body).toMatchObject([{ referenceId, status: 'SUCCESSFUL' }]);
    expect(await chargesFor(externalId)).toBe(1);
  });

  it('grants every SUCCESSFUL payment exactly once and charges each once, whatever reaches which server when', async () => {
    let order = 0;
    const lineArbitrary = fc.uniqueArray(
      fc.record({ subject: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 1, max: 3 }) }),
      { minLength: 1, maxLength: 2, selector: (line) => line.subject },
    );
    const paymentArbitrary = fc.record({
      outcome: fc.constantFrom<PayerOutcome>('success', 'success', 'failure', 'pending'),
      lines: lineArbitrary,
      // Copies of the start sent at once, each to either server (a retry, a double tap, a proxy replay).
      starts: fc.array(fc.nat({ max: 1 }), { minLength: 1, maxLength: 3 }),
    });
    const operationArbitrary = fc.record({
      kind: fc.constantFrom('makepayments', 'status', 'start'),
      payment: fc.nat(),
      server: fc.nat({ max: 1 }),
    });
    let runs = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(paymentArbitrary, { minLength: 1, maxLength: 3 }),
        fc.array(operationArbitrary, { minLength: 1, maxLength: 8 }),
        async (specs, operations) => {
          runs += 1;
          const student = await freshStudent();
          const payments: {
            referenceId: string;
            externalId: string;
            outcome: PayerOutcome;
            lines: { subject: Subject; amount: number }[];
            body: ReturnType<typeof paymentBody>;
          }[] = [];
          for (const spec of specs) {
            const lines = spec.lines.map((line) => ({
              subject: subjects[line.subject] as Subject,
              amount: line.amount,
            }));
            order += 1;
            const externalId = `ORDER_${student.id}_${Date.now() * 1000 + (order % 1000)}`;
            const body = paymentBody(externalId, spec.outcome, lines);
            const answers = await Promise.all(
              spec.starts.map((index) =>
                server(index).call<{ referenceId: string }>('POST', '/payments/momo/requesttopay', {
                  token: student.token,
                  body,
                }),
              ),
            );
            expect(answers.map((answer) => answer.status)).toEqual(spec.starts.map(() => 202));
            const references = new Set(answers.map((answer) => answer.body.referenceId));
            expect(references.size).toBe(1);
            const referenceId = [...references][0] as string;
            // The same cart for the same payer, still pending, is that same payment.
            if (!payments.some((payment) => payment.referenceId === referenceId)) {
              payments.push({ referenceId, externalId, outcome: spec.outcome, lines, body });
            }
          }
          await new Promise((resolve) => setTimeout(resolve, PENDING_MS + 50));

          const results = await Promise.all(
            operations.map(async (operation) => {
              const payment = payments[operation.payment % payments.length] as (typeof payments)[number];
              const target = server(operation.server);
              if (operation.kind === 'status') {
                const answer = await target.call<{ status: string }>(
                  'GET',
                  `/payments/momo/requesttopay/${payment.referenceId}`,
                  { token: student.token },
                );
                return { operation, payment, answer };
              }
              if (operation.kind === 'start') {
                const answer = await target.call<{ referenceId: string }>(
                  'POST',
                  '/payments/momo/requesttopay',
                  {
                    token: student.token,
                    body: payment.body,
                  },
                );
                return { operation, payment, answer };
              }
              const answer = await target.call('PUT', '/transactions/subjects/makepayments', {
                token: student.token,
                body: checkoutBody(student, payment.referenceId, payment.lines),
              });
              return { operation, payment, answer };
            }),
          );

          const looked = new Set<string>();
          for (const { operation, payment, answer } of results) {
            if (operation.kind === 'status') {
              expect(answer.status).toBe(200);
              expect((answer.body as { status: string }).status).toBe(STATUS_OF[payment.outcome]);
              looked.add(payment.referenceId);
            } else if (operation.kind === 'start') {
              expect(answer.status).toBe(202);
              expect((answer.body as { referenceId: string }).referenceId).toBe(payment.referenceId);
            } else {
              expect(answer.status).toBe(payment.outcome === 'success' ? 200 : 409);
              looked.add(payment.referenceId);
            }
          }
          for (const payment of payments) expect(await chargesFor(payment.externalId)).toBe(1);
          await checkAccess(db, periodDays, student.id, payments, looked);
        },
      ),
      { numRuns: 15 },
    );
    expect(runs).toBe(15);
  }, 240_000);

  it('sells the last item once across both servers: one buyer is charged, the others get 409', async () => {
    const [product] = await db.query<{ id: string; price: number }>(
      "SELECT id, price FROM products WHERE id = 'prod-geometry-set'",
    );
    if (product === undefined) throw new Error('no seeded geometry set');
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        // Each buyer's start copies, each sent to either server, all at once.
        fc.array(fc.array(fc.nat({ max: 1 }), { minLength: 1, maxLength: 2 }), {
          minLength: 2,
          maxLength: 4,
        }),
        async (buyersCopies) => {
          runs += 1;
          await db.query('UPDATE products SET stock = 1 WHERE id = $1', [product.id]);
          const buyers = await Promise.all(buyersCopies.map(() => freshStudent()));
          const bodies = buyers.map((buyer, index) =>
            orderBody(
              buyer,
              { product, quantity: 1, town: 'Bamenda' },
              PAYERS.success,
              `ORDER_${buyer.id}_${Date.now() + index}`,
            ),
          );
          const answers = await Promise.all(
            buyersCopies.flatMap((copies, buyer) =>
              copies.map(async (index) => ({
                buyer,
                answer: await server(index).call<{ referenceId: string; msg: string }>(
                  'POST',
                  '/shop/orders',
                  {
                    token: buyers[buyer]?.token ?? '',
                    body: bodies[buyer],
                  },
                ),
              })),
            ),
          );
          const winners = new Set(answers.filter((a) => a.answer.status === 202).map((a) => a.buyer));
          expect(winners.size).toBe(1);
          const winner = [...winners][0] as number;
          for (const { buyer, answer } of answers) expect(answer.status).toBe(buyer === winner ? 202 : 409);
          const charges = await Promise.all(bodies.map((body) => chargesFor(body.externalId)));
          expect(charges).toEqual(bodies.map((_, index) => (index === winner ? 1 : 0)));

          const referenceId = answers.find((a) => a.buyer === winner)?.answer.body.referenceId ?? '';
          await vi.waitFor(
            async () => {
              const read = await server(winner + 1).call<{ order: { status: string } }>(
                'GET',
                `/shop/orders/${referenceId}`,
                { token: buyers[winner]?.token ?? '' },
              );
              expect(read.body.order?.status).toBe('PAID');
            },
            { timeout: 10_000, interval: 100 },
          );
          const [left] = await db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [
            product.id,
          ]);
          expect(left?.stock).toBe(0);
        },
      ),
      { numRuns: 8 },
    );
    expect(runs).toBe(8);
  }, 120_000);
});

/** A student written straight to the shared database with a token both servers accept (no argon2 per run). */
const freshStudent = () => insertStudent(db, TEST_JWT_SECRET, 'two');
