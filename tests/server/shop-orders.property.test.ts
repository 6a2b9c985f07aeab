import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCredentialStore } from '../../server/modules/payments/credential-queries';
import type { FetchLike } from '../../server/modules/payments/momo-api';
import { MomoProvider } from '../../server/modules/payments/momo-provider';
import { findPayment, type PaymentRow } from '../../server/modules/payments/queries';
import { type PaymentsContext, refreshPayment } from '../../server/modules/payments/settlement';
import { createTestApp, type TestApp, type TestStudent } from './helpers/app';
import { insertStudent } from './helpers/fresh-student';
import { EMULATOR_PENDING_MS, startEmulator, type TestEmulator } from './helpers/momo-emulator';
import {
  chargesTaken,
  orderBody,
  orderCalls,
  type Product,
  productWithStock,
  stockOf,
} from './helpers/order-calls';

/**
 * Shop orders under concurrency: buyers of the last item, replayed starts and status reads in any order,
 * and provider answers arriving in any order, never sell an item twice, never charge a refused buyer, pay
 * an order once, and give a failed order's items back once.
 */

const PAYERS = { success: '237670000701', failure: '23746733123451', pending: '23746733123453' } as const;
type Outcome = keyof typeof PAYERS;
const ORDER_STATUS: Record<Outcome, string> = { success: 'PAID', failure: 'RELEASED', pending: 'RESERVED' };
const PAYMENT_STATUS: Record<Outcome, string> = {
  success: 'SUCCESSFUL',
  failure: 'FAILED',
  pending: 'PENDING',
};
const OUT_OF_STOCK = 'Sorry, this product is out of stock. Nothing was charged.';

let emulator: TestEmulator;
let t: TestApp;
let orders: ReturnType<typeof orderCalls>;

beforeAll(async () => {
  emulator = await startEmulator();
  t = await createTestApp({ fetch: emulator.fetch });
  orders = orderCalls(t);
});

afterAll(async () => {
  await t.close();
  await emulator.close();
});

const freshStudent = () => insertStudent(t.db, t.config.jwtSecret, 'shop');

async function ordersByStatus(references: readonly string[]): Promise<Record<string, number>> {
  const rows = await t.db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM orders WHERE reference_id = ANY($1::text[]) GROUP BY status',
    [references],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

async function paymentsOf(students: readonly TestStudent[]) {
  return t.db.query<{ reference_id: string; status: string; granted_at: Date | null }>(
    'SELECT reference_id, status, granted_at FROM payments WHERE student_id = ANY($1::text[])',
    [students.map((student) => student.id)],
  );
}

describe('shop orders under concurrency', () => {
  it('sells the last item to exactly one of several buyers; the others get 409 and are not charged', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Each buyer sends its start one to three times (a double tap, a retry after a lost answer).
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 5 }),
        fc.array(fc.record({ kind: fc.constantFrom('status', 'order'), buyer: fc.nat() }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.scheduler(),
        async (copies, reads, scheduler) => {
          const product = await productWithStock(t.db, 'prod-geometry-set', 1);
          const buyers = await Promise.all(copies.map(() => freshStudent()));
          const bodies = buyers.map((buyer) =>
            orderBody(buyer, { product, quantity: 1, town: 'Ngaoundéré' }, PAYERS.success),
          );
          const chargesBefore = chargesTaken(emulator);

          // Every copy of every start runs at once, released in the order the scheduler picks.
          const starts = copies.flatMap((count, buyer) =>
            Array.from({ length: count }, () =>
              scheduler
                .schedule(Promise.resolve(buyer), `start ${buyer}`)
                .then((index) => orders.place(buyers[index] as TestStudent, bodies[index] as object))
                .then((answer) => ({ buyer, answer })),
            ),
          );
          await scheduler.waitAll();
          const answers = await Promise.all(starts);

          const winners = new Set(answers.filter((a) => a.answer.status === 202).map((a) => a.buyer));
          expect(winners.size, 'exactly one buyer gets the last item').toBe(1);
          const winner = [...winners][0] as number;
          for (const { buyer, answer } of answers) {
            if (buyer === winner) {
              expect(answer.status).toBe(202);
            } else {
              expect(answer.status).toBe(409);
              expect(answer.body.msg).toBe(OUT_OF_STOCK);
            }
          }
          const references = new Set(
            answers.filter((a) => a.buyer === winner).map((a) => a.answer.body.referenceId),
          );
          expect(references.size, "the winner's copies are one order").toBe(1);
          const referenceId = [...references][0] as string;
          expect(chargesTaken(emulator) - chargesBefore, 'one request to pay, for the winner').toBe(1);
          expect(await stockOf(t.db, product.id)).toBe(0);

          // Anyone's status reads of the order, at once: it is paid once.
          emulator.clock.advance(EMULATOR_PENDING_MS);
          const readRuns = reads.map((read) => {
            const reader = buyers[winner] as TestStudent;
            return scheduler
              .schedule(Promise.resolve(read.kind), `${read.kind} ${read.buyer}`)
              .then(async (kind) =>
                kind === 'status'
                  ? (await orders.readStatus(reader, referenceId)).status
                  : (await orders.read(reader, referenceId)).status,
              );
          });
          await scheduler.waitAll();
          for (const status of await Promise.all(readRuns)) expect(status).toBe(200);

          const payments = await paymentsOf(buyers);
          expect(payments.map((payment) => payment.reference_id)).toEqual([referenceId]);
          expect(payments[0]?.status).toBe('SUCCESSFUL');
          expect(payments[0]?.granted_at).not.toBeNull();
          expect(await ordersByStatus([referenceId])).toEqual({ PAID: 1 });
          expect(await stockOf(t.db, product.id)).toBe(0);
        },
      ),
      { numRuns: 20 },
    );
  }, 180_000);

  it('settles replays, reloads and concurrent reads once: paid once, or its items given back once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Outcome>('success', 'success', 'failure', 'pending'),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.constantFrom('replay', 'status', 'order'), { minLength: 1, maxLength: 10 }),
        fc.scheduler(),
        async (outcome, quantity, spare, operations, scheduler) => {
          const stock = quantity + spare;
          const product = await productWithStock(t.db, 'prod-exercise-books', stock);
          const student = await freshStudent();
          const body = orderBody(student, { product, quantity, town: 'Kumba' }, PAYERS[outcome]);
          const chargesBefore = chargesTaken(emulator);
          const placed = await orders.place(student, body);
          expect(placed.status).toBe(202);
          const { referenceId } = placed.body;
          emulator.clock.advance(EMULATOR_PENDING_MS);

          // Replayed starts (a reload that sends it again), status reads and order reads, in any order.
          const runs = operations.map((operation) =>
            scheduler.schedule(Promise.resolve(operation), operation).then(async (kind) => {
              if (kind === 'replay') return { kind, answer: await orders.place(student, body) };
              if (kind === 'status') return { kind, answer: await orders.readStatus(student, referenceId) };
              return { kind, answer: await orders.read(student, referenceId) };
            }),
          );
          await scheduler.waitAll();
          for (const { kind, answer } of await Promise.all(runs)) {
            expect(answer.status).toBe(kind === 'replay' ? 202 : 200);
            if (kind === 'replay') expect(answer.body.referenceId).toBe(referenceId);
          }
          // One last read, so that a run of replays only still sees the payment settled.
          const final = await orders.read(student, referenceId);
          expect(final.body.order).toMatchObject({
            status: ORDER_STATUS[outcome],
            paymentStatus: PAYMENT_STATUS[outcome],
          });
          expect(chargesTaken(emulator) - chargesBefore).toBe(1);
          expect((await paymentsOf([student])).length).toBe(1);
          expect(await stockOf(t.db, product.id)).toBe(outcome === 'failure' ? stock : stock - quantity);
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);

  it('gives items back once and pays once when status reads race on stale rows and answers come in any order', async () => {
    // Each read starts from the row as it was before any settlement, and the scheduler decides when each
    // provider answer arrives: only the payment's guards keep an order from being paid or released twice.
    let transport: FetchLike = emulator.fetch;
    let stockChanges = 0;
    const context: PaymentsContext = {
      db: t.db,
      provider: new MomoProvider({
        config: t.config.momo,
        fetch: (url, init) => transport(url, init),
        now: () => emulator.clock.now(),
        // The app's api user: the provider shows a payment only to the api user that asked for it.
        credentialStore: sandboxCredentialStore(t.db),
      }),
      accessPeriodDays: t.config.accessPeriodDays,
      log: t.app.log,
      notFound: { graceMs: 60_000, minReads: 3 },
      countStatus: () => {},
      onStockChange: () => {
        stockChanges += 1;
      },
    };

    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            outcome: fc.constantFrom<Outcome>('success', 'failure', 'pending'),
            quantity: fc.integer({ min: 1, max: 3 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.array(fc.nat(), { minLength: 2, maxLength: 10 }),
        fc.scheduler(),
        async (specs, reads, scheduler) => {
          transport = emulator.fetch;
          stockChanges = 0;
          const stock = 20;
          const product: Product = await productWithStock(t.db, 'prod-earphones', stock);
          const student = await freshStudent();
          const placed: { referenceId: string; outcome: Outcome; quantity: number }[] = [];
          const staleRows: PaymentRow[] = [];
          for (const spec of specs) {
            const answer = await orders.place(
              student,
              orderBody(student, { product, quantity: spec.quantity, town: 'Limbe' }, PAYERS[spec.outcome]),
            );
            expect(answer.status).toBe(202);
            if (placed.some((order) => order.referenceId === answer.body.referenceId)) continue;
            placed.push({ referenceId: answer.body.referenceId, ...spec });
            staleRows.push((await findPayment(t.db, answer.body.referenceId)) as PaymentRow);
          }
          emulator.clock.advance(EMULATOR_PENDING_MS);

          transport = scheduler.scheduleFunction(emulator.fetch);
          const runs = reads.map((read) =>
            refreshPayment(context, staleRows[read % staleRows.length] as PaymentRow),
          );
          await scheduler.waitFor(Promise.all(runs));
          transport = emulator.fetch;

          const readIndexes = new Set(reads.map((read) => read % placed.length));
          let expectedStock = stock;
          for (const [index, order] of placed.entries()) {
            const read = readIndexes.has(index);
            // An order nobody read is still as it was placed: reserved.
            const status = read ? ORDER_STATUS[order.outcome] : 'RESERVED';
            expect(await ordersByStatus([order.referenceId])).toEqual({ [status]: 1 });
            if (status !== 'RELEASED') expectedStock -= order.quantity;
          }
          expect(await stockOf(t.db, product.id)).toBe(expectedStock);
          // Told once per order given back, never once per read.
          const released = placed.filter(
            (order, index) => readIndexes.has(index) && order.outcome === 'failure',
          ).length;
          expect(stockChanges).toBe(released);
          const granted = await t.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM payments WHERE student_id = $1 AND granted_at IS NOT NULL',
            [student.id],
          );
          expect(granted[0]?.n).toBe(
            placed.filter((order, index) => readIndexes.has(index) && order.outcome === 'success').length,
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});
