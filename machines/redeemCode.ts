import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { CodeCheck } from '../contract/rules/access-code';
import { checkCode } from '../contract/rules/access-code';
import type { Alert } from './messages';
import { notProvided } from './notProvided';
import type { User } from './types';

// Redeeming an access code (issue 20): the student types or pastes a code (or opens a card's link, which
// fills it in) and sends it. A code whose check symbol does not match is caught here, before any request,
// with what is wrong with it; the server then accepts it (the student's new access, the same success
// alert as a payment, study-sections), refuses it with its own message (wrong, spent, expired, withdrawn),
// or holds the student back for a while after too many codes that gave nothing. The request is the app's,
// provided with `provide()`.

/** What is wrong with what was typed, found without the server (contract/rules/access-code.ts). */
export type CodeProblem = Extract<CodeCheck, { ok: false }>['problem'];

export interface RedeemInput {
  /** The code of the link that opened the screen (`#/redeem?code=…`), or ''. */
  readonly code: string;
}

export interface RedeemRequest {
  /** The code as printed (canonical form), never what was typed. */
  readonly code: string;
}

export interface RedeemOutput {
  readonly user: User;
  /** The server's message: what the code gave and until when. */
  readonly msg: string;
}

/**
 * What the provided request throws when the code gave nothing: the message to show (the server's, or the
 * app's for a lost connection), and for a student held back, how long until the next try.
 */
export interface RedeemFailure {
  readonly message: string;
  readonly retryAfterMs?: number;
}

export type RedeemEvent = { type: 'code.change'; value: string } | { type: 'code.submit' };

export interface RedeemContext {
  readonly code: string;
  readonly problem: CodeProblem | null;
  /** The refusal's message, while refused or held back. */
  readonly error: string | null;
  readonly retryAfterMs: number;
}

/** Where a student goes with a code redeemed: to study, as after a payment. */
export const ROUTE_AFTER_REDEEM = 'study-sections';

function failureOf(error: unknown): RedeemFailure {
  if (typeof error === 'object' && error !== null && typeof (error as RedeemFailure).message === 'string') {
    const failure = error as RedeemFailure;
    return failure.retryAfterMs === undefined
      ? { message: failure.message }
      : { message: failure.message, retryAfterMs: failure.retryAfterMs };
  }
  return { message: String(error) };
}

const problemOf = (code: string): CodeProblem | null => {
  const checked = checkCode(code);
  return checked.ok ? null : checked.problem;
};

export const redeemCodeMachine = setup({
  types: {
    context: {} as RedeemContext,
    events: {} as RedeemEvent,
    input: {} as RedeemInput,
  },
  actors: {
    redeem: notProvided<RedeemOutput, RedeemRequest>('redeem'),
  },
  actions: {
    /** The new user (paid subjects and expiries) into the session and the device. */
    storeUser: (_, _params: { user: User }) => {},
    showAlert: (_, _params: Alert) => {},
    navigate: (_, _params: { to: string }) => {},
    findProblem: assign({ problem: ({ context }) => problemOf(context.code) }),
    /** What was typed replaces the code; what was said about the previous one goes. */
    typed: assign(({ event }) =>
      event.type === 'code.change' ? { code: event.value, problem: null, error: null } : {},
    ),
  },
  guards: {
    wellFormed: ({ context }) => checkCode(context.code).ok,
    heldBack: ({ event }) => failureOf((event as { error?: unknown }).error).retryAfterMs !== undefined,
  },
  delays: {
    /** Until the server takes a code again (its Retry-After). */
    retryWait: ({ context }) => context.retryAfterMs,
  },
}).createMachine({
  id: 'redeemCode',
  context: ({ input }) => ({ code: input.code, problem: null, error: null, retryAfterMs: 0 }),
  initial: 'typing',
  states: {
    typing: {
      on: {
        'code.change': { actions: 'typed' },
        'code.submit': [
          { guard: 'wellFormed', target: 'checking', actions: assign({ problem: null, error: null }) },
          { actions: 'findProblem' },
        ],
      },
    },
    checking: {
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => {
          const checked = checkCode(context.code);
          return { code: checked.ok ? checked.code : context.code };
        },
        onDone: {
          target: 'redeemed',
          actions: [
            { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
            {
              type: 'showAlert',
              params: ({ event }) => ({ key: 'serverMessage', params: { message: event.output.msg } }),
            },
            { type: 'navigate', params: { to: ROUTE_AFTER_REDEEM } },
          ],
        },
        onError: [
          {
            guard: 'heldBack',
            target: 'throttled',
            actions: assign(({ event }) => {
              const failure = failureOf(event.error);
              return { error: failure.message, retryAfterMs: failure.retryAfterMs ?? 0 };
            }),
          },
          { target: 'refused', actions: assign({ error: ({ event }) => failureOf(event.error).message }) },
        ],
      },
    },
    refused: {
      on: {
        'code.change': { target: 'typing', actions: 'typed' },
        // The same code again (after a lost connection, say).
        'code.submit': { target: 'checking', actions: assign({ error: null }) },
      },
    },
    throttled: {
      // The student may correct the code meanwhile; sending waits for the server's delay.
      on: { 'code.change': { actions: assign({ code: ({ event }) => event.value, problem: null }) } },
      after: { retryWait: { target: 'typing', actions: assign({ error: null, retryAfterMs: 0 }) } },
    },
    redeemed: { type: 'final' },
  },
});

export type RedeemSnapshot = SnapshotFrom<typeof redeemCodeMachine>;

export const selectRedeemCode = (snapshot: RedeemSnapshot): string => snapshot.context.code;
/** What is wrong with the code typed (a message key under `redeem.problem.`), found before any request. */
export const selectCodeProblem = (snapshot: RedeemSnapshot): CodeProblem | null => snapshot.context.problem;
export const selectRedeemError = (snapshot: RedeemSnapshot): string | null => snapshot.context.error;
export const selectIsChecking = (snapshot: RedeemSnapshot): boolean => snapshot.matches('checking');
export const selectIsHeldBack = (snapshot: RedeemSnapshot): boolean => snapshot.matches('throttled');
export const selectIsRedeemed = (snapshot: RedeemSnapshot): boolean => snapshot.matches('redeemed');
