import { expect } from 'vitest';
import { cleanPayerPhone, isPayerPhone } from '../../../contract/rules/payer-phone';
import type { Alert } from '../../../machines/messages';
import { englishText } from '../../../machines/messages';
import type { mobileMoneyMachine } from '../../../machines/mobileMoney';
import {
  selectIsAskingPhone,
  selectIsAwaitingConfirmation,
  selectIsSuspended,
  selectPaymentOutcome,
  selectPhone,
} from '../../../machines/mobileMoney';
import type { CartItem } from '../../../machines/types';
import type { EffectCall, Harness, Oracle } from '../modelHarness';
import { CallLog, paramsOf, running } from './observe';

// docs/product.md §4 "Mobile money flow", §5 and §9, and docs/design.md, written again without the machine: the phone is
// prefilled with 237 and must be one the server takes (237 then 9 to 12 digits), else 'Please enter a
// valid phone number' and nothing is requested; the first status check 3 000 ms after the request was
// answered, then one 2 000 ms after each PENDING or unanswered check; SUCCESSFUL completes, any other status
// is 'Payment was not completed' and forgets the payment. docs/design.md: the reference is kept so a restored
// payment is checked again and never requested twice; a polling round is bounded (120 s, machines/README.md),
// after which the payment stays resumable. Issue 18: a payment not completed is read as one outcome, refused
// on the phone (APPROVAL_REJECTED, REJECTED), expired (EXPIRED, TIMEOUT), a number that cannot pay
// (PAYER_NOT_FOUND, NOT_ALLOWED) or failed (anything else), shown with the number it was asked from;
// "Try again" asks a new payment of the same number and order, "Use another number" goes back to the prompt
// prefilled with the number used, OK ends it; a round that ends unanswered is shown as pending, and no new
// payment is asked from there (the first may still be approved).

const SPEC = { prefix: '237', firstPoll: 3_000, pollEvery: 2_000, roundLimit: 120_000 };

// The paying number's rule is the server's own acceptance, shared as code (issue 21): a second spelling here
// is what let the app and the server disagree. The oracle checks that the machine applies it; the rule itself
// is checked against hand-written numbers (payerPhone.test.ts) and against the server's schema and the API
// document (tests/server/document-patterns.test.ts).
const isSpecPhone = isPayerPhone;
// What the student typed between the digits (spaces, dashes, dots, brackets, a leading +) is dropped before
// the number is checked; the number asked, kept and shown from then on is the clean one.
const asSent = cleanPayerPhone;

/** Issue 18's outcomes, by the provider's reason first, then its status. */
function outcomeOf({ status, reason }: { status: string; reason?: string }): string {
  const byReason: Record<string, string> = {
    APPROVAL_REJECTED: 'refused',
    EXPIRED: 'expired',
    PAYER_NOT_FOUND: 'numberCannotPay',
    NOT_ALLOWED: 'numberCannotPay',
  };
  const byStatus: Record<string, string> = { REJECTED: 'refused', TIMEOUT: 'expired' };
  return (reason && byReason[reason]) || byStatus[status] || 'failed';
}

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
  /** New payments the student asked for: a valid number sent, or "Try again". */
  let asked = 0;
  /** What the student reads now: an outcome and the number, or nothing. */
  let shownOutcome: { outcome: string; phone: string } | null = null;
  /** The references of this order's payments: the restored one, and each the provider gave. */
  /** The device's copy of the payment forgotten since the provider gave its reference. */
  let clearedSinceAsked = 0;
  const given = new Set(input.pending ? [input.pending.referenceId] : []);
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
        if (isSpecPhone(asSent(order.phone))) {
          order.phone = asSent(order.phone);
          submittedAt = event.now as number;
          asked += 1;
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
        given.add(order.referenceId);
        answeredAt = now;
        roundEnds = now + SPEC.roundLimit;
        deadlinePassed = false;
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
          // Not completed: said on screen with what happened and what to do, not in a passing alert.
          const answer = (event as unknown as { output: { status: string; reason?: string } }).output;
          shownOutcome = { outcome: outcomeOf(answer), phone: order.phone };
          expect(shown).toEqual([]);
          expect(paramsOf(effects, 'clearPending'), 'a payment not completed is not resumed').toHaveLength(1);
          expect(outcome(harness), 'the student decides what comes next').toBeNull();
          expect(selectIsAwaitingConfirmation(harness.snapshot)).toBe(false);
        } else if (deadlinePassed) {
          shownOutcome = { outcome: 'pending', phone: order.phone };
          expect(shown).toEqual([]);
          expect(selectIsSuspended(harness.snapshot)).toBe(true);
        } else {
          expect(shown, 'PENDING or no answer: polling goes on quietly').toEqual([]);
          expect(selectIsAwaitingConfirmation(harness.snapshot)).toBe(true);
        }
        break;
      }
      case 'payment.resume':
        shownOutcome = null;
        expectOneCheck(harness, 'Check again reads the same reference at once');
        roundEnds = now + SPEC.roundLimit;
        deadlinePassed = false;
        break;
      case 'payment.abandon':
        shownOutcome = null;
        expect(outcome(harness)).toBe('abandoned');
        break;
      case 'payment.retry':
        // Try again: a new payment, the same number and order, asked at once.
        shownOutcome = null;
        submittedAt = event.now as number;
        asked += 1;
        order.referenceId = null;
        expect(
          requests.map((call) => call.input),
          'Try again asks a new payment',
        ).toEqual([{ phone: order.phone, items: order.items, amount: order.amount }]);
        expect(shown).toEqual([]);
        break;
      case 'payment.changeNumber':
        shownOutcome = null;
        order.referenceId = null;
        expect(selectIsAskingPhone(harness.snapshot), 'back to the phone prompt').toBe(true);
        expect(selectPhone(harness.snapshot), 'prefilled with the number used').toBe(order.phone);
        expect(requests, 'nothing asked before the number is sent').toEqual([]);
        break;
      case 'payment.dismiss':
        shownOutcome = null;
        expect(outcome(harness)).toBe('failed');
        expect(paramsOf(effects, 'clearPending'), 'already forgotten').toEqual([]);
        expect(shown).toEqual([]);
        break;
    }
    if (event.type !== 'payment.submitPhone' && event.type !== 'payment.retry') {
      expect(requests, `nothing asked on ${event.type}`).toEqual([]);
    }
    expect(selectPaymentOutcome(harness.snapshot), `what the student reads after ${event.type}`).toEqual(
      shownOutcome,
    );
    // Whatever happened: one payment for each the student asked (a restored one is never asked again), and
    // only from a spec number.
    const all = harness.fakes.callsOf('requestToPay');
    expect(all.length, 'payments asked').toBe(asked);
    for (const call of all) expect(isSpecPhone((call.input as { phone: string }).phone)).toBe(true);
    for (const call of harness.fakes.callsOf('checkStatus')) {
      expect(given, 'only payments of this order are checked').toContain(
        (call.input as { referenceId: string }).referenceId,
      );
    }
    if (event.type !== 'xstate.done.actor.requestToPay')
      expect(paramsOf(effects, 'persistPending')).toEqual([]);
    if (event.type === 'xstate.done.actor.requestToPay') clearedSinceAsked = 0;
    clearedSinceAsked += paramsOf(effects, 'clearPending').length;
    if (selectIsSuspended(harness.snapshot) || outcome(harness) === 'abandoned') {
      expect(clearedSinceAsked, 'a payment not settled stays resumable').toBe(0);
    }
  };
};
