import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/accessibility';
import { connectBrowser, openDevice } from './harness/browser';
import { StudentApp } from './harness/student-app';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('empty cart', () => {
  it("says 'Your cart is empty' and offers no payment", async () => {
    const device = await openDevice(browser);
    const app = new StudentApp(device);
    await app.open('landing');
    await expectAccessible(app.page, 'landing');

    const cart = await app.openCart();
    await expect.poll(() => cart.textContent()).toContain('Your cart is empty');
    expect(await app.makePaymentButton().count(), 'no Make payment button on an empty cart').toBe(0);
    await expectAccessible(app.page, 'cart-empty');
    await device.screenshot('empty-cart');
    expect(device.pageErrors).toEqual([]);
    await device.context.close();
  });
});
