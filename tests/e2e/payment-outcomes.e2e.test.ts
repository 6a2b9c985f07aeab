import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/accessibility';
import { connectBrowser } from './harness/browser';
import { MATHS, PAYERS, type SignedInStudent, signedInStudent } from './harness/journey';

// The unhappy paths of SPEC.md §4/§5 against the real server and its MoMo emulator, each on a fresh phone.

let browser: Browser;
const opened: SignedInStudent[] = [];
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  for (const { device } of opened) await device.context.close().catch(() => undefined);
  await browser?.close();
});

async function studentWithMaths(): Promise<SignedInStudent> {
  const student = await signedInStudent(browser, { cart: [MATHS.title] });
  opened.push(student);
  await student.app.openCart();
  return student;
}

async function expectNoPageErrors({ device }: SignedInStudent) {
  expect(device.pageErrors, 'uncaught errors in the page').toEqual([]);
}

describe('paying with MTN Mobile Money: what goes wrong', () => {
  it("refuses a short number: 'Please enter a valid phone number', nothing is requested", async () => {
    const student = await studentWithMaths();
    const { app, account, api, device } = student;
    await app.makePaymentButton().click();
    await expectAccessible(app.page, 'checkout-method');
    await device.screenshot('unhappy-01-payment-method');
    await app.chooseMtn();
    await expectAccessible(app.page, 'checkout-phone');
    await device.screenshot('unhappy-02-phone-prompt');
    await app.enterPhone('2376700', 'button');
    await app.acknowledgeAlert('Please enter a valid phone number', account.username);
    expect(await app.phoneDialog().count(), 'the payment is cancelled').toBe(0);
    expect(await app.quantityOf(MATHS.title).textContent(), 'the cart is kept').toBe('1');
    expect(await api.transactions(account)).toEqual([]);
    await expectNoPageErrors(student);
  });

  it('cancel aborts from the method choice and from the phone prompt; Orange Money is announced only', async () => {
    const student = await studentWithMaths();
    const { app, account, api } = student;
    await app.makePaymentButton().click();
    await app.chooseOrange();
    await app.acknowledgeAlert('Orange Money payment coming soon!', account.username);
    await app.methodDialog().waitFor();
    await app.cancelMethod();

    await app.makePaymentButton().click();
    await app.chooseMtn();
    await app.cancelPhone();
    expect(await app.methodDialog().count()).toBe(0);
    expect(await app.alert().count(), 'cancelling says nothing').toBe(0);
    expect(await app.quantityOf(MATHS.title).textContent()).toBe('1');
    expect(await api.transactions(account)).toEqual([]);
    await expectNoPageErrors(student);
  });

  for (const [name, payer] of [
    ['rejecting', PAYERS.rejecting],
    ['failing', PAYERS.failing],
  ] as const) {
    it(`a ${name} payer (${payer}): 'Payment was not completed. Status: FAILED', the cart is kept`, async () => {
      const student = await studentWithMaths();
      const { app, account, api, device } = student;
      await app.payWithMtn(payer);
      await app.waitingForApproval().waitFor();
      await app.acknowledgeAlert('Payment was not completed. Status: FAILED', account.username);
      if (name === 'rejecting') await device.screenshot('unhappy-03-rejecting-payer-after-alert');
      expect(await app.pendingPayment(), 'a failed payment is not resumed').toBeNull();
      expect(await app.quantityOf(MATHS.title).textContent()).toBe('1');
      const payments = await api.transactions(account);
      expect(payments.map((p) => p.status)).toEqual(['FAILED']);
      await expectNoPageErrors(student);
    });
  }

  it('a pending payer that approves later: the app keeps polling, then completes the checkout', async () => {
    const student = await studentWithMaths();
    const { app, account, api, device } = student;
    const statusReads: string[] = [];
    app.page.on('request', (request) => {
      if (/\/payments\/momo\/requesttopay\/[0-9a-f-]{36}$/.test(request.url()))
        statusReads.push(request.url());
    });
    await app.payWithMtn(PAYERS.slowApproval);
    await app.waitingForApproval().waitFor();
    await expectAccessible(app.page, 'checkout-waiting');
    await device.screenshot('unhappy-04-waiting-for-approval');
    await app.acknowledgeAlert(app.t('messages.paymentSucceeded'), account.username);
    await app.waitForRoute('study-sections');
    expect(statusReads.length, 'PENDING at least once, then polled again').toBeGreaterThanOrEqual(2);
    expect(new Set(statusReads).size, 'always the same payment').toBe(1);
    const payments = await api.transactions(account);
    expect(payments.map((p) => p.status)).toEqual(['SUCCESSFUL']);
    expect(await app.pendingPayment()).toBeNull();
    await expectNoPageErrors(student);
  });

  it('a reload while polling resumes the same payment and never pays twice', async () => {
    const student = await studentWithMaths();
    const { app, account, api, device } = student;
    await app.payWithMtn(PAYERS.slowApproval);
    await app.waitingForApproval().waitFor();
    const before = await app.until(
      () => app.pendingPayment(),
      (pending) => pending !== null,
      'the pending payment to be stored',
    );
    await app.page.reload();
    // Straight after the reload, before the payment settles: the app watches the very same reference.
    await app.waitingForApproval().waitFor();
    expect((await app.pendingPayment())?.referenceId).toBe(before?.referenceId);
    await device.screenshot('unhappy-05-resumed-after-reload');

    await app.acknowledgeAlert(app.t('messages.paymentSucceeded'), account.username);
    await app.waitForRoute('study-sections');
    const payments = await api.transactions(account);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.referenceId).toBe(before?.referenceId);
    expect(payments[0]?.status).toBe('SUCCESSFUL');
    expect(await app.pendingPayment(), 'settled: nothing left to resume').toBeNull();
    await expectNoPageErrors(student);
  });
});
