import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appStarted,
  connectBrowser,
  offerInstall,
  openDevice,
  PHONE,
  pwaLayerLoaded,
} from './harness/browser';
import type { Lang } from './harness/dictionary';
import { newStudent, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

// Issue 18, defect 4: the install banner (fixed at the bottom) and the 'App is ready for offline use!' toast
// covered the cart's "Make payment" / "Payer" button, so a student's tap landed on them. The rule: while a
// sheet or dialog is open they step aside, and they never take a tap meant for what is under them. Each
// journey taps the button where the student sees it (a touch at its centre, not a scripted click that would
// go through whatever covers it): a visitor's tap on it leads to the login screen.

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const installBanner = (app: StudentApp) =>
  app.page.getByRole('complementary', { name: app.t('pwa.bannerLabel') });

/** Adds the catalogue's first subject and opens the cart, as a visitor does before paying. */
async function fillAndOpenCart(app: StudentApp): Promise<Locator> {
  await app.open('home');
  const add = app.page.getByRole('button', { name: app.t('catalogue.addToCart') }).first();
  await add.scrollIntoViewIfNeeded();
  await add.click();
  await expect.poll(() => app.cartButton().textContent()).toContain('1');
  return app.openCart();
}

/** A finger on the button's centre: whatever is on top there receives the tap. */
async function tapCentre(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('The button is not on screen');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** The visitor's Pay tap reached the button: the cart closes and the login screen opens. */
async function expectPayTapReached(app: StudentApp): Promise<void> {
  await tapCentre(app.page, app.makePaymentButton());
  await app.waitForRoute('login-with-username', 5_000);
  await app.cartDialog().waitFor({ state: 'detached', timeout: 5_000 });
}

describe('the install banner and the toasts step aside for the cart', () => {
  for (const lang of ['fr', 'en'] as const satisfies readonly Lang[]) {
    it(`${lang}: on a first visit, with the install banner shown, the Pay tap reaches the cart's button`, async () => {
      const device = await openDevice(browser, { lang });
      const app = new StudentApp(device);
      await app.open('home');
      await pwaLayerLoaded(app.page);
      await offerInstall(app.page);
      await installBanner(app).waitFor();

      await fillAndOpenCart(app);
      await expectPayTapReached(app);
      // It stepped aside for the sheet only: it is back once the sheet is closed.
      await installBanner(app).waitFor();
      await device.screenshot(`overlays-banner-after-cart-${lang}`);
      expect(device.pageErrors).toEqual([]);
      await device.context.close();
    });
  }

  it('fr: after a logout, with the install banner offered again, the Pay tap reaches the cart', async () => {
    const api = new StudentApi(inject('e2eBaseUrl'));
    const account = newStudent('banner');
    await api.register(account);
    const device = await openDevice(browser, { lang: 'fr' });
    const app = new StudentApp(device);
    await app.logInWithUsername(account);
    await pwaLayerLoaded(app.page);
    await offerInstall(app.page);
    // The student said "later": stored, so the banner stays away while they are logged in.
    await installBanner(app)
      .getByRole('button', { name: app.t('pwa.dismiss') })
      .click();
    await installBanner(app).waitFor({ state: 'detached' });

    await app.page.getByRole('button', { name: app.t('nav.logout') }).click();
    await app.waitForRoute('landing');
    // Logout cleared local storage (docs/product.md §4), the dismissal with it: the next opening offers it again.
    await app.until(
      () => app.page.evaluate(() => localStorage.length),
      (count) => count === 0,
      'local storage cleared by the logout',
    );
    await app.page.reload();
    await appStarted(app.page);
    await pwaLayerLoaded(app.page);
    await offerInstall(app.page);
    await installBanner(app).waitFor();

    await fillAndOpenCart(app);
    await expectPayTapReached(app);
    expect(device.pageErrors).toEqual([]);
    await device.context.close();
  });

  it("fr: on a first visit, while 'App is ready for offline use!' is due, the Pay tap reaches the cart", async () => {
    // A phone on which the service worker may run: its first installation is what brings the toast.
    const context = await browser.newContext({
      ...PHONE,
      baseURL: inject('e2eBaseUrl'),
      locale: 'fr-CM',
      serviceWorkers: 'allow',
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const app = new StudentApp({
      context,
      page,
      baseUrl: inject('e2eBaseUrl'),
      lang: 'fr',
      pageErrors,
      go: async (route) => {
        // Not 'load': the journey holds the page's load on purpose (below).
        await page.goto(`/#/${route}`, { waitUntil: 'domcontentloaded' });
      },
      screenshot: async () => undefined,
    });
    // The worker registers once the page has loaded and settled (docs/product.md §9 "when stable"): the navbar's icon
    // is held until the cart is open, so the first installation, and its toast, come while the sheet is up.
    let releaseIcon: () => void = () => undefined;
    const iconHeld = new Promise<void>((resolve) => {
      releaseIcon = resolve;
    });
    await page.route('**/icons/icon-80.png', async (route) => {
      await iconHeld;
      await route.continue();
    });
    const cart = await fillAndOpenCart(app);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    releaseIcon();
    // The toast is due when the worker leaves 'installing' (workbox-window tells the app on that state change,
    // in the same dispatch as this wait's listener); two frames later React has drawn whatever it shows. An
    // in-page wait: waitForFunction takes a predicate's promise for a truthy answer and does not await it.
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (;;) {
        const registration = await navigator.serviceWorker.getRegistration();
        const worker = registration?.installing ?? registration?.waiting ?? registration?.active;
        if (worker?.state === 'installing') {
          await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }));
        }
        if (worker && worker.state !== 'installing') break;
        await frame();
      }
      await frame();
      await frame();
    });
    await cart.waitFor();
    const toast = page.getByText(app.t('messages.offlineReady'), { exact: true });
    await expectPayTapReached(app);
    // Once the sheet is closed the student still learns that the app works offline.
    await toast.waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
