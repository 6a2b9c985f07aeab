import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReconciler } from '../../server/modules/payments/reconciler';
import { createTestApp, type TestApp, type TestStudent } from './helpers/app';
import { EMULATOR_PENDING_MS, startEmulator, type TestEmulator } from './helpers/momo-emulator';
import {
  chargesTaken,
  externalIdFor,
  orderBody,
  orderCalls,
  ordersOf,
  productWithStock,
  stockOf,
} from './helpers/order-calls';
import { cart, checkoutBody, paymentCalls, pricedSubjects } from './helpers/payment-calls';
import { reconcilerContext } from './helpers/reconciler-context';

/**
 * Buying in the shop (issue 8): an order is a mobile money payment whose line is a product, priced and
 * taken from stock by the server, settled once like subject payments; a short stock is a translated 409
 * before anything reaches the provider; a failed payment gives its items back, once.
 */

const REJECTING_PAYER = '23746733123451';
const STAYS_PENDING_PAYER = '23746733123453';
const NOT_FOUND_GRACE_MS = 300;

let emulator: TestEmulator;
let t: TestApp;
let orders: ReturnType<typeof orderCalls>;
let student: TestStudent;

beforeAll(async () => {
  emulator = await startEmulator();
  t = await createTestApp({
    fetch: emulator.fetch,
    env: { MOMO_NOT_FOUND_GRACE_MS: String(NOT_FOUND_GRACE_MS), MOMO_NOT_FOUND_MIN_READS: '2' },
  });
  orders = orderCalls(t);
  student = await t.registerAndLogin();
});

afterAll(async () => {
  await t.close();
  await emulator.close();
});

afterEach(() => emulator.heal());

const CALCULATOR = 'prod-calculator';
const TEXTBOOK = 'prod-textbook-maths-f5';

async function shopStock(productId: string): Promise<number> {
  const list = await t.request<{ _id: string; stock: number }[]>({ method: 'GET', url: '/shop/products' });
  const listed = list.body.find((product) => product._id === productId)?.stock;
  const detail = await t.request<{ stock: number }>({ method: 'GET', url: `/shop/products/${productId}` });
  expect(detail.body.stock, 'the product page and the list agree').toBe(listed);
  return detail.body.stock;
}

describe('placing an order', () => {
  it('is documented in the OpenAPI document', async () => {
    const { body } = await t.request<{ paths: Record<string, Record<string, unknown>> }>({
      method: 'GET',
      url: '/docs/json',
    });
    expect(Object.keys(body.paths['/shop/orders'] ?? {})).toEqual(['post']);
    expect(Object.keys(body.paths['/shop/orders/{referenceId}'] ?? {})).toEqual(['get']);
  });

  it('reserves the items, starts the payment, and once paid shows the order in the transactions', async () => {
    const product = await productWithStock(t.db, CALCULATOR, 5);
    expect(await shopStock(CALCULATOR)).toBe(5);
    const before = chargesTaken(emulator);
    const placed = await orders.place(student, orderBody(student, { product, quantity: 2, town: 'Bamenda' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(202);
    expect(placed.body.order).toMatchObject({
      referenceId: placed.body.referenceId,
      productId: CALCULATOR,
      quantity: 2,
      unitPrice: product.price,
      totalCost: product.price * 2,
      town: 'Bamenda',
      status: 'RESERVED',
      paymentStatus: 'PENDING',
      title: { en: 'Scientific calculator', fr: 'Calculatrice scientifique' },
    });
    expect(placed.body.order.picture).toMatch(/^http:\/\/.+\/media\/pictures\/product-calculator-1\.webp$/);
    expect(chargesTaken(emulator) - before).toBe(1);
    // The shop's lists show the reservation at once (their cache was dropped).
    expect(await shopStock(CALCULATOR)).toBe(3);

    emulator.clock.advance(EMULATOR_PENDING_MS);
    const status = await orders.readStatus(student, placed.body.referenceId);
    expect(status.body.status).toBe('SUCCESSFUL');
    const read = await orders.read(student, placed.body.referenceId);
    expect(read.body.order).toMatchObject({ status: 'PAID', paymentStatus: 'SUCCESSFUL' });
    expect(await shopStock(CALCULATOR)).toBe(3);

    const transactions = await t.request<
      { referenceId: string; kind: string; items: unknown[]; order: Record<string, unknown> | null }[]
    >({ method: 'GET', url: '/transactions', headers: student.headers });
    const listed = transactions.body.find((payment) => payment.referenceId === placed.body.referenceId);
    expect(listed).toMatchObject({
      kind: 'order',
      items: [],
      status: 'SUCCESSFUL',
      order: { productId: CALCULATOR, quantity: 2, town: 'Bamenda', status: 'PAID' },
    });
  });

  it('refuses a short stock with a translated 409, charges nothing and writes nothing', async () => {
    const product = await productWithStock(t.db, TEXTBOOK, 1);
    const before = chargesTaken(emulator);
    const paymentsBefore = await t.db.query('SELECT reference_id FROM payments');
    const tooMany = await orders.place(student, orderBody(student, { product, quantity: 2, town: 'Buea' }));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.msg).toBe(
      'Only 1 left in stock. Please choose a smaller quantity. Nothing was charged.',
    );

    await productWithStock(t.db, TEXTBOOK, 0);
    const en = await orders.place(student, orderBody(student, { product, quantity: 1, town: 'Buea' }));
    expect(en.status).toBe(409);
    expect(en.body).toEqual({
      success: false,
      msg: 'Sorry, this product is out of stock. Nothing was charged.',
    });
    const fr = await orders.place(student, orderBody(student, { product, quantity: 1, town: 'Buea' }), {
      language: 'fr',
    });
    expect(fr.status).toBe(409);
    expect(fr.body.msg).toBe("Désolé, ce produit est en rupture de stock. Rien n'a été débité.");

    expect(chargesTaken(emulator)).toBe(before);
    expect(await t.db.query('SELECT reference_id FROM payments')).toEqual(paymentsBefore);
    expect(await stockOf(t.db, TEXTBOOK)).toBe(0);
  });

  it('gives the items back once when the payment fails, however often it is read', async () => {
    const product = await productWithStock(t.db, CALCULATOR, 4);
    const placed = await orders.place(
      student,
      orderBody(student, { product, quantity: 3, town: 'Douala' }, REJECTING_PAYER),
    );
    expect(placed.status).toBe(202);
    expect(await stockOf(t.db, CALCULATOR)).toBe(1);
    emulator.clock.advance(EMULATOR_PENDING_MS);
    const reads = await Promise.all([
      orders.readStatus(student, placed.body.referenceId),
      orders.read(student, placed.body.referenceId),
      orders.readStatus(student, placed.body.referenceId),
      orders.read(student, placed.body.referenceId),
    ]);
    for (const read of reads) expect(read.status).toBe(200);
    const order = await orders.read(student, placed.body.referenceId);
    expect(order.body.order).toMatchObject({ status: 'RELEASED', paymentStatus: 'FAILED' });
    expect(await shopStock(CALCULATOR)).toBe(4);
  });

  it('keeps the items reserved while the payment stays pending', async () => {
    const product = await productWithStock(t.db, CALCULATOR, 2);
    const placed = await orders.place(
      student,
      orderBody(student, { product, quantity: 2, town: 'Garoua' }, STAYS_PENDING_PAYER),
    );
    emulator.clock.advance(EMULATOR_PENDING_MS * 10);
    const read = await orders.read(student, placed.body.referenceId);
    expect(read.body.order).toMatchObject({ status: 'RESERVED', paymentStatus: 'PENDING' });
    expect(await stockOf(t.db, CALCULATOR)).toBe(0);
    // The last items are held for this payer: another buyer is told so, and not charged.
    const other = await t.registerAndLogin();
    const before = chargesTaken(emulator);
    const refused = await orders.place(other, orderBody(other, { product, quantity: 1, town: 'Garoua' }));
    expect(refused.status).toBe(409);
    expect(chargesTaken(emulator)).toBe(before);
  });
});

describe('replays', () => {
  it('answers the same externalId or Idempotency-Key with the same order: one reservation, one charge', async () => {
    const product = await productWithStock(t.db, CALCULATOR, 10);
    const before = chargesTaken(emulator);
    const body = orderBody(student, { product, quantity: 1, town: 'Yaoundé' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => orders.place(student, body)));
    const references = new Set(answers.map((answer) => answer.body.referenceId));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    expect(references.size).toBe(1);
    expect(chargesTaken(emulator) - before).toBe(1);
    expect(await stockOf(t.db, CALCULATOR)).toBe(9);

    // The same key for another order is a conflict, not a second order.
    const reused = await orders.place(student, { ...body, quantity: 2, amount: String(product.price * 2) });
    expect(reused.status).toBe(409);
    expect(reused.body.msg).toBe('This payment reference was already used for another cart.');

    const key = { 'idempotency-key': `order-${externalIdFor(student)}` };
    const first = await orders.place(student, orderBody(student, { product, quantity: 1, town: 'Kribi' }), {
      headers: key,
    });
    const again = await orders.place(student, orderBody(student, { product, quantity: 1, town: 'Kribi' }), {
      headers: key,
    });
    expect(again.body.referenceId).toBe(first.body.referenceId);
    expect(await stockOf(t.db, CALCULATOR)).toBe(8);
  });

  it('reuses the same order still pending for the same payer, and not another order', async () => {
    const product = await productWithStock(t.db, CALCULATOR, 10);
    const line = { product, quantity: 1, town: 'Bafoussam' };
    const first = await orders.place(student, orderBody(student, line, STAYS_PENDING_PAYER));
    const second = await orders.place(student, orderBody(student, line, STAYS_PENDING_PAYER));
    expect(second.body.referenceId).toBe(first.body.referenceId);
    const elsewhere = await orders.place(
      student,
      orderBody(student, { ...line, town: 'Limbe' }, STAYS_PENDING_PAYER),
    );
    expect(elsewhere.body.referenceId).not.toBe(first.body.referenceId);
    expect(await stockOf(t.db, CALCULATOR)).toBe(8);
  });
});

describe('an order is not a subject payment', () => {
  it('is never granted through makepayments, and a subject payment is not an order', async () => {
    const product = await productWithStock(t.db, CALCULATOR, 10);
    const placed = await orders.place(student, orderBody(student, { product, quantity: 1, town: 'Ebolowa' }));
    emulator.clock.advance(EMULATOR_PENDING_MS);
    const refused = await paymentCalls(t).makePayments(student, {
      ...checkoutBody(student, placed.body.referenceId, []),
      paidSubjects: ['Scientific calculator'],
      totalCost: product.price,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('This payment is a shop order, not a payment for subjects.');

    const [subject] = await pricedSubjects(t, 1);
    if (!subject) throw new Error('no seeded subject');
    const started = await paymentCalls(t).requestToPay(student, cart(student, [{ subject, amount: 1 }]));
    expect((await orders.read(student, started.body.referenceId)).status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers a clear 400, 401, 403, 404 or 409', async () => {
    const product = await productWithStock(t.db, CALCULATOR, 10);
    const good = orderBody(student, { product, quantity: 1, town: 'Maroua' });
    const cases: [object, number, string][] = [
      [{ ...good, quantity: 0 }, 400, "Invalid value for field 'quantity'."],
      [{ ...good, quantity: 11 }, 400, "Invalid value for field 'quantity'."],
      [{ ...good, quantity: 1.5 }, 400, "Invalid value for field 'quantity'."],
      [{ ...good, town: '' }, 400, "Invalid value for field 'town'."],
      [{ ...good, town: '<script>' }, 400, "Invalid value for field 'town'."],
      [{ ...good, productId: 'prod-nothing' }, 400, "Unknown product 'prod-nothing'."],
      [
        { ...good, amount: '1' },
        409,
        'The amount does not match the current prices of your cart. Please refresh it and try again.',
      ],
      [
        { ...good, externalId: 'ORDER_someone-else_1700000000000' },
        400,
        "Invalid value for field 'externalId'.",
      ],
      [
        { ...good, payer: { partyIdType: 'MSISDN', partyId: '2376' } },
        400,
        "Invalid value for field 'payer.partyId'.",
      ],
    ];
    for (const [payload, status, msg] of cases) {
      const answer = await orders.place(student, payload);
      expect({ status: answer.status, msg: answer.body.msg }, JSON.stringify(payload)).toEqual({
        status,
        msg,
      });
    }
    expect((await t.request({ method: 'POST', url: '/shop/orders', payload: good })).status, 'no token').toBe(
      401,
    );

    const placed = await orders.place(student, orderBody(student, { product, quantity: 1, town: 'Bertoua' }));
    const stranger = await t.registerAndLogin();
    expect((await orders.read(stranger, placed.body.referenceId)).status).toBe(403);
    // Another student can neither read, poll nor see it, and nobody without a token can.
    expect((await orders.readStatus(stranger, placed.body.referenceId)).status).toBe(403);
    const theirs = await t.request<{ referenceId: string }[]>({
      method: 'GET',
      url: '/transactions',
      headers: stranger.headers,
    });
    expect(theirs.body.map((payment) => payment.referenceId)).not.toContain(placed.body.referenceId);
    const anonymous = await t.request<{ success: boolean; msg: string }>({
      method: 'GET',
      url: `/shop/orders/${placed.body.referenceId}`,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    // The stranger's own order with the student's externalId is refused: it names someone else.
    const borrowed = await orders.place(stranger, {
      ...orderBody(stranger, { product, quantity: 1, town: 'Kumba' }),
      externalId: placed.body.order.externalId,
    });
    expect(borrowed.status).toBe(400);
    expect((await orders.read(student, '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b')).status).toBe(404);
    expect((await orders.read(student, 'not-a-reference')).status).toBe(400);
  });
});

describe('settled without the app', () => {
  it('is paid by the reconciler when nobody polls, with no code of its own', async () => {
    const product = await productWithStock(t.db, TEXTBOOK, 3);
    const placed = await orders.place(student, orderBody(student, { product, quantity: 1, town: 'Dschang' }));
    emulator.clock.advance(EMULATOR_PENDING_MS);
    const reconciler = createReconciler(reconcilerContext(t, emulator, NOT_FOUND_GRACE_MS), {
      intervalMs: 0,
      firstCheckAfterMs: 0,
      startMayTakeMs: 0,
    });
    await reconciler.runOnce();
    await reconciler.stop();
    const [order] = (await ordersOf(t.db, TEXTBOOK)).filter(
      (row) => row.reference_id === placed.body.referenceId,
    );
    expect(order).toMatchObject({ status: 'PAID', payment_status: 'SUCCESSFUL' });
    expect(await stockOf(t.db, TEXTBOOK)).toBe(2);
  });

  it('gives the items back when the provider never heard of the payment, after the bounded re-check', async () => {
    const product = await productWithStock(t.db, TEXTBOOK, 3);
    const placed = await orders.place(student, orderBody(student, { product, quantity: 2, town: 'Edéa' }));
    expect(await stockOf(t.db, TEXTBOOK)).toBe(1);
    // A sandbox account reset: the provider no longer knows the payment.
    emulator.forget();
    const first = await orders.read(student, placed.body.referenceId);
    expect(first.body.order.status, 'one "not found" is not final').toBe('RESERVED');
    await new Promise((resolve) => setTimeout(resolve, NOT_FOUND_GRACE_MS + 50));
    const second = await orders.read(student, placed.body.referenceId);
    expect(second.body.order).toMatchObject({ status: 'RELEASED', paymentStatus: 'FAILED' });
    expect(await stockOf(t.db, TEXTBOOK)).toBe(3);
    const third = await orders.read(student, placed.body.referenceId);
    expect(third.body.order.status).toBe('RELEASED');
    expect(await stockOf(t.db, TEXTBOOK)).toBe(3);
  });
});
