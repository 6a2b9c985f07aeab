import type { Db } from '../../../server/lib/db';
import type { TestApp, TestStudent } from './app';
import type { TestEmulator } from './momo-emulator';
import { ORDINARY_PAYER } from './payment-calls';

/** The shop's order calls as a student makes them, and what the suites read back, for the order suites. */

export interface Product {
  id: string;
  price: number;
}

export interface OrderLine {
  product: Product;
  quantity: number;
  town: string;
}

export const REQUEST_TO_PAY = 'POST /momo-sandbox/collection/v1_0/requesttopay';

/** Requests to pay the provider took (202): each is a charge the payer is asked to approve. */
export function chargesTaken(emulator: TestEmulator): number {
  return emulator.answered.filter((answer) => answer.call === REQUEST_TO_PAY && answer.status === 202).length;
}

let externalIdCounter = 0;

/** A fresh ORDER_{userId}_{timestamp}, unique within this process. */
export function externalIdFor(student: Pick<TestStudent, 'id'>): string {
  externalIdCounter += 1;
  return `ORDER_${student.id}_${Date.now() * 1000 + (externalIdCounter % 1000)}`;
}

/** The body of POST shop/orders: docs/product.md's mobile money request with the order's line. */
export function orderBody(
  student: Pick<TestStudent, 'id'>,
  line: OrderLine,
  partyId = ORDINARY_PAYER,
  externalId = externalIdFor(student),
) {
  return {
    productId: line.product.id,
    quantity: line.quantity,
    town: line.town,
    amount: String(line.product.price * line.quantity),
    currency: 'XAF',
    externalId,
    payer: { partyIdType: 'MSISDN', partyId },
    payerMessage: 'StudyCam shop',
    payeeNote: 'Order',
  };
}

export interface OrderAnswer {
  success: boolean;
  msg: string;
  referenceId: string;
  order: {
    referenceId: string;
    externalId: string;
    productId: string;
    quantity: number;
    unitPrice: number;
    town: string;
    status: string;
    paymentStatus: string;
    totalCost: number;
    title: { en: string; fr: string };
    picture: string | null;
  };
}

export function orderCalls(t: TestApp) {
  return {
    place: (
      student: Pick<TestStudent, 'headers'>,
      payload: object,
      options: { language?: string; headers?: Record<string, string> } = {},
    ) =>
      t.request<OrderAnswer>({
        method: 'POST',
        url: '/shop/orders',
        headers: { ...student.headers, 'accept-language': options.language ?? 'en', ...options.headers },
        payload,
      }),
    read: (student: Pick<TestStudent, 'headers'>, referenceId: string) =>
      t.request<OrderAnswer>({
        method: 'GET',
        url: `/shop/orders/${referenceId}`,
        headers: student.headers,
      }),
    readStatus: (student: Pick<TestStudent, 'headers'>, referenceId: string) =>
      t.request<{ success: boolean; status: string; reason?: string }>({
        method: 'GET',
        url: `/payments/momo/requesttopay/${referenceId}`,
        headers: student.headers,
      }),
  };
}

/** A seeded product that costs something, with its stock set for the test. */
export async function productWithStock(db: Db, id: string, stock: number): Promise<Product> {
  const [row] = await db.query<{ id: string; price: number }>(
    'UPDATE products SET stock = $2 WHERE id = $1 RETURNING id, price',
    [id, stock],
  );
  if (row === undefined) throw new Error(`no seeded product ${id}`);
  return { id: row.id, price: row.price };
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId]);
  if (row === undefined) throw new Error(`no product ${productId}`);
  return row.stock;
}

export async function ordersOf(db: Db, productId: string) {
  return db.query<{ reference_id: string; status: string; quantity: number; payment_status: string }>(
    `SELECT o.reference_id, o.status, o.quantity, p.status AS payment_status
       FROM orders o JOIN payments p ON p.reference_id = o.reference_id
      WHERE o.product_id = $1 ORDER BY o.created_at`,
    [productId],
  );
}
