import { describe, expect, inject, it } from 'vitest';
import { formatFcfa } from '../../src/rules/money';
import { expectAccessible } from './harness/accessibility';
import type { Lang } from './harness/dictionary';
import { phonesForThisFile } from './harness/file-phones';
import { MATHS, PAYERS, PHYSICS } from './harness/journey';
import { newStudent, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

// Issue 4's golden journey, in English and again in French: register, log in, add two subjects, change a
// quantity, pay with MTN MoMo through the emulator, land on study-sections, play a video and seek.

const phones = phonesForThisFile();

async function phone(lang: Lang): Promise<StudentApp> {
  const device = await phones.openDevice({ lang });
  const app = new StudentApp(device);
  await app.open('landing');
  // The navbar's switch, as a student changes it; English is the default and needs no change.
  if (lang !== 'en') await app.chooseLanguage(lang);
  return app;
}

describe.each(['en', 'fr'] as const)('golden journey (%s)', (lang) => {
  it('registers, logs in, buys two subjects with MTN MoMo and watches a video', async () => {
    const account = newStudent(`golden_${lang}`);
    const api = new StudentApi(inject('e2eBaseUrl'));
    const shot = (app: StudentApp, step: string) => app.device.screenshot(`golden-${lang}-${step}`);

    // Register on one phone: the app signs the new student in.
    const first = await phone(lang);
    await expectAccessible(first.page, `${lang}-landing`);
    await shot(first, '01-landing');
    await first.register(account);
    await expectAccessible(first.page, `${lang}-register`);
    await shot(first, '02-register');
    await first.submitRegistration();

    // Log in on a fresh phone (nothing stored yet), as the student would from the login screen.
    const app = await phone(lang);
    await app.logInWithUsername(account);

    // Two subjects from the catalogue, then one more access period of the first one in the cart.
    // Anglophone subjects: a French reader's home opens on the francophone section (docs/home.md).
    await app.open('home?section=anglophone');
    await app.subjectCard(MATHS.title).waitFor();
    await app.addToCart(MATHS.title);
    await app.addToCart(PHYSICS.title);
    await expectAccessible(app.page, `${lang}-catalogue`);
    await shot(app, '03-catalogue');
    await app.openCart();
    await app.increaseQuantity(MATHS.title);
    await expect.poll(() => app.quantityOf(MATHS.title).textContent()).toBe('2');
    expect(await app.quantityOf(PHYSICS.title).textContent()).toBe('1');
    const total = formatFcfa(MATHS.price * 2 + PHYSICS.price, lang);
    expect(await app.cartTotal().textContent()).toBe(total);
    await expectAccessible(app.page, `${lang}-cart`);
    await shot(app, '04-cart');

    // Pay with MTN Mobile Money; the emulator approves an ordinary number after a short wait.
    await app.makePaymentButton().click();
    await app.methodDialog().waitFor();
    expect(await app.methodDialog().textContent()).toContain(app.t('checkout.amountToPay', { total }));
    await app.chooseMtn();
    await shot(app, '05-phone');
    await app.enterPhone(PAYERS.ordinary);
    await app.waitingForApproval().waitFor();
    await shot(app, '06-waiting');
    await app.acknowledgeAlert(app.t('messages.paymentSucceeded'), account.username);

    // Lands on study-sections with both subjects paid; the cart is empty.
    await app.waitForRoute('study-sections');
    await app.subjectCard(MATHS.title).waitFor();
    await app.subjectCard(PHYSICS.title).waitFor();
    expect(await app.cartButton().getAttribute('aria-label')).toBe(app.t('nav.cartCount', { count: 0 }));
    await expectAccessible(app.page, `${lang}-study-sections`);
    await shot(app, '07-study-sections');

    const payments = await api.transactions(account);
    expect(payments.map(({ status, totalCost }) => ({ status, totalCost }))).toEqual([
      { status: 'SUCCESSFUL', totalCost: MATHS.price * 2 + PHYSICS.price },
    ]);

    // A video of the paid subject: its section, a topic, a lesson; it plays and seeks.
    await app.openSubjectVideos(MATHS.title);
    await expectAccessible(app.page, `${lang}-section-videos`);
    await shot(app, '08-section-videos');
    await app.openFirstTopic(MATHS.title);
    await app.openFirstVideo();
    await app.playVideo();
    await expectAccessible(app.page, `${lang}-video-player`);
    await shot(app, '09-video-player');
    await app.seekVideo(6);
    expect(app.device.pageErrors, 'uncaught errors in the page').toEqual([]);
  });
});
