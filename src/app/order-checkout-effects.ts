import { type ActorRefFrom, fromPromise } from 'xstate';
import type { languageMachine } from '../../machines/language';
import {
  type CheckStatusInput,
  type CheckStatusOutput,
  mobileMoneyMachine,
  type RequestToPayInput,
  type RequestToPayOutput,
} from '../../machines/mobileMoney';
import {
  isOrderLine,
  type LoadOrderInput,
  type OrderLine,
  orderCheckoutMachine,
  type PlacedOrder,
} from '../../machines/orderCheckout';
import type { sessionMachine } from '../../machines/session';
import type { PendingPayment } from '../../machines/types';
import { createOrderEndpoints, type OrderEndpoints } from '../services/api/order-endpoints';
import type { Order } from '../services/api/types';
import {
  createOrderStorage,
  type OrderAttempt,
  type OrderStorage,
  type PendingOrder,
} from '../services/order-storage';
import { isFinalRefusal, makeExternalId, placeOrderPayload } from '../services/payments/payment-requests';
import type { AppEffects } from './app-effects';
import type { UiStore } from './ui-store';

/**
 * An order sent without an answer (a lost connection, a reload) is sent again under the same externalId for
 * this long, so the server answers with the order it may already have made instead of making a second one.
 * The server's own window for reusing a pending order of the same line and payer is the same 15 minutes.
 */
export const ORDER_ATTEMPT_REUSE_MS = 15 * 60_000;

/** The order checkout's view of the app: its effects, the logged-in student and the language. */
export interface OrderCheckoutEffects {
  api: OrderEndpoints;
  storage: OrderStorage;
  ui: UiStore;
  now: () => number;
  navigate: (path: string) => void;
  describeError: (error: unknown) => string;
  /** The logged-in student's id: the externalId is ORDER_{userId}_{timestamp} (docs/product.md §7). */
  userId: () => string;
  language: () => 'en' | 'fr';
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

/** The server's order as the confirmation shows it, in the student's language. */
export function placedOrderOf(order: Order, lang: 'en' | 'fr'): PlacedOrder {
  return {
    referenceId: order.referenceId,
    status: order.status,
    title: order.title[lang],
    quantity: order.quantity,
    town: order.town,
    totalCost: order.totalCost,
  };
}

/**
 * The externalId for this order: the one of an unanswered attempt at the same line and payer (kept in
 * storage across retries and reloads), else a new one, which is kept until the server answers.
 */
function externalIdFor(fx: OrderCheckoutEffects, line: OrderLine, phone: string): string {
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

/** A pending order read from the server as the mobile money machine resumes it: the same reference. */
export function pendingOrderOf(order: Order, lang: 'en' | 'fr', now: number): PendingOrder {
  const startedAt = Date.parse(order.createdAt);
  return {
    referenceId: order.referenceId,
    startedAt: Number.isFinite(startedAt) ? startedAt : now,
    phone: order.msisdn ?? '',
    items: [
      {
        _id: order.productId,
        subjectTitle: order.title[lang],
        pictureurl: order.picture ?? '',
        price: order.unitPrice,
        amount: order.quantity,
        town: order.town,
      },
    ],
    amount: order.totalCost,
  };
}

/**
 * The shop's order checkout with the app's effects (issue 8): the same mobile money machine as the cart,
 * whose request places the order (`POST shop/orders`) and whose pending payment is kept under its own key,
 * so the cart's checkout never resumes an order. Loaded with the product screen, not the landing page.
 */
export function provideOrderCheckout(
  app: AppEffects,
  {
    session,
    language,
  }: { session: ActorRefFrom<typeof sessionMachine>; language: ActorRefFrom<typeof languageMachine> },
) {
  if (!app.client) throw new Error('The order checkout needs the API client');
  const fx: OrderCheckoutEffects = {
    ...app,
    api: createOrderEndpoints(app.client),
    storage: createOrderStorage(app.storage),
    userId: () => session.getSnapshot().context.user?.id ?? '',
    language: () => (language.getSnapshot().context.language === 'fr' ? 'fr' : 'en'),
  };
  const mobileMoney = mobileMoneyMachine.provide({
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
  });

  const logic = orderCheckoutMachine.provide({
    actors: {
      mobileMoney,
      loadOrder: fromPromise<PlacedOrder, LoadOrderInput>(async ({ input }) => {
        try {
          const { order } = await fx.api.fetchOrder(input.referenceId);
          return placedOrderOf(order, fx.language());
        } catch (error) {
          throw new Error(fx.describeError(error));
        }
      }),
    },
    actions: {
      showAlert: (_, alert) => fx.ui.showAlert(alert),
      clearPending: () => fx.storage.removePendingOrder(),
      navigate: (_, { to }) => fx.navigate(`/${to}`),
    },
  });

  return {
    logic,
    /**
     * The order payment to resume on this product's page: the one kept on this device (a reload mid-poll),
     * or the one the transactions tab links to (`?order=`), read from the server while still PENDING.
     * Null: the page starts a new order.
     */
    async findPending(productId: string, referenceId: string | null): Promise<PendingOrder | null> {
      const kept = fx.storage.getPendingOrder();
      const keptHere = kept?.items[0]?._id === productId ? kept : null;
      if (referenceId === null || keptHere?.referenceId === referenceId) return keptHere;
      try {
        const { order } = await fx.api.fetchOrder(referenceId);
        if (order.productId !== productId || order.paymentStatus !== 'PENDING') return keptHere;
        return pendingOrderOf(order, fx.language(), fx.now());
      } catch {
        // Unreadable now: the page still opens, and the transactions tab keeps the order to resume later.
        return keptHere;
      }
    },
  };
}

export type OrderCheckout = ReturnType<typeof provideOrderCheckout>;
export type OrderCheckoutLogic = OrderCheckout['logic'];
