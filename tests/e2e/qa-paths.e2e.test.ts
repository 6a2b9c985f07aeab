import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { type CheckoutSnapshot, checkoutMachine } from '../../machines/checkout';
import { MOBILE_MONEY_DELAYS, type MobileMoneyOutput } from '../../machines/mobileMoney';
import { formatFcfa } from '../../src/rules/money';
import { RETRY } from '../../src/services/api/retry';
import { checkoutPaths, LOADER_TIMEOUT } from '../machines/checkout.model';
import { OTHER_NUMBER_REFERENCE_ID } from '../machines/mobileMoney.model';
import { definitionStates, type ModelPath } from '../machines/modelHarness';
import { connectBrowser, openDevice, type StudentDevice } from './harness/browser';
import { seedDeviceStorage } from './harness/device-storage';
import { MATHS, PAYERS } from './harness/journey';
import { answerFromServerWhen, answerJson, NetworkGate } from './harness/network-gate';
import { newStudent, type StudentAccount, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

// The checkout machine's generated paths (tests/machines/checkout.model.ts, the same model the unit model
// tests replay against the machine) replayed against the real UI in Chromium and the real server. Each model
// event becomes what a student or the network does; each model state becomes what the screen must show.
// The server's answers the model names are produced for real where the server can give them (a granted
// payment, a refusal with its msg) and at the network boundary where it cannot on demand (a lost request,
// a 500, a body without msg).

type Path = ModelPath<typeof checkoutMachine>;

/** Generated steps also carry the machine's internal events (done/error/after), so they are read loosely. */
const eventsOf = (path: Path): AnyEventObject[] => path.steps.map((step) => step.event as AnyEventObject);
const itemCount = (event: AnyEventObject | undefined): number =>
  Array.isArray(event?.items) ? event.items.length : 0;

const SERVER_REFUSAL_MSG = 'These subjects or this total do not match the payment.';

/** The machine's own failure inside mobile money (an effect throwing) has no UI cause: the app's storage
 * never throws. Those paths are counted and left to the unit model test. */
const unreachable = (path: Path) =>
  eventsOf(path).some((event) => event.type === 'xstate.error.actor.mobileMoney');

/** A payment paid the long way (mobileMoneyDriver): refused or expired, Try again, another number. */
const longWayAt = (path: Path) =>
  eventsOf(path).findIndex(
    (event) =>
      event.type === 'xstate.done.actor.mobileMoney' &&
      (event.output as { referenceId?: string }).referenceId === OTHER_NUMBER_REFERENCE_ID,
  );

/**
 * What the checkout does after mobile money does not depend on how it got there: the long way is replayed
 * in the browser where the payment it ends with is granted and the path ends (from the cart and resumed);
 * its other continuations are the short way's, left to the unit model test.
 */
const grantedRightAfter = (path: Path, at: number) => {
  const events = eventsOf(path);
  const next = events[at + 1] as (AnyEventObject & { output?: { success?: boolean } }) | undefined;
  return (
    events.length === at + 2 &&
    next?.type === 'xstate.done.actor.makePayment' &&
    next.output?.success === true
  );
};

const ALL = checkoutPaths();
const REPLAYED = ALL.filter((path) => {
  const at = longWayAt(path);
  return !unreachable(path) && (at < 0 || grantedRightAfter(path, at));
});

function describePath(path: Path): string {
  return eventsOf(path)
    .map((event) => {
      const output = (event as AnyEventObject & { output?: Record<string, unknown> }).output;
      const detail =
        event.type === 'checkout.start'
          ? `(${itemCount(event)} items)`
          : output && 'outcome' in output
            ? `(${String(output.outcome)}${output.referenceId === OTHER_NUMBER_REFERENCE_ID ? ', the long way' : ''})`
            : output && 'success' in output
              ? `(${output.success ? 'granted' : output.msg ? 'refused+msg' : 'refused'})`
              : '';
      return `${event.type.replace(/^xstate\./, '').replace(/\.checkout\..*$/, '')}${detail}`;
    })
    .join(' > ');
}

interface Replay {
  device: StudentDevice;
  app: StudentApp;
  account: StudentAccount;
  requestToPay: NetworkGate;
  status: NetworkGate;
  makePayment: NetworkGate;
  restored: boolean;
  heldPayment: Route | null;
}

let browser: Browser;
const visitedStates = new Set<string>();
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function prepare(path: Path): Promise<Replay> {
  const api = new StudentApi(inject('e2eBaseUrl'));
  const account = newStudent('qa');
  await api.register(account);
  // Logged in as a phone that kept its session: logging in through the screen is the golden journey's and
  // the session paths' subject, not the checkout's.
  const session = await api.signIn(account);
  const device = await openDevice(browser);
  await seedDeviceStorage(device.context, { session });
  // The page's clock runs at real pace; the loader's 10 s timer is jumped over when a path asks for it.
  await device.context.clock.install();
  const app = new StudentApp(device);
  const replay: Replay = {
    device,
    app,
    account,
    requestToPay: await NetworkGate.install(device.page, /\/payments\/momo\/requesttopay$/),
    status: await NetworkGate.install(device.page, /\/payments\/momo\/requesttopay\/[0-9a-f-]{36}$/),
    makePayment: await NetworkGate.install(device.page, /\/transactions\/subjects\/makepayments$/),
    restored: false,
    heldPayment: null,
  };
  await app.open('landing');
  await app.waitForLoggedIn();
  const first = eventsOf(path)[1];
  if (first?.type === 'checkout.start' && itemCount(first) > 0) {
    await addModelLine(app);
  }
  if (first?.type === 'checkout.resume') {
    // A payment requested and left PENDING, then the app closed: what the model's `checkout.resume` reopens.
    await addModelLine(app);
    await app.openCart();
    await app.payWithMtn(PAYERS.ordinary);
    await (await replay.requestToPay.next()).continue();
    await app.until(
      () => app.pendingPayment(),
      (pending) => pending !== null,
      'the pending payment',
    );
    await app.page.goto('about:blank');
    // The app's first status read is 3 s after the request: the app closed before it. One held all the same
    // (a slow machine) is failed as the closed page's.
    if (replay.status.pending > 0) await (await replay.status.next()).abort();
  }
  return replay;
}

/** The model's LINE: one subject, two access periods, 5 000 FCFA. */
async function addModelLine(app: StudentApp) {
  await app.open('home');
  await app.addToCart(MATHS.title);
  await app.addToCart(MATHS.title);
}

async function perform(replay: Replay, event: AnyEventObject): Promise<void> {
  const { app } = replay;
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'checkout.start': {
      const cart = await app.openCart();
      if (itemCount(event) === 0) {
        // The app offers no payment of an empty cart; it says why instead of the alert.
        await expect.poll(() => cart.textContent()).toContain(app.t('cart.emptyTitle'));
        expect(await app.makePaymentButton().count()).toBe(0);
        await app.closeCart();
        return;
      }
      await app.makePaymentButton().click();
      await app.methodDialog().waitFor();
      return;
    }
    case 'checkout.chooseMtn':
      return app.chooseMtn();
    case 'checkout.chooseOrange':
      await app.chooseOrange();
      return app.acknowledgeAlert(app.t('messages.orangeMoneyComingSoon'), replay.account.username);
    case 'checkout.cancel':
      return app.cancelMethod();
    case 'checkout.resume':
      replay.restored = true;
      await app.open('landing');
      await app.waitingForApproval().waitFor();
      return;
    case 'xstate.done.actor.mobileMoney': {
      const output = event.output as MobileMoneyOutput;
      const longWay = output.outcome === 'succeeded' && output.referenceId === OTHER_NUMBER_REFERENCE_ID;
      return finishMobileMoney(replay, output.outcome, longWay);
    }
    case LOADER_TIMEOUT:
      await replay.device.context.clock.fastForward(10_000);
      return;
    case 'xstate.done.actor.makePayment':
    case 'xstate.error.actor.makePayment':
      return answerMakePayment(replay, event);
    default:
      throw new Error(`No UI action for ${event.type}`);
  }
}

/** The next status read, answered at the boundary as not completed for this reason. */
async function notCompleted(replay: Replay, reason: string): Promise<void> {
  await answerJson(await replay.status.next(), 200, { success: true, status: 'FAILED', reason });
}

/** Sends the request the app just made to the server, and jumps the 3 s before its first status read. */
async function requestReachesServer(replay: Replay): Promise<void> {
  await (await replay.requestToPay.next()).continue();
  await replay.app.until(
    () => replay.app.pendingPayment(),
    (pending) => pending !== null,
    'the pending payment',
  );
  await replay.device.context.clock.fastForward(MOBILE_MONEY_DELAYS.firstPoll);
}

async function finishMobileMoney(
  replay: Replay,
  outcome: MobileMoneyOutput['outcome'],
  longWay: boolean,
): Promise<void> {
  const { app, account } = replay;
  if (outcome === 'cancelled') return app.cancelPhone();
  if (!replay.restored) {
    await app.enterPhone(PAYERS.ordinary);
    const request = await replay.requestToPay.next();
    if (outcome === 'failed') {
      // A lost start is retried twice, 1 s apart (idempotent on the server); every attempt is lost here.
      await request.abort('internetdisconnected');
      for (let retry = 0; retry < RETRY.attempts; retry++) {
        await (await replay.requestToPay.next()).abort('internetdisconnected');
      }
      return app.acknowledgeAlert(app.t('errors.network'), account.username);
    }
    await request.continue();
    // The machine's 3 s wait before the first check is model time: jumped over once the request is answered.
    await app.until(
      () => app.pendingPayment(),
      (pending) => pending !== null,
      'the pending payment',
    );
    await replay.device.context.clock.fastForward(MOBILE_MONEY_DELAYS.firstPoll);
  }
  if (outcome === 'failed') {
    // A resumed payment refused on the phone: said in words (issue 18), then OK.
    await notCompleted(replay, 'APPROVAL_REJECTED');
    await app.expectOutcome('refused', PAYERS.ordinary);
    return app.acknowledgeAlert(
      app.t('messages.paymentNotCompleted', { status: app.t('checkout.status.refused') }),
      account.username,
    );
  }
  if (longWay) {
    // Issue 18, as mobileMoneyDriver drives it: not completed, Try again (a new payment from the same
    // number), not completed again (a number that cannot pay), another number, which pays.
    await notCompleted(replay, replay.restored ? 'EXPIRED' : 'APPROVAL_REJECTED');
    await app.expectOutcome(replay.restored ? 'expired' : 'refused', PAYERS.ordinary);
    await app.tryAgain();
    await requestReachesServer(replay);
    await notCompleted(replay, 'PAYER_NOT_FOUND');
    await app.expectOutcome('numberCannotPay', PAYERS.ordinary);
    await app.chooseAnotherNumber(PAYERS.ordinary);
    await app.enterOtherPhone(PAYERS.anotherOrdinary);
    await requestReachesServer(replay);
  }
  const status = await replay.status.next();
  await answerFromServerWhen(status, (body) => body.status === 'SUCCESSFUL');
  replay.heldPayment = await replay.makePayment.next();
}

async function answerMakePayment(replay: Replay, event: AnyEventObject): Promise<void> {
  const { app, account } = replay;
  const held = replay.heldPayment;
  if (!held) throw new Error('makepayments was not sent');
  replay.heldPayment = null;
  const output = event.output as { success: boolean; msg?: string } | undefined;
  if (event.type === 'xstate.error.actor.makePayment') {
    await answerJson(held, 500, { success: false, msg: 'Internal error' });
    await app.acknowledgeAlert(app.t('errors.server'), account.username);
    return app.waitForRoute('dashboard/tabs/transactions');
  }
  if (output?.success) {
    await held.continue();
    await app.acknowledgeAlert(app.t('messages.paymentSucceeded'), account.username);
    return app.waitForRoute('study-sections');
  }
  if (output?.msg) {
    // The real server refuses a claim that does not match the payment, with its own msg.
    const body = JSON.parse(held.request().postData() ?? '{}') as { totalCost: number };
    await held.continue({ postData: JSON.stringify({ ...body, totalCost: body.totalCost + 1 }) });
    await app.acknowledgeAlert(SERVER_REFUSAL_MSG, account.username);
  } else {
    await answerJson(held, 200, { success: false });
    await app.acknowledgeAlert(app.t('messages.paymentProcessingFailed'), account.username);
  }
  return app.waitForRoute('dashboard/tabs/transactions');
}

/** What the screen shows in each state of the checkout machine. */
async function expectScreen(replay: Replay, state: CheckoutSnapshot): Promise<void> {
  const { app } = replay;
  const loader = app.page.getByRole('status').filter({ hasText: app.t('checkout.validating') });
  const shown = async () => ({
    method: await app.methodDialog().count(),
    phone: await app.phoneDialog().count(),
    waiting: await app.waitingForApproval().count(),
    loader: await loader.count(),
  });
  if (state.matches('idle')) {
    await expect.poll(shown).toEqual({ method: 0, phone: 0, waiting: 0, loader: 0 });
  } else if (state.matches('choosingMethod')) {
    await app.methodDialog().waitFor();
    const total = formatFcfa(state.context.totalCost, app.lang);
    expect(await app.methodDialog().textContent()).toContain(app.t('checkout.amountToPay', { total }));
  } else if (state.matches('payingWithMobileMoney')) {
    await app.phoneDialog().or(app.waitingForApproval()).first().waitFor();
  } else if (state.matches({ submitting: 'loaderShown' })) {
    await loader.waitFor();
  } else if (state.matches({ submitting: 'loaderHidden' })) {
    await expect.poll(shown).toEqual({ method: 0, phone: 0, waiting: 0, loader: 0 });
    expect(replay.heldPayment, 'the payment call is still running').not.toBeNull();
  } else {
    throw new Error(`No UI assertion for ${JSON.stringify(state.value)}`);
  }
}

describe(`checkout QA paths: ${REPLAYED.length} of ${ALL.length} generated paths replayed in Chromium`, () => {
  for (const path of REPLAYED) {
    it(describePath(path), async () => {
      const replay = await prepare(path);
      try {
        const resumes = eventsOf(path)[1]?.type === 'checkout.resume';
        for (const step of path.steps) {
          const event = step.event as AnyEventObject;
          await perform(replay, event);
          const state = step.state as CheckoutSnapshot;
          // Before a resume the app is closed: there is no screen to look at.
          if (!(event.type === 'xstate.init' && resumes)) {
            await expectScreen(replay, state);
          }
          for (const node of state._nodes) visitedStates.add(node.id);
        }
        expect(replay.device.pageErrors).toEqual([]);
      } finally {
        await replay.device.context.close();
      }
    });
  }

  it('the replayed paths visit every state of the checkout machine', () => {
    expect([...definitionStates(checkoutMachine)].filter((id) => !visitedStates.has(id))).toEqual([]);
  });
});
