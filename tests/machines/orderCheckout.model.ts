import type { AnyEventObject } from 'xstate';
import type { MobileMoneyOutput } from '../../machines/mobileMoney';
import {
  type OrderCheckoutEvent,
  type OrderCheckoutInput,
  type OrderCheckoutSnapshot,
  type OrderLine,
  type OrderProduct,
  orderCheckoutMachine,
  type PlacedOrder,
} from '../../machines/orderCheckout';
import type { PendingPayment } from '../../machines/types';
import {
  type MobileMoneyParentHarness,
  mobileMoneyDriver,
  OTHER_NUMBER_REFERENCE_ID,
  provideMobileMoneyFakes,
  REFERENCE_ID,
  T0,
  VALID_PHONE,
} from './mobileMoney.model';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

export const PRODUCT: OrderProduct = {
  id: 'prod-calculator',
  title: 'Scientific calculator',
  picture: '/media/pictures/product-calculator-1.webp',
  price: 8_500,
  stock: 2,
};
/** Read again after someone else bought one. */
export const FEWER_LEFT: OrderProduct = { ...PRODUCT, stock: 1 };
export const SOLD_OUT: OrderProduct = { ...PRODUCT, stock: 0 };
export const TOWN = 'Bamenda';

export const ORDER_LINE: OrderLine = {
  _id: PRODUCT.id,
  subjectTitle: PRODUCT.title,
  pictureurl: PRODUCT.picture,
  price: PRODUCT.price,
  amount: 2,
  town: TOWN,
};
export const PENDING_ORDER: PendingPayment = {
  referenceId: REFERENCE_ID,
  startedAt: T0,
  phone: VALID_PHONE,
  items: [ORDER_LINE],
  amount: PRODUCT.price * 2,
};

export const PAID_ORDER: PlacedOrder = {
  referenceId: REFERENCE_ID,
  status: 'PAID',
  title: PRODUCT.title,
  quantity: 2,
  town: TOWN,
  totalCost: PRODUCT.price * 2,
};
/** The provider took the money, but the order is not paid (its items went back and sold out). */
export const UNPAID_ORDER: PlacedOrder = { ...PAID_ORDER, status: 'PAID_OUT_OF_STOCK' };

export const OUT_OF_STOCK_MSG = 'Sorry, this product is out of stock. Nothing was charged.';

export const FRESH_ORDER: OrderCheckoutInput = { product: PRODUCT, now: T0 };
/** Reopened 30 s after the order's payment was requested (a reload mid-poll). */
export const RESUMED_ORDER: OrderCheckoutInput = {
  product: PRODUCT,
  now: T0 + 30_000,
  pending: PENDING_ORDER,
};

export const LOADER_TIMEOUT = 'xstate.after.loaderTimeout.orderCheckout.confirming.loaderShown';

export const orderEventSamples = {
  'order.increase': () => [{ type: 'order.increase' }],
  'order.decrease': () => [{ type: 'order.decrease' }],
  'order.townChanged': () => [
    { type: 'order.townChanged', town: '' },
    { type: 'order.townChanged', town: TOWN },
  ],
  'order.productUpdated': () => [
    { type: 'order.productUpdated', product: FEWER_LEFT },
    { type: 'order.productUpdated', product: SOLD_OUT },
  ],
  'order.buy': () => [{ type: 'order.buy' }],
  'order.chooseMtn': () => [{ type: 'order.chooseMtn', now: T0 }],
  'order.chooseOrange': () => [{ type: 'order.chooseOrange' }],
  'order.cancel': () => [{ type: 'order.cancel' }],
  'order.dismiss': () => [{ type: 'order.dismiss' }],
} satisfies Record<OrderCheckoutEvent['type'], () => readonly OrderCheckoutEvent[]>;

function paidOutput(referenceId = REFERENCE_ID): MobileMoneyOutput {
  return {
    outcome: 'succeeded',
    referenceId,
    items: [ORDER_LINE],
    amount: PENDING_ORDER.amount,
  };
}

export const orderInternalSamples = {
  // What the child can end with from here: a resumed payment has no phone form to cancel. Paid at once, or
  // the long way (not completed, Try again, not completed, another number: mobileMoneyDriver).
  'xstate.done.actor.mobileMoney': (snapshot: OrderCheckoutSnapshot) => [
    { type: 'xstate.done.actor.mobileMoney', output: paidOutput() },
    { type: 'xstate.done.actor.mobileMoney', output: paidOutput(OTHER_NUMBER_REFERENCE_ID) },
    { type: 'xstate.done.actor.mobileMoney', output: { outcome: 'failed' } },
    ...(snapshot.context.pending
      ? []
      : [{ type: 'xstate.done.actor.mobileMoney', output: { outcome: 'cancelled' } }]),
  ],
  'xstate.error.actor.mobileMoney': () => [
    { type: 'xstate.error.actor.mobileMoney', error: new Error('clearPending failed') },
  ],
  'xstate.done.actor.loadOrder': () => [
    { type: 'xstate.done.actor.loadOrder', output: PAID_ORDER },
    { type: 'xstate.done.actor.loadOrder', output: UNPAID_ORDER },
  ],
  'xstate.error.actor.loadOrder': () => [
    {
      type: 'xstate.error.actor.loadOrder',
      error: new Error('Network error. Please check your internet connection.'),
    },
  ],
  [LOADER_TIMEOUT]: () => [{ type: LOADER_TIMEOUT }],
} satisfies Record<string, (snapshot: OrderCheckoutSnapshot) => readonly AnyEventObject[]>;

export const orderCheckoutModel: MachineModel<typeof orderCheckoutMachine> = {
  machine: orderCheckoutMachine,
  inputs: [FRESH_ORDER, RESUMED_ORDER],
  samples: { ...orderEventSamples, ...orderInternalSamples },
  // The child actor's snapshot is not part of the model state: it is driven by the executors below.
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),
};

export const ORDER_EFFECTS = ['showAlert', 'clearPending', 'navigate', 'productMayHaveChanged'] as const;

export type OrderHarness = MobileMoneyParentHarness<typeof orderCheckoutMachine>;

/** The order checkout with its real mobile money child; both with recorded effects and controllable actors. */
export function createOrderHarness(input: OrderCheckoutInput): OrderHarness {
  const fakes = new Fakes();
  const child = new Fakes();
  const logic = orderCheckoutMachine.provide({
    actions: fakes.actions(ORDER_EFFECTS),
    actors: { loadOrder: fakes.promiseActor('loadOrder'), mobileMoney: provideMobileMoneyFakes(child) },
  });
  return Object.assign(new Harness(logic, input, fakes), { child });
}

/** The real mobile money child driven to each outcome; a refused start is the last item sold meanwhile. */
export const driveMobileMoney = mobileMoneyDriver<typeof orderCheckoutMachine>(OUT_OF_STOCK_MSG);

export const orderExecutors: EventExecutors<typeof orderCheckoutMachine> = {
  'order.increase': (harness, event) => harness.send(event),
  'order.decrease': (harness, event) => harness.send(event),
  'order.townChanged': (harness, event) => harness.send(event),
  'order.productUpdated': (harness, event) => harness.send(event),
  'order.buy': (harness, event) => harness.send(event),
  'order.chooseMtn': (harness, event) => harness.send(event),
  'order.chooseOrange': (harness, event) => harness.send(event),
  'order.cancel': (harness, event) => harness.send(event),
  'order.dismiss': (harness, event) => harness.send(event),
};

export const orderInternalExecutors = {
  'xstate.done.actor.mobileMoney': driveMobileMoney,
  'xstate.error.actor.mobileMoney': driveMobileMoney,
};

export const orderCheckoutPaths = () => generatePaths(orderCheckoutModel);
