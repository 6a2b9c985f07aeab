import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { Alert } from './messages';
import {
  type CheckStatusInput,
  type CheckStatusOutput,
  failureMessage as errorMessage,
  isValidPhone,
  MOBILE_MONEY_DELAYS,
  type MobileMoneyContext,
  type MobileMoneyEvent,
  type MobileMoneyInput,
  type MobileMoneyOutput,
  type PaymentStatus,
  PHONE_PREFIX,
  type RequestToPayInput,
  type RequestToPayOutput,
} from './mobileMoneyTypes';
import { notProvided } from './notProvided';
import type { PendingPayment } from './types';

// SPEC.md §4 "Mobile money flow" and §5: ask the phone (prefilled 237, at least 12 characters), request the
// payment, wait 3 s, poll; PENDING polls every 2 s; SUCCESSFUL completes; anything else is a failure.
// DESIGN.md adds: the pending reference is persisted so a reload resumes the same payment, and polling has
// an upper bound after which the payment stays resumable (`suspended`).

export * from './mobileMoneyTypes';

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
    recordSubmission: assign(({ event }) =>
      event.type === 'payment.submitPhone' ? { startedAt: event.now, now: event.now } : {},
    ),
    startPollingRound: assign(({ context, event }) => {
      const now = event.type === 'payment.resume' ? event.now : context.now;
      return { now, pollingSince: now, deadlinePassed: false };
    }),
    markDeadlinePassed: assign({ deadlinePassed: true }),
    recordStatus: assign({ lastStatus: (_, params: { status: PaymentStatus }) => params.status }),
  },
  guards: {
    phoneIsValid: ({ context }) => isValidPhone(context.phone),
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
                actions: { type: 'recordStatus', params: ({ event }) => ({ status: event.output.status }) },
              },
              {
                guard: { type: 'isPending', params: ({ event }) => ({ status: event.output.status }) },
                target: 'waitingNextPoll',
                actions: { type: 'recordStatus', params: ({ event }) => ({ status: event.output.status }) },
              },
              {
                target: '#mobileMoney.failed',
                actions: [
                  { type: 'recordStatus', params: ({ event }) => ({ status: event.output.status }) },
                  {
                    type: 'showAlert',
                    params: ({ event }) => ({
                      key: 'paymentNotCompleted',
                      params: { status: event.output.status },
                    }),
                  },
                  'clearPending',
                ],
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
    suspended: {
      entry: { type: 'showAlert', params: { key: 'paymentStatusUnknown' } },
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
  isValidPhone(snapshot.context.phone);
/** Requesting or polling: the UI shows "confirm on your phone" and disables the form. */
export const selectIsAwaitingConfirmation = (snapshot: MobileMoneySnapshot): boolean =>
  snapshot.matches('requesting') || snapshot.matches('polling');
export const selectIsSuspended = (snapshot: MobileMoneySnapshot): boolean => snapshot.matches('suspended');
export const selectReferenceId = (snapshot: MobileMoneySnapshot): string | null =>
  snapshot.context.referenceId;
export const selectPaymentAmount = (snapshot: MobileMoneySnapshot): number => snapshot.context.amount;
