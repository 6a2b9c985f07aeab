import { expect } from 'vitest';
import type { Alert } from '../../../machines/messages';
import type { OrderProduct, orderCheckoutMachine } from '../../../machines/orderCheckout';
import {
  selectConfirmedOrder,
  selectIsOrderLoaderVisible,
  selectOrderQuantity,
} from '../../../machines/orderCheckout';
import type { PendingPayment } from '../../../machines/types';
import type { Oracle } from '../modelHarness';
import type { OrderHarness } from '../orderCheckout.model';
import { paramsOf } from './observe';

// Issue 8 "Shop", written again without the machine: a student buys between 1 and the stock of a product
// (at most 10 in one order, the server's bound); each request to pay follows a choice of MTN of its own, so a
// replay, a double tap or a reload never charges twice (a resumed order is only watched); it asks for one
// line of this product, to a town, for price × quantity. A paid order is confirmed on screen, under a loader
// that closes itself 10 000 ms after it appeared (SPEC §9's loader); any other ending leads to the
// transactions tab. The subjects' success text never confirms an order.

const MAX_PER_ORDER = 10;
const LOADER_MS = 10_000;
const TRANSACTIONS = 'dashboard/tabs/transactions';

interface RequestToPay {
  items: { _id: string; amount: number; town: string }[];
  amount: number;
}

export const orderCheckoutOracle: Oracle<typeof orderCheckoutMachine> = (input) => {
  let product: OrderProduct = input.product;
  let choices = 0;
  let loaderShownAt: number | null = null;
  const pending: PendingPayment | null = input.pending ?? null;

  return (base, { event, effects }) => {
    const harness = base as OrderHarness;
    const snapshot = harness.snapshot;
    const now = harness.clock.now();
    if (event.type === 'order.productUpdated') product = event.product as OrderProduct;
    if (event.type === 'order.chooseMtn') choices += 1;

    const quantity = selectOrderQuantity(snapshot);
    expect(quantity, 'at least one item').toBeGreaterThanOrEqual(1);
    // A resumed order shows what was bought, whatever the stock says now.
    const ceiling = Math.max(1, Math.min(product.stock, MAX_PER_ORDER), pending?.items[0]?.amount ?? 1);
    expect(quantity, 'no more than the stock, and 10 at most').toBeLessThanOrEqual(ceiling);

    for (const alert of paramsOf(effects, 'showAlert'))
      expect((alert as Alert).key, 'an order is not a subject payment').not.toBe('paymentSucceeded');
    for (const to of paramsOf(effects, 'navigate')) expect(to).toEqual({ to: TRANSACTIONS });
    const confirmed = selectConfirmedOrder(snapshot);
    if (confirmed !== null) expect(confirmed.status, 'only a paid order is confirmed').toBe('PAID');

    // A resumed order makes no choice: watching it never places it again.
    const all = harness.child.callsOf('requestToPay');
    expect(all.length, 'one request to pay per choice of MTN').toBeLessThanOrEqual(choices);
    for (const call of all) {
      const { items, amount } = call.input as RequestToPay;
      expect(items).toHaveLength(1);
      const [line] = items;
      expect(line?._id).toBe(input.product.id);
      expect(line?.town.trim().length).toBeGreaterThanOrEqual(2);
      expect(line?.amount).toBeGreaterThanOrEqual(1);
      expect(line?.amount).toBeLessThanOrEqual(Math.min(input.product.stock, MAX_PER_ORDER));
      expect(amount, 'price × quantity').toBe(input.product.price * (line?.amount ?? 0));
    }

    const visible = selectIsOrderLoaderVisible(snapshot);
    if (visible && loaderShownAt === null) loaderShownAt = now;
    if (loaderShownAt !== null) {
      if (event.type.startsWith('xstate.after.loaderTimeout'))
        expect(now - loaderShownAt, 'the loader closes itself after 10 000 ms').toBe(LOADER_MS);
      else if (visible) expect(now - loaderShownAt).toBeLessThan(LOADER_MS);
    }
    if (!visible) loaderShownAt = null;
  };
};
