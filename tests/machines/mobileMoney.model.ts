import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { PHONE_PREFIX } from '../../contract/rules/payer-phone';
import type {
  CheckStatusOutput,
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
/**
 * The references of a parent's payment that succeeded the long way (issue 18): the first refused on the
 * phone, "Try again" from a number that cannot pay, then "Use another number", which was paid.
 */
export const TRIED_AGAIN_REFERENCE_ID = '7a2b4c6d-1e3f-4a5b-8c7d-9e0f1a2b3c4d';
export const OTHER_NUMBER_REFERENCE_ID = '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b';
/** 11 characters: one short of docs/product.md §5's minimum. */
export const SHORT_PHONE = '23767000000';
/** 12 characters: the shortest valid number. */
export const VALID_PHONE = '237670000000';
/**
 * VALID_PHONE as a student may type it, with a +, spaces, a dash and a dot: the server refuses it so
 * (contract/rules/payer-phone.ts), so the app asks and keeps the clean number, VALID_PHONE.
 */
export const SPACED_PHONE = '+237 670-000.000';
/** The number a student types after "Use another number" (a parent's, say). */
export const OTHER_PHONE = '237699000000';

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

/** When the student presses "Try again" (the clock the app gives the machine). */
export const RETRY_AT = T0 + 700_000;

export const NETWORK_ERROR = new Error('Network error. Please check your internet connection.');

export const mobileMoneyEventSamples = {
  // After "Use another number" the prompt holds the number used; the student types another one.
  'payment.phoneChanged': (snapshot: MobileMoneySnapshot) => [
    { type: 'payment.phoneChanged', phone: SHORT_PHONE },
    { type: 'payment.phoneChanged', phone: SPACED_PHONE },
    {
      type: 'payment.phoneChanged',
      phone: snapshot.context.phone === PHONE_PREFIX ? VALID_PHONE : OTHER_PHONE,
    },
  ],
  'payment.submitPhone': () => [{ type: 'payment.submitPhone', now: T0 + 5_000 }],
  'payment.cancel': () => [{ type: 'payment.cancel' }],
  'payment.resume': () => [{ type: 'payment.resume', now: T0 + 600_000 }],
  'payment.abandon': () => [{ type: 'payment.abandon' }],
  'payment.retry': () => [{ type: 'payment.retry', now: RETRY_AT }],
  'payment.changeNumber': () => [{ type: 'payment.changeNumber' }],
  'payment.dismiss': () => [{ type: 'payment.dismiss' }],
} satisfies Record<MobileMoneyEvent['type'], (snapshot: MobileMoneySnapshot) => readonly MobileMoneyEvent[]>;

/**
 * Statuses of a request to pay that did not complete, one of each outcome the student reads (issue 18):
 * refused on the phone, failed at MTN, expired, a number that cannot pay, and a provider that says REJECTED
 * with no reason.
 */
export const NOT_COMPLETED_STATUSES = [
  { status: 'FAILED', reason: 'APPROVAL_REJECTED' },
  { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' },
  { status: 'FAILED', reason: 'EXPIRED' },
  { status: 'FAILED', reason: 'PAYER_NOT_FOUND' },
  { status: 'REJECTED' },
] as const;

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
    ...NOT_COMPLETED_STATUSES.map((output) => ({ type: 'xstate.done.actor.checkStatus', output })),
  ],
  'xstate.error.actor.checkStatus': () => [{ type: 'xstate.error.actor.checkStatus', error: NETWORK_ERROR }],
  [AFTER.firstPoll]: () => [{ type: AFTER.firstPoll }],
  [AFTER.pollEvery]: () => [{ type: AFTER.pollEvery }],
  [AFTER.pollDeadline]: () => [{ type: AFTER.pollDeadline }],
} satisfies Record<string, (snapshot: MobileMoneySnapshot) => readonly AnyEventObject[]>;

export const mobileMoneyModel: MachineModel<typeof mobileMoneyMachine> = {
  machine: mobileMoneyMachine,
  inputs: [FRESH_INPUT, RESTORED_INPUT],
  samples: { ...mobileMoneyEventSamples, ...mobileMoneyInternalSamples },
  filterEvents: (snapshot: MobileMoneySnapshot, event) => {
    // Real time orders the timers: the 2-minute deadline can only overtake a check that is still running,
    // never the 3 s or 2 s waits, and it fires once per round; the abstract model would let it fire anywhere.
    if (
      event.type === AFTER.pollDeadline &&
      !(snapshot.matches({ polling: 'checkingStatus' }) && !snapshot.context.deadlinePassed)
    ) {
      return false;
    }
    // Each outcome is shown and dismissed; the ways on (Try again, another number) are the same from each, so
    // they are taken from the first outcome only.
    if (
      (event.type === 'payment.retry' || event.type === 'payment.changeNumber') &&
      snapshot.context.lastReason !== NOT_COMPLETED_STATUSES[0].reason
    ) {
      return false;
    }
    const answer =
      event.type === 'xstate.done.actor.checkStatus' ? (event.output as CheckStatusOutput) : null;
    const notCompleted = answer !== null && answer.status !== 'SUCCESSFUL' && answer.status !== 'PENDING';
    const firstOutcome = answer?.reason === NOT_COMPLETED_STATUSES[0].reason;
    if (!isAskedAgain(snapshot)) {
      // Every outcome is read at the first answer of a round; a later answer gets one outcome, the first.
      const { lastStatus, deadlinePassed, pollingSince, startedAt } = snapshot.context;
      const firstAnswer = lastStatus === null && !deadlinePassed && pollingSince === startedAt;
      return !notCompleted || firstAnswer || firstOutcome;
    }
    // A payment asked again polls as the first one did: it is followed to its answer, paid or not again.
    if (event.type === AFTER.pollDeadline || event.type.startsWith('xstate.error.actor.')) return false;
    return answer === null || answer.status === 'SUCCESSFUL' || firstOutcome;
  },
};

/** A payment asked after one that did not complete: "Try again" at RETRY_AT, or from another number. */
function isAskedAgain(snapshot: MobileMoneySnapshot): boolean {
  return snapshot.context.startedAt === RETRY_AT || snapshot.context.phone === OTHER_PHONE;
}

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
  'payment.retry': (harness, event) => harness.send(event),
  'payment.changeNumber': (harness, event) => harness.send(event),
  'payment.dismiss': (harness, event) => harness.send(event),
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
 * `refusal`, a failed resumed one is refused on the phone and dismissed. A success under
 * OTHER_NUMBER_REFERENCE_ID is the long way: not completed (refused, or expired when resumed), "Try again",
 * not completed again (a number that cannot pay), "Use another number", paid.
 */
export function mobileMoneyDriver<TMachine extends AnyStateMachine>(refusal: string): Executor<TMachine> {
  return async (base, event) => {
    const harness = base as MobileMoneyParentHarness<TMachine>;
    const snapshot = harness.snapshot as AnyMachineSnapshot;
    const childRef = snapshot.children.mobileMoney as AnyActorRef | undefined;
    if (!childRef) throw new Error('mobile money is not running');
    const output = (event as AnyEventObject & { output?: MobileMoneyOutput }).output;
    const outcome = event.type === 'xstate.error.actor.mobileMoney' ? 'crashed' : output?.outcome;
    if (!outcome) throw new Error(`${event.type} carries no mobile money outcome`);
    if (outcome === 'cancelled') {
      childRef.send({ type: 'payment.cancel' });
      return settle();
    }
    const askPayment = async (referenceId: string) => {
      harness.child.pending('requestToPay').resolve({ referenceId });
      await settle();
      await harness.fireTimer(AFTER.firstPoll);
    };
    const answer = async (status: CheckStatusOutput) => {
      harness.child.pending('checkStatus').resolve(status);
      await settle();
    };
    const resumed = (snapshot.context as { pending: unknown }).pending !== null;
    if (!resumed) {
      childRef.send({ type: 'payment.phoneChanged', phone: VALID_PHONE });
      childRef.send({ type: 'payment.submitPhone', now: T0 });
      await settle();
      if (outcome === 'failed') {
        harness.child.pending('requestToPay').reject(new Error(refusal));
        return settle();
      }
      await askPayment(REFERENCE_ID);
    }
    const longWay = output?.outcome === 'succeeded' && output.referenceId === OTHER_NUMBER_REFERENCE_ID;
    if (longWay) {
      await answer({ status: 'FAILED', reason: resumed ? 'EXPIRED' : 'APPROVAL_REJECTED' });
      childRef.send({ type: 'payment.retry', now: RETRY_AT });
      await settle();
      await askPayment(TRIED_AGAIN_REFERENCE_ID);
      await answer({ status: 'FAILED', reason: 'PAYER_NOT_FOUND' });
      childRef.send({ type: 'payment.changeNumber' });
      childRef.send({ type: 'payment.phoneChanged', phone: OTHER_PHONE });
      childRef.send({ type: 'payment.submitPhone', now: RETRY_AT + 60_000 });
      await settle();
      await askPayment(OTHER_NUMBER_REFERENCE_ID);
    }
    if (outcome === 'crashed') harness.child.throwing.add('clearPending');
    if (outcome === 'failed') {
      await answer({ status: 'FAILED', reason: 'APPROVAL_REJECTED' });
      childRef.send({ type: 'payment.dismiss' });
      return settle();
    }
    await answer({ status: outcome === 'succeeded' ? 'SUCCESSFUL' : 'FAILED' });
    return settle();
  };
}
