import { expect } from 'vitest';
import type { Alert } from '../../../machines/messages';
import { englishText } from '../../../machines/messages';
import type { mobileMoneyMachine } from '../../../machines/mobileMoney';
import { selectIsAwaitingConfirmation, selectIsSuspended, selectPhone } from '../../../machines/mobileMoney';
import type { CartItem } from '../../../machines/types';
import type { EffectCall, Harness, Oracle } from '../modelHarness';
import { CallLog, paramsOf, running } from './observe';

// SPEC.md §4 "Mobile money flow", §5 and §9, and DESIGN.md, written again without the machine: the phone is
// prefilled with 237 and must be at least 12 characters in the format 237XXXXXXXXX, else 'Please enter a
// valid phone number' and nothing is requested; the first status check 3 000 ms after the request was
// answered, then one 2 000 ms after each PENDING or unanswered check; SUCCESSFUL completes, any other status
// says 'Payment was not completed. Status: {status}' and forgets the payment. DESIGN.md: the reference is kept
// so a restored payment is checked again and never requested twice; a polling round is bounded (120 s,
// machines/README.md), after which 'Could not verify payment status. Please contact support.' and the payment
// stays resumable.

const SPEC = { prefix: '237', minLength: 12, firstPoll: 3_000, pollEvery: 2_000, roundLimit: 120_000 };

const isSpecPhone = (phone: string) =>
  phone.trim().length >= SPEC.minLength && phone.trim().startsWith(SPEC.prefix);

type Machine = typeof mobileMoneyMachine;

interface Order {
  phone: string;
  items: readonly CartItem[];
  amount: number;
  referenceId: string | null;
  startedAt: number | null;
}

export const mobileMoneyOracle: Oracle<Machine> = (input) => {
  const restored = input.pending !== undefined;
  const order: Order = input.pending
    ? { ...input.pending }
    : { phone: SPEC.prefix, items: input.items, amount: input.amount, referenceId: null, startedAt: null };
  const calls = new CallLog();
  let submittedAt: number | null = null;
  // Simulated-clock times: when polling (re)started, when the last check was answered, when the round ends.
  let answeredAt = 0;
  let roundEnds = restored ? Math.max(0, (input.pending?.startedAt ?? 0) + SPEC.roundLimit - input.now) : 0;
  let deadlinePassed = false;

  const alerts = (effects: readonly EffectCall[]) =>
    paramsOf(effects, 'showAlert').map((alert) => englishText(alert as Alert));
  const outcome = (harness: Harness<Machine>) =>
    harness.snapshot.status === 'done' ? (harness.snapshot.output as { outcome: string }).outcome : null;
  const expectOneCheck = (harness: Harness<Machine>, why: string) => {
    const started = calls.newCalls(harness.fakes, 'checkStatus');
    expect(
      started.map((call) => call.input),
      why,
    ).toEqual([{ referenceId: order.referenceId }]);
  };

  return (harness, { event, effects }) => {
    const now = harness.clock.now();
    const requests = calls.newCalls(harness.fakes, 'requestToPay');
    const shown = alerts(effects);
    switch (event.type) {
      case 'xstate.init':
        if (restored) expectOneCheck(harness, 'a restored payment is checked at once');
        else expect(selectPhone(harness.snapshot), 'the phone is prefilled').toBe('237');
        break;
      case 'payment.phoneChanged':
        order.phone = event.phone as string;
        break;
      case 'payment.submitPhone':
        if (isSpecPhone(order.phone)) {
          submittedAt = event.now as number;
          expect(requests.map((call) => call.input)).toEqual([
            { phone: order.phone, items: order.items, amount: order.amount },
          ]);
          expect(shown).toEqual([]);
        } else {
          expect(requests, 'no request for a number outside the rule').toEqual([]);
          expect(shown).toEqual(['Please enter a valid phone number']);
          expect(outcome(harness)).toBe('cancelled');
        }
        break;
      case 'payment.cancel':
        expect(outcome(harness)).toBe('cancelled');
        expect(shown).toEqual([]);
        break;
      case 'xstate.done.actor.requestToPay':
        order.referenceId = (event.output as { referenceId: string }).referenceId;
        order.startedAt = submittedAt;
        answeredAt = now;
        roundEnds = now + SPEC.roundLimit;
        expect(paramsOf(effects, 'persistPending'), 'the reference is kept at once').toEqual([{ ...order }]);
        expect(running(harness.fakes, 'checkStatus'), 'the first check waits').toEqual([]);
        break;
      case 'xstate.error.actor.requestToPay': {
        const { error } = event as { error?: unknown };
        expect(shown).toEqual([
          error instanceof Error && error.message ? error.message : 'Payment failed. Please try again.',
        ]);
        expect(outcome(harness)).toBe('failed');
        break;
      }
      case 'xstate.after.firstPoll.mobileMoney.polling.waitingFirstPoll':
        expect(now - answeredAt, 'the first check, after the request').toBe(SPEC.firstPoll);
        expectOneCheck(harness, 'the first status check');
        break;
      case 'xstate.after.pollEvery.mobileMoney.polling.waitingNextPoll':
        expect(now - answeredAt, 'the next check, after the last answer').toBe(SPEC.pollEvery);
        expectOneCheck(harness, 'a status check again');
        break;
      case 'xstate.after.pollDeadline.mobileMoney.polling':
        expect(now, 'the end of the polling round').toBe(roundEnds);
        deadlinePassed = true;
        break;
      case 'xstate.done.actor.checkStatus':
      case 'xstate.error.actor.checkStatus': {
        answeredAt = now;
        const status = (event as { output?: { status: string } }).output?.status ?? null;
        if (status === 'SUCCESSFUL') {
          expect(shown).toEqual([]);
          expect(harness.snapshot.output).toEqual({
            outcome: 'succeeded',
            referenceId: order.referenceId,
            items: order.items,
            amount: order.amount,
          });
        } else if (status !== null && status !== 'PENDING') {
          expect(shown).toEqual([`Payment was not completed. Status: ${status}`]);
          expect(paramsOf(effects, 'clearPending')).toHaveLength(1);
          expect(outcome(harness)).toBe('failed');
        } else if (deadlinePassed) {
          expect(shown).toEqual(['Could not verify payment status. Please contact support.']);
          expect(selectIsSuspended(harness.snapshot)).toBe(true);
        } else {
          expect(shown, 'PENDING or no answer: polling goes on quietly').toEqual([]);
          expect(selectIsAwaitingConfirmation(harness.snapshot)).toBe(true);
        }
        break;
      }
      case 'payment.resume':
        expectOneCheck(harness, 'Check again reads the same reference at once');
        roundEnds = now + SPEC.roundLimit;
        deadlinePassed = false;
        break;
      case 'payment.abandon':
        expect(outcome(harness)).toBe('abandoned');
        break;
    }
    // Whatever happened: one payment is requested at most, a restored one never, and only a spec number.
    const all = harness.fakes.callsOf('requestToPay');
    expect(all.length).toBeLessThanOrEqual(restored ? 0 : 1);
    for (const call of all) expect(isSpecPhone((call.input as { phone: string }).phone)).toBe(true);
    for (const call of harness.fakes.callsOf('checkStatus')) {
      expect(call.input, 'only this payment is checked').toEqual({ referenceId: order.referenceId });
    }
    if (event.type !== 'xstate.done.actor.requestToPay')
      expect(paramsOf(effects, 'persistPending')).toEqual([]);
    if (selectIsSuspended(harness.snapshot) || outcome(harness) === 'abandoned') {
      expect(harness.fakes.effectsOf('clearPending'), 'a payment not settled stays resumable').toEqual([]);
    }
  };
};
