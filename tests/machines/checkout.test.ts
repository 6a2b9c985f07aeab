import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_DELAYS,
  ROUTES_AFTER_PAYMENT,
  selectIsChoosingMethod,
  selectIsLoaderVisible,
  selectIsSubmitting,
  selectMobileMoneyRef,
} from '../../machines/checkout';
import type { Alert } from '../../machines/messages';
import { englishText, MESSAGES } from '../../machines/messages';
import type { CheckoutHarness } from './checkout.model';
import {
  createCheckoutHarness,
  driveMobileMoney,
  LOADER_TIMEOUT,
  PAID_STUDENT,
  SERVER_REFUSAL,
  STUDENT,
} from './checkout.model';
import { LINE, PENDING, REFERENCE_ID, T0 } from './mobileMoney.model';
import { runModel, settle } from './modelHarness';
import { REPLAYS } from './replays';

const alerts = (params: unknown[]) => params.map((alert) => englishText(alert as Alert));

async function payUntilSubmitting(): Promise<CheckoutHarness> {
  const harness = createCheckoutHarness();
  harness.start();
  await harness.send({ type: 'checkout.start', items: [LINE], user: STUDENT });
  await harness.send({ type: 'checkout.chooseMtn', now: T0 });
  await driveMobileMoney(harness, {
    type: 'xstate.done.actor.mobileMoney',
    output: { outcome: 'succeeded', referenceId: REFERENCE_ID, items: [LINE], amount: 5_000 },
  });
  return harness;
}

describe('checkout machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.checkout);
    console.log(`checkout: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('alerts and stops on an empty cart', async () => {
    const harness = createCheckoutHarness();
    harness.start();
    await harness.send({ type: 'checkout.start', items: [], user: STUDENT });
    expect(harness.snapshot.value).toBe('idle');
    expect(alerts(harness.fakes.effectsOf('showAlert'))).toEqual(['Your cart is empty']);
  });

  it('announces Orange Money and keeps the choice open', async () => {
    const harness = createCheckoutHarness();
    harness.start();
    await harness.send({ type: 'checkout.start', items: [LINE], user: STUDENT });
    await harness.send({ type: 'checkout.chooseOrange' });
    expect(selectIsChoosingMethod(harness.snapshot)).toBe(true);
    expect(alerts(harness.fakes.effectsOf('showAlert'))).toEqual(['Orange Money payment coming soon!']);
  });

  it('exposes the mobile money child for the phone form', async () => {
    const harness = createCheckoutHarness();
    harness.start();
    await harness.send({ type: 'checkout.start', items: [LINE], user: STUDENT });
    await harness.send({ type: 'checkout.chooseMtn', now: T0 });
    const child = selectMobileMoneyRef(harness.snapshot);
    expect(child?.getSnapshot().context.phone).toBe('237');
    expect(child?.getSnapshot().context.amount).toBe(LINE.price * LINE.amount);
  });

  it('hides the loader at 10 000 ms (not 9 999) while the payment call goes on', async () => {
    const harness = await payUntilSubmitting();
    expect(CHECKOUT_DELAYS.loaderTimeout).toBe(10_000);
    const shownAt = harness.clock.now();
    expect(selectIsLoaderVisible(harness.snapshot)).toBe(true);
    expect(harness.fakes.pending('makePayment').input).toEqual({
      referenceId: REFERENCE_ID,
      items: [LINE],
      totalCost: 5_000,
      user: STUDENT,
    });
    harness.clock.set(shownAt + 9_999);
    expect(selectIsLoaderVisible(harness.snapshot)).toBe(true);
    harness.clock.set(shownAt + 10_000);
    expect(selectIsLoaderVisible(harness.snapshot)).toBe(false);
    expect(selectIsSubmitting(harness.snapshot)).toBe(true);
    expect(() => harness.timer(LOADER_TIMEOUT)).toThrow();
  });

  it('on success clears the cart, stores the user, closes the modal, alerts, forgets the payment, goes to study', async () => {
    const harness = await payUntilSubmitting();
    await harness.resolve('makePayment', { success: true, user: PAID_STUDENT });
    expect(harness.fakes.effects.map((effect) => effect.type)).toEqual([
      'clearCart',
      'storeUser',
      'closeModal',
      'showAlert',
      'clearPending',
      'navigate',
    ]);
    expect(harness.fakes.effectsOf('storeUser')).toEqual([{ user: PAID_STUDENT }]);
    expect(alerts(harness.fakes.effectsOf('showAlert'))).toEqual([MESSAGES.paymentSucceeded]);
    expect(MESSAGES.paymentSucceeded).toBe(
      'You have successfully paid for your interested subjects. Please go to study now to start studying',
    );
    expect(harness.fakes.effectsOf('navigate')).toEqual([{ to: 'study-sections' }]);
  });

  it('on a refusal shows the server msg (or the fallback) and goes to the transactions tab', async () => {
    for (const [output, text] of [
      [{ success: false, msg: SERVER_REFUSAL }, SERVER_REFUSAL],
      [{ success: false }, 'Payment processing failed. Please try again.'],
    ] as const) {
      const harness = await payUntilSubmitting();
      await harness.resolve('makePayment', output);
      expect(harness.fakes.effects.map((effect) => effect.type)).toEqual([
        'closeModal',
        'showAlert',
        'clearPending',
        'navigate',
      ]);
      expect(alerts(harness.fakes.effectsOf('showAlert'))).toEqual([text]);
      expect(harness.fakes.effectsOf('navigate')).toEqual([{ to: ROUTES_AFTER_PAYMENT.failed }]);
      expect(ROUTES_AFTER_PAYMENT.failed).toBe('dashboard/tabs/transactions');
    }
  });

  it('keeps the pending payment when the server could not be reached', async () => {
    const harness = await payUntilSubmitting();
    await harness.reject('makePayment', new Error('Network error. Please check your internet connection.'));
    expect(harness.fakes.effectsOf('clearPending')).toEqual([]);
    expect(harness.fakes.effectsOf('navigate')).toEqual([{ to: 'dashboard/tabs/transactions' }]);
  });

  it('resumes a persisted payment without requesting it again', async () => {
    const harness = createCheckoutHarness();
    harness.start();
    await harness.send({ type: 'checkout.resume', pending: PENDING, user: STUDENT, now: T0 + 30_000 });
    expect(harness.child.pending('checkStatus').input).toEqual({ referenceId: PENDING.referenceId });
    harness.child.pending('checkStatus').resolve({ status: 'SUCCESSFUL' });
    await settle();
    expect(harness.snapshot.matches('submitting')).toBe(true);
    expect(harness.fakes.pending('makePayment').input).toMatchObject({
      referenceId: PENDING.referenceId,
      totalCost: PENDING.amount,
    });
    expect(harness.child.callsOf('requestToPay')).toEqual([]);
  });
});
