import type { z } from 'zod';
import type { Order, placeOrderBody } from '../../contract/shop';

// What the payments module offers the other modules (the shop): decorated on the app as `app.payments` by
// server/modules/payments/index.ts. The shop never reads the payments' tables or calls their code itself.

/** A shop order as its payment stands, with the student who placed it (null once the account is deleted). */
export interface OrderPayment {
  readonly student_id: string | null;
  readonly order: Order;
}

/** A place-order body as the route parsed it. */
export type PlaceOrder = z.infer<typeof placeOrderBody>;

export interface PaymentsApi {
  /**
   * Starts the mobile money payment of a shop order: priced from the server's own price and taken from
   * stock in one transaction (409 when the stock is short, before the provider is asked), idempotent by
   * externalId or Idempotency-Key. Answers the payment's reference id.
   */
  startOrder(studentId: string, idempotencyKey: string | undefined, body: PlaceOrder): Promise<string>;
  /** The order paid by this reference, pictures made absolute with `origin`; undefined when there is none. */
  findOrder(referenceId: string, origin: string): Promise<OrderPayment | undefined>;
  /** Asks the provider about the order's payment while it is not final, and settles it, once. */
  refreshOrder(referenceId: string): Promise<void>;
}
