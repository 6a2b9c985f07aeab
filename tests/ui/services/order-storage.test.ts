import { beforeEach, describe, expect, it } from 'vitest';
import {
  createOrderStorage,
  ORDER_STORAGE_KEYS,
  orderAttemptSchema,
  type PendingOrder,
  pendingOrderSchema,
} from '../../../src/services/order-storage';
import { createAppStorage } from '../../../src/services/storage';
import { createStoredRecords } from '../../../src/services/stored-records';

const isPendingOrder = (value: unknown) => pendingOrderSchema.safeParse(value).success;
const isOrderAttempt = (value: unknown) => orderAttemptSchema.safeParse(value).success;

const line = {
  _id: 'prod-calculator',
  subjectTitle: 'Scientific calculator',
  pictureurl: '/c.webp',
  price: 8500,
  amount: 2,
  town: 'Bamenda',
};
const pending: PendingOrder = {
  referenceId: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
  startedAt: 1_760_000_000_000,
  phone: '237670000001',
  items: [line],
  amount: 17_000,
};
const attempt = {
  externalId: 'ORDER_u1_1760000000000',
  productId: 'prod-calculator',
  quantity: 2,
  town: 'Bamenda',
  phone: '237670000001',
  at: 1_760_000_000_000,
};

beforeEach(() => window.localStorage.clear());

describe('the order checkout on the device', () => {
  it('keeps the pending order and the unanswered attempt under keys of their own, versioned', () => {
    const storage = createAppStorage(window.localStorage);
    const orders = createOrderStorage(storage);
    expect(orders.setPendingOrder(pending)).toBe(true);
    expect(orders.setOrderAttempt(attempt)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(ORDER_STORAGE_KEYS.pendingOrder) ?? '')).toEqual({
      v: 1,
      data: pending,
    });
    expect(orders.getPendingOrder()).toEqual(pending);
    expect(orders.getOrderAttempt()).toEqual(attempt);
    // The cart's checkout never sees an order as its own pending payment.
    expect(createStoredRecords(storage).getPendingPayment()).toBeNull();
    orders.removePendingOrder();
    orders.removeOrderAttempt();
    expect(orders.getPendingOrder()).toBeNull();
    expect(orders.getOrderAttempt()).toBeNull();
  });

  it('reads a subject payment, several lines, a line without town or a broken record as nothing', () => {
    expect(isPendingOrder(pending)).toBe(true);
    expect(isPendingOrder({ ...pending, items: [{ ...line, town: undefined }] })).toBe(false);
    expect(isPendingOrder({ ...pending, items: [line, line] })).toBe(false);
    expect(isPendingOrder({ ...pending, referenceId: 7 })).toBe(false);
    expect(isPendingOrder({ ...pending, items: [] })).toBe(false);
    expect(isPendingOrder({ ...pending, items: [{ ...line, amount: 0 }] })).toBe(false);
    expect(isOrderAttempt(attempt)).toBe(true);
    expect(isOrderAttempt({ ...attempt, at: '1760000000000' })).toBe(false);
    expect(isOrderAttempt({ ...attempt, externalId: undefined })).toBe(false);
    expect(isOrderAttempt({ ...attempt, quantity: '2' })).toBe(false);
    window.localStorage.setItem(ORDER_STORAGE_KEYS.pendingOrder, '{not json');
    window.localStorage.setItem(ORDER_STORAGE_KEYS.orderAttempt, JSON.stringify({ v: 0, data: attempt }));
    const orders = createOrderStorage(createAppStorage(window.localStorage));
    expect(orders.getPendingOrder()).toBeNull();
    expect(orders.getOrderAttempt()).toBeNull();
  });

  it('is emptied by logout, like everything the app keeps', () => {
    const storage = createAppStorage(window.localStorage);
    createOrderStorage(storage).setPendingOrder(pending);
    storage.clearAll();
    expect(createOrderStorage(storage).getPendingOrder()).toBeNull();
  });
});
