import { fromPromise } from 'xstate';
import type { Order } from '../../contract/shop';
import type { Alert } from '../../machines/messages';
import type { LoadOrderInput, orderCheckoutMachine, PlacedOrder } from '../../machines/orderCheckout';
import type { OrderEndpoints } from '../services/api/order-endpoints';
import type { OrderStorage, PendingOrder } from '../services/order-storage';

type OrderCheckoutImplementations = Parameters<typeof orderCheckoutMachine.provide>[0];

/** The order checkout's view of the app: its effects, the logged-in student and the language. */
export interface OrderCheckoutEffects {
  api: OrderEndpoints;
  storage: OrderStorage;
  ui: { showAlert(alert: Alert): void };
  now: () => number;
  navigate: (path: string) => void;
  describeError: (error: unknown) => string;
  /** The logged-in student's id: the externalId is ORDER_{userId}_{timestamp} (docs/product.md §7). */
  userId: () => string;
  language: () => 'en' | 'fr';
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

/** The order checkout machine's effects; `mobileMoney` is the mobile money machine provided for orders. */
export function orderCheckoutActors(
  fx: OrderCheckoutEffects,
  mobileMoney: NonNullable<OrderCheckoutImplementations['actors']>['mobileMoney'],
): OrderCheckoutImplementations {
  return {
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
  };
}

/**
 * The order payment to resume on this product's page: the one kept on this device (a reload mid-poll),
 * or the one the transactions tab links to (`?order=`), read from the server while still PENDING.
 * Null: the page starts a new order.
 */
export async function findPendingOrder(
  fx: OrderCheckoutEffects,
  productId: string,
  referenceId: string | null,
): Promise<PendingOrder | null> {
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
}

/** The product page's own action: the machine asks for the product again after its stock moved. */
export function orderPageActors(reloadProduct: () => void): OrderCheckoutImplementations {
  return { actions: { productMayHaveChanged: () => reloadProduct() } };
}
