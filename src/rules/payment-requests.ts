import type { MakePaymentRequest, RequestToPayPayload } from '../../contract/payments';
import type { PlaceOrderPayload } from '../../contract/shop';
import type { CartItem } from '../../machines/types';
import { ApiError } from './api-errors';

// What a mobile money payment sends to the server (docs/api.md "Payments"), and which failures end it. The
// checkout and mobile money machines decide when; these decide what.

/** The mobile money order reference of docs/product.md §7: ORDER_{userId}_{timestamp}. */
export function makeExternalId(userId: string, now: number): string {
  return `ORDER_${userId}_${now}`;
}

/** What the student's statement shows for the payment: subjects, or a shop order. */
export const PAYER_MESSAGE = 'StudyCam subjects';
export const ORDER_PAYER_MESSAGE = 'StudyCam shop';

/** The request to pay of a cart: the server prices it again from the items; the amount is the provider's. */
export function requestToPayPayload(
  payment: { phone: string; items: readonly CartItem[]; amount: number },
  userId: string,
  now: number,
): RequestToPayPayload {
  return {
    amount: String(payment.amount),
    currency: 'XAF',
    externalId: makeExternalId(userId, now),
    payer: { partyIdType: 'MSISDN', partyId: payment.phone.trim() },
    payerMessage: PAYER_MESSAGE,
    payeeNote: payment.items.map((item) => item.subjectTitle).join(', '),
    items: payment.items.map((item) => ({ subjectId: item._id, amount: item.amount })),
  };
}

/**
 * The request to pay of a shop order (issue 8): one product line, priced again by the server, delivered to
 * the town; the externalId is the one an unanswered attempt at the same order keeps.
 */
export function placeOrderPayload(
  line: { _id: string; subjectTitle: string; amount: number; town: string },
  payment: { phone: string; amount: number },
  externalId: string,
): PlaceOrderPayload {
  return {
    productId: line._id,
    quantity: line.amount,
    town: line.town,
    amount: String(payment.amount),
    currency: 'XAF',
    externalId,
    payer: { partyIdType: 'MSISDN', partyId: payment.phone.trim() },
    payerMessage: ORDER_PAYER_MESSAGE,
    // The provider takes at most 160 characters.
    payeeNote: `${line.amount} × ${line.subjectTitle}`.slice(0, 160),
  };
}

/** The checkout's completion of a settled payment: the server checks the titles and total against it. */
export function makePaymentsPayload(order: {
  user: { id: string; username: string };
  items: readonly CartItem[];
  totalCost: number;
  referenceId: string;
}): MakePaymentRequest {
  return {
    id: order.user.id,
    username: order.user.username,
    // docs/product.md §6: STUDENT is the only role, and the default; the payment payload carries it.
    role: 'STUDENT',
    paidSubjects: order.items.map((item) => item.subjectTitle),
    totalCost: order.totalCost,
    referenceId: order.referenceId,
  };
}

/**
 * Whether a failed payment call is the server's final word: a refusal (4xx) is; no answer at all (offline,
 * status 0) or a server failure (5xx) is not, and the payment stays resumable.
 */
export function isFinalRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
