import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { cartTotal } from '../contract/rules/prices';
import type { Alert } from './messages';
import type { MobileMoneyInput, MobileMoneyOutput } from './mobileMoney';
import { mobileMoneyMachine } from './mobileMoney';
import { notProvided } from './notProvided';
import type { CartItem, PendingPayment, User } from './types';

// docs/product.md §4 "Checkout": an empty cart alerts and stops; otherwise the student picks a method, pays with
// mobile money (the child machine), and the payment is sent to the server while a loader shows (it closes
// by itself after 10 s; the call keeps running). Success clears the cart, stores the user, closes the
// modal, shows the success alert and goes to study-sections; failure closes the modal, shows the server
// msg and goes to the transactions tab.

export const CHECKOUT_DELAYS = {
  loaderTimeout: 10_000,
} as const;

export const ROUTES_AFTER_PAYMENT = {
  succeeded: 'study-sections',
  failed: 'dashboard/tabs/transactions',
} as const;

export type AfterPaymentRoute = (typeof ROUTES_AFTER_PAYMENT)[keyof typeof ROUTES_AFTER_PAYMENT];

export interface MakePaymentInput {
  readonly referenceId: string;
  readonly items: readonly CartItem[];
  readonly totalCost: number;
  readonly user: User;
}
export interface MakePaymentOutput {
  readonly success: boolean;
  readonly user?: User;
  readonly msg?: string;
}

export type CheckoutEvent =
  | { type: 'checkout.start'; items: readonly CartItem[]; user: User }
  /** `now` is the app's clock, handed to the mobile money machine. */
  | { type: 'checkout.chooseMtn'; now: number }
  | { type: 'checkout.chooseOrange' }
  | { type: 'checkout.cancel' }
  /** A pending payment found in storage at start: watch that same reference again. */
  | { type: 'checkout.resume'; pending: PendingPayment; user: User; now: number };

export interface CheckoutContext {
  readonly items: readonly CartItem[];
  readonly user: User | null;
  readonly totalCost: number;
  readonly now: number;
  readonly pending: PendingPayment | null;
  readonly referenceId: string | null;
}

export function totalCost(items: readonly CartItem[]): number {
  return cartTotal(items);
}

// Both ways into a payment (checkout.start, checkout.resume) carry the user, so a missing one is a bug.
function requireUser(user: User | null): User {
  if (!user) throw new Error('checkout reached a payment without a user');
  return user;
}

const EMPTY_ORDER = {
  items: [],
  user: null,
  totalCost: 0,
  now: 0,
  pending: null,
  referenceId: null,
} as const;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    mobileMoney: mobileMoneyMachine,
    makePayment: notProvided<MakePaymentOutput, MakePaymentInput>('makePayment'),
  },
  actions: {
    /** Provided by the app: an alert with the header 'Hey {username}' and an OK button. */
    showAlert: (_, _params: Alert) => {},
    /** Provided by the app: sends `cart.clear` to the cart actor. */
    clearCart: () => {},
    /** Provided by the app: stores the user returned by the server (`user` in storage and session). */
    storeUser: (_, _params: { user: User }) => {},
    /** Provided by the app: closes the cart modal. */
    closeModal: () => {},
    /** Provided by the app: forgets the persisted pending payment. */
    clearPending: () => {},
    /** Provided by the app: goes to a route (hash routing). */
    navigate: (_, _params: { to: AfterPaymentRoute }) => {},
    takeOrder: assign(({ event }) => {
      if (event.type !== 'checkout.start') return {};
      return { ...EMPTY_ORDER, items: event.items, user: event.user, totalCost: totalCost(event.items) };
    }),
    takePendingPayment: assign(({ event }) => {
      if (event.type !== 'checkout.resume') return {};
      const { pending } = event;
      return {
        ...EMPTY_ORDER,
        items: pending.items,
        user: event.user,
        totalCost: pending.amount,
        now: event.now,
        pending,
      };
    }),
    recordClock: assign({ now: (_, params: { now: number }) => params.now }),
    takePaidOrder: assign((_, params: { output: MobileMoneyOutput }) =>
      params.output.outcome === 'succeeded'
        ? {
            referenceId: params.output.referenceId,
            items: params.output.items,
            totalCost: params.output.amount,
          }
        : {},
    ),
    forgetOrder: assign(EMPTY_ORDER),
  },
  guards: {
    cartIsEmpty: ({ event }) => event.type === 'checkout.start' && event.items.length === 0,
    paymentSucceeded: (_, params: { output: MobileMoneyOutput }) => params.output.outcome === 'succeeded',
    serverAccepted: (_, params: { output: MakePaymentOutput }) => params.output.success,
  },
  delays: {
    loaderTimeout: CHECKOUT_DELAYS.loaderTimeout,
  },
}).createMachine({
  id: 'checkout',
  context: EMPTY_ORDER,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'checkout.start': [
          { guard: 'cartIsEmpty', actions: { type: 'showAlert', params: { key: 'cartEmpty' } } },
          { target: 'choosingMethod', actions: 'takeOrder' },
        ],
        'checkout.resume': { target: 'payingWithMobileMoney', actions: 'takePendingPayment' },
      },
    },
    choosingMethod: {
      on: {
        'checkout.chooseMtn': {
          target: 'payingWithMobileMoney',
          actions: { type: 'recordClock', params: ({ event }) => ({ now: event.now }) },
        },
        // Orange Money is announced, not available: the student stays on the choice and can pick MTN.
        'checkout.chooseOrange': { actions: { type: 'showAlert', params: { key: 'orangeMoneyComingSoon' } } },
        'checkout.cancel': { target: 'idle', actions: 'forgetOrder' },
      },
    },
    payingWithMobileMoney: {
      invoke: {
        id: 'mobileMoney',
        src: 'mobileMoney',
        input: ({ context }): MobileMoneyInput =>
          context.pending
            ? { now: context.now, pending: context.pending }
            : { now: context.now, items: context.items, amount: context.totalCost },
        onDone: [
          {
            guard: { type: 'paymentSucceeded', params: ({ event }) => ({ output: event.output }) },
            target: 'submitting',
            actions: { type: 'takePaidOrder', params: ({ event }) => ({ output: event.output }) },
          },
          // Failed, cancelled or abandoned: mobile money has already told the student why.
          { target: 'idle', actions: 'forgetOrder' },
        ],
        // The payment machine itself broke (e.g. an effect threw): the money may be on its way, so the
        // student is told to check rather than told it failed.
        onError: {
          target: 'idle',
          actions: [{ type: 'showAlert', params: { key: 'paymentStatusUnknown' } }, 'forgetOrder'],
        },
      },
    },
    submitting: {
      initial: 'loaderShown',
      states: {
        loaderShown: { after: { loaderTimeout: 'loaderHidden' } },
        // The loader is gone but the call goes on: its answer still completes the checkout.
        loaderHidden: {},
      },
      invoke: {
        id: 'makePayment',
        src: 'makePayment',
        input: ({ context }) => ({
          referenceId: context.referenceId ?? '',
          items: context.items,
          totalCost: context.totalCost,
          user: requireUser(context.user),
        }),
        onDone: [
          {
            guard: { type: 'serverAccepted', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: [
              'clearCart',
              {
                type: 'storeUser',
                // A server that omits the user still took the payment: keep the one we have.
                params: ({ event, context }) => ({ user: event.output.user ?? requireUser(context.user) }),
              },
              'closeModal',
              { type: 'showAlert', params: { key: 'paymentSucceeded' } },
              'clearPending',
              { type: 'navigate', params: { to: ROUTES_AFTER_PAYMENT.succeeded } },
              'forgetOrder',
            ],
          },
          {
            // The server answered no: resuming the same reference would get the same answer.
            target: 'idle',
            actions: [
              'closeModal',
              {
                type: 'showAlert',
                params: ({ event }) =>
                  event.output.msg
                    ? { key: 'serverMessage', params: { message: event.output.msg } }
                    : { key: 'paymentProcessingFailed' },
              },
              'clearPending',
              { type: 'navigate', params: { to: ROUTES_AFTER_PAYMENT.failed } },
              'forgetOrder',
            ],
          },
        ],
        // No answer (network, 5xx): the money may have moved, so the pending reference is kept and the
        // payment is resumed later; the server's makepayments is idempotent by reference.
        onError: {
          target: 'idle',
          actions: [
            'closeModal',
            {
              type: 'showAlert',
              params: ({ event }) =>
                event.error instanceof Error && event.error.message
                  ? { key: 'serverMessage', params: { message: event.error.message } }
                  : { key: 'paymentProcessingFailed' },
            },
            { type: 'navigate', params: { to: ROUTES_AFTER_PAYMENT.failed } },
            'forgetOrder',
          ],
        },
      },
    },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
export type MobileMoneyActorRef = ActorRefFrom<typeof mobileMoneyMachine>;

export const selectIsChoosingMethod = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.matches('choosingMethod');
export const selectIsPayingWithMobileMoney = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.matches('payingWithMobileMoney');
/** The running mobile money actor, for the phone form; undefined outside that step. */
export const selectMobileMoneyRef = (snapshot: CheckoutSnapshot): MobileMoneyActorRef | undefined =>
  snapshot.children.mobileMoney as MobileMoneyActorRef | undefined;
export const selectIsLoaderVisible = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.matches({ submitting: 'loaderShown' });
export const selectIsSubmitting = (snapshot: CheckoutSnapshot): boolean => snapshot.matches('submitting');
export const selectCheckoutTotal = (snapshot: CheckoutSnapshot): number => snapshot.context.totalCost;
