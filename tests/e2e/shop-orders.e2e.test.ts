import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFcfa } from '../../src/rules/money';
import { expectAccessible } from './harness/accessibility';
import { phonesForThisFile } from './harness/file-phones';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import { PAYERS, type SignedInStudent } from './harness/journey';
import { E2E_MOMO } from './harness/server-env';

// Issue 8, buying in the shop, in Chromium against the real server and its MoMo emulator, in English and
// French: a product bought with MTN Mobile Money and then listed in the transactions tab; a reload while the
// payment is polled; a failing payer, whose items go back to the shop; a sold-out product, and the last item
// sold to someone else while the student was choosing. The server runs in this worker so the journeys can set
// a product's stock and read what it stored (production has no such hook).

const phones = phonesForThisFile();
let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer();
});
afterAll(async () => {
  await server?.close();
});

/** Seeded products (server/seed/content.ts), one per language so the journeys do not share a stock. */
const PRODUCTS = {
  en: {
    id: 'prod-calculator',
    title: 'Scientific calculator',
    price: 8_500,
    soldOut: { id: 'prod-calculator-solar', title: 'Solar scientific calculator' },
  },
  fr: {
    id: 'prod-gce-papers',
    title: "Recueil d'anciens sujets du GCE O Level",
    price: 4_000,
    soldOut: { id: 'prod-calculator-solar', title: 'Calculatrice scientifique solaire' },
  },
} as const;

/** Another buyer's doing, or the shop restocking: the shop's lists show it at once. */
async function setStock(productId: string, stock: number): Promise<void> {
  await server.db.query('UPDATE products SET stock = $2 WHERE id = $1', [productId, stock]);
  server.invalidateCachedLists();
}

async function stockOf(productId: string): Promise<number> {
  const [row] = await server.db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [
    productId,
  ]);
  return row?.stock ?? -1;
}

/** What the server stored for this student's orders: payment and order status, newest first. */
async function ordersOf(username: string) {
  return server.db.query<{ reference_id: string; status: string; order_status: string; quantity: number }>(
    `SELECT p.reference_id, p.status, o.status AS order_status, o.quantity
       FROM payments p JOIN orders o ON o.reference_id = p.reference_id
       JOIN students s ON s.id = p.student_id
      WHERE s.username = $1 ORDER BY p.created_at DESC`,
    [username],
  );
}

describe.each(['en', 'fr'] as const)('buying in the shop (%s)', (lang) => {
  const product = PRODUCTS[lang];

  // The page's clock is Playwright's, so a test that does not watch the polling jumps the app's 3 s wait
  // before its first status read (StudentApp.skipFirstOrderPoll); the reload during polling waits it out.
  const student = (): Promise<SignedInStudent> =>
    phones.signedInStudent({ baseUrl: server.baseUrl, lang, pageClock: true });

  it('buys a product with MTN Mobile Money and finds the order in the transactions tab', async () => {
    await setStock(product.id, 5);
    const { app, account, device } = await student();
    await app.openProduct(product.id, product.title);
    await app.page.getByText(app.t('shop.fewLeft_other', { count: 5 })).waitFor();
    await app.increaseOrderQuantity(product.title);
    expect(await app.orderQuantity().textContent()).toBe('2');
    await app.fillTown('Bamenda');
    const total = formatFcfa(product.price * 2, lang);
    expect(await app.orderForm().getByTestId('order-total').textContent()).toBe(
      app.t('order.total', { total }),
    );
    await expectAccessible(app.page, `shop-${lang}-order-form`);
    await device.screenshot(`shop-${lang}-01-order-form`);

    await app.buyWithMtn(PAYERS.ordinary);
    await app.waitingForApproval().waitFor();
    await device.screenshot(`shop-${lang}-02-waiting`);
    await app.skipFirstOrderPoll(E2E_MOMO.pendingMs);
    const paid = app.orderPaid();
    await paid.waitFor({ timeout: 30_000 });
    expect(await paid.textContent()).toContain(
      app.t('order.paidMessage', { quantity: 2, title: product.title, total, town: 'Bamenda' }),
    );
    await expectAccessible(app.page, `shop-${lang}-order-paid`);
    await device.screenshot(`shop-${lang}-03-paid`);
    expect(await app.alert().count(), 'the order is confirmed on the page, with no alert').toBe(0);
    expect(await app.pendingOrder(), 'settled: nothing left to resume').toBeNull();
    // The page reads the product again: two fewer in stock.
    await app.page.getByText(app.t('shop.fewLeft_other', { count: 3 })).waitFor();
    expect(await stockOf(product.id)).toBe(3);
    const [stored] = await ordersOf(account.username);
    expect(stored).toMatchObject({ status: 'SUCCESSFUL', order_status: 'PAID', quantity: 2 });

    await paid.getByRole('link', { name: app.t('order.seeOrders') }).click();
    await app.waitForRoute('dashboard/tabs/transactions');
    const row = app.page.getByRole('article', { name: total });
    await row.waitFor();
    expect(await row.getByTestId('payment-status').textContent()).toBe(app.t('checkout.status.successful'));
    expect(await row.getByTestId('order-status').textContent()).toBe(app.t('order.status.PAID'));
    await row.getByText(product.title, { exact: true }).waitFor();
    await row.getByText(app.t('order.deliverTo', { town: 'Bamenda' })).waitFor();
    await expectAccessible(app.page, `shop-${lang}-transactions`);
    await device.screenshot(`shop-${lang}-04-transactions`);
    expect(device.pageErrors).toEqual([]);
  });

  it('resumes the same order after a reload while the payment is polled, and never orders twice', async () => {
    await setStock(product.id, 5);
    const { app, account, device } = await student();
    await app.openProduct(product.id, product.title);
    await app.fillTown('Ngaoundéré');
    await app.buyWithMtn(PAYERS.slowApproval);
    await app.waitingForApproval().waitFor();
    const before = await app.until(
      () => app.pendingOrder(),
      (pending) => pending !== null,
      'the pending order to be stored',
    );
    expect(await app.pendingPayment(), "the cart's checkout never sees an order").toBeNull();
    await app.page.reload();
    await app.waitingForApproval().waitFor();
    expect((await app.pendingOrder())?.referenceId).toBe(before?.referenceId);
    await app.orderPaid().waitFor({ timeout: 30_000 });
    const stored = await ordersOf(account.username);
    expect(stored.map((order) => [order.reference_id, order.order_status])).toEqual([
      [before?.referenceId, 'PAID'],
    ]);
    expect(await stockOf(product.id)).toBe(4);
    expect(device.pageErrors).toEqual([]);
  });

  it('a failing payer: the payment is not completed, and the items go back to the shop', async () => {
    await setStock(product.id, 5);
    const { app, account, device } = await student();
    await app.openProduct(product.id, product.title);
    await app.increaseOrderQuantity(product.title);
    await app.fillTown('Douala');
    await app.buyWithMtn(PAYERS.failing);
    await app.skipFirstOrderPoll();
    // Issue 18: the cart's outcomes, in words; OK gives the product's page back.
    await app.expectOutcome('failed', PAYERS.failing);
    await device.screenshot(`shop-${lang}-06-payment-failed`);
    await app.acknowledgeAlert(
      app.t('messages.paymentNotCompleted', { status: app.t('checkout.status.failed') }),
      account.username,
    );
    expect(await app.pendingOrder()).toBeNull();
    // The page reads the product again: the stock is what it was before the order.
    await app.page.getByText(app.t('shop.fewLeft_other', { count: 5 })).waitFor();
    expect(await stockOf(product.id)).toBe(5);
    const [stored] = await ordersOf(account.username);
    expect(stored).toMatchObject({ status: 'FAILED', order_status: 'RELEASED' });
    // The form keeps what the student chose, to try again with another number.
    expect(await app.orderQuantity().textContent()).toBe('2');
    await app.open('dashboard/tabs/transactions');
    const row = app.page.getByRole('article', { name: formatFcfa(product.price * 2, lang) });
    expect(await row.getByTestId('order-status').textContent()).toBe(app.t('order.status.RELEASED'));
    expect(device.pageErrors).toEqual([]);
  });

  it('refuses an out-of-stock product, and the last item sold meanwhile, without charging anything', async () => {
    const { app, account, device } = await student();
    // Sold out when the page opens: said on the page, refused on Buy, nothing sent.
    await app.openProduct(product.soldOut.id, product.soldOut.title);
    await app.page.getByText(app.t('shop.outOfStock'), { exact: true }).waitFor();
    await app.fillTown('Garoua');
    await app.buyButton().click();
    await app
      .orderForm()
      .getByRole('alert')
      .filter({ hasText: app.t('order.errors.outOfStock') })
      .waitFor();
    expect(await app.methodDialog().count()).toBe(0);
    await device.screenshot(`shop-${lang}-05-sold-out`);

    // In stock when the page opens; someone else buys the last one before the student pays.
    await setStock(product.id, 1);
    await app.openProduct(product.id, product.title);
    await app.fillTown('Garoua');
    await setStock(product.id, 0);
    await app.buyWithMtn(PAYERS.ordinary);
    await app.acknowledgeAlert(app.t('order.errors.outOfStock'), account.username);
    await app.page.getByText(app.t('shop.outOfStock'), { exact: true }).waitFor();
    expect(await stockOf(product.id)).toBe(0);
    expect(await ordersOf(account.username)).toEqual([]);
    expect(await app.pendingOrder()).toBeNull();
    expect(device.pageErrors).toEqual([]);
  });
});
