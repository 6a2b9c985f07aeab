import type { AnyStateMachine } from 'xstate';
import { assign } from 'xstate';
import type { BookReaderContext } from '../../machines/bookReader';
import { applyCartEvent, type CartContext, type CartEvent } from '../../machines/cart';
import type { FormContext } from '../../machines/form';
import { NO_PAYMENT } from '../../machines/mobileMoney';
import type { OrderCheckoutContext } from '../../machines/orderCheckout';
import type { PlaybackContext } from '../../machines/playback';
import type { RedeemContext } from '../../machines/redeemCode';
import { type ReminderSchedulerContext, upcomingReminders } from '../../machines/reminderScheduler';
import type { ServiceWorkerInput } from '../../machines/serviceWorker';
import { isLive, type SessionContext, type SessionEvent } from '../../machines/session';
import type { VideoDownloadContext } from '../../machines/videoDownload';
import type { ReplayOptions } from './modelHarness';
import { type Mutation, stateAt, withAction, withConfig, withDelay, withGuard } from './mutation';
import { REPLAYS } from './replays';

// The mutants each model test must kill (tests/machines/README.md lists them): one rule of a machine made
// wrong the way a hurried change would make it wrong: a guard off by one, a delay with the wrong constant, a
// branch gone, an assign that does a little more. mutants.test.ts replays each against its machine's model
// test and expects its oracle to fail.

export interface Mutant {
  readonly name: string;
  readonly mutation: Mutation;
}

export interface MutantSuite {
  readonly machine: keyof typeof REPLAYS;
  readonly replay: ReplayOptions<AnyStateMachine>;
  readonly mutants: readonly Mutant[];
}

const MINUTE = 60_000;

/** An edited copy of one transition (or branch list) of a state's config. */
type Config = Record<string, unknown>;
const editState = (path: readonly string[], edit: (state: Config) => void): Mutation =>
  withConfig((config) => edit(stateAt(config, path)));

const MUTANTS: { readonly [TMachine in keyof typeof REPLAYS]: readonly Mutant[] } = {
  cart: [
    {
      name: 'adding a subject already in the cart adds 2',
      mutation: withAction(
        'applyChange',
        assign({
          items: ({ context, event }: { context: CartContext; event: CartEvent }) =>
            applyCartEvent(context.items, event).map((line) =>
              event.type === 'cart.add' && line._id === event.item._id && line.amount > 1
                ? { ...line, amount: line.amount + 1 }
                : line,
            ),
        }),
      ),
    },
  ],
  checkout: [
    { name: 'the loader closes after 5 s instead of 10 s', mutation: withDelay('loaderTimeout', 5_000) },
    { name: 'a refused payment counts as accepted', mutation: withGuard('serverAccepted', () => true) },
  ],
  mobileMoney: [
    { name: 'the first status check 2 s after the request', mutation: withDelay('firstPoll', 2_000) },
    {
      name: 'an 11-character phone number is accepted',
      mutation: withGuard('phoneIsValid', ({ context }: { context: { phone: string } }) => {
        return context.phone.trim().length >= 11;
      }),
    },
    {
      name: 'the number is asked as typed, spaces and + included',
      mutation: withAction(
        'recordSubmission',
        assign(({ event }: { event: { type: string; now?: number } }) =>
          event.type === 'payment.submitPhone' ? { startedAt: event.now, now: event.now } : {},
        ),
      ),
    },
    {
      name: 'PENDING is not polled again (its branch is gone)',
      mutation: editState(['polling', 'checkingStatus'], (state) => {
        ((state.invoke as Config).onDone as unknown[]).splice(1, 1);
      }),
    },
    {
      name: "a payment not completed is kept without the provider's reason",
      mutation: withAction(
        'recordStatus',
        assign((_, params: { status: string }) => ({ lastStatus: params.status, lastReason: null })),
      ),
    },
    {
      name: 'Try again checks the payment that did not complete instead of asking a new one',
      mutation: editState(['notCompleted'], (state) => {
        (state.on as Config)['payment.retry'] = { target: 'polling' };
      }),
    },
    {
      name: 'Use another number empties the prompt',
      mutation: withAction('forgetPayment', assign({ ...NO_PAYMENT, phone: '237' })),
    },
  ],
  session: [
    {
      name: 'a clock reading past the expiry keeps the student logged in',
      mutation: withGuard('expiredAt', () => false),
    },
    {
      name: "'expiring soon' 10 minutes before the expiry",
      mutation: withDelay('untilExpiringSoon', ({ context }: { context: SessionContext }) =>
        Math.min(Math.max(0, (context.expiresAt ?? context.now) - context.now - 10 * MINUTE), 2 ** 31 - 1),
      ),
    },
    {
      name: 'a live token without its user logs in (issue 18)',
      mutation: withGuard(
        'credentialsAreLive',
        ({ event }: { event: SessionEvent }) =>
          (event.type === 'session.restore' || event.type === 'session.login') && isLive(event),
      ),
    },
  ],
  installPrompt: [
    {
      name: 'a declined browser prompt counts as installed',
      mutation: withGuard('userAccepted', () => true),
    },
    {
      name: 'dismissing the banner is not kept',
      mutation: editState(['offering'], (state) => {
        (state.on as Config)['install.dismiss'] = { target: 'dismissed' };
      }),
    },
  ],
  serviceWorker: [
    { name: 'the update check every hour', mutation: withDelay('updateCheckEvery', 60 * MINUTE) },
    {
      name: 'the worker registers in development too',
      mutation: withGuard(
        'canRegister',
        ({ context }: { context: ServiceWorkerInput }) => context.isSupported,
      ),
    },
  ],
  language: [
    {
      name: 'a dictionary that fails at start does not fall back to the other language',
      mutation: withGuard('canFallBack', () => false),
    },
    {
      name: 'a choice made while signed in is not saved with the account',
      mutation: withGuard('choiceIsNewToAccount', () => false),
    },
    {
      name: 'the account’s language is not applied at login',
      mutation: withGuard('adoptsAnotherLanguage', () => false),
    },
    {
      name: 'logout keeps the language that was chosen',
      mutation: withGuard('browserLanguageDiffers', () => false),
    },
    {
      name: 'a device choice the account does not hold is never saved with it',
      mutation: withGuard('choiceIsNewToSignedInAccount', () => false),
    },
  ],
  form: [
    {
      name: 'a form breaking docs/product.md §5 is sent',
      mutation: withGuard('isValid', ({ context }: { context: FormContext }) => context.values !== null),
    },
  ],
  resource: [
    { name: 'a reload keeps the old parameters', mutation: withAction('takeParams', assign({})) },
    {
      name: 'a load without an answer never looks for the device copy',
      mutation: withGuard('copyMayStandIn', () => false),
    },
    { name: 'a load gives up after 2 s', mutation: withDelay('loadTimeout', 2_000) },
    {
      name: "the worker's cached answer counts as fresh",
      mutation: withGuard('answeredFromDevice', () => false),
    },
    {
      name: "the connection's return asks again after a refusal too",
      mutation: withGuard('failedOffline', () => true),
    },
  ],
  bookReader: [
    {
      name: 'Next goes past the last page',
      mutation: withGuard('hasNext', ({ context }: { context: BookReaderContext }) => {
        return context.page <= context.pageCount;
      }),
    },
    {
      name: 'Fit undoes a zoom in, not a zoom out',
      mutation: withGuard('isZoomed', ({ context }: { context: BookReaderContext }) => context.zoom > 1),
    },
  ],
  fileDownload: [
    {
      name: 'a book already on the device is offered for download again',
      mutation: withGuard('isDownloaded', () => false),
    },
  ],
  liveTv: [
    { name: 'a stream that has not started fails after 2 s', mutation: withDelay('startTimeout', 2_000) },
    {
      name: 'switching to sound only while watching keeps the picture stream',
      mutation: editState(['watching'], (state) => {
        (state.on as Config)['tv.setMode'] = {
          actions: { type: 'setMode', params: ({ event }: { event: unknown }) => event },
        };
      }),
    },
  ],
  videoQuality: [
    {
      name: 'Auto no longer follows the connection once the lesson opened',
      mutation: editState([], (root) => {
        (root.on as Config)['network.changed'] = {};
      }),
    },
  ],
  plannerSync: [
    {
      name: 'an edit made while sending is not sent again',
      mutation: withGuard('changedWhileSending', () => false),
    },
    { name: 'offline, the next try after 10 s', mutation: withDelay('retryEvery', 10_000) },
  ],
  reminderScheduler: [
    {
      name: 'the permission is asked at start, without the button',
      mutation: editState(['checkingPermission'], (state) => {
        const branches = (state.invoke as Config).onDone as Config[];
        branches[branches.length - 1] = { ...branches[branches.length - 1], target: 'requestingPermission' };
      }),
    },
    {
      name: 'the timer armed one minute after the next reminder',
      mutation: withDelay('untilNextReminder', ({ context }: { context: ReminderSchedulerContext }) => {
        const next = upcomingReminders(context)[0];
        return next ? Math.min(next.at - context.now + MINUTE, 2 ** 31 - 1) : 2 ** 31 - 1;
      }),
    },
  ],
  videoDownload: [
    {
      name: 'a download resumed after an interruption starts over',
      mutation: editState(['interrupted'], (state) => {
        (state.on as Config)['download.resume'] = [
          { guard: 'mustWaitForWifi', target: 'waitingForWifi' },
          { target: 'downloading', actions: assign({ receivedBytes: 0, autoRetries: 0 }) },
        ];
      }),
    },
    {
      name: 'Wi-Fi only holds a download back on an unknown connection too',
      mutation: withGuard('mustWaitForWifi', ({ context }: { context: VideoDownloadContext }) => {
        return context.wifiOnly && context.hints.type !== 'wifi';
      }),
    },
  ],
  playback: [
    {
      name: 'a position 1 s from the end is resumed',
      mutation: withGuard(
        'shouldResume',
        ({ context }: { context: PlaybackContext }, params: { duration: number }) =>
          context.resumeFrom !== null && context.resumeFrom >= 3 && context.resumeFrom < params.duration - 1,
      ),
    },
    { name: 'the position saved every 10 s', mutation: withDelay('saveEvery', 10_000) },
    {
      name: 'a position read after the media’s length is known is dropped',
      mutation: withGuard('resumesLate', () => false),
    },
    {
      name: 'a free subject is locked once access has run out',
      mutation: withGuard('hasNoAccess', (_: unknown, params: { expired: boolean }) => params.expired),
    },
  ],
  redeemCode: [
    { name: 'a mistyped code is sent to the server', mutation: withGuard('wellFormed', () => true) },
    {
      name: 'the wait after too many codes ends 1 s early',
      mutation: withDelay(
        'retryWait',
        ({ context }: { context: RedeemContext }) => context.retryAfterMs - 1_000,
      ),
    },
  ],
  orderCheckout: [
    {
      name: 'the quantity goes one past the stock',
      mutation: withGuard('canIncrease', ({ context }: { context: OrderCheckoutContext }) => {
        return context.quantity <= Math.min(context.product.stock, 10);
      }),
    },
    { name: 'an order not PAID is confirmed', mutation: withGuard('orderIsPaid', () => true) },
  ],
};

export const MUTANT_SUITES: readonly MutantSuite[] = (Object.keys(MUTANTS) as (keyof typeof REPLAYS)[]).map(
  (machine) => ({
    machine,
    replay: REPLAYS[machine] as unknown as ReplayOptions<AnyStateMachine>,
    mutants: MUTANTS[machine],
  }),
);
