import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type {
  MobileMoneyEvent,
  MobileMoneyInput,
  MobileMoneyOutput,
  MobileMoneySnapshot,
} from '../../machines/mobileMoney';
import { type MOBILE_MONEY_DELAYS, mobileMoneyMachine } from '../../machines/mobileMoney';
import type { CartItem, PendingPayment } from '../../machines/types';
import type { EventExecutors, Executor, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness, settle } from './modelHarness';

export const T0 = 1_750_000_000_000;
export const LINE: CartItem = {
  _id: 'maths',
  subjectTitle: 'Mathematics',
  pictureurl: '/media/maths.webp',
  price: 2_500,
  amount: 2,
};
export const REFERENCE_ID = '3f1c9d2e-8b47-4a61-9c0e-5d2f7a8b9c10';
/** 11 characters: one short of SPEC.md §5's minimum. */
export const SHORT_PHONE = '23767000000';
/** 12 characters: the shortest valid number. */
export const VALID_PHONE = '237670000000';

export const PENDING: PendingPayment = {
  referenceId: REFERENCE_ID,
  startedAt: T0,
  phone: VALID_PHONE,
  items: [LINE],
  amount: 5_000,
};

export const FRESH_INPUT: MobileMoneyInput = { now: T0, items: [LINE], amount: 5_000 };
/** Reopened 30 s after the payment was requested: 90 s of its polling round are left. */
export const RESTORED_INPUT: MobileMoneyInput = { now: T0 + 30_000, pending: PENDING };

export const AFTER = {
  firstPoll: 'xstate.after.firstPoll.mobileMoney.polling.waitingFirstPoll',
  pollEvery: 'xstate.after.pollEvery.mobileMoney.polling.waitingNextPoll',
  pollDeadline: 'xstate.after.pollDeadline.mobileMoney.polling',
} as const;

export const NETWORK_ERROR = new Error('Network error. Please check your internet connection.');

export const mobileMoneyEventSamples = {
  'payment.phoneChanged': () => [
    { type: 'payment.phoneChanged', phone: SHORT_PHONE },
    { type: 'payment.phoneChanged', phone: VALID_PHONE },
  ],
  'payment.submitPhone': () => [{ type: 'payment.submitPhone', now: T0 + 5_000 }],
  'payment.cancel': () => [{ type: 'payment.cancel' }],
  'payment.resume': () => [{ type: 'payment.resume', now: T0 + 600_000 }],
  'payment.abandon': () => [{ type: 'payment.abandon' }],
} satisfies Record<MobileMoneyEvent['type'], () => readonly MobileMoneyEvent[]>;

export const mobileMoneyInternalSamples = {
  'xstate.done.actor.requestToPay': () => [
    { type: 'xstate.done.actor.requestToPay', output: { referenceId: REFERENCE_ID } },
  ],
  'xstate.error.actor.requestToPay': () => [
    { type: 'xstate.error.actor.requestToPay', error: NETWORK_ERROR },
    { type: 'xstate.error.actor.requestToPay', error: { status: 503 } },
  ],
  'xstate.done.actor.checkStatus': () => [
    { type: 'xstate.done.actor.checkStatus', output: { status: 'SUCCESSFUL' } },
    { type: 'xstate.done.actor.checkStatus', output: { status: 'PENDING' } },
    { type: 'xstate.done.actor.checkStatus', output: { status: 'FAILED', reason: 'APPROVAL_REJECTED' } },
  ],
  'xstate.error.actor.checkStatus': () => [{ type: 'xstate.error.actor.checkStatus', error: NETWORK_ERROR }],
  [AFTER.firstPoll]: () => [{ type: AFTER.firstPoll }],
  [AFTER.pollEvery]: () => [{ type: AFTER.pollEvery }],
  [AFTER.pollDeadline]: () => [{ type: AFTER.pollDeadline }],
} satisfies Record<string, () => readonly AnyEventObject[]>;

export const mobileMoneyModel: MachineModel<typeof mobileMoneyMachine> = {
  machine: mobileMoneyMachine,
  inputs: [FRESH_INPUT, RESTORED_INPUT],
  samples: { ...mobileMoneyEventSamples, ...mobileMoneyInternalSamples },
  // Real time orders the timers: the 2-minute deadline can only overtake a check that is still running,
  // never the 3 s or 2 s waits, and it fires once per round; the abstract model would let it fire anywhere.
  filterEvents: (snapshot: MobileMoneySnapshot, event) =>
    event.type !== AFTER.pollDeadline ||
    (snapshot.matches({ polling: 'checkingStatus' }) && !snapshot.context.deadlinePassed),
};

export const MOBILE_MONEY_EFFECTS = ['showAlert', 'persistPending', 'clearPending'] as const;

/** The machine with recorded effects and controllable requestToPay/checkStatus. */
export function provideMobileMoneyFakes(fakes: Fakes, pollDelays: Partial<typeof MOBILE_MONEY_DELAYS> = {}) {
  return mobileMoneyMachine.provide({
    actions: fakes.actions(MOBILE_MONEY_EFFECTS),
    actors: {
      requestToPay: fakes.promiseActor('requestToPay'),
      checkStatus: fakes.promiseActor('checkStatus'),
    },
    ...(Object.keys(pollDelays).length ? { delays: pollDelays } : {}),
  });
}

export function createMobileMoneyHarness(input: MobileMoneyInput): Harness<typeof mobileMoneyMachine> {
  const fakes = new Fakes();
  return new Harness(provideMobileMoneyFakes(fakes), input, fakes);
}

export const mobileMoneyExecutors: EventExecutors<typeof mobileMoneyMachine> = {
  'payment.phoneChanged': (harness, event) => harness.send(event),
  'payment.submitPhone': (harness, event) => harness.send(event),
  'payment.cancel': (harness, event) => harness.send(event),
  'payment.resume': (harness, event) => harness.send(event),
  'payment.abandon': (harness, event) => harness.send(event),
};

export const mobileMoneyPaths = () => generatePaths(mobileMoneyModel);

/** A machine that runs mobile money as its child `mobileMoney`, with the child's fakes beside its own. */
export type MobileMoneyParentHarness<TMachine extends AnyStateMachine> = Harness<TMachine> & {
  readonly child: Fakes;
};

/**
 * Drives a parent's real mobile money child to the outcome a path asks for, through the child's own events,
 * fake provider calls and timers, as a student, the server and the provider would. A payment the parent
 * resumed (`context.pending`) is only polled; a failed fresh one is the server refusing the start with
 * `refusal`.
 */
export function mobileMoneyDriver<TMachine extends AnyStateMachine>(refusal: string): Executor<TMachine> {
  return async (base, event) => {
    const harness = base as MobileMoneyParentHarness<TMachine>;
    const snapshot = harness.snapshot as AnyMachineSnapshot;
    const childRef = snapshot.children.mobileMoney as AnyActorRef | undefined;
    if (!childRef) throw new Error('mobile money is not running');
    const outcome =
      event.type === 'xstate.error.actor.mobileMoney'
        ? 'crashed'
        : (event as AnyEventObject & { output?: MobileMoneyOutput }).output?.outcome;
    if (!outcome) throw new Error(`${event.type} carries no mobile money outcome`);
    if (outcome === 'cancelled') {
      childRef.send({ type: 'payment.cancel' });
      return settle();
    }
    if ((snapshot.context as { pending: unknown }).pending === null) {
      childRef.send({ type: 'payment.phoneChanged', phone: VALID_PHONE });
      childRef.send({ type: 'payment.submitPhone', now: T0 });
      await settle();
      if (outcome === 'failed') {
        harness.child.pending('requestToPay').reject(new Error(refusal));
        return settle();
      }
      harness.child.pending('requestToPay').resolve({ referenceId: REFERENCE_ID });
      await settle();
      await harness.fireTimer(AFTER.firstPoll);
    }
    if (outcome === 'crashed') harness.child.throwing.add('clearPending');
    harness.child
      .pending('checkStatus')
      .resolve({ status: outcome === 'succeeded' ? 'SUCCESSFUL' : 'FAILED' });
    return settle();
  };
}
