import { describe, expect, it } from 'vitest';
import { paymentStanding, unpaidOutcome } from '../../contract/rules/payment-outcome';

// Issue 18: what an MTN Mobile Money status and reason mean for the student (docs/payments.md's table).

describe('a request to pay that did not complete', () => {
  it.each([
    // The payer said no, or cancelled the prompt.
    ['FAILED', 'APPROVAL_REJECTED', 'refused'],
    ['FAILED', 'PAYMENT_NOT_APPROVED', 'refused'],
    ['FAILED', 'TRANSACTION_CANCELED', 'refused'],
    ['REJECTED', undefined, 'refused'],
    // Nobody approved it in time.
    ['FAILED', 'EXPIRED', 'expired'],
    ['TIMEOUT', undefined, 'expired'],
    // The number cannot pay with MTN Mobile Money.
    ['FAILED', 'PAYER_NOT_FOUND', 'numberCannotPay'],
    ['FAILED', 'NOT_ALLOWED', 'numberCannotPay'],
    ['FAILED', 'PAYER_LIMIT_REACHED', 'numberCannotPay'],
    // MTN could not complete it, or nothing more is known.
    ['FAILED', 'INTERNAL_PROCESSING_ERROR', 'failed'],
    ['FAILED', 'SERVICE_UNAVAILABLE', 'failed'],
    ['FAILED', 'COULD_NOT_PERFORM_TRANSACTION', 'failed'],
    ['FAILED', 'NOT_ENOUGH_FUNDS', 'failed'],
    ['FAILED', 'PAYEE_NOT_ALLOWED_TO_RECEIVE', 'failed'],
    ['FAILED', 'RESOURCE_NOT_FOUND', 'failed'],
    ['FAILED', undefined, 'failed'],
    ['SOMETHING_NEW', undefined, 'failed'],
  ] as const)('%s with %s reads as %s', (status, reason, outcome) => {
    expect(unpaidOutcome({ status, reason })).toBe(outcome);
  });

  it('reads the reason before the status', () => {
    expect(unpaidOutcome({ status: 'REJECTED', reason: 'EXPIRED' })).toBe('expired');
  });
});

describe('where a payment stands, for the transactions tab', () => {
  it.each([
    [{ status: 'SUCCESSFUL' }, 'successful'],
    [{ status: 'PENDING', reason: null }, 'pending'],
    [{ status: 'FAILED', reason: 'APPROVAL_REJECTED' }, 'refused'],
    [{ status: 'TIMEOUT', reason: null }, 'expired'],
  ] as const)('%j stands %s', (answer, standing) => {
    expect(paymentStanding(answer)).toBe(standing);
  });
});
