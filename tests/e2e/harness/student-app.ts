import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MOBILE_MONEY_DELAYS, type PaymentOutcomeView } from '../../../machines/mobileMoney';
import { appStarted, type StudentDevice } from './browser';
import { type Lang, text } from './dictionary';
import type { StudentAccount } from './student-api';

/** What a payment that did not complete reads as (contract/rules/payment-outcome.ts), or a pending one. */
export type PaymentOutcome = PaymentOutcomeView['outcome'];

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A dictionary template as a pattern: each `{{param}}` matches anything; `whole` anchors both ends. */
export function templatePattern(template: string, whole = true): RegExp {
  const body = template
    .split(/\{\{\s*\w+\s*\}\}/)
    .map(escapeRegExp)
    .join('.+');
  return new RegExp(whole ? `^${body}$` : body);
}

/** The pending payment the app keeps in local storage (src/services/storage.ts, `pending_payment`). */
export interface StoredPendingPayment {
  referenceId: string;
  startedAt: number;
  phone: string;
  items: { _id: string; amount: number }[];
  amount: number;
}

/**
 * The page object of the whole app: it drives the screens the way a student does, by roles and by the
 * names the dictionaries give them, in the journey's language.
 */
export class StudentApp {
  readonly page: Page;
  readonly lang: Lang;

  constructor(readonly device: StudentDevice) {
    this.page = device.page;
    this.lang = device.lang;
  }

  t(key: string, params: Record<string, string | number> = {}): string {
    return text(this.lang, key, params);
  }

  /** Waits for a condition the UI cannot show as an element (storage, the server's records). */
  async until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    let value = await read();
    while (!accept(value)) {
      if (Date.now() > deadline)
        throw new Error(`Timed out waiting for ${what}; last value ${JSON.stringify(value)}`);
      await this.page.waitForTimeout(200);
      value = await read();
    }
    return value;
  }

  // --- Shell: navbar, language ---------------------------------------------------------------------

  async open(route = 'landing'): Promise<void> {
    await this.device.go(route);
    await this.page.getByRole('banner').waitFor();
    await appStarted(this.page);
  }

  /** The navbar's language switch, as a student uses it; the choice is persisted by the app. */
  async chooseLanguage(lang: Lang = this.lang): Promise<void> {
    const select = this.page
      .getByLabel(text('en', 'nav.language'))
      .or(this.page.getByLabel(text('fr', 'nav.language')));
    await select.first().selectOption(lang);
    await this.page.locator(`html[lang="${lang}"]`).waitFor();
  }

  cartButton(): Locator {
    return this.page.getByRole('button', { name: templatePattern(this.t('nav.cartCount')) });
  }

  async openCart(): Promise<Locator> {
    await this.cartButton().click();
    const dialog = this.cartDialog();
    await dialog.waitFor();
    return dialog;
  }

  // --- Account screens -----------------------------------------------------------------------------

  /** The registration form, filled field by field through its labels; the app signs the student in. */
  async register(account: StudentAccount): Promise<void> {
    await this.open('register');
    const form = this.page.locator('form');
    for (const name of ['firstname', 'lastname', 'email', 'username', 'password', 'phonenumber'] as const) {
      const input = form.getByLabel(this.t(`account.fields.${name}`), { exact: true });
      expect(await input.getAttribute('name'), `the ${name} input is named as the payload`).toBe(name);
      await input.fill(account[name]);
    }
  }

  async submitRegistration(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('account.register.submit') }).click();
    await this.waitForLoggedIn();
  }

  async logInWithUsername(account: StudentAccount): Promise<void> {
    await this.open('login-with-username');
    await this.page.getByLabel(this.t('account.fields.username'), { exact: true }).fill(account.username);
    await this.page.getByLabel(this.t('account.fields.password'), { exact: true }).fill(account.password);
    await this.page.getByRole('button', { name: this.t('account.login.submit') }).click();
    await this.waitForLoggedIn();
  }

  /**
   * Logged in: the top bar offers Log out. (On a phone the student's own pages are in the menu: issue 18
   * made the bar one row.)
   */
  async waitForLoggedIn(): Promise<void> {
    await this.page
      .getByRole('banner')
      .getByRole('button', { name: this.t('nav.logout') })
      .waitFor();
  }

  // --- Catalogue -----------------------------------------------------------------------------------

  subjectCard(subjectTitle: string): Locator {
    return this.page.getByRole('article', { name: subjectTitle, exact: true });
  }

  async addToCart(subjectTitle: string): Promise<void> {
    const card = this.subjectCard(subjectTitle);
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: this.t('catalogue.addToCart') }).click();
  }

  // --- Studying -----------------------------------------------------------------------------------

  /** From study-sections: the subject card's "watch videos" link, to its section's video page. */
  async openSubjectVideos(subjectTitle: string): Promise<void> {
    await this.subjectCard(subjectTitle)
      .getByRole('link', { name: this.t('study.watchVideos') })
      .click();
    await this.page.getByRole('region', { name: subjectTitle }).waitFor();
  }

  async openFirstTopic(subjectTitle: string): Promise<void> {
    await this.page.getByRole('region', { name: subjectTitle }).getByRole('link').first().click();
    await this.page.waitForFunction(() => window.location.hash.startsWith('#/sort-videos-by-topics/'));
  }

  async openFirstVideo(): Promise<void> {
    // Video cards are links to the player; their names are the lessons' titles, which the seed owns.
    await this.page.locator('main a[href*="video-player"]').first().click();
    await this.page.waitForFunction(() => window.location.hash.startsWith('#/video-player'));
  }

  /**
   * Starts the signed stream and waits until it really plays (time advancing). Muted, as a phone allows
   * playback without a gesture only when muted; the journey is about the stream, not the sound.
   */
  async playVideo(): Promise<void> {
    // Issue 11: the video gets its source only once the student presses Play, having seen its cost.
    await this.page.getByRole('button', { name: this.t('video.play'), exact: true }).click();
    const video = this.page.locator('main video');
    await video.waitFor();
    await this.page.waitForFunction(() => {
      const element = document.querySelector('main video') as HTMLVideoElement | null;
      return element !== null && element.currentSrc !== '' && element.readyState >= 1;
    });
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await this.page.waitForFunction(() => {
      const element = document.querySelector('main video') as HTMLVideoElement | null;
      return element !== null && !element.paused && element.currentTime > 0.2;
    });
  }

  /** Seeks as the player's scrubber does, then checks playback goes on from there. */
  async seekVideo(seconds: number): Promise<void> {
    const landed = await this.page.locator('main video').evaluate(
      (element: HTMLVideoElement, target) =>
        new Promise<number>((resolve) => {
          element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
          element.currentTime = target;
        }),
      seconds,
    );
    expect(Math.abs(landed - seconds)).toBeLessThan(1);
    await this.page.waitForFunction((target) => {
      const element = document.querySelector('main video') as HTMLVideoElement | null;
      return element !== null && !element.paused && element.currentTime > target + 0.2;
    }, seconds);
  }

  // --- Cart modal ----------------------------------------------------------------------------------

  cartDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t('cart.title') });
  }

  async increaseQuantity(subjectTitle: string): Promise<void> {
    await this.cartDialog()
      .getByRole('button', { name: this.t('cart.increase', { title: subjectTitle }) })
      .click();
  }

  quantityOf(subjectTitle: string): Locator {
    return this.cartDialog()
      .getByRole('group', { name: this.t('cart.quantityOf', { title: subjectTitle }) })
      .locator('output');
  }

  cartTotal(): Locator {
    return this.cartDialog().getByTestId('cart-total');
  }

  makePaymentButton(): Locator {
    return this.page.getByRole('button', { name: this.t('cart.makePayment') });
  }

  async closeCart(): Promise<void> {
    await this.cartDialog()
      .getByRole('button', { name: this.t('common.close') })
      .click();
    await this.cartDialog().waitFor({ state: 'detached' });
  }

  // --- Checkout dialogs ----------------------------------------------------------------------------

  methodDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t('checkout.chooseMethod') });
  }

  async chooseMtn(): Promise<void> {
    await this.methodDialog()
      .getByRole('button', { name: this.t('checkout.mtn') })
      .click();
    await this.phoneInput().waitFor();
  }

  async chooseOrange(): Promise<void> {
    await this.methodDialog()
      .getByRole('button', { name: this.t('checkout.orange') })
      .click();
  }

  async cancelMethod(): Promise<void> {
    await this.methodDialog()
      .getByRole('button', { name: this.t('common.cancel') })
      .click();
    await this.methodDialog().waitFor({ state: 'detached' });
  }

  phoneDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t('checkout.mtn') });
  }

  phoneInput(): Locator {
    return this.phoneDialog().getByLabel(this.t('checkout.phoneLabel'));
  }

  /** Types the number over the prefilled 237 and submits with Enter (docs/product.md: Enter or the button). */
  async enterPhone(phone: string, submitWith: 'enter' | 'button' = 'enter'): Promise<void> {
    const input = this.phoneInput();
    expect(await input.inputValue(), 'the phone prompt is prefilled with 237').toBe('237');
    expect(await input.getAttribute('type')).toBe('tel');
    await input.fill(phone);
    if (submitWith === 'enter') await input.press('Enter');
    else
      await this.phoneDialog()
        .getByRole('button', { name: this.t('checkout.pay') })
        .click();
  }

  async cancelPhone(): Promise<void> {
    await this.phoneDialog()
      .getByRole('button', { name: this.t('common.cancel') })
      .click();
    await this.phoneDialog().waitFor({ state: 'detached' });
  }

  /** The "confirm on your phone" progress shown while the app polls the payment. */
  waitingForApproval(): Locator {
    return this.page
      .getByRole('status')
      .filter({ hasText: templatePattern(this.t('checkout.confirmOnPhone'), false) });
  }

  /**
   * A payment that did not complete, or that MTN has not answered (issue 18): docs/product.md §4's sentence with the
   * status in the student's words, then what happened, the money and what to do.
   */
  outcomeDialog(): Locator {
    return this.alert().filter({ hasText: templatePattern(this.t('messages.paymentNotCompleted'), false) });
  }

  /** The outcome dialog says this outcome, for this number, in the journey's language, and nothing English. */
  async expectOutcome(outcome: PaymentOutcome, phone: string): Promise<Locator> {
    const dialog = this.outcomeDialog();
    await dialog.waitFor({ timeout: 30_000 });
    const status = this.t(`checkout.status.${outcome}`);
    expect(await dialog.getByRole('heading').textContent()).toMatch(
      templatePattern(this.t('common.alertHeader')),
    );
    const text = (await dialog.textContent()) ?? '';
    for (const line of [
      this.t('messages.paymentNotCompleted', { status }),
      this.t(`checkout.outcome.${outcome}.what`, { phone }),
      this.t(`checkout.outcome.${outcome}.money`),
      this.t(`checkout.outcome.${outcome}.next`),
    ]) {
      expect(text, 'the outcome dialog').toContain(line);
    }
    // The provider's words never reach the student; in French, no English either.
    expect(text).not.toMatch(/FAILED|REJECTED|EXPIRED|PENDING|APPROVAL|PAYER_|INTERNAL_/);
    if (this.lang === 'fr') expect(text).not.toMatch(/Status|Payment|Try again|another number|money/);
    return dialog;
  }

  async tryAgain(): Promise<void> {
    await this.outcomeDialog()
      .getByRole('button', { name: this.t('checkout.tryAgain') })
      .click();
    await this.outcomeDialog().waitFor({ state: 'detached' });
  }

  /** "Use another number": back to the phone prompt, which must hold the number just used. */
  async chooseAnotherNumber(used: string): Promise<void> {
    await this.outcomeDialog()
      .getByRole('button', { name: this.t('checkout.otherNumber') })
      .click();
    await this.phoneInput().waitFor();
    expect(await this.phoneInput().inputValue(), 'prefilled with the number used').toBe(used);
  }

  /** Types another number over the one the prompt holds, and sends it. */
  async enterOtherPhone(phone: string): Promise<void> {
    await this.phoneInput().fill(phone);
    await this.phoneInput().press('Enter');
  }

  async checkAgain(): Promise<void> {
    await this.outcomeDialog()
      .getByRole('button', { name: this.t('checkout.checkAgain') })
      .click();
  }

  async payLater(): Promise<void> {
    await this.outcomeDialog()
      .getByRole('button', { name: this.t('checkout.later') })
      .click();
    await this.outcomeDialog().waitFor({ state: 'detached' });
  }

  /** Pays the open cart with MTN MoMo: Make payment, MTN, the number, Enter. */
  async payWithMtn(phone: string): Promise<void> {
    await this.makePaymentButton().click();
    await this.methodDialog().waitFor();
    await this.chooseMtn();
    await this.enterPhone(phone);
  }

  /**
   * Jumps the app's wait before its first status read (MOBILE_MONEY_DELAYS.firstPoll, 3 s) as soon as the
   * payment just asked is stored, on a page whose clock is Playwright's (signedInStudent's `pageClock`), as
   * the QA paths do: that wait is the machine's own timing, model-tested and replayed by
   * qa-paths-mobile-money; a journey that does not check polling itself only waited for it. `settlesInMs`
   * is the sandbox's PENDING period for the payer (an ordinary one's E2E_MOMO.pendingMs), let pass in real
   * time first, so the first read finds the payment settled instead of waiting a 2 s poll more.
   */
  async skipFirstPoll(settlesInMs = 0): Promise<void> {
    await this.jumpFirstPoll(() => this.pendingPayment(), 'the payment asked to be stored', settlesInMs);
  }

  /** skipFirstPoll for a shop order's payment (the same machine, its own stored entry). */
  async skipFirstOrderPoll(settlesInMs = 0): Promise<void> {
    await this.jumpFirstPoll(() => this.pendingOrder(), 'the pending order to be stored', settlesInMs);
  }

  private async jumpFirstPoll(
    stored: () => Promise<StoredPendingPayment | null>,
    what: string,
    settlesInMs: number,
  ): Promise<void> {
    await this.until(stored, (pending) => pending !== null, what);
    if (settlesInMs > 0) await new Promise((resolve) => setTimeout(resolve, settlesInMs));
    await this.device.context.clock.fastForward(MOBILE_MONEY_DELAYS.firstPoll);
  }

  // --- Shop orders (issue 8) -----------------------------------------------------------------------

  /** A product's page, opened from its address as a shared link would. */
  async openProduct(productId: string, productTitle: string): Promise<void> {
    await this.open(`product-details/${productId}`);
    await this.page.getByRole('heading', { level: 1, name: productTitle, exact: true }).waitFor();
  }

  orderForm(): Locator {
    return this.page.getByRole('region', { name: this.t('order.title') });
  }

  orderQuantity(): Locator {
    return this.orderForm()
      .getByRole('group', { name: this.t('order.quantity') })
      .locator('output');
  }

  async increaseOrderQuantity(productTitle: string): Promise<void> {
    await this.orderForm()
      .getByRole('button', { name: this.t('order.increase', { title: productTitle }) })
      .click();
  }

  async fillTown(town: string): Promise<void> {
    await this.orderForm().getByLabel(this.t('order.town'), { exact: true }).fill(town);
  }

  buyButton(): Locator {
    return this.orderForm().getByRole('button', { name: this.t('order.buy') });
  }

  /** Buy, MTN, the number, Enter: the cart's dialogs, from the product's page. */
  async buyWithMtn(phone: string): Promise<void> {
    await this.buyButton().click();
    await this.methodDialog().waitFor();
    await this.chooseMtn();
    await this.enterPhone(phone);
  }

  orderPaid(): Locator {
    return this.page.getByRole('region', { name: this.t('order.paidTitle') });
  }

  /** The shop order's payment the app keeps in local storage (src/services/order-storage.ts). */
  async pendingOrder(): Promise<StoredPendingPayment | null> {
    return this.page.evaluate(() => {
      const raw = localStorage.getItem('pending_order');
      if (!raw) return null;
      const envelope = JSON.parse(raw) as { data?: StoredPendingPayment };
      return envelope.data ?? null;
    });
  }

  // --- Alerts --------------------------------------------------------------------------------------

  alert(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /**
   * The alert host shows 'Hey {username}', the message and OK (docs/product.md §8). Waits for it, checks both,
   * and dismisses it with OK.
   */
  async acknowledgeAlert(message: string, username: string, timeoutMs = 30_000): Promise<void> {
    const alert = this.alert();
    await alert.waitFor({ timeout: timeoutMs });
    await expect.poll(() => alert.textContent(), { timeout: 5_000 }).toContain(message);
    expect(await alert.getByRole('heading').textContent()).toBe(this.t('common.alertHeader', { username }));
    await alert.getByRole('button', { name: this.t('common.ok') }).click();
    await alert.waitFor({ state: 'detached' });
  }

  // --- Storage and location ------------------------------------------------------------------------

  async pendingPayment(): Promise<StoredPendingPayment | null> {
    return this.page.evaluate(() => {
      const raw = localStorage.getItem('pending_payment');
      if (!raw) return null;
      const envelope = JSON.parse(raw) as { data?: StoredPendingPayment };
      return envelope.data ?? null;
    });
  }

  async route(): Promise<string> {
    return this.page.evaluate(() => window.location.hash.replace(/^#\/?/, ''));
  }

  async waitForRoute(route: string, timeoutMs = 30_000): Promise<void> {
    await this.page.waitForFunction(
      (expected) => window.location.hash.replace(/^#\/?/, '') === expected,
      route,
      {
        timeout: timeoutMs,
      },
    );
  }
}
