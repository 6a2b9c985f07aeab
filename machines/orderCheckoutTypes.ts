import type { CartItem, PendingPayment } from './types';

// The orderCheckout machine's data: its timing, the order's limits and town rule, its events, and what its
// effects take and give (machines/orderCheckout.ts).

export const ORDER_CHECKOUT_DELAYS = {
  loaderTimeout: 10_000,
} as const;

export const ORDER_LIMITS = {
  /** The server's bound on one order's quantity. */
  maxQuantity: 10,
  minTownLength: 2,
  maxTownLength: 60,
} as const;

export const ROUTE_AFTER_ORDER_FAILURE = 'dashboard/tabs/transactions';

/** A town as people write it (the server's rule): letters, accents, spaces, hyphens, apostrophes, dots. */
const TOWN_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

export function isValidTown(town: string): boolean {
  const trimmed = town.trim();
  return (
    trimmed.length >= ORDER_LIMITS.minTownLength &&
    trimmed.length <= ORDER_LIMITS.maxTownLength &&
    TOWN_PATTERN.test(trimmed)
  );
}

/** What the order needs of the product on screen; `title` is already in the student's language. */
export interface OrderProduct {
  readonly id: string;
  readonly title: string;
  readonly picture: string;
  readonly price: number;
  readonly stock: number;
}

/**
 * The order as mobileMoney carries it and persists it: a cart line (the product; `amount` is the quantity)
 * with its delivery town, so the provided request can place the order and a reload can resume it.
 */
export interface OrderLine extends CartItem {
  readonly town: string;
}

export function isOrderLine(item: CartItem): item is OrderLine {
  return 'town' in item && typeof item.town === 'string';
}

export type OrderStatus = 'RESERVED' | 'PAID' | 'RELEASED' | 'PAID_OUT_OF_STOCK' | (string & {});

/** The order as the server answers `loadOrder`. */
export interface PlacedOrder {
  readonly referenceId: string;
  readonly status: OrderStatus;
  readonly title: string;
  readonly quantity: number;
  readonly town: string;
  readonly totalCost: number;
}

export interface LoadOrderInput {
  readonly referenceId: string;
}

/** Message keys (the app translates them) by field. */
export interface OrderFieldErrors {
  readonly quantity?: 'order.errors.outOfStock';
  readonly town?: 'order.errors.town';
}

export type OrderCheckoutEvent =
  | { type: 'order.increase' }
  | { type: 'order.decrease' }
  | { type: 'order.townChanged'; town: string }
  /** The product read again (its stock moved): the quantity is kept within it. */
  | { type: 'order.productUpdated'; product: OrderProduct }
  | { type: 'order.buy' }
  /** `now` is the app's clock, handed to the mobile money machine. */
  | { type: 'order.chooseMtn'; now: number }
  | { type: 'order.chooseOrange' }
  | { type: 'order.cancel' }
  /** From the confirmation: back to the product, to order again. */
  | { type: 'order.dismiss' };

export interface OrderCheckoutInput {
  readonly product: OrderProduct;
  readonly now: number;
  /** An order payment persisted for this product (a reload mid-poll): watched again, never requested again. */
  readonly pending?: PendingPayment | null;
}

export interface OrderCheckoutContext {
  readonly product: OrderProduct;
  readonly quantity: number;
  readonly town: string;
  readonly errors: OrderFieldErrors;
  readonly now: number;
  readonly pending: PendingPayment | null;
  readonly referenceId: string | null;
  readonly order: PlacedOrder | null;
}

/** What may be ordered at most: the stock, within the server's bound (0 when out of stock). */
export function maxQuantity(product: OrderProduct): number {
  return Math.max(0, Math.min(product.stock, ORDER_LIMITS.maxQuantity));
}
