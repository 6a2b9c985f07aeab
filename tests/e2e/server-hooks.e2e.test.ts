import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFcfa } from '../../src/rules/money';
import { expectAccessible } from './harness/accessibility';
import { phonesForThisFile } from './harness/file-phones';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import { MATHS, PAYERS } from './harness/journey';
import { E2E_MOMO } from './harness/server-env';

// Journeys that need a server state no student can reach on demand: a catalogue that changed during a
// payment, and an access period that ended. The server runs in this worker (same buildApp and
// configuration as the shared one) so the journey can reach into its database; production has no such hook.

const phones = phonesForThisFile();
let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer();
});
afterAll(async () => {
  await server?.close();
});

async function student(cart: readonly string[] = [MATHS.title]) {
  // The page's clock is Playwright's: the paid journey jumps the app's 3 s wait before its first status read
  // (StudentApp.skipFirstPoll), which is the mobileMoney machine's timing and not what this file checks.
  const signedIn = await phones.signedInStudent({ baseUrl: server.baseUrl, cart, pageClock: true });
  return signedIn;
}

async function renameMaths(title: string) {
  await server.db.query('UPDATE subjects SET subject_title = $1 WHERE id = $2', [title, MATHS.id]);
}

describe('what the server decides', () => {
  it("a refused payment shows the server's msg and leads to the transactions tab", async () => {
    const { app, account, api, device } = await student();
    // The subject is renamed while it sits in the cart: the server refuses a checkout claiming the old title.
    await renameMaths(`${MATHS.title} (new syllabus)`);
    try {
      await app.openCart();
      await app.payWithMtn(PAYERS.ordinary);
      await app.acknowledgeAlert('These subjects or this total do not match the payment.', account.username);
      await app.waitForRoute('dashboard/tabs/transactions');
    } finally {
      await renameMaths(MATHS.title);
    }
    const [payment] = await api.transactions(account);
    // The transactions tab lists that payment with its amount in FCFA.
    await expect
      .poll(() => app.page.locator('main').textContent())
      .toContain(formatFcfa(payment?.totalCost ?? -1, 'en'));
    await expectAccessible(app.page, 'transactions');
    await device.screenshot('server-01-transactions-after-refusal');
    expect(device.pageErrors).toEqual([]);
  });

  it('an expired access: the video shows its price and Add to cart instead of playing; study-sections offers renewal', async () => {
    const { app, account, device } = await student();
    await app.openCart();
    await app.payWithMtn(PAYERS.ordinary);
    await app.skipFirstPoll(E2E_MOMO.pendingMs);
    await app.acknowledgeAlert(app.t('messages.paymentSucceeded'), account.username);
    await app.waitForRoute('study-sections');
    await app.openSubjectVideos(MATHS.title);
    await app.openFirstTopic(MATHS.title);
    await app.openFirstVideo();
    await app.playVideo();

    await server.db.query(
      "UPDATE subject_access SET expires_at = now() - interval '2 days' WHERE subject_id = $1",
      [MATHS.id],
    );
    // The student comes back to the same video later: the app checks the expiry before playing.
    await app.page.reload();
    const offer = app.page.getByRole('region', {
      name: app.t('player.lockedTitle', { subjectTitle: MATHS.title }),
    });
    // The price comes with the catalogue, which the offer asks for on its own (a loader meanwhile).
    await offer.getByText(formatFcfa(MATHS.price, 'en')).waitFor();
    expect(await offer.textContent()).toContain(formatFcfa(MATHS.price, 'en'));
    expect(await app.page.locator('main video').count(), 'no stream for an expired subject').toBe(0);
    await expectAccessible(app.page, 'video-locked');
    await device.screenshot('server-02-expired-video-offer');
    await offer.getByRole('button', { name: app.t('player.addToCart') }).click();
    await expect
      .poll(() => app.cartButton().getAttribute('aria-label'))
      .toBe(app.t('nav.cartCount', { count: 1 }));

    // Logged in again (a fresh session reads the expiry from the server): study-sections says so and renews.
    // Like logging out and back in on the same phone; the cart is emptied along with the rest.
    await app.page.evaluate(() => localStorage.clear());
    await app.logInWithUsername(account);
    await app.open('study-sections');
    const card = app.subjectCard(MATHS.title);
    await card.getByRole('button', { name: app.t('study.renew') }).waitFor();
    expect(await card.getByTestId('access-status').textContent()).toMatch(/^Expired on /);
    await device.screenshot('server-03-study-sections-expired');
    expect(device.pageErrors).toEqual([]);
  });
});
