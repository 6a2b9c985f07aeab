import { describe, expect, it } from 'vitest';
import type { Alert } from '../../machines/messages';
import { englishText } from '../../machines/messages';
import { selectPaymentOutcome } from '../../machines/mobileMoney';
import {
  isOrderLine,
  isValidTown,
  ORDER_CHECKOUT_DELAYS,
  ORDER_LIMITS,
  ROUTE_AFTER_ORDER_FAILURE,
  selectConfirmedOrder,
  selectIsChoosingOrderMethod,
  selectIsOrderBusy,
  selectIsOrderLoaderVisible,
  selectMaxQuantity,
  selectOrderErrors,
  selectOrderMobileMoneyRef,
  selectOrderQuantity,
  selectOrderTotal,
} from '../../machines/orderCheckout';
import {
  AFTER as MOBILE_MONEY_AFTER,
  OTHER_NUMBER_REFERENCE_ID,
  REFERENCE_ID,
  PENDING as SUBJECT_PAYMENT,
  T0,
  VALID_PHONE,
} from './mobileMoney.model';
import { runModel, settle } from './modelHarness';
import {
  createOrderHarness,
  driveMobileMoney,
  FRESH_ORDER,
  LOADER_TIMEOUT,
  ORDER_LINE,
  type OrderHarness,
  OUT_OF_STOCK_MSG,
  PAID_ORDER,
  PENDING_ORDER,
  PRODUCT,
  RESUMED_ORDER,
  SOLD_OUT,
  TOWN,
} from './orderCheckout.model';
import { REPLAYS } from './replays';

const alerts = (params: unknown[]) => params.map((alert) => englishText(alert as Alert));

async function readyToPay(): Promise<OrderHarness> {
  const harness = createOrderHarness(FRESH_ORDER);
  harness.start();
  await harness.send({ type: 'order.increase' });
  await harness.send({ type: 'order.townChanged', town: TOWN });
  await harness.send({ type: 'order.buy' });
  await harness.send({ type: 'order.chooseMtn', now: T0 });
  return harness;
}

async function payUntilConfirming(): Promise<OrderHarness> {
  const harness = await readyToPay();
  await driveMobileMoney(harness, {
    type: 'xstate.done.actor.mobileMoney',
    output: { outcome: 'succeeded', referenceId: REFERENCE_ID, items: [ORDER_LINE], amount: 17_000 },
  });
  return harness;
}

describe('orderCheckout machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.orderCheckout);
    console.log(`orderCheckout: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
    // Some 400 paths through the real mobile money child: seconds on a loaded two-core machine.
  }, 60_000);

  it('keeps the quantity between 1 and the stock (at most 10), and follows the stock when it moves', async () => {
    expect(ORDER_LIMITS.maxQuantity).toBe(10);
    const harness = createOrderHarness({ product: { ...PRODUCT, stock: 40 }, now: T0 });
    harness.start();
    await harness.send({ type: 'order.decrease' });
    expect(selectOrderQuantity(harness.snapshot)).toBe(1);
    for (let i = 0; i < 12; i++) await harness.send({ type: 'order.increase' });
    expect(selectOrderQuantity(harness.snapshot)).toBe(10);
    expect(selectMaxQuantity(harness.snapshot)).toBe(10);
    expect(selectOrderTotal(harness.snapshot)).toBe(85_000);
    await harness.send({ type: 'order.productUpdated', product: { ...PRODUCT, stock: 3 } });
    expect(selectOrderQuantity(harness.snapshot)).toBe(3);
  });

  it('names the fields at fault instead of paying: a town is needed, and a sold-out product cannot be bought', async () => {
    const harness = createOrderHarness(FRESH_ORDER);
    harness.start();
    await harness.send({ type: 'order.buy' });
    expect(selectOrderErrors(harness.snapshot)).toEqual({ town: 'order.errors.town' });
    expect(selectIsChoosingOrderMethod(harness.snapshot)).toBe(false);
    await harness.send({ type: 'order.townChanged', town: TOWN });
    expect(selectOrderErrors(harness.snapshot)).toEqual({});
    await harness.send({ type: 'order.productUpdated', product: SOLD_OUT });
    await harness.send({ type: 'order.buy' });
    expect(selectOrderErrors(harness.snapshot)).toEqual({ quantity: 'order.errors.outOfStock' });
    expect(harness.fakes.effects).toEqual([]);
  });

  it('accepts town names as students write them', () => {
    for (const town of ['Yaoundé', 'Ngaoundéré', 'Buea', 'Mbanga-Pongo', 'Sa’a', 'Ebolowa '])
      expect(isValidTown(town)).toBe(true);
    for (const town of ['', 'Y', '  ', '237670000000', '<Douala>', 'x'.repeat(61)])
      expect(isValidTown(town)).toBe(false);
  });

  it('announces Orange Money and keeps the choice open', async () => {
    const harness = createOrderHarness(FRESH_ORDER);
    harness.start();
    await harness.send({ type: 'order.townChanged', town: TOWN });
    await harness.send({ type: 'order.buy' });
    await harness.send({ type: 'order.chooseOrange' });
    expect(selectIsChoosingOrderMethod(harness.snapshot)).toBe(true);
    expect(alerts(harness.fakes.effectsOf('showAlert'))).toEqual(['Orange Money payment coming soon!']);
  });

  it('pays through the mobile money machine: phone prefilled 237, the order line with its town, price × quantity', async () => {
    const harness = await readyToPay();
    const child = selectOrderMobileMoneyRef(harness.snapshot);
    expect(child?.getSnapshot().context.phone).toBe('237');
    expect(selectIsOrderBusy(harness.snapshot)).toBe(true);
    child?.send({ type: 'payment.phoneChanged', phone: VALID_PHONE });
    child?.send({ type: 'payment.submitPhone', now: T0 });
    await settle();
    const { input } = harness.child.pending('requestToPay') as {
      input: { items: unknown[]; amount: number };
    };
    expect(input.amount).toBe(PRODUCT.price * 2);
    expect(input.items).toEqual([ORDER_LINE]);
    const [line] = input.items as (typeof ORDER_LINE)[];
    expect(line && isOrderLine(line)).toBe(true);
  });

  it("shows the server's out-of-stock message, charges nothing and reads the product again", async () => {
    const harness = await readyToPay();
    await driveMobileMoney(harness, { type: 'xstate.done.actor.mobileMoney', output: { outcome: 'failed' } });
    expect(harness.snapshot.matches('editing')).toBe(true);
    expect(alerts(harness.child.effectsOf('showAlert'))).toEqual([OUT_OF_STOCK_MSG]);
    expect(harness.child.effectsOf('persistPending')).toEqual([]);
    expect(harness.child.callsOf('checkStatus')).toEqual([]);
    expect(harness.fakes.effects.map((effect) => effect.type)).toEqual(['productMayHaveChanged']);
  });

  it('keeps an order payment that was not completed on screen; Try again orders the same line again', async () => {
    const harness = await readyToPay();
    const child = selectOrderMobileMoneyRef(harness.snapshot);
    child?.send({ type: 'payment.phoneChanged', phone: VALID_PHONE });
    child?.send({ type: 'payment.submitPhone', now: T0 });
    await settle();
    await harness.child.pending('requestToPay').resolve({ referenceId: REFERENCE_ID });
    await settle();
    await harness.fireTimer(MOBILE_MONEY_AFTER.firstPoll);
    harness.child.pending('checkStatus').resolve({ status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    await settle();
    const payment = selectOrderMobileMoneyRef(harness.snapshot);
    if (!payment) throw new Error('the payment is no longer on screen');
    expect(selectPaymentOutcome(payment.getSnapshot())).toEqual({ outcome: 'refused', phone: VALID_PHONE });
    expect(harness.child.effectsOf('showAlert'), 'the dialog says it, not an alert').toEqual([]);
    expect(selectIsOrderBusy(harness.snapshot), 'the order form stays locked').toBe(true);

    payment.send({ type: 'payment.retry', now: T0 + 60_000 });
    await settle();
    const [first, second] = harness.child.callsOf('requestToPay').map((call) => call.input);
    expect(second, 'the same line, from the same number').toEqual(first);
    harness.child.pending('requestToPay').resolve({ referenceId: OTHER_NUMBER_REFERENCE_ID });
    await settle();
    await harness.fireTimer(MOBILE_MONEY_AFTER.firstPoll);
    harness.child.pending('checkStatus').resolve({ status: 'FAILED', reason: 'EXPIRED' });
    await settle();
    selectOrderMobileMoneyRef(harness.snapshot)?.send({ type: 'payment.dismiss' });
    await settle();
    expect(harness.snapshot.matches('editing')).toBe(true);
    expect(harness.fakes.effectsOf('productMayHaveChanged')).toHaveLength(1);
  });

  it('confirms a PAID order on screen under a loader that hides at 10 000 ms (not 9 999)', async () => {
    const harness = await payUntilConfirming();
    expect(ORDER_CHECKOUT_DELAYS.loaderTimeout).toBe(10_000);
    expect(harness.fakes.pending('loadOrder').input).toEqual({ referenceId: REFERENCE_ID });
    const shownAt = harness.clock.now();
    harness.clock.set(shownAt + 9_999);
    expect(selectIsOrderLoaderVisible(harness.snapshot)).toBe(true);
    harness.clock.set(shownAt + 10_000);
    expect(selectIsOrderLoaderVisible(harness.snapshot)).toBe(false);
    expect(() => harness.timer(LOADER_TIMEOUT)).toThrow();
    await harness.resolve('loadOrder', PAID_ORDER);
    expect(selectConfirmedOrder(harness.snapshot)).toEqual(PAID_ORDER);
    expect(harness.fakes.effects.map((effect) => effect.type)).toEqual([
      'clearPending',
      'productMayHaveChanged',
    ]);
    expect(harness.fakes.effectsOf('showAlert')).toEqual([]);
    await harness.send({ type: 'order.dismiss' });
    expect(harness.snapshot.matches('editing')).toBe(true);
    expect(selectOrderQuantity(harness.snapshot)).toBe(1);
  });

  it('sends the student to the transactions tab when the order is not paid, or cannot be read', async () => {
    const unpaid = await payUntilConfirming();
    await unpaid.resolve('loadOrder', { ...PAID_ORDER, status: 'PAID_OUT_OF_STOCK' });
    expect(alerts(unpaid.fakes.effectsOf('showAlert'))).toEqual([
      'Could not verify payment status. Please contact support.',
    ]);
    expect(unpaid.fakes.effectsOf('navigate')).toEqual([{ to: ROUTE_AFTER_ORDER_FAILURE }]);
    expect(unpaid.fakes.effectsOf('clearPending')).toHaveLength(1);

    const unreachable = await payUntilConfirming();
    await unreachable.reject('loadOrder', new Error('Network error. Please check your internet connection.'));
    expect(alerts(unreachable.fakes.effectsOf('showAlert'))).toEqual([
      'Network error. Please check your internet connection.',
    ]);
    // The order payment stays persisted: the next visit confirms it.
    expect(unreachable.fakes.effectsOf('clearPending')).toEqual([]);
    expect(unreachable.fakes.effectsOf('navigate')).toEqual([{ to: 'dashboard/tabs/transactions' }]);
  });

  it('resumes a persisted order payment (a reload mid-poll) without placing the order again', async () => {
    const harness = createOrderHarness(RESUMED_ORDER);
    harness.start();
    expect(selectOrderQuantity(harness.snapshot)).toBe(2);
    expect(harness.snapshot.context.town).toBe(TOWN);
    expect(harness.child.pending('checkStatus').input).toEqual({ referenceId: PENDING_ORDER.referenceId });
    harness.child.pending('checkStatus').resolve({ status: 'SUCCESSFUL' });
    await settle();
    expect(harness.fakes.pending('loadOrder').input).toEqual({ referenceId: PENDING_ORDER.referenceId });
    expect(harness.child.callsOf('requestToPay')).toEqual([]);
  });

  it("does not resume a persisted subject payment, nor another product's order, as this order", () => {
    for (const pending of [
      SUBJECT_PAYMENT,
      { ...PENDING_ORDER, items: [{ ...ORDER_LINE, _id: 'prod-geometry-set' }] },
    ]) {
      const harness = createOrderHarness({ ...FRESH_ORDER, pending });
      harness.start();
      expect(harness.snapshot.matches('editing')).toBe(true);
      expect(selectOrderQuantity(harness.snapshot)).toBe(1);
      expect(harness.child.calls).toEqual([]);
    }
  });
});
