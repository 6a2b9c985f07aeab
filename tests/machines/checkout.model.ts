import type { AnyEventObject } from 'xstate';
import type { CheckoutEvent, CheckoutSnapshot } from '../../machines/checkout';
import { checkoutMachine } from '../../machines/checkout';
import type { MobileMoneyOutput } from '../../machines/mobileMoney';
import type { User } from '../../machines/types';
import {
  LINE,
  type MobileMoneyParentHarness,
  mobileMoneyDriver,
  OTHER_NUMBER_REFERENCE_ID,
  PENDING,
  provideMobileMoneyFakes,
  REFERENCE_ID,
  T0,
} from './mobileMoney.model';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';
import { STUDENT } from './session.model';

export { STUDENT };
export const PAID_STUDENT: User = {
  ...STUDENT,
  paidSubjects: [{ subjectId: 'maths', subjectTitle: 'Mathematics', expiresAt: '2027-01-05T10:00:00.000Z' }],
};
export const SERVER_REFUSAL = 'Payment not confirmed by the provider.';

export const LOADER_TIMEOUT = 'xstate.after.loaderTimeout.checkout.submitting.loaderShown';

export const checkoutEventSamples = {
  'checkout.start': () => [
    { type: 'checkout.start', items: [], user: STUDENT },
    { type: 'checkout.start', items: [LINE], user: STUDENT },
  ],
  'checkout.chooseMtn': () => [{ type: 'checkout.chooseMtn', now: T0 }],
  'checkout.chooseOrange': () => [{ type: 'checkout.chooseOrange' }],
  'checkout.cancel': () => [{ type: 'checkout.cancel' }],
  'checkout.resume': () => [{ type: 'checkout.resume', pending: PENDING, user: STUDENT, now: T0 + 30_000 }],
} satisfies Record<CheckoutEvent['type'], () => readonly CheckoutEvent[]>;

function paidOutput(snapshot: CheckoutSnapshot, referenceId = REFERENCE_ID): MobileMoneyOutput {
  return {
    outcome: 'succeeded',
    referenceId,
    items: snapshot.context.items,
    amount: snapshot.context.totalCost,
  };
}

export const checkoutInternalSamples = {
  // What the child can end with from here: a restored payment has no phone form to cancel. Paid at once, or
  // the long way (not completed, Try again, not completed, another number: mobileMoneyDriver).
  'xstate.done.actor.mobileMoney': (snapshot: CheckoutSnapshot) => [
    { type: 'xstate.done.actor.mobileMoney', output: paidOutput(snapshot) },
    { type: 'xstate.done.actor.mobileMoney', output: paidOutput(snapshot, OTHER_NUMBER_REFERENCE_ID) },
    { type: 'xstate.done.actor.mobileMoney', output: { outcome: 'failed' } },
    ...(snapshot.context.pending
      ? []
      : [{ type: 'xstate.done.actor.mobileMoney', output: { outcome: 'cancelled' } }]),
  ],
  'xstate.error.actor.mobileMoney': () => [
    { type: 'xstate.error.actor.mobileMoney', error: new Error('clearPending failed') },
  ],
  'xstate.done.actor.makePayment': () => [
    { type: 'xstate.done.actor.makePayment', output: { success: true, user: PAID_STUDENT } },
    { type: 'xstate.done.actor.makePayment', output: { success: false, msg: SERVER_REFUSAL } },
    { type: 'xstate.done.actor.makePayment', output: { success: false } },
  ],
  'xstate.error.actor.makePayment': () => [
    { type: 'xstate.error.actor.makePayment', error: new Error('Server error. Please try again later.') },
  ],
  [LOADER_TIMEOUT]: () => [{ type: LOADER_TIMEOUT }],
} satisfies Record<string, (snapshot: CheckoutSnapshot) => readonly AnyEventObject[]>;

export const checkoutModel: MachineModel<typeof checkoutMachine> = {
  machine: checkoutMachine,
  inputs: [undefined],
  samples: { ...checkoutEventSamples, ...checkoutInternalSamples },
  // The child actor's snapshot is not part of the model state: it is driven by the executors below.
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),
};

export const CHECKOUT_EFFECTS = [
  'showAlert',
  'clearCart',
  'storeUser',
  'closeModal',
  'clearPending',
  'navigate',
] as const;

export type CheckoutHarness = MobileMoneyParentHarness<typeof checkoutMachine>;

/** Checkout with its real mobile money child; both with recorded effects and controllable actors. */
export function createCheckoutHarness(): CheckoutHarness {
  const fakes = new Fakes();
  const child = new Fakes();
  const logic = checkoutMachine.provide({
    actions: fakes.actions(CHECKOUT_EFFECTS),
    actors: { makePayment: fakes.promiseActor('makePayment'), mobileMoney: provideMobileMoneyFakes(child) },
  });
  return Object.assign(new Harness(logic, undefined, fakes), { child });
}

/** The real mobile money child driven to each outcome; a refused start is a server error. */
export const driveMobileMoney = mobileMoneyDriver<typeof checkoutMachine>(
  'Payment failed. Please try again.',
);

export const checkoutExecutors: EventExecutors<typeof checkoutMachine> = {
  'checkout.start': (harness, event) => harness.send(event),
  'checkout.chooseMtn': (harness, event) => harness.send(event),
  'checkout.chooseOrange': (harness, event) => harness.send(event),
  'checkout.cancel': (harness, event) => harness.send(event),
  'checkout.resume': (harness, event) => harness.send(event),
};

export const checkoutInternalExecutors = {
  'xstate.done.actor.mobileMoney': driveMobileMoney,
  'xstate.error.actor.mobileMoney': driveMobileMoney,
};

export const checkoutPaths = () => generatePaths(checkoutModel);
