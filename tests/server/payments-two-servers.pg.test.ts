import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueToken } from '../../server/lib/auth';
import type { Db } from '../../server/lib/db';
import { checkAccess, type PayerOutcome } from './helpers/access-check';
import { freshDatabase, TEST_JWT_SECRET } from './helpers/app';
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
});

/** A student written straight to the shared database with a token both servers accept (no argon2 per run). */
async function freshStudent(): Promise<{ id: string; username: string; token: string }> {
  const id = randomUUID();
  const suffix = id.slice(0, 8);
  const username = `two_${suffix}`;
  await db.query(
    `INSERT INTO students (id, firstname, lastname, email, username, phonenumber, password_hash)
     VALUES ($1, 'Two', 'Servers', $2, $3, $4, 'not-a-hash')`,
    [
      id,
      `two.${suffix}@example.cm`,
      username,
      `2376${String(Number.parseInt(suffix, 16)).padStart(10, '0').slice(0, 8)}`,
    ],
  );
  const token = await issueToken(TEST_JWT_SECRET, '1h', { id, username, role: 'STUDENT', tokenVersion: 0 });
  return { id, username, token };
}
