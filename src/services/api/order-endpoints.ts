import type { OrderResponse, PlaceOrderPayload, PlaceOrderResponse } from '../../../contract/shop';
import type { ApiClient } from './client';

/**
 * The shop's order calls (issue 8; docs/api.md's additions, documented at /docs). Their own module, so that they
 * arrive with the order checkout and not with the first screen. Placing an order is idempotent on the
 * server by its externalId (like a payment's start): a lost answer is retried, never charged twice.
 */
export function createOrderEndpoints(client: ApiClient) {
  return {
    /** Starts an order's payment; the stock the shop shows moves with it. */
    placeOrder: (payload: PlaceOrderPayload) =>
      client.request<PlaceOrderResponse>({
        method: 'POST',
        path: 'shop/orders',
        body: payload,
        invalidates: ['shop/'],
        retryable: true,
      }),
    /** Reading an order may settle it or give its items back: the shop's lists are read again after it. */
    fetchOrder: (referenceId: string) =>
      client.request<OrderResponse>({
        method: 'GET',
        path: `shop/orders/${encodeURIComponent(referenceId)}`,
        invalidates: ['shop/products'],
        retryable: true,
      }),
  };
}

export type OrderEndpoints = ReturnType<typeof createOrderEndpoints>;
