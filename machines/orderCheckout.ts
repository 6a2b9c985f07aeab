import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { lineTotal } from '../contract/rules/prices';
import type { Alert } from './messages';
import type { MobileMoneyInput, MobileMoneyOutput } from './mobileMoney';
import { failureMessage as errorMessage, mobileMoneyMachine } from './mobileMoney';
import { notProvided } from './notProvided';
import type {
  LoadOrderInput,
  OrderCheckoutContext,
  OrderCheckoutEvent,
  OrderCheckoutInput,
  OrderFieldErrors,
  OrderLine,
  PlacedOrder,
} from './orderCheckoutTypes';
import {
  isOrderLine,
  isValidTown,
  maxQuantity,
  ORDER_CHECKOUT_DELAYS,
  ROUTE_AFTER_ORDER_FAILURE,
} from './orderCheckoutTypes';

// Buying one product in the shop (issue 8). The student picks a quantity (1 to what is in stock, at most
// ORDER_LIMITS.maxQuantity) and a delivery town, then MTN Mobile Money (Orange Money is only announced),
// and pays through the same mobileMoney machine as the cart: the phone prompt, the request (where the
// server reserves the items, or refuses a short stock before anything is charged, which mobileMoney shows
// as the server's message), polling, suspension, a reload resuming the same reference. Once the provider
// says SUCCESSFUL the order is read back (`loadOrder`) under the loader of docs/product.md §4, which hides itself
// after 10 s; a PAID order is confirmed on screen with its details. Whatever ends without a paid order
// asks for the product again (`productMayHaveChanged`: its stock moved). Started with this product's
// persisted order payment (a reload mid-poll), it watches that same reference and never orders again.

export * from './orderCheckoutTypes';

function orderErrors(context: Pick<OrderCheckoutContext, 'product' | 'quantity' | 'town'>): OrderFieldErrors {
  return {
    ...(context.quantity > maxQuantity(context.product)
      ? { quantity: 'order.errors.outOfStock' as const }
      : {}),
    ...(isValidTown(context.town) ? {} : { town: 'order.errors.town' as const }),
  };
}

function orderLine(context: OrderCheckoutContext): OrderLine {
  return {
    _id: context.product.id,
    subjectTitle: context.product.title,
    pictureurl: context.product.picture,
    price: context.product.price,
    amount: context.quantity,
    town: context.town.trim(),
  };
}

export const orderCheckoutMachine = setup({
  types: {
    context: {} as OrderCheckoutContext,
    events: {} as OrderCheckoutEvent,
    input: {} as OrderCheckoutInput,
  },
  actors: {
    mobileMoney: mobileMoneyMachine,
    loadOrder: notProvided<PlacedOrder, LoadOrderInput>('loadOrder'),
  },
  actions: {
    /** Provided by the app: an alert with the header 'Hey {username}' and an OK button. */
    showAlert: (_, _params: Alert) => {},
    /** Provided by the app: forgets the persisted order payment. */
    clearPending: () => {},
    /** Provided by the app: goes to a route (hash routing). */
    navigate: (_, _params: { to: typeof ROUTE_AFTER_ORDER_FAILURE }) => {},
    /** Provided by the app: reads the product again (its stock). */
    productMayHaveChanged: () => {},
    increase: assign({ quantity: ({ context }) => context.quantity + 1, errors: {} }),
    decrease: assign({ quantity: ({ context }) => context.quantity - 1, errors: {} }),
    setTown: assign(({ context, event }) => {
      if (event.type !== 'order.townChanged') return {};
      const { town: _cleared, ...errors } = context.errors;
      return { town: event.town, errors };
    }),
    takeProduct: assign(({ context, event }) => {
      if (event.type !== 'order.productUpdated') return {};
      const most = maxQuantity(event.product);
      return { product: event.product, quantity: Math.max(1, Math.min(context.quantity, most)) };
    }),
    checkFields: assign({ errors: ({ context }) => orderErrors(context) }),
    recordClock: assign({ now: (_, params: { now: number }) => params.now }),
    takeReference: assign((_, params: { output: MobileMoneyOutput }) =>
      params.output.outcome === 'succeeded' ? { referenceId: params.output.referenceId, pending: null } : {},
    ),
    forgetPayment: assign({ pending: null, referenceId: null }),
    takeOrder: assign({ order: (_, params: { order: PlacedOrder }) => params.order }),
    startAgain: assign({ quantity: 1, order: null, referenceId: null, errors: {} }),
  },
  guards: {
    isResuming: ({ context }) => context.pending !== null,
    canIncrease: ({ context }) => context.quantity < maxQuantity(context.product),
    canDecrease: ({ context }) => context.quantity > 1,
    orderIsValid: ({ context }) => Object.keys(orderErrors(context)).length === 0,
    paymentSucceeded: (_, params: { output: MobileMoneyOutput }) => params.output.outcome === 'succeeded',
    orderIsPaid: (_, params: { order: PlacedOrder }) => params.order.status === 'PAID',
  },
  delays: {
    loaderTimeout: ORDER_CHECKOUT_DELAYS.loaderTimeout,
  },
}).createMachine({
  id: 'orderCheckout',
  context: ({ input }) => {
    // Only this product's order is resumed here: a subject payment, or another product's order, is not.
    const lines = input.pending?.items ?? [];
    const [line] = lines;
    const resumed =
      lines.length === 1 && line !== undefined && isOrderLine(line) && line._id === input.product.id
        ? line
        : null;
    return {
      product: input.product,
      quantity: resumed?.amount ?? 1,
      town: resumed?.town ?? '',
      errors: {},
      now: input.now,
      pending: resumed === null ? null : (input.pending ?? null),
      referenceId: null,
      order: null,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      // A persisted order payment goes straight to its status: a second order is never placed.
      always: [{ guard: 'isResuming', target: 'paying' }, { target: 'editing' }],
    },
    editing: {
      on: {
        'order.increase': { guard: 'canIncrease', actions: 'increase' },
        'order.decrease': { guard: 'canDecrease', actions: 'decrease' },
        'order.townChanged': { actions: 'setTown' },
        'order.productUpdated': { actions: 'takeProduct' },
        'order.buy': [
          { guard: 'orderIsValid', target: 'choosingMethod', actions: 'checkFields' },
          { actions: 'checkFields' },
        ],
      },
    },
    choosingMethod: {
      on: {
        'order.chooseMtn': {
          target: 'paying',
          actions: { type: 'recordClock', params: ({ event }) => ({ now: event.now }) },
        },
        // Orange Money is announced, not available: the student stays on the choice and can pick MTN.
        'order.chooseOrange': { actions: { type: 'showAlert', params: { key: 'orangeMoneyComingSoon' } } },
        'order.cancel': 'editing',
      },
    },
    paying: {
      invoke: {
        id: 'mobileMoney',
        src: 'mobileMoney',
        input: ({ context }): MobileMoneyInput =>
          context.pending
            ? { now: context.now, pending: context.pending }
            : {
                now: context.now,
                items: [orderLine(context)],
                amount: lineTotal(orderLine(context)),
              },
        onDone: [
          {
            guard: { type: 'paymentSucceeded', params: ({ event }) => ({ output: event.output }) },
            target: 'confirming',
            actions: { type: 'takeReference', params: ({ event }) => ({ output: event.output }) },
          },
          // Failed (a short stock included), cancelled or abandoned: mobile money has told the student why.
          { target: 'editing', actions: ['forgetPayment', 'productMayHaveChanged'] },
        ],
        // The payment machine itself broke: the money may be on its way, so the student is told to check.
        onError: {
          target: 'editing',
          actions: [
            { type: 'showAlert', params: { key: 'paymentStatusUnknown' } },
            'forgetPayment',
            'productMayHaveChanged',
          ],
        },
      },
    },
    confirming: {
      initial: 'loaderShown',
      states: {
        loaderShown: { after: { loaderTimeout: 'loaderHidden' } },
        // The loader is gone but the call goes on: its answer still confirms the order.
        loaderHidden: {},
      },
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ referenceId: context.referenceId ?? '' }),
        onDone: [
          {
            guard: { type: 'orderIsPaid', params: ({ event }) => ({ order: event.output }) },
            target: 'confirmed',
            actions: [
              { type: 'takeOrder', params: ({ event }) => ({ order: event.output }) },
              'clearPending',
              'productMayHaveChanged',
            ],
          },
          {
            // The provider took the money but the order is not paid (another amount, its items gone):
            // a person must look at it, and the transactions tab shows where it stands.
            target: 'editing',
            actions: [
              { type: 'showAlert', params: { key: 'paymentStatusUnknown' } },
              'clearPending',
              { type: 'navigate', params: { to: ROUTE_AFTER_ORDER_FAILURE } },
              'forgetPayment',
              'productMayHaveChanged',
            ],
          },
        ],
        // No answer (network, 5xx): the order payment stays persisted, so the next visit confirms it.
        onError: {
          target: 'editing',
          actions: [
            {
              type: 'showAlert',
              params: ({ event }) => {
                const message = errorMessage(event.error);
                return message
                  ? { key: 'serverMessage', params: { message } }
                  : { key: 'paymentProcessingFailed' };
              },
            },
            { type: 'navigate', params: { to: ROUTE_AFTER_ORDER_FAILURE } },
            'forgetPayment',
          ],
        },
      },
    },
    confirmed: {
      on: {
        // The product read after the purchase: its stock is the one the next order starts from.
        'order.productUpdated': { actions: 'takeProduct' },
        'order.dismiss': { target: 'editing', actions: 'startAgain' },
      },
    },
  },
});

export type OrderCheckoutSnapshot = SnapshotFrom<typeof orderCheckoutMachine>;
export type OrderMobileMoneyRef = ActorRefFrom<typeof mobileMoneyMachine>;

export const selectOrderQuantity = (snapshot: OrderCheckoutSnapshot): number => snapshot.context.quantity;
export const selectOrderTown = (snapshot: OrderCheckoutSnapshot): string => snapshot.context.town;
export const selectOrderErrors = (snapshot: OrderCheckoutSnapshot): OrderFieldErrors =>
  snapshot.context.errors;
export const selectOrderTotal = (snapshot: OrderCheckoutSnapshot): number =>
  lineTotal(orderLine(snapshot.context));
export const selectMaxQuantity = (snapshot: OrderCheckoutSnapshot): number =>
  maxQuantity(snapshot.context.product);
export const selectIsEditingOrder = (snapshot: OrderCheckoutSnapshot): boolean => snapshot.matches('editing');
export const selectIsChoosingOrderMethod = (snapshot: OrderCheckoutSnapshot): boolean =>
  snapshot.matches('choosingMethod');
/** The running mobile money actor, for the phone form; undefined outside that step. */
export const selectOrderMobileMoneyRef = (snapshot: OrderCheckoutSnapshot): OrderMobileMoneyRef | undefined =>
  snapshot.children.mobileMoney as OrderMobileMoneyRef | undefined;
export const selectIsOrderLoaderVisible = (snapshot: OrderCheckoutSnapshot): boolean =>
  snapshot.matches({ confirming: 'loaderShown' });
/** Paying or confirming: the buy form is locked. */
export const selectIsOrderBusy = (snapshot: OrderCheckoutSnapshot): boolean =>
  snapshot.matches('choosingMethod') || snapshot.matches('paying') || snapshot.matches('confirming');
export const selectConfirmedOrder = (snapshot: OrderCheckoutSnapshot): PlacedOrder | null =>
  snapshot.matches('confirmed') ? snapshot.context.order : null;
