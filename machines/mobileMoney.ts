import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { cleanPayerPhone, isPayablePhone, PHONE_PREFIX } from '../contract/rules/payer-phone';
import type { UnpaidOutcome } from '../contract/rules/payment-outcome';
import { unpaidOutcome } from '../contract/rules/payment-outcome';
import type { Alert } from './messages';
import type {
  CheckStatusInput,
  CheckStatusOutput,
  MobileMoneyContext,
  MobileMoneyEvent,
  MobileMoneyInput,
  MobileMoneyOutput,
  PaymentStatus,
  RequestToPayInput,
  RequestToPayOutput,
} from './mobileMoneyTypes';
import { failureMessage as errorMessage, MOBILE_MONEY_DELAYS } from './mobileMoneyTypes';
import { notProvided } from './notProvided';
import type { PendingPayment } from './types';

// docs/product.md §4 "Mobile money flow" and §5: ask the phone (prefilled 237; 237 then 9 to 12 digits, the rule the
// server checks again, contract/rules/payer-phone.ts, so no request is sent that it would refuse; the spaces,
// dashes, dots, brackets and leading + a student types are dropped before it is checked and sent), request the
// payment, wait 3 s, poll; PENDING polls every 2 s; SUCCESSFUL completes; anything else is not completed.
// docs/design.md adds: the pending reference is persisted so a reload resumes the same payment, and polling has
// an upper bound after which the payment stays resumable (`suspended`). Issue 18: a payment not completed
// stays on screen (`notCompleted`) with what happened and what to do: "Try again" requests a new payment
// from the same number, "Use another number" goes back to the prompt with the number used.

export * from './mobileMoneyTypes';

/** A payment's own traces, cleared when the student starts another for the same order. */
export const NO_PAYMENT = {
  referenceId: null,
  startedAt: null,
  pollingSince: null,
  deadlinePassed: false,
  lastStatus: null,
  lastReason: null,
} as const;

export const mobileMoneyMachine = setup({
  types: {
    context: {} as MobileMoneyContext,
    events: {} as MobileMoneyEvent,
    input: {} as MobileMoneyInput,
    output: {} as MobileMoneyOutput,
  },
  actors: {
    requestToPay: notProvided<RequestToPayOutput, RequestToPayInput>('requestToPay'),
    checkStatus: notProvided<CheckStatusOutput, CheckStatusInput>('checkStatus'),
  },
  actions: {
    /** Provided by the app: shows an alert (header 'Hey {username}', OK button). */
    showAlert: (_, _params: Alert) => {},
    /** Provided by the app: stores the pending payment so a reload resumes it. */
    persistPending: (_, _params: PendingPayment) => {},
    /** Provided by the app: forgets the pending payment once it is settled one way or the other. */
    clearPending: () => {},
    setPhone: assign({
      phone: ({ event }) => (event.type === 'payment.phoneChanged' ? event.phone : ''),
    }),
    /** The number is asked and kept as sent: cleaned of what the student typed between its digits. */
    recordSubmission: assign(({ context, event }) =>
      event.type === 'payment.submitPhone'
        ? { startedAt: event.now, now: event.now, phone: cleanPayerPhone(context.phone) }
        : {},
    ),
    startPollingRound: assign(({ context, event }) => {
      const now = event.type === 'payment.resume' ? event.now : context.now;
      return { now, pollingSince: now, deadlinePassed: false };
    }),
    markDeadlinePassed: assign({ deadlinePassed: true }),
    recordStatus: assign((_, params: { status: PaymentStatus; reason?: string | undefined }) => ({
      lastStatus: params.status,
      lastReason: params.reason ?? null,
    })),
    /** "Try again": everything of the payment that did not complete is forgotten but the number and order. */
    startNewPayment: assign(({ event }) =>
      event.type === 'payment.retry' ? { ...NO_PAYMENT, startedAt: event.now, now: event.now } : {},
    ),
    forgetPayment: assign(NO_PAYMENT),
  },
  guards: {
    phoneIsValid: ({ context }) => isPayablePhone(context.phone),
    isRestoring: ({ context }) => context.referenceId !== null,
    isSuccessful: (_, params: { status: PaymentStatus }) => params.status === 'SUCCESSFUL',
    isPending: (_, params: { status: PaymentStatus }) => params.status === 'PENDING',
    deadlinePassed: ({ context }) => context.deadlinePassed,
  },
  delays: {
    firstPoll: MOBILE_MONEY_DELAYS.firstPoll,
    pollEvery: MOBILE_MONEY_DELAYS.pollEvery,
    // A function of stored times, not a timer to restore: a restarted machine derives what is left.
    pollDeadline: ({ context }) =>
      Math.max(0, (context.pollingSince ?? context.now) + context.pollDeadline - context.now),
  },
}).createMachine({
  id: 'mobileMoney',
  context: ({ input }) => {
    const base = {
      now: input.now,
      pollDeadline: input.pollDeadline ?? MOBILE_MONEY_DELAYS.pollDeadline,
      deadlinePassed: false,
      lastStatus: null,
      lastReason: null,
    };
    if (input.pending) {
      const { pending } = input;
      return {
        ...base,
        phone: pending.phone,
        items: pending.items,
        amount: pending.amount,
        referenceId: pending.referenceId,
        startedAt: pending.startedAt,
        // A restored payment keeps its original deadline; the first check always happens (see checkingStatus).
        pollingSince: pending.startedAt,
      };
    }
    return {
      ...base,
      phone: PHONE_PREFIX,
      items: input.items,
      amount: input.amount,
      referenceId: null,
      startedAt: null,
      pollingSince: null,
    };
  },
  initial: 'starting',
  output: ({ event }) => event.output as MobileMoneyOutput,
  states: {
    starting: {
      // A persisted reference goes straight to its status: a second payment is never requested.
      always: [{ guard: 'isRestoring', target: 'polling.checkingStatus' }, { target: 'askingPhone' }],
    },
    askingPhone: {
      on: {
        'payment.phoneChanged': { actions: 'setPhone' },
        'payment.submitPhone': [
          { guard: 'phoneIsValid', target: 'requesting', actions: 'recordSubmission' },
          {
            target: 'cancelled',
            actions: { type: 'showAlert', params: { key: 'invalidPhone' } },
          },
        ],
        'payment.cancel': 'cancelled',
      },
    },
    requesting: {
      invoke: {
        id: 'requestToPay',
        src: 'requestToPay',
        input: ({ context }) => ({ phone: context.phone, items: context.items, amount: context.amount }),
        onDone: {
          target: 'polling',
          actions: [
            assign(({ context, event }) => ({
              referenceId: event.output.referenceId,
              pollingSince: context.now,
              deadlinePassed: false,
            })),
            {
              type: 'persistPending',
              params: ({ context }) => ({
                referenceId: context.referenceId ?? '',
                startedAt: context.startedAt ?? context.now,
                phone: context.phone,
                items: context.items,
                amount: context.amount,
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'showAlert',
            params: ({ event }) => {
              const message = errorMessage(event.error);
              return message ? { key: 'serverMessage', params: { message } } : { key: 'paymentFailed' };
            },
          },
        },
      },
    },
    polling: {
      initial: 'waitingFirstPoll',
      after: { pollDeadline: { actions: 'markDeadlinePassed' } },
      states: {
        waitingFirstPoll: {
          after: { firstPoll: 'checkingStatus' },
        },
        checkingStatus: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            input: ({ context }) => ({ referenceId: context.referenceId ?? '' }),
            onDone: [
              {
                guard: { type: 'isSuccessful', params: ({ event }) => ({ status: event.output.status }) },
                target: '#mobileMoney.succeeded',
                actions: { type: 'recordStatus', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isPending', params: ({ event }) => ({ status: event.output.status }) },
                target: 'waitingNextPoll',
                actions: { type: 'recordStatus', params: ({ event }) => event.output },
              },
              {
                // Any other status: not completed, and final for this reference, so nothing is left to resume.
                target: '#mobileMoney.notCompleted',
                actions: [{ type: 'recordStatus', params: ({ event }) => event.output }, 'clearPending'],
              },
            ],
            // A network error is not an answer: keep polling (the deadline decides when to stop).
            onError: 'waitingNextPoll',
          },
        },
        waitingNextPoll: {
          always: { guard: 'deadlinePassed', target: '#mobileMoney.suspended' },
          after: { pollEvery: 'checkingStatus' },
        },
      },
    },
    // What the student reads here (what happened, the money, what to do) comes from the selectors below.
    notCompleted: {
      on: {
        'payment.retry': { target: 'requesting', actions: 'startNewPayment' },
        'payment.changeNumber': { target: 'askingPhone', actions: 'forgetPayment' },
        'payment.dismiss': 'failed',
      },
    },
    // MTN has not answered within the round: the payment is kept, to check again now or later (never a
    // second payment: the first may still be approved).
    suspended: {
      on: {
        'payment.resume': { target: 'polling.checkingStatus', actions: 'startPollingRound' },
        'payment.abandon': 'abandoned',
      },
    },
    succeeded: {
      type: 'final',
      output: ({ context }) => ({
        outcome: 'succeeded' as const,
        referenceId: context.referenceId ?? '',
        items: context.items,
        amount: context.amount,
      }),
    },
    failed: { type: 'final', output: { outcome: 'failed' as const } },
    cancelled: { type: 'final', output: { outcome: 'cancelled' as const } },
    abandoned: { type: 'final', output: { outcome: 'abandoned' as const } },
  },
});

export type MobileMoneySnapshot = SnapshotFrom<typeof mobileMoneyMachine>;

export const selectPhone = (snapshot: MobileMoneySnapshot): string => snapshot.context.phone;
export const selectIsAskingPhone = (snapshot: MobileMoneySnapshot): boolean =>
  snapshot.matches('askingPhone');
export const selectIsPhoneValid = (snapshot: MobileMoneySnapshot): boolean =>
  isPayablePhone(snapshot.context.phone);
/** Requesting or polling: the UI shows "confirm on your phone" and disables the form. */
export const selectIsAwaitingConfirmation = (snapshot: MobileMoneySnapshot): boolean =>
  snapshot.matches('requesting') || snapshot.matches('polling');
export const selectIsSuspended = (snapshot: MobileMoneySnapshot): boolean => snapshot.matches('suspended');
export const selectReferenceId = (snapshot: MobileMoneySnapshot): string | null =>
  snapshot.context.referenceId;
export const selectPaymentAmount = (snapshot: MobileMoneySnapshot): number => snapshot.context.amount;

/** A payment the student must decide about: not completed (one of four outcomes) or still pending. */
export interface PaymentOutcomeView {
  readonly outcome: UnpaidOutcome | 'pending';
  /** The number the payment was asked from. */
  readonly phone: string;
}

export const selectPaymentOutcome = (snapshot: MobileMoneySnapshot): PaymentOutcomeView | null => {
  const { phone, lastStatus, lastReason } = snapshot.context;
  if (snapshot.matches('suspended')) return { outcome: 'pending', phone };
  if (snapshot.matches('notCompleted') && lastStatus !== null) {
    return { outcome: unpaidOutcome({ status: lastStatus, reason: lastReason }), phone };
  }
  return null;
};
