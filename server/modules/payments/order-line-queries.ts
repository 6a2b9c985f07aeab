import type { Queryable } from '../../lib/db';

/**
 * The product line of an order payment (payments.kind = 'order', table orders): its stock is reserved in
 * the start's transaction, marked paid in the grant's transaction, and given back in the transaction that
 * ends the payment without success. Every write here runs inside one of those payment transitions, so the
 * payment's own guards (granted_at, its previous status read under its row lock) make each happen once.
 */

export interface OrderLine {
  productId: string;
  quantity: number;
  town: string;
}

export type OrderStatus = 'RESERVED' | 'PAID' | 'RELEASED' | 'PAID_OUT_OF_STOCK';

export interface StoredOrderLine extends OrderLine {
  referenceId: string;
  unitPrice: number;
  status: OrderStatus;
}

export interface PricedProduct {
  id: string;
  price: number;
  stock: number;
}

export async function productForOrder(tx: Queryable, productId: string): Promise<PricedProduct | undefined> {
  const [row] = await tx.query<PricedProduct>('SELECT id, price, stock FROM products WHERE id = $1', [
    productId,
  ]);
  return row;
}

/**
 * Takes `quantity` items from the product's stock if it has them. The condition is checked by the update
 * itself under the product's row lock: of concurrent buyers of the last item, one gets it, and the others
 * (who waited for that lock) see the new stock and get nothing. Returns the stock left, or undefined when
 * there were not enough items.
 */
export async function reserveStock(
  tx: Queryable,
  productId: string,
  quantity: number,
): Promise<number | undefined> {
  const [row] = await tx.query<{ stock: number }>(
    'UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING stock',
    [productId, quantity],
  );
  return row?.stock;
}

export async function insertOrderLine(
  tx: Queryable,
  order: { referenceId: string; line: OrderLine; unitPrice: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO orders (reference_id, product_id, quantity, unit_price, town)
     VALUES ($1, $2, $3, $4, $5)`,
    [order.referenceId, order.line.productId, order.line.quantity, order.unitPrice, order.line.town],
  );
}

export async function findOrderLine(
  tx: Queryable,
  referenceId: string,
): Promise<StoredOrderLine | undefined> {
  const [row] = await tx.query<StoredOrderLine>(
    `SELECT reference_id AS "referenceId", product_id AS "productId", quantity, unit_price AS "unitPrice",
            town, status
       FROM orders WHERE reference_id = $1`,
    [referenceId],
  );
  return row;
}

export function sameOrderLine(a: OrderLine, b: OrderLine): boolean {
  return a.productId === b.productId && a.quantity === b.quantity && a.town === b.town;
}

/**
 * For the grant's transaction: the order is paid. Its items are normally still reserved; if they went back
 * to stock meanwhile (a payment failed on the provider's lasting "not found", then reported SUCCESSFUL after
 * all), they are taken again when the stock has them, and the order is PAID_OUT_OF_STOCK otherwise: stock
 * never goes below zero, and the student was charged, so a person must refund or deliver later.
 */
export async function markOrderPaid(
  tx: Queryable,
  referenceId: string,
): Promise<{ status: OrderStatus; stockChanged: boolean } | undefined> {
  const [paid] = await tx.query<{ status: OrderStatus }>(
    `UPDATE orders SET status = 'PAID', updated_at = now()
      WHERE reference_id = $1 AND status = 'RESERVED'
      RETURNING status`,
    [referenceId],
  );
  if (paid !== undefined) return { status: paid.status, stockChanged: false };
  const [released] = await tx.query<{ product_id: string; quantity: number }>(
    "SELECT product_id, quantity FROM orders WHERE reference_id = $1 AND status = 'RELEASED' FOR UPDATE",
    [referenceId],
  );
  if (released === undefined) return undefined;
  const retaken = await reserveStock(tx, released.product_id, released.quantity);
  const status: OrderStatus = retaken === undefined ? 'PAID_OUT_OF_STOCK' : 'PAID';
  await tx.query('UPDATE orders SET status = $2, updated_at = now() WHERE reference_id = $1', [
    referenceId,
    status,
  ]);
  return { status, stockChanged: retaken !== undefined };
}

/**
 * For the transaction that records a payment's end without success: the reserved items go back to stock.
 * Exactly once: only a RESERVED order of an ungranted payment that is neither PENDING nor SUCCESSFUL is
 * released, and a concurrent second release waits for the first one's row lock and then finds the order
 * RELEASED. Returns true when items went back.
 */
export async function releaseOrderStock(tx: Queryable, referenceId: string): Promise<boolean> {
  const rows = await tx.query(
    `WITH released AS (
       UPDATE orders o SET status = 'RELEASED', updated_at = now()
         FROM payments p
        WHERE o.reference_id = $1 AND p.reference_id = o.reference_id AND o.status = 'RESERVED'
          AND p.granted_at IS NULL AND p.status NOT IN ('PENDING', 'SUCCESSFUL')
        RETURNING o.product_id, o.quantity)
     UPDATE products SET stock = products.stock + released.quantity
       FROM released WHERE products.id = released.product_id
     RETURNING products.id`,
    [referenceId],
  );
  return rows.length > 0;
}
