import { fromPromise } from 'xstate';
import type { Alert } from '../../machines/messages';
import type {
  CheckStatusInput,
  CheckStatusOutput,
  mobileMoneyMachine,
  RequestToPayInput,
  RequestToPayOutput,
} from '../../machines/mobileMoney';
import type { OrderLine } from '../../machines/orderCheckout';
import { isOrderLine } from '../../machines/orderCheckout';
import type { PendingPayment } from '../../machines/types';
import {
  isFinalRefusal,
  makeExternalId,
  placeOrderPayload,
  requestToPayPayload,
} from '../rules/payment-requests';
import type { Endpoints } from '../services/api/endpoints';
import type { OrderEndpoints } from '../services/api/order-endpoints';
import type { OrderAttempt, OrderStorage } from '../services/order-storage';
import type { AppStorage } from '../services/storage';

// The mobile money machine pays for two things: the cart's subjects (with the checkout machine) and a shop
// order (with the order checkout). Each payer's request and pending payment are its own, written here.

type MobileMoneyImplementations = Parameters<typeof mobileMoneyMachine.provide>[0];

/** What a mobile money payment reaches besides its API: the alert, the clock, the error's words. */
interface PaymentDeps {
  ui: { showAlert(alert: Alert): void };
  now: () => number;
  describeError: (error: unknown) => string;
}

export interface CartPaymentDeps extends PaymentDeps {
  api: Pick<Endpoints, 'requestToPay' | 'getPaymentStatus'>;
  storage: Pick<AppStorage, 'setPendingPayment' | 'removePendingPayment'>;
  /** The logged-in student's id, the payment's payer. */
  userId: () => string;
}

/** The cart's payment: the subjects are asked for, the pending payment is kept under the cart's key. */
export function cartMobileMoneyActors(fx: CartPaymentDeps): MobileMoneyImplementations {
  return {
    actors: {
      requestToPay: fromPromise<RequestToPayOutput, RequestToPayInput>(async ({ input }) => {
        try {
          const { referenceId } = await fx.api.requestToPay(
            requestToPayPayload(input, fx.userId(), fx.now()),
          );
          return { referenceId };
        } catch (error) {
          throw new Error(fx.describeError(error));
        }
      }),
      checkStatus: fromPromise<CheckStatusOutput, CheckStatusInput>(async ({ input }) => {
        const { status, reason } = await fx.api.getPaymentStatus(input.referenceId);
        return reason ? { status, reason } : { status };
      }),
    },
    actions: {
      showAlert: (_, alert) => fx.ui.showAlert(alert),
      persistPending: (_, pending) =>
        void fx.storage.setPendingPayment({ ...pending, items: [...pending.items] }),
      clearPending: () => fx.storage.removePendingPayment(),
    },
  };
}

/**
 * An order sent without an answer (a lost connection, a reload) is sent again under the same externalId for
 * this long, so the server answers with the order it may already have made instead of making a second one.
 * The server's own window for reusing a pending order of the same line and payer is the same 15 minutes.
 */
export const ORDER_ATTEMPT_REUSE_MS = 15 * 60_000;

export interface OrderPaymentDeps extends PaymentDeps {
  api: Pick<OrderEndpoints, 'placeOrder' | 'fetchOrder'>;
  storage: OrderStorage;
  /** The logged-in student's id: the externalId is ORDER_{userId}_{timestamp} (docs/product.md §7). */
  userId: () => string;
}

function orderLineOf(input: RequestToPayInput): OrderLine {
  const [line] = input.items;
  if (input.items.length !== 1 || line === undefined || !isOrderLine(line)) {
    throw new Error('An order pays for exactly one product line');
  }
  return line;
}

function sameAttempt(attempt: OrderAttempt, line: OrderLine, phone: string): boolean {
  return (
    attempt.productId === line._id &&
    attempt.quantity === line.amount &&
    attempt.town === line.town &&
    attempt.phone === phone
  );
}

/**
 * The externalId for this order: the one of an unanswered attempt at the same line and payer (kept in
 * storage across retries and reloads), else a new one, which is kept until the server answers.
 */
function externalIdFor(fx: OrderPaymentDeps, line: OrderLine, phone: string): string {
  const now = fx.now();
  const kept = fx.storage.getOrderAttempt();
  if (kept && sameAttempt(kept, line, phone) && now - kept.at < ORDER_ATTEMPT_REUSE_MS) {
    return kept.externalId;
  }
  const externalId = makeExternalId(fx.userId(), now);
  fx.storage.setOrderAttempt({
    externalId,
    productId: line._id,
    quantity: line.amount,
    town: line.town,
    phone,
    at: now,
  });
  return externalId;
}

/**
 * A shop order's payment (issue 8): the request places the order (`POST shop/orders`) and the pending payment
 * is kept under the order's own key, so the cart's checkout never resumes an order.
 */
export function orderMobileMoneyActors(fx: OrderPaymentDeps): MobileMoneyImplementations {
  return {
    actors: {
      requestToPay: fromPromise<RequestToPayOutput, RequestToPayInput>(async ({ input }) => {
        const line = orderLineOf(input);
        const phone = input.phone.trim();
        const externalId = externalIdFor(fx, line, phone);
        try {
          const { referenceId } = await fx.api.placeOrder(
            placeOrderPayload(line, { phone, amount: input.amount }, externalId),
          );
          fx.storage.removeOrderAttempt();
          return { referenceId };
        } catch (error) {
          // A refusal (out of stock, a changed price) made nothing: the next attempt is a new order. With
          // no answer at all the order may exist, so the attempt and its externalId are kept.
          if (isFinalRefusal(error)) {
            fx.storage.removeOrderAttempt();
          }
          throw new Error(fx.describeError(error));
        }
      }),
      // The order's own read: the same provider status, and the shop's stock is read again after it.
      checkStatus: fromPromise<CheckStatusOutput, CheckStatusInput>(async ({ input }) => {
        const { order } = await fx.api.fetchOrder(input.referenceId);
        return order.reason
          ? { status: order.paymentStatus, reason: order.reason }
          : { status: order.paymentStatus };
      }),
    },
    actions: {
      showAlert: (_, alert) => fx.ui.showAlert(alert),
      persistPending: (_, pending: PendingPayment) => {
        const [line] = pending.items;
        if (line === undefined || !isOrderLine(line)) return;
        void fx.storage.setPendingOrder({ ...pending, items: [{ ...line }] });
      },
      clearPending: () => fx.storage.removePendingOrder(),
    },
  };
}
