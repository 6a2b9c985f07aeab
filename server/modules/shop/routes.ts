import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStudent } from '../../lib/auth';
import { publicOrigin } from '../../lib/public-origin';
import { orderLineEntity } from '../payments/entity';
import { callersOwn, paymentLimit, paymentReadRoute, paymentStartRoute } from '../payments/payment-routes';
import { findPaymentView, type PaymentListRow, type PaymentRow } from '../payments/queries';
import { type PaymentStart, paymentStartOf } from '../payments/start';
import { type OrderEntity, orderParams, orderResponse, placeOrderBody, placeOrderResponse } from './schemas';

/** What the payments module hands over: its one starter (idempotent) and its status refresh (settles). */
export interface ShopOrdersOptions {
  startPayment: (start: PaymentStart) => Promise<string>;
  refreshPayment: (payment: PaymentRow) => Promise<PaymentRow>;
}

function toOrderEntity(row: PaymentListRow, origin: string): OrderEntity {
  if (row.order_line === null) throw new Error(`payment ${row.reference_id} has no order line`);
  return {
    ...orderLineEntity(row.order_line, origin),
    referenceId: row.reference_id,
    externalId: row.external_id,
    totalCost: row.total_cost,
    currency: row.currency,
    msisdn: row.msisdn,
    paymentStatus: row.status,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
  };
}

/**
 * Buying in the shop (issue 8): an order is a mobile money payment whose line is a product. It starts
 * through the payments module's starter (idempotent, priced and stock-reserved on the server, refused with
 * 409 before the provider is asked when the stock is short), is read and settled like any payment
 * (`payments/momo/requesttopay/{referenceId}`, or here), and the reconciler settles it when nobody asks.
 */
const shopOrdersModule: FastifyPluginAsync<ShopOrdersOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['shop'];

  /** The caller's order (a payment of another kind is no order: 404). */
  async function ownOrder(request: FastifyRequest, referenceId: string): Promise<PaymentListRow> {
    const payment = await findPaymentView(app.db, referenceId);
    return callersOwn(request, payment?.kind === 'order' ? payment : undefined, 'orderNotFound');
  }

  app.post(
    '/shop/orders',
    paymentStartRoute(app, {
      tags,
      description:
        'Places an order and starts its mobile money payment. The server prices the product itself (409 when `amount` differs) and takes the items from stock in the same transaction: when the stock is short the answer is 409 and nothing is charged (the provider is never asked). Idempotent like payments/momo/requesttopay: the same externalId or Idempotency-Key answers with the same order, and the same order (product, quantity, town) still PENDING for the same payer within 15 minutes is reused. The items stay reserved while the payment is PENDING and go back to stock, once, when it fails. Poll `payments/momo/requesttopay/{referenceId}` or `shop/orders/{referenceId}`.',
      body: placeOrderBody,
      answer: placeOrderResponse,
      limit: paymentLimit(app, 'order-start'),
    }),
    async (request, reply) => {
      const student = currentStudent(request);
      const body = request.body;
      const referenceId = await options.startPayment(
        paymentStartOf(student.id, request.headers['idempotency-key'], body, {
          kind: 'order',
          line: { productId: body.productId, quantity: body.quantity, town: body.town },
        }),
      );
      const order = await ownOrder(request, referenceId);
      return reply
        .code(202)
        .send({ success: true, referenceId, order: toOrderEntity(order, publicOrigin(request)) });
    },
  );

  app.get(
    '/shop/orders/:referenceId',
    paymentReadRoute(app, {
      tags,
      description:
        'One of the caller’s orders. While its payment is not final the provider is asked first, and a SUCCESSFUL payment is settled here (the order becomes PAID), once.',
      params: orderParams,
      answer: orderResponse,
    }),
    async (request) => {
      await options.refreshPayment(await ownOrder(request, request.params.referenceId));
      // Read again: the refresh may have settled it, or given its items back.
      const current = await ownOrder(request, request.params.referenceId);
      return { success: true as const, order: toOrderEntity(current, publicOrigin(request)) };
    },
  );
};

export default shopOrdersModule;
