// What an unpaid MTN Mobile Money request to pay means for the student (issue 18), as a pure rule: the
// provider's status and reason, read as one of four outcomes, each with its own explanation, the truth
// about the money and a next step (docs/payments.md has the table). The mobileMoney machine, the checkout
// dialogs and the transactions tab all read it here, so a reason is classified once.
//
// Every outcome of a request to pay that did not succeed leaves the money where it was: MTN debits the
// wallet only when the payer approves and the debit goes through, which is a SUCCESSFUL status.

/**
 * - `refused`: the payer said no on the phone (or cancelled the prompt);
 * - `expired`: nobody approved it in time;
 * - `numberCannotPay`: this number cannot pay with MTN Mobile Money (no account, not allowed, at its limit);
 * - `failed`: MTN could not complete it (its own error, a balance too low, anything not known here).
 */
export type UnpaidOutcome = 'refused' | 'expired' | 'numberCannotPay' | 'failed';

/** What a payment's status reads as, in words the app translates: the four above, or where it stands. */
export type PaymentStanding = 'successful' | 'pending' | UnpaidOutcome;

/** The provider's answer about a request to pay: its status and, once it failed, why. */
export interface ProviderAnswer {
  readonly status: string;
  readonly reason?: string | null | undefined;
}

// Reasons of MTN's collection API (and the few statuses some providers use instead of FAILED + reason).
const REFUSED_REASONS = new Set([
  'APPROVAL_REJECTED',
  'PAYMENT_NOT_APPROVED',
  'TRANSACTION_CANCELED',
  'TRANSACTION_CANCELLED',
]);
const EXPIRED_REASONS = new Set(['EXPIRED', 'TIMEOUT']);
const NUMBER_REASONS = new Set(['PAYER_NOT_FOUND', 'NOT_ALLOWED', 'PAYER_LIMIT_REACHED']);
const REFUSED_STATUSES = new Set(['REJECTED', 'DECLINED', 'CANCELLED', 'CANCELED']);
const EXPIRED_STATUSES = new Set(['TIMEOUT', 'EXPIRED']);

/**
 * The outcome of a request to pay that ended without success. The reason decides when it names one of the
 * outcomes; else the status (REJECTED, TIMEOUT); anything else is `failed`, which promises nothing the
 * student could do differently beyond trying again.
 */
export function unpaidOutcome({ status, reason }: ProviderAnswer): UnpaidOutcome {
  const why = reason ?? '';
  if (REFUSED_REASONS.has(why)) return 'refused';
  if (EXPIRED_REASONS.has(why)) return 'expired';
  if (NUMBER_REASONS.has(why)) return 'numberCannotPay';
  if (REFUSED_STATUSES.has(status)) return 'refused';
  if (EXPIRED_STATUSES.has(status)) return 'expired';
  return 'failed';
}

/** Where a payment stands, for a list of payments (the transactions tab). */
export function paymentStanding(answer: ProviderAnswer): PaymentStanding {
  if (answer.status === 'SUCCESSFUL') return 'successful';
  if (answer.status === 'PENDING') return 'pending';
  return unpaidOutcome(answer);
}
