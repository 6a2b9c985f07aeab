import * as z from 'zod/mini';
import { cartItemSchema, pendingPaymentSchema } from '../../contract/stored';
import type { AppStorage } from './storage';
import { createStoredRecords } from './stored-records';

/** Local storage keys of the shop's order checkout (issue 8), beside storage.ts's STORAGE_KEYS. */
export const ORDER_STORAGE_KEYS = {
  /** A shop order's payment in progress, kept apart so the cart's checkout never resumes it. */
  pendingOrder: 'pending_order',
  /** A shop order sent without an answer yet: its externalId is sent again instead of a new one. */
  orderAttempt: 'order_attempt',
} as const;

/** A shop order's payment in progress: its one line is the product (amount = quantity) and the town. */
export const pendingOrderSchema = z.extend(pendingPaymentSchema, {
  items: z.readonly(z.tuple([z.extend(cartItemSchema, { town: z.string() })])),
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;

/** A shop order sent to the server and not answered yet (a lost connection, a reload): what, under which id. */
export const orderAttemptSchema = z.object({
  externalId: z.string(),
  productId: z.string(),
  quantity: z.number(),
  town: z.string(),
  phone: z.string(),
  /** Epoch ms of the first sending. */
  at: z.number(),
});
export type OrderAttempt = z.infer<typeof orderAttemptSchema>;

/**
 * What the shop's order checkout keeps on the device (issue 8), through the app's one storage bridge: the
 * pending order, under its own key so the cart's checkout never resumes it, and the unanswered attempt.
 * Loaded with the order checkout, not with the first screen.
 */
export function createOrderStorage(storage: AppStorage) {
  const records = createStoredRecords(storage);
  return {
    getPendingOrder: () => records.getRecord(ORDER_STORAGE_KEYS.pendingOrder, pendingOrderSchema),
    setPendingOrder: (order: PendingOrder) => storage.setRecord(ORDER_STORAGE_KEYS.pendingOrder, order),
    removePendingOrder: () => storage.removeRecord(ORDER_STORAGE_KEYS.pendingOrder),
    getOrderAttempt: () => records.getRecord(ORDER_STORAGE_KEYS.orderAttempt, orderAttemptSchema),
    setOrderAttempt: (attempt: OrderAttempt) => storage.setRecord(ORDER_STORAGE_KEYS.orderAttempt, attempt),
    removeOrderAttempt: () => storage.removeRecord(ORDER_STORAGE_KEYS.orderAttempt),
  };
}

export type OrderStorage = ReturnType<typeof createOrderStorage>;
