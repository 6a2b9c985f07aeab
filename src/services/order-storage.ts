import type { CartItem } from '../../contract/payments';
import type { AppStorage, PendingPayment } from './storage';
import { isPendingPayment, isRecord } from './storage';

/** Local storage keys of the shop's order checkout (issue 8), beside storage.ts's STORAGE_KEYS. */
export const ORDER_STORAGE_KEYS = {
  /** A shop order's payment in progress, kept apart so the cart's checkout never resumes it. */
  pendingOrder: 'pending_order',
  /** A shop order sent without an answer yet: its externalId is sent again instead of a new one. */
  orderAttempt: 'order_attempt',
} as const;

/** A shop order's payment in progress: its one line is the product (amount = quantity) and the town. */
export interface PendingOrder extends PendingPayment {
  items: readonly (CartItem & { town: string })[];
}

/** A shop order sent to the server and not answered yet (a lost connection, a reload): what, under which id. */
export interface OrderAttempt {
  externalId: string;
  productId: string;
  quantity: number;
  town: string;
  phone: string;
  /** Epoch ms of the first sending. */
  at: number;
}

export function isPendingOrder(value: unknown): value is PendingOrder {
  return (
    isPendingPayment(value) &&
    value.items.length === 1 &&
    value.items.every((item) => typeof (item as { town?: unknown }).town === 'string')
  );
}

export function isOrderAttempt(value: unknown): value is OrderAttempt {
  return (
    isRecord(value) &&
    typeof value.externalId === 'string' &&
    typeof value.productId === 'string' &&
    typeof value.quantity === 'number' &&
    typeof value.town === 'string' &&
    typeof value.phone === 'string' &&
    typeof value.at === 'number'
  );
}

/**
 * What the shop's order checkout keeps on the device (issue 8), through the app's one storage bridge: the
 * pending order, under its own key so the cart's checkout never resumes it, and the unanswered attempt.
 * Loaded with the order checkout, not with the first screen.
 */
export function createOrderStorage(storage: AppStorage) {
  return {
    getPendingOrder: () => storage.getRecord(ORDER_STORAGE_KEYS.pendingOrder, isPendingOrder),
    setPendingOrder: (order: PendingOrder) => storage.setRecord(ORDER_STORAGE_KEYS.pendingOrder, order),
    removePendingOrder: () => storage.removeRecord(ORDER_STORAGE_KEYS.pendingOrder),
    getOrderAttempt: () => storage.getRecord(ORDER_STORAGE_KEYS.orderAttempt, isOrderAttempt),
    setOrderAttempt: (attempt: OrderAttempt) => storage.setRecord(ORDER_STORAGE_KEYS.orderAttempt, attempt),
    removeOrderAttempt: () => storage.removeRecord(ORDER_STORAGE_KEYS.orderAttempt),
  };
}

export type OrderStorage = ReturnType<typeof createOrderStorage>;
