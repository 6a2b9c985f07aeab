import { expect } from 'vitest';
import type { checkoutMachine } from '../../../machines/checkout';
import {
  selectCheckoutTotal,
  selectIsChoosingMethod,
  selectIsLoaderVisible,
  selectIsSubmitting,
} from '../../../machines/checkout';
import type { Alert } from '../../../machines/messages';
import { englishText } from '../../../machines/messages';
import type { CartItem, PendingPayment, User } from '../../../machines/types';
import type { CheckoutHarness } from '../checkout.model';
import type { EffectCall, Oracle } from '../modelHarness';
import { CallLog, paramsOf } from './observe';

// docs/product.md §4 "Checkout" and §8, and the decisions of machines/README.md, written again without the machine:
// an empty cart says 'Your cart is empty' and stops; Orange Money says 'Orange Money payment coming soon!';
// the amount asked is Σ price × amount; after mobile money succeeded the payment is sent with the loader
// shown, which closes itself 10 000 ms later while the call goes on. Success: clear the cart, store the
// returned user, close the modal, the success alert, study-sections. Failure: close the modal, the server's
// msg, the transactions tab. Nothing navigates otherwise. A refusal forgets the pending payment; no answer
// keeps it.

const SPEC = {
  loaderCloses: 10_000,
  success: 'study-sections',
  failure: 'dashboard/tabs/transactions',
  succeeded:
    'You have successfully paid for your interested subjects. Please go to study now to start studying',
};
const SHELL_EFFECTS = ['clearCart', 'storeUser', 'closeModal', 'showAlert', 'navigate'];

const totalOf = (items: readonly CartItem[]) =>
  items.reduce((sum, item) => sum + item.price * item.amount, 0);
const texts = (effects: readonly EffectCall[]) =>
  paramsOf(effects, 'showAlert').map((alert) => englishText(alert as Alert));
const shellEffects = (effects: readonly EffectCall[]) =>
  effects.filter((effect) => SHELL_EFFECTS.includes(effect.type));

interface Order {
  items: readonly CartItem[];
  total: number;
  user: User;
  pending: PendingPayment | null;
}

export const checkoutOracle: Oracle<typeof checkoutMachine> = () => {
  let order: Order | null = null;
  let submittedAt: number | null = null;
  const calls = new CallLog();
  return (base, { event, effects }) => {
    const harness = base as CheckoutHarness;
    const now = harness.clock.now();
    const payments = calls.newCalls(harness.fakes, 'makePayment');
    const settlesPayment = event.type.endsWith('actor.makePayment');
    if (!settlesPayment) {
      expect(shellEffects(effects).filter((effect) => effect.type !== 'showAlert')).toEqual([]);
    }
    switch (event.type) {
      case 'checkout.start': {
        const items = event.items as CartItem[];
        if (items.length === 0) {
          expect(texts(effects)).toEqual(['Your cart is empty']);
          expect(selectIsChoosingMethod(harness.snapshot)).toBe(false);
          break;
        }
        order = { items, total: totalOf(items), user: event.user as User, pending: null };
        expect(selectIsChoosingMethod(harness.snapshot)).toBe(true);
        expect(selectCheckoutTotal(harness.snapshot), 'the amount to pay').toBe(order.total);
        break;
      }
      case 'checkout.resume': {
        const pending = event.pending as PendingPayment;
        order = { items: pending.items, total: pending.amount, user: event.user as User, pending };
        break;
      }
      case 'checkout.chooseOrange':
        expect(texts(effects)).toEqual(['Orange Money payment coming soon!']);
        expect(selectIsChoosingMethod(harness.snapshot), 'MTN can still be chosen').toBe(true);
        break;
      case 'checkout.cancel':
        order = null;
        break;
      case 'xstate.done.actor.mobileMoney':
      case 'xstate.error.actor.mobileMoney': {
        if (!order) throw new Error('mobile money ended without an order');
        // What this run of mobile money asked and checked (an earlier run's calls are not this order's).
        const requests = calls.newCalls(harness.child, 'requestToPay').map((call) => call.input);
        const output = (event as { output?: { outcome: string; referenceId?: string } }).output;
        const outcome = output?.outcome;
        const asked = requests.map((input) => (input as { amount: number }).amount);
        // Every payment asked is for Σ price × amount; a cancelled phone prompt asks nothing, a fresh order
        // asks at least once, and a resumed one is not asked again unless it did not complete (Try again).
        for (const amount of asked) expect(amount, 'the amount asked').toBe(order.total);
        if (outcome === 'cancelled') expect(asked).toEqual([]);
        else if (!order.pending) expect(asked.length).toBeGreaterThan(0);
        const checked = calls
          .newCalls(harness.child, 'checkStatus')
          .map((call) => (call.input as { referenceId: string }).referenceId);
        if (outcome === 'succeeded') {
          // Each payment asked was checked; the one paid is the last checked, and it alone is completed.
          const askedPayments = new Set(checked.filter((ref) => ref !== order?.pending?.referenceId));
          expect(askedPayments.size, 'a new payment only when one was asked').toBe(requests.length);
          const referenceId = checked.at(-1);
          expect(output?.referenceId, 'the payment paid is the last one checked').toBe(referenceId);
          expect(
            payments.map((call) => call.input),
            'the paid order goes to the server',
          ).toEqual([{ referenceId, items: order.items, totalCost: order.total, user: order.user }]);
          submittedAt = now;
          expect(selectIsLoaderVisible(harness.snapshot), 'the loader shows').toBe(true);
        } else {
          expect(payments, 'nothing is sent when mobile money did not succeed').toEqual([]);
          if (event.type.startsWith('xstate.error.'))
            expect(texts(effects)).toEqual(['Could not verify payment status. Please contact support.']);
          order = null;
        }
        break;
      }
      case 'xstate.after.loaderTimeout.checkout.submitting.loaderShown':
        expect(submittedAt === null ? null : now - submittedAt, 'the loader closes itself').toBe(
          SPEC.loaderCloses,
        );
        expect(selectIsSubmitting(harness.snapshot), 'the payment call goes on').toBe(true);
        break;
      case 'xstate.done.actor.makePayment':
      case 'xstate.error.actor.makePayment': {
        const output = (event as { output?: { success: boolean; user?: User; msg?: string } }).output;
        const error = (event as { error?: unknown }).error;
        const shell = shellEffects(effects).map((effect) => effect.type);
        if (output?.success) {
          expect(shell).toEqual(['clearCart', 'storeUser', 'closeModal', 'showAlert', 'navigate']);
          expect(paramsOf(effects, 'storeUser')).toEqual([{ user: output.user ?? order?.user }]);
          expect(texts(effects)).toEqual([SPEC.succeeded]);
          expect(paramsOf(effects, 'navigate')).toEqual([{ to: SPEC.success }]);
        } else {
          expect(shell).toEqual(['closeModal', 'showAlert', 'navigate']);
          const said = output ? output.msg : error instanceof Error ? error.message : undefined;
          expect(texts(effects)).toEqual([said || 'Payment processing failed. Please try again.']);
          expect(paramsOf(effects, 'navigate')).toEqual([{ to: SPEC.failure }]);
        }
        // A refusal is final and forgets the payment; no answer keeps it to be resumed.
        expect(paramsOf(effects, 'clearPending')).toHaveLength(output ? 1 : 0);
        order = null;
        submittedAt = null;
        break;
      }
    }
    if (!event.type.startsWith('xstate.done.actor.mobileMoney')) expect(payments).toEqual([]);
    const loaderDue = submittedAt !== null && now - submittedAt < SPEC.loaderCloses;
    expect(selectIsLoaderVisible(harness.snapshot), 'the loader, for 10 s from the payment').toBe(loaderDue);
  };
};
