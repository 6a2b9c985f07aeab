import { describe, expect, it } from 'vitest';
import { MIN_PHONE_LENGTH, PHONE_PREFIX } from '../../contract/rules/payer-phone';
import type { Alert } from '../../machines/messages';
import { englishText } from '../../machines/messages';
import {
  selectIsAskingPhone,
  selectIsAwaitingConfirmation,
  selectIsSuspended,
  selectPaymentOutcome,
  selectPhone,
} from '../../machines/mobileMoney';
import {
  AFTER,
  createMobileMoneyHarness,
  FRESH_INPUT,
  LINE,
  NETWORK_ERROR,
  OTHER_PHONE,
  PENDING,
  REFERENCE_ID,
  RESTORED_INPUT,
  SHORT_PHONE,
  SPACED_PHONE,
  T0,
  VALID_PHONE,
} from './mobileMoney.model';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

const alerts = (params: unknown[]) => params.map((alert) => englishText(alert as Alert));

async function startPayment(phone = VALID_PHONE) {
  const harness = createMobileMoneyHarness(FRESH_INPUT);
  harness.start();
  await harness.send({ type: 'payment.phoneChanged', phone });
  await harness.send({ type: 'payment.submitPhone', now: T0 });
  return harness;
}

describe('mobileMoney machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.mobileMoney);
    console.log(`mobileMoney: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
    // Some 230 paths (every outcome, Try again, another number): seconds on a loaded two-core machine.
  }, 60_000);

  it('prefills 237 and accepts 12 characters but not 11', async () => {
    const fresh = createMobileMoneyHarness(FRESH_INPUT);
    fresh.start();
    expect(selectPhone(fresh.snapshot)).toBe(PHONE_PREFIX);
    expect(PHONE_PREFIX).toBe('237');
    expect(MIN_PHONE_LENGTH).toBe(12);

    const short = await startPayment(SHORT_PHONE);
    expect(short.snapshot.value).toBe('cancelled');
    expect(alerts(short.fakes.effectsOf('showAlert'))).toEqual(['Please enter a valid phone number']);
    expect(short.fakes.callsOf('requestToPay')).toHaveLength(0);

    const valid = await startPayment(VALID_PHONE);
    expect(valid.snapshot.value).toBe('requesting');
    expect(valid.fakes.pending('requestToPay').input).toEqual({
      phone: VALID_PHONE,
      items: [LINE],
      amount: 5_000,
    });
  });

  it('asks and keeps the clean number when the student types it with spaces, dashes, dots or a +', async () => {
    for (const phone of [SPACED_PHONE, '237 6 70 00 00 00', '237-670-000-000', '+237670000000']) {
      const harness = await startPayment(phone);
      expect(harness.snapshot.value, phone).toBe('requesting');
      expect(harness.fakes.pending('requestToPay').input, phone).toEqual({
        phone: VALID_PHONE,
        items: [LINE],
        amount: 5_000,
      });
      expect(selectPhone(harness.snapshot), 'the prompt shows the number sent').toBe(VALID_PHONE);
      await harness.resolve('requestToPay', { referenceId: REFERENCE_ID });
      expect(harness.fakes.effectsOf('persistPending'), phone).toEqual([{ ...PENDING, startedAt: T0 }]);
    }
  });

  it('refuses before any request a number the server would refuse even once cleaned', async () => {
    for (const phone of ['670000000000', '2376700000000000', '00237670000000', '237 67O 000 000']) {
      const refused = await startPayment(phone);
      expect(refused.snapshot.value, phone).toBe('cancelled');
      expect(alerts(refused.fakes.effectsOf('showAlert'))).toEqual(['Please enter a valid phone number']);
      expect(refused.fakes.callsOf('requestToPay')).toHaveLength(0);
    }
  });

  it('polls first at 3 000 ms (not 2 999) and then every 2 000 ms (not 1 999)', async () => {
    const harness = await startPayment();
    await harness.resolve('requestToPay', { referenceId: REFERENCE_ID });
    expect(harness.fakes.effectsOf('persistPending')).toEqual([{ ...PENDING, startedAt: T0 }]);
    const entered = harness.clock.now();

    harness.clock.set(entered + 2_999);
    expect(harness.fakes.callsOf('checkStatus')).toHaveLength(0);
    harness.clock.set(entered + 3_000);
    expect(harness.fakes.pending('checkStatus').input).toEqual({ referenceId: REFERENCE_ID });

    await harness.resolve('checkStatus', { status: 'PENDING' });
    const answered = harness.clock.now();
    harness.clock.set(answered + 1_999);
    expect(harness.fakes.callsOf('checkStatus')).toHaveLength(1);
    harness.clock.set(answered + 2_000);
    expect(harness.fakes.callsOf('checkStatus')).toHaveLength(2);
    expect(selectIsAwaitingConfirmation(harness.snapshot)).toBe(true);

    await harness.resolve('checkStatus', { status: 'SUCCESSFUL' });
    expect(harness.snapshot.status).toBe('done');
    expect(harness.snapshot.output).toEqual({
      outcome: 'succeeded',
      referenceId: REFERENCE_ID,
      items: PENDING.items,
      amount: 5_000,
    });
  });

  it('keeps a payment that was not completed on screen, as its outcome, and forgets it', async () => {
    const harness = await startPayment();
    await harness.resolve('requestToPay', { referenceId: REFERENCE_ID });
    await harness.fireTimer(AFTER.firstPoll);
    await harness.resolve('checkStatus', { status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    expect(harness.snapshot.value).toBe('notCompleted');
    expect(selectPaymentOutcome(harness.snapshot)).toEqual({ outcome: 'refused', phone: VALID_PHONE });
    expect(harness.fakes.effectsOf('showAlert'), 'the dialog says it, not an alert').toEqual([]);
    expect(harness.fakes.effectsOf('clearPending')).toHaveLength(1);

    await harness.send({ type: 'payment.dismiss' });
    expect(harness.snapshot.output).toEqual({ outcome: 'failed' });
    expect(harness.fakes.effectsOf('clearPending')).toHaveLength(1);
  });

  it.each([
    [{ status: 'FAILED', reason: 'APPROVAL_REJECTED' }, 'refused'],
    [{ status: 'REJECTED' }, 'refused'],
    [{ status: 'FAILED', reason: 'EXPIRED' }, 'expired'],
    [{ status: 'TIMEOUT' }, 'expired'],
    [{ status: 'FAILED', reason: 'PAYER_NOT_FOUND' }, 'numberCannotPay'],
    [{ status: 'FAILED', reason: 'NOT_ALLOWED' }, 'numberCannotPay'],
    [{ status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' }, 'failed'],
    [{ status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' }, 'failed'],
    [{ status: 'FAILED' }, 'failed'],
  ])('reads %j as %s', async (answer, expected) => {
    const harness = await startPayment();
    await harness.resolve('requestToPay', { referenceId: REFERENCE_ID });
    await harness.fireTimer(AFTER.firstPoll);
    await harness.resolve('checkStatus', answer);
    expect(selectPaymentOutcome(harness.snapshot)?.outcome).toBe(expected);
  });

  it('Try again asks a new payment from the same number and order, which can succeed', async () => {
    const harness = await startPayment();
    await harness.resolve('requestToPay', { referenceId: REFERENCE_ID });
    await harness.fireTimer(AFTER.firstPoll);
    await harness.resolve('checkStatus', { status: 'FAILED', reason: 'EXPIRED' });
    await harness.send({ type: 'payment.retry', now: T0 + 60_000 });
    expect(harness.snapshot.value).toBe('requesting');
    expect(selectPaymentOutcome(harness.snapshot)).toBeNull();
    expect(harness.fakes.callsOf('requestToPay').map((call) => call.input)).toEqual([
      { phone: VALID_PHONE, items: [LINE], amount: 5_000 },
      { phone: VALID_PHONE, items: [LINE], amount: 5_000 },
    ]);
    const second = '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b';
    await harness.resolve('requestToPay', { referenceId: second });
    expect(harness.fakes.effectsOf('persistPending').at(-1)).toEqual({
      ...PENDING,
      referenceId: second,
      startedAt: T0 + 60_000,
    });
    await harness.fireTimer(AFTER.firstPoll);
    expect(harness.fakes.pending('checkStatus').input).toEqual({ referenceId: second });
    await harness.resolve('checkStatus', { status: 'SUCCESSFUL' });
    expect(harness.snapshot.output).toMatchObject({ outcome: 'succeeded', referenceId: second });
  });

  it('Use another number goes back to the prompt with the number used, and pays from the new one', async () => {
    const harness = await startPayment();
    await harness.resolve('requestToPay', { referenceId: REFERENCE_ID });
    await harness.fireTimer(AFTER.firstPoll);
    await harness.resolve('checkStatus', { status: 'FAILED', reason: 'PAYER_NOT_FOUND' });
    await harness.send({ type: 'payment.changeNumber' });
    expect(selectIsAskingPhone(harness.snapshot)).toBe(true);
    expect(selectPhone(harness.snapshot)).toBe(VALID_PHONE);
    expect(harness.fakes.callsOf('requestToPay')).toHaveLength(1);
    await harness.send({ type: 'payment.phoneChanged', phone: OTHER_PHONE });
    await harness.send({ type: 'payment.submitPhone', now: T0 + 90_000 });
    expect(harness.fakes.pending('requestToPay').input).toEqual({
      phone: OTHER_PHONE,
      items: [LINE],
      amount: 5_000,
    });
  });

  it('keeps polling through network errors until the deadline, then suspends and can resume', async () => {
    const harness = await startPayment();
    await harness.resolve('requestToPay', { referenceId: REFERENCE_ID });
    const entered = harness.clock.now();
    await harness.fireTimer(AFTER.firstPoll);
    // Each failed check waits 2 s and tries again: 3 s + n × 2 s stays under the 120 s deadline.
    while (harness.clock.now() < entered + 119_000) {
      await harness.reject('checkStatus', NETWORK_ERROR);
      await harness.fireTimer(AFTER.pollEvery);
    }
    expect(harness.fakes.callsOf('checkStatus').length).toBeGreaterThan(50);
    expect(selectIsSuspended(harness.snapshot)).toBe(false);
    expect(harness.timer(AFTER.pollDeadline).due).toBe(entered + 120_000);
    await harness.fireTimer(AFTER.pollDeadline);
    await harness.reject('checkStatus', NETWORK_ERROR);
    expect(selectIsSuspended(harness.snapshot)).toBe(true);
    expect(selectPaymentOutcome(harness.snapshot)).toEqual({ outcome: 'pending', phone: VALID_PHONE });
    expect(harness.fakes.effectsOf('showAlert'), 'the dialog says it, not an alert').toEqual([]);
    expect(harness.fakes.effectsOf('clearPending')).toHaveLength(0);

    await harness.send({ type: 'payment.resume', now: T0 + 600_000 });
    expect(harness.fakes.pending('checkStatus').input).toEqual({ referenceId: REFERENCE_ID });
    const resumed = harness.clock.now();
    expect(harness.timer(AFTER.pollDeadline).due).toBe(resumed + 120_000);
    await harness.resolve('checkStatus', { status: 'SUCCESSFUL' });
    expect(harness.snapshot.output).toMatchObject({ outcome: 'succeeded', referenceId: REFERENCE_ID });
    expect(harness.fakes.callsOf('requestToPay')).toHaveLength(1);
  });

  it('resumes a persisted payment mid-polling: same reference, no second request, deadline from startedAt', async () => {
    const harness = createMobileMoneyHarness(RESTORED_INPUT);
    harness.start();
    expect(harness.snapshot.value).toEqual({ polling: 'checkingStatus' });
    expect(harness.fakes.pending('checkStatus').input).toEqual({ referenceId: PENDING.referenceId });
    // Requested at T0, reopened at T0 + 30 s: 90 s of the 120 s round are left.
    expect(harness.timer(AFTER.pollDeadline).delay).toBe(90_000);
    await harness.resolve('checkStatus', { status: 'PENDING' });
    await harness.fireTimer(AFTER.pollEvery);
    expect(harness.fakes.callsOf('checkStatus').map((call) => call.input)).toEqual([
      { referenceId: PENDING.referenceId },
      { referenceId: PENDING.referenceId },
    ]);
    await harness.resolve('checkStatus', { status: 'SUCCESSFUL' });
    expect(harness.snapshot.output).toEqual({
      outcome: 'succeeded',
      referenceId: PENDING.referenceId,
      items: PENDING.items,
      amount: PENDING.amount,
    });
    expect(harness.fakes.callsOf('requestToPay')).toHaveLength(0);
    expect(harness.fakes.effectsOf('persistPending')).toHaveLength(0);
  });

  it('checks a long-expired persisted payment once before suspending it', async () => {
    const harness = createMobileMoneyHarness({ now: T0 + 3_600_000, pending: PENDING });
    harness.start();
    expect(harness.timer(AFTER.pollDeadline).delay).toBe(0);
    await harness.fireTimer(AFTER.pollDeadline);
    expect(harness.fakes.pending('checkStatus').input).toEqual({ referenceId: PENDING.referenceId });
    await harness.resolve('checkStatus', { status: 'PENDING' });
    expect(selectIsSuspended(harness.snapshot)).toBe(true);
    await harness.send({ type: 'payment.abandon' });
    expect(harness.snapshot.output).toEqual({ outcome: 'abandoned' });
    expect(harness.fakes.effectsOf('clearPending')).toHaveLength(0);
  });

  it('shows the request error and fails', async () => {
    const harness = await startPayment();
    await harness.reject('requestToPay', NETWORK_ERROR);
    expect(harness.snapshot.output).toEqual({ outcome: 'failed' });
    expect(alerts(harness.fakes.effectsOf('showAlert'))).toEqual([NETWORK_ERROR.message]);
  });
});
