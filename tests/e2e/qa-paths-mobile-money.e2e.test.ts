import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { CartItem } from '../../contract/payments';
import type { Alert } from '../../machines/messages';
import { englishText } from '../../machines/messages';
import {
  MOBILE_MONEY_DELAYS,
  type MobileMoneySnapshot,
  mobileMoneyMachine,
  type PaymentStatus,
  selectPaymentOutcome,
} from '../../machines/mobileMoney';
import { formatFcfa } from '../../src/rules/money';
import { cartSubjectOf } from '../../src/rules/subject-access';
import { RETRY } from '../../src/services/api/retry';
import type { PendingPayment } from '../../src/services/storage';
import {
  LINE,
  MOBILE_MONEY_EFFECTS,
  mobileMoneyPaths,
  PENDING,
  RESTORED_INPUT,
} from '../machines/mobileMoney.model';
import type { ModelPath } from '../machines/modelHarness';
import { REPLAYS } from '../machines/replays';
import { connectBrowser, openDevice, type StudentDevice } from './harness/browser';
import { seedDeviceStorage } from './harness/device-storage';
import { MATHS } from './harness/journey';
import { answerFromServerWhen, answerJson, NetworkGate } from './harness/network-gate';
import {
  chooseCoveringPaths,
  coverageOfPaths,
  eventsOf,
  expectReplayCovers,
  pathObligations,
  pausePageClock,
  predictedEffects,
} from './harness/qa-paths';
import { newStudent, type SignedInUser, type StudentAccount, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

// The mobileMoney machine's generated paths (tests/machines/mobileMoney.model.ts, the model the unit model
// test replays against the machine) replayed against the real UI in Chromium and the real server. Each model
// event becomes what the student, the network or time does; each model state becomes what the screen and
// the device's storage must show; each effect the model predicts for a step (an alert, the pending payment
// stored or forgotten) must be seen on the device at that step.
//
// Time is the page's: Playwright's clock is installed before the app loads and paused once it is up, so the
// 3 s and 2 s waits, the 1 s retries of a lost status read and the 2-minute polling deadline each happen
// exactly when the path says, and never on their own. The server's answers are real where it can give them
// on demand (a payment reference, a SUCCESSFUL payment and its grant); PENDING, FAILED, a lost network and
// a provider outage are answered at the network boundary (harness/network-gate.ts).

type Path = ModelPath<typeof mobileMoneyMachine>;

const isRestore = (path: Path): boolean => path.input.pending !== undefined;

const ALL = mobileMoneyPaths();

/** What each path covers of the definition, from its replay against the machine (the unit model test's). */
const COVERAGE = await coverageOfPaths(ALL, REPLAYS.mobileMoney);

function coverageOf(path: Path) {
  const coverage = COVERAGE.get(path);
  if (!coverage) throw new Error('A path without coverage');
  return coverage;
}

/**
 * What the browser replay must show at least once from each starting point (a fresh payment, a payment
 * restored from the device): every state and transition the model reaches from there, every event sample
 * it sends, and every outcome a path ends in.
 */
function obligations(path: Path): string[] {
  const start = isRestore(path) ? 'restored' : 'fresh';
  return [
    ...pathObligations(path, coverageOf(path), start),
    `${start} ends in ${JSON.stringify(path.state.value)}`,
  ];
}

/**
 * Every generated path in the browser takes minutes (the 77 took 225 s on a busy two-core machine), so by
 * default the replay is the covering subset; MOBILE_MONEY_QA_PATHS=all replays every generated path.
 */
const SELECTED = process.env.MOBILE_MONEY_QA_PATHS === 'all' ? ALL : chooseCoveringPaths(ALL, obligations);

/** The server's words when the mobile money provider is down (server/modules/payments/messages.ts). */
const PROVIDER_DOWN_MSG = 'The mobile money service is unavailable. Please try again later.';

/**
 * The machine's timer of a restored payment starts a few milliseconds after the app reads its clock (the
 * page is still loading then, its clock running): the deadline is jumped to with that much to spare.
 */
const DEADLINE_SLACK_MS = 100;

function describePath(path: Path, index: number): string {
  const steps = eventsOf(path)
    .slice(1)
    .map((event) => {
      const name = event.type
        .replace(/^xstate\./, '')
        .replace(/^after\.(\w+)\..*$/, 'after.$1')
        .replace(/^(done|error)\.actor\./, '$1.');
      if (event.type === 'payment.phoneChanged') return `${name}(${String(event.phone).length} digits)`;
      const output = event.output as { status?: string; reason?: string } | undefined;
      if (output?.status) return `${name}(${[output.status, output.reason].filter(Boolean).join(' ')})`;
      if (event.type.startsWith('xstate.error.'))
        return `${name}(${event.error instanceof Error ? 'network' : '503'})`;
      return name;
    });
  return `#${index} ${isRestore(path) ? 'restored' : 'fresh'}: ${steps.join(' > ') || 'start'}`;
}

interface Replay {
  readonly index: number;
  readonly restore: boolean;
  readonly device: StudentDevice;
  readonly app: StudentApp;
  readonly account: StudentAccount;
  readonly requestToPay: NetworkGate;
  readonly status: NetworkGate;
  readonly makePayment: NetworkGate;
  heldRequest: Route | null;
  heldStatus: Route | null;
  heldPayment: Route | null;
  /** The payment reference the server gave (fresh) or the device kept (restored). */
  reference: string | null;
  /** Page time the current polling round counts its deadline from. */
  roundStart: number | null;
  /** The app's words for how the request to pay failed: its actor turns every failure into that text. */
  requestFailure: string | null;
}

let browser: Browser;
let api: StudentApi;
let account: StudentAccount;
let session: { token: string; user: SignedInUser };
let line: CartItem;
const replayed: Path[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  api = new StudentApi(inject('e2eBaseUrl'));
  account = newStudent('mm');
  await api.register(account);
  session = await api.signIn(account);
  // The model's LINE (two access periods of one subject) as the cart keeps it: the catalogue's subject cut to
  // what a cart line holds (contract/stored.ts), which is also all the stored cart and payment keep of it.
  line = { ...cartSubjectOf(await api.subject(MATHS.id)), amount: LINE.amount };
});
afterAll(async () => {
  await browser?.close();
});

const pageNow = (replay: Replay) => replay.device.page.evaluate(() => Date.now());

async function prepare(path: Path, index: number): Promise<Replay> {
  const device = await openDevice(browser);
  const app = new StudentApp(device);
  const restore = isRestore(path);
  const installedAt = Date.now();
  await device.context.clock.install({ time: installedAt });
  const replay: Replay = {
    index,
    restore,
    device,
    app,
    account,
    requestToPay: await NetworkGate.install(device.page, /\/payments\/momo\/requesttopay$/),
    status: await NetworkGate.install(device.page, /\/payments\/momo\/requesttopay\/[0-9a-f-]{36}$/),
    makePayment: await NetworkGate.install(device.page, /\/transactions\/subjects\/makepayments$/),
    heldRequest: null,
    heldStatus: null,
    heldPayment: null,
    reference: null,
    roundStart: null,
    requestFailure: null,
  };
  if (!restore) {
    await seedDeviceStorage(device.context, { session, cart: [line] });
    return replay;
  }
  // The model's restored input: a payment requested (for real, on the server) 30 s before the app reopens.
  const reference = await api.requestToPay(session, {
    phone: PENDING.phone,
    lines: [{ subjectId: line._id, amount: line.amount }],
    amount: PENDING.amount,
  });
  const pendingPayment: PendingPayment = {
    referenceId: reference,
    startedAt: installedAt - (RESTORED_INPUT.now - PENDING.startedAt),
    phone: PENDING.phone,
    items: [line],
    amount: PENDING.amount,
  };
  await seedDeviceStorage(device.context, { session, cart: [line], pendingPayment });
  replay.reference = reference;
  replay.roundStart = pendingPayment.startedAt;
  return replay;
}

/** A status read held at the gate, which must be for the payment this path watches. */
function expectReference(replay: Replay, route: Route): Route {
  expect(new URL(route.request().url()).pathname.split('/').at(-1), 'the status read').toBe(replay.reference);
  return route;
}

/**
 * Moves the page clock by a timer's delay until the request that timer sends comes through the gate. The
 * timer is armed when the page has handled the previous answer, which the test cannot see: if the clock
 * moved before that, the next move fires it.
 */
async function advanceUntilRequest(replay: Replay, gate: NetworkGate, delayMs: number): Promise<Route> {
  for (let attempt = 1; ; attempt++) {
    await replay.device.context.clock.runFor(delayMs);
    const route = await gate.next(1_000).catch(() => null);
    if (route) return route;
    if (attempt === 5) throw new Error(`No request after ${attempt} moves of ${delayMs} ms`);
  }
}

async function answerStatus(route: Route, output: { status: PaymentStatus; reason?: string }): Promise<void> {
  if (output.status === 'SUCCESSFUL') {
    // The server's own answer: the emulator settles the model's ordinary payer after a short PENDING.
    return answerFromServerWhen(route, (body) => body.status === 'SUCCESSFUL');
  }
  return answerJson(route, 200, { success: true, ...output });
}

async function perform(replay: Replay, event: AnyEventObject, next: MobileMoneySnapshot): Promise<void> {
  const { app } = replay;
  const clock = replay.device.context.clock;
  switch (event.type) {
    case 'xstate.init':
      await app.open('landing');
      await pausePageClock(replay.device.page, replay.device.context);
      if (replay.restore) {
        // The app found the payment on the device at start: it reads that reference's status at once.
        replay.heldStatus = expectReference(replay, await replay.status.next());
        return;
      }
      await app.openCart();
      await app.makePaymentButton().click();
      await app.methodDialog().waitFor();
      return app.chooseMtn();
    case 'payment.phoneChanged':
      return app.phoneInput().fill(String(event.phone));
    case 'payment.submitPhone':
      replay.roundStart = await pageNow(replay);
      // docs/product.md §5: Enter or the button; the paths take turns.
      if (replay.index % 2 === 0) await app.phoneInput().press('Enter');
      else
        await app
          .phoneDialog()
          .getByRole('button', { name: app.t('checkout.pay') })
          .click();
      if (next.matches('requesting')) replay.heldRequest = await replay.requestToPay.next();
      return;
    case 'payment.cancel':
      return app.cancelPhone();
    case 'xstate.done.actor.requestToPay': {
      const held = take(replay, 'heldRequest');
      const response = await held.fetch();
      const body = (await response.json()) as { referenceId: string };
      await held.fulfill({ response, json: body });
      replay.reference = body.referenceId;
      return;
    }
    case 'xstate.error.actor.requestToPay': {
      // The start is idempotent on the server, so the app retries it twice, 1 s apart (docs/product.md §8), with
      // the same externalId: the model's failure is every attempt failing alike.
      const lost = event.error instanceof Error;
      const fail = (route: Route) =>
        lost
          ? route.abort('internetdisconnected')
          : answerJson(route, 503, { success: false, msg: PROVIDER_DOWN_MSG });
      const first = take(replay, 'heldRequest');
      const externalId = (first.request().postDataJSON() as { externalId: string }).externalId;
      await fail(first);
      for (let retry = 0; retry < RETRY.attempts; retry++) {
        const again = await advanceUntilRequest(replay, replay.requestToPay, RETRY.delayMs);
        expect((again.request().postDataJSON() as { externalId: string }).externalId, 'a retry').toBe(
          externalId,
        );
        await fail(again);
      }
      replay.requestFailure = lost ? app.t('errors.network') : PROVIDER_DOWN_MSG;
      // The model's network error is the app's own wording of a lost request.
      if (event.error instanceof Error) expect(event.error.message).toBe(replay.requestFailure);
      return;
    }
    case 'xstate.after.firstPoll.mobileMoney.polling.waitingFirstPoll':
      replay.heldStatus = expectReference(
        replay,
        await advanceUntilRequest(replay, replay.status, MOBILE_MONEY_DELAYS.firstPoll),
      );
      return;
    case 'xstate.after.pollEvery.mobileMoney.polling.waitingNextPoll':
      replay.heldStatus = expectReference(
        replay,
        await advanceUntilRequest(replay, replay.status, MOBILE_MONEY_DELAYS.pollEvery),
      );
      return;
    case 'xstate.after.pollDeadline.mobileMoney.polling': {
      expect(replay.heldStatus, 'the deadline passes while a status read is running').not.toBeNull();
      if (replay.roundStart === null) throw new Error('No polling round started');
      // To the deadline counted from the round's start (a restored payment's is its startedAt), not beyond.
      const due = replay.roundStart + MOBILE_MONEY_DELAYS.pollDeadline + DEADLINE_SLACK_MS;
      await clock.fastForward(Math.max(1, due - (await pageNow(replay))));
      return;
    }
    case 'xstate.done.actor.checkStatus': {
      const output = event.output as { status: PaymentStatus; reason?: string };
      await answerStatus(take(replay, 'heldStatus'), output);
      if (next.matches('succeeded')) replay.heldPayment = await replay.makePayment.next();
      return;
    }
    case 'xstate.error.actor.checkStatus': {
      // No answer at all: the app's read is retried twice, 1 s apart (docs/product.md §8), then given up.
      await take(replay, 'heldStatus').abort('internetdisconnected');
      for (let retry = 0; retry < RETRY.attempts; retry++) {
        const again = await advanceUntilRequest(replay, replay.status, RETRY.delayMs);
        await expectReference(replay, again).abort('internetdisconnected');
      }
      return;
    }
    case 'payment.resume':
      replay.roundStart = await pageNow(replay);
      await app.checkAgain();
      replay.heldStatus = expectReference(replay, await replay.status.next());
      return;
    case 'payment.abandon':
      return app.payLater();
    case 'payment.retry':
      // Try again: a new payment of the same order from the same number, sent at once.
      replay.roundStart = await pageNow(replay);
      await app.tryAgain();
      replay.heldRequest = await replay.requestToPay.next();
      return;
    case 'payment.changeNumber':
      return app.chooseAnotherNumber(next.context.phone);
    case 'payment.dismiss':
      await app
        .outcomeDialog()
        .getByRole('button', { name: app.t('common.ok') })
        .click();
      return app.outcomeDialog().waitFor({ state: 'detached' });
    default:
      throw new Error(`No UI action for ${event.type}`);
  }
}

function take(replay: Replay, which: 'heldRequest' | 'heldStatus'): Route {
  const route = replay[which];
  if (!route) throw new Error(`Nothing in ${which}`);
  replay[which] = null;
  return route;
}

/** Each predicted effect, seen on the device: the alert read and dismissed, the storage written or cleared. */
async function expectEffects(
  replay: Replay,
  event: AnyEventObject,
  effects: { type: string; params: unknown }[],
) {
  const { app } = replay;
  for (const effect of effects) {
    if (effect.type === 'showAlert') {
      const alert = effect.params as Alert;
      let message = app.t(`messages.${alert.key}`, alert.params ?? {});
      if (event.type === 'xstate.error.actor.requestToPay' && replay.requestFailure) {
        // The model's request failure without a message ('paymentFailed') cannot happen in the app, whose
        // requestToPay always fails with the described error; with a message, the model and the app agree.
        if (alert.key === 'serverMessage') expect(englishText(alert)).toBe(replay.requestFailure);
        message = replay.requestFailure;
      }
      await app.acknowledgeAlert(message, replay.account.username);
    } else if (effect.type === 'persistPending') {
      const modelPending = effect.params as PendingPayment;
      const stored = await app.until(
        () => app.pendingPayment(),
        (pending) => pending !== null,
        'the pending payment to be stored',
      );
      expect(stored).toEqual({
        referenceId: replay.reference,
        startedAt: replay.roundStart,
        phone: modelPending.phone,
        items: [line],
        amount: modelPending.amount,
      });
    } else if (effect.type === 'clearPending') {
      await app.until(
        () => app.pendingPayment(),
        (pending) => pending === null,
        'the pending payment to be forgotten',
      );
    }
  }
}

/** What the device shows in each state of the mobileMoney machine. */
async function expectScreen(replay: Replay, state: MobileMoneySnapshot): Promise<void> {
  const { app } = replay;
  const total = formatFcfa(state.context.amount, app.lang);
  const shown = async () => ({
    method: await app.methodDialog().count(),
    phone: await app.phoneDialog().count(),
    waiting: await app.waitingForApproval().count(),
    outcome: await app.outcomeDialog().count(),
  });
  const nothing = { method: 0, phone: 0, waiting: 0, outcome: 0 };
  const stored = () => app.pendingPayment();
  const expectWaiting = async () => {
    await app.waitingForApproval().waitFor();
    expect(await app.waitingForApproval().textContent()).toContain(
      app.t('checkout.confirmOnPhone', { total }),
    );
    expect(await app.phoneDialog().count()).toBe(0);
  };

  if (state.matches('askingPhone')) {
    await app.phoneInput().waitFor();
    expect(await app.phoneInput().inputValue()).toBe(state.context.phone);
    expect(await app.phoneDialog().textContent()).toContain(app.t('checkout.amountToPay', { total }));
    expect(await shown()).toEqual({ ...nothing, phone: 1 });
  } else if (state.matches('requesting')) {
    await expectWaiting();
    const body = replay.heldRequest?.request().postDataJSON() as Record<string, unknown> | undefined;
    expect(body, 'the request to pay is running').toMatchObject({
      amount: String(state.context.amount),
      currency: 'XAF',
      payer: { partyIdType: 'MSISDN', partyId: state.context.phone },
      items: [{ subjectId: line._id, amount: line.amount }],
    });
    expect(await stored()).toBeNull();
  } else if (state.matches('polling')) {
    await expectWaiting();
    expect((await stored())?.referenceId).toBe(replay.reference);
    if (state.matches({ polling: 'checkingStatus' })) {
      expect(replay.heldStatus, 'a status read is running').not.toBeNull();
    } else {
      // Waiting for a timer: no read is running, and none comes while the page clock stands still.
      expect(replay.heldStatus).toBeNull();
      expect(replay.status.pending).toBe(0);
    }
  } else if (state.matches('suspended')) {
    // Issue 18: pending, said in words; Check again or Later, never a second payment.
    const dialog = await app.expectOutcome('pending', state.context.phone);
    await dialog.getByRole('button', { name: app.t('checkout.checkAgain') }).waitFor();
    await dialog.getByRole('button', { name: app.t('checkout.later') }).waitFor();
    expect(await dialog.getByRole('button', { name: app.t('checkout.tryAgain') }).count()).toBe(0);
    expect(await shown()).toEqual({ ...nothing, outcome: 1 });
    expect((await stored())?.referenceId, 'a suspended payment stays resumable').toBe(replay.reference);
    expect(replay.status.pending).toBe(0);
  } else if (state.matches('notCompleted')) {
    // Issue 18: the outcome the model reads, said in words, with Try again and Use another number.
    const view = selectPaymentOutcome(state);
    if (!view) throw new Error('notCompleted without an outcome');
    const dialog = await app.expectOutcome(view.outcome, view.phone);
    await dialog.getByRole('button', { name: app.t('checkout.tryAgain') }).waitFor();
    await dialog.getByRole('button', { name: app.t('checkout.otherNumber') }).waitFor();
    expect(await shown()).toEqual({ ...nothing, outcome: 1 });
    expect(await stored(), 'a payment not completed is not resumed').toBeNull();
    expect(replay.status.pending).toBe(0);
  } else if (state.matches('succeeded')) {
    await expect.poll(shown).toEqual(nothing);
    const body = replay.heldPayment?.request().postDataJSON() as Record<string, unknown> | undefined;
    expect(body, 'the paid order goes to the server').toMatchObject({
      referenceId: replay.reference,
      totalCost: state.context.amount,
      paidSubjects: [line.subjectTitle],
    });
  } else if (state.matches('failed') || state.matches('cancelled')) {
    await expect.poll(shown).toEqual(nothing);
    expect(await stored(), 'nothing is left to resume').toBeNull();
    if (state.matches('cancelled')) expect(replay.requestToPay.pending, 'nothing was requested').toBe(0);
  } else if (state.matches('abandoned')) {
    await expect.poll(shown).toEqual(nothing);
    expect((await stored())?.referenceId, 'kept for the transactions tab').toBe(replay.reference);
  } else {
    throw new Error(`No UI assertion for ${JSON.stringify(state.value)}`);
  }
}

/** A paid reference is granted for real: the success alert, study-sections, nothing left to resume. */
async function completePayment(replay: Replay): Promise<void> {
  const { app } = replay;
  const held = replay.heldPayment;
  if (!held) throw new Error('makepayments was not sent');
  await replay.device.context.clock.resume();
  await held.continue();
  await app.acknowledgeAlert(app.t('messages.paymentSucceeded'), replay.account.username);
  await app.waitForRoute('study-sections');
  expect(await app.pendingPayment()).toBeNull();
}

async function replayOnDevice(path: Path, index: number): Promise<void> {
  const replay = await prepare(path, index);
  try {
    for (const [stepIndex, step] of path.steps.entries()) {
      const event = step.event as AnyEventObject;
      const state = step.state as MobileMoneySnapshot;
      await perform(replay, event, state);
      await expectEffects(
        replay,
        event,
        predictedEffects(mobileMoneyMachine, path, stepIndex, MOBILE_MONEY_EFFECTS),
      );
      await expectScreen(replay, state);
    }
    if (path.state.matches('succeeded')) await completePayment(replay);
    if (replay.restore) {
      expect(replay.requestToPay.pending, 'a restored payment is never requested again').toBe(0);
    }
    expect(replay.device.pageErrors).toEqual([]);
  } finally {
    await replay.device.context.close();
  }
}

describe(`mobileMoney QA paths: ${SELECTED.length} of ${ALL.length} generated paths replayed in Chromium`, () => {
  it('the model is the one the unit model test replays: same line, same total as the UI cart', () => {
    expect(line.price).toBe(LINE.price);
    expect(PENDING.amount).toBe(LINE.price * LINE.amount);
  });

  for (const path of SELECTED) {
    const index = ALL.indexOf(path);
    it(describePath(path, index), async () => {
      await replayOnDevice(path, index);
      replayed.push(path);
    });
  }

  it('the replayed paths visit every state and take every transition of the mobileMoney machine', () => {
    // From a fresh payment and from a restored one alike: nothing the model reaches is left out.
    const summary = expectReplayCovers({
      machine: mobileMoneyMachine,
      all: ALL,
      selected: SELECTED,
      replayed,
      coverageOf,
      obligations,
    });
    console.log(
      `mobileMoney in Chromium: ${replayed.length} of ${ALL.length} paths ` +
        `(${replayed.filter(isRestore).length} restored), ${summary}`,
    );
  });
});
