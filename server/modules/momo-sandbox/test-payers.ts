/**
 * The provider sandbox's documented test payers: each MSISDN forces one outcome of a request to pay.
 * Any other payer pays successfully after a short PENDING period.
 */
export type FailureReason =
  | 'INTERNAL_PROCESSING_ERROR'
  | 'APPROVAL_REJECTED'
  | 'EXPIRED'
  | 'PAYER_NOT_FOUND'
  | 'PAYEE_NOT_ALLOWED_TO_RECEIVE'
  | 'NOT_ALLOWED'
  | 'NOT_ALLOWED_TARGET_ENVIRONMENT'
  | 'INVALID_CALLBACK_URL_HOST'
  | 'INVALID_CURRENCY'
  | 'SERVICE_UNAVAILABLE'
  | 'COULD_NOT_PERFORM_TRANSACTION';

export type PayerOutcome =
  | { kind: 'fails'; reason: FailureReason }
  | { kind: 'staysPending' }
  /** `pending` = the ordinary short wait; `delayed` = the slow approval of 46733123454. */
  | { kind: 'succeeds'; after: 'pending' | 'delayed' };

export const TEST_PAYERS: Readonly<Record<string, PayerOutcome>> = {
  '46733123450': { kind: 'fails', reason: 'INTERNAL_PROCESSING_ERROR' },
  '46733123451': { kind: 'fails', reason: 'APPROVAL_REJECTED' },
  '46733123452': { kind: 'fails', reason: 'EXPIRED' },
  '46733123453': { kind: 'staysPending' },
  '46733123454': { kind: 'succeeds', after: 'delayed' },
  '46733123455': { kind: 'fails', reason: 'PAYER_NOT_FOUND' },
  '46733123456': { kind: 'fails', reason: 'PAYEE_NOT_ALLOWED_TO_RECEIVE' },
  '46733123457': { kind: 'fails', reason: 'NOT_ALLOWED' },
  '46733123458': { kind: 'fails', reason: 'NOT_ALLOWED_TARGET_ENVIRONMENT' },
  '46733123459': { kind: 'fails', reason: 'INVALID_CALLBACK_URL_HOST' },
  '46733123460': { kind: 'fails', reason: 'INVALID_CURRENCY' },
  '46733123461': { kind: 'fails', reason: 'INTERNAL_PROCESSING_ERROR' },
  '46733123462': { kind: 'fails', reason: 'SERVICE_UNAVAILABLE' },
  '46733123463': { kind: 'fails', reason: 'COULD_NOT_PERFORM_TRANSACTION' },
};

const ORDINARY_PAYER: PayerOutcome = { kind: 'succeeds', after: 'pending' };

/**
 * The app only accepts Cameroonian numbers (237 + at least 9 digits), so `237` followed by a test
 * payer stands for that test payer; a leading `+` is tolerated as E.164 allows it.
 */
export function testPayerNumber(partyId: string): string | undefined {
  const digits = partyId.trim().replace(/^\+/, '');
  if (digits in TEST_PAYERS) return digits;
  if (digits.startsWith('237') && digits.slice(3) in TEST_PAYERS) return digits.slice(3);
  return undefined;
}

export function outcomeFor(partyId: string): PayerOutcome {
  const testPayer = testPayerNumber(partyId);
  return (testPayer && TEST_PAYERS[testPayer]) || ORDINARY_PAYER;
}
