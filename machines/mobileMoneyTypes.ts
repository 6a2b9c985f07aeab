import { PAYMENT_POLL_ROUND_MS } from '../contract/rules/payment-timing';
import type { CartItem, PendingPayment } from './types';

// The mobileMoney machine's data: its timing, its events, and what its effects take and give
// (machines/mobileMoney.ts). The paying number's rule is the server's own, contract/rules/payer-phone.ts.

export const MOBILE_MONEY_DELAYS = {
  firstPoll: 3_000,
  pollEvery: 2_000,
  /** Upper bound of one polling round, counted from `pollingSince`; overridable through the input. */
  pollDeadline: PAYMENT_POLL_ROUND_MS,
} as const;

export type PaymentStatus = 'SUCCESSFUL' | 'PENDING' | (string & {});

export interface RequestToPayInput {
  readonly phone: string;
  readonly items: readonly CartItem[];
  readonly amount: number;
}
export interface RequestToPayOutput {
  readonly referenceId: string;
}
export interface CheckStatusInput {
  readonly referenceId: string;
}
export interface CheckStatusOutput {
  readonly status: PaymentStatus;
  readonly reason?: string;
}

export type MobileMoneyEvent =
  | { type: 'payment.phoneChanged'; phone: string }
  /** `now` is the app's clock: it becomes the payment's `startedAt`. */
  | { type: 'payment.submitPhone'; now: number }
  | { type: 'payment.cancel' }
  /** From `suspended`: poll again with a fresh deadline counted from `now`. */
  | { type: 'payment.resume'; now: number }
  /** From `suspended`: stop watching; the payment stays persisted for the transactions tab. */
  | { type: 'payment.abandon' }
  /** From `notCompleted` ("Try again"): a new payment, same number and order, requested at `now`. */
  | { type: 'payment.retry'; now: number }
  /** From `notCompleted` ("Use another number"): back to the phone prompt, prefilled with the number used. */
  | { type: 'payment.changeNumber' }
  /** From `notCompleted` (OK): the student leaves it there; nothing is left to resume. */
  | { type: 'payment.dismiss' };

export type MobileMoneyInput = {
  /** The app's clock when the machine starts. */
  readonly now: number;
  readonly pollDeadline?: number;
} & (
  | { readonly pending: PendingPayment }
  | { readonly pending?: undefined; readonly items: readonly CartItem[]; readonly amount: number }
);

export type MobileMoneyOutput =
  | {
      readonly outcome: 'succeeded';
      readonly referenceId: string;
      readonly items: readonly CartItem[];
      readonly amount: number;
    }
  | { readonly outcome: 'failed' | 'cancelled' | 'abandoned' };

export interface MobileMoneyContext {
  readonly phone: string;
  readonly items: readonly CartItem[];
  readonly amount: number;
  readonly referenceId: string | null;
  /** When the payment was requested; persisted with the reference. */
  readonly startedAt: number | null;
  /** The latest time the app told the machine (input or event); the machine has no clock of its own. */
  readonly now: number;
  /** Start of the current polling round: the deadline is `pollingSince + pollDeadline`. */
  readonly pollingSince: number | null;
  readonly pollDeadline: number;
  /** Set when the polling deadline passes; the next unanswered or PENDING check then suspends. */
  readonly deadlinePassed: boolean;
  readonly lastStatus: PaymentStatus | null;
  /** The provider's reason with the last status (a FAILED one says why). */
  readonly lastReason: string | null;
}

/**
 * The text of a failed request, or null when it carries none (the machine then shows its own message). Also
 * the order checkout's, which pays through this machine.
 */
export function failureMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return null;
}
