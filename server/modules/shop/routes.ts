import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentStudent } from '../../lib/auth';
import {
  callersOwn,
  type PaymentStartGeneric,
  type PaymentStartRequest,
  paymentLimit,
  paymentReadRoute,
  paymentStartRoute,
} from '../../lib/payment-routes';
import { publicOrigin } from '../../lib/public-origin';
import { type OrderEntity, orderParams, orderResponse, placeOrderBody, placeOrderResponse } from './schemas';

const tags = ['shop'];

/** The caller's order (a payment of another kind is no order: 404; another student's: 403). */
async function ownOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  referenceId: string,
): Promise<OrderEntity> {
  const found = await app.payments.findOrder(referenceId, publicOrigin(request));
  return callersOwn(request, found, 'orderNotFound').order;
}

function placeOrderHandler(app: FastifyInstance) {
  return async (request: PaymentStartRequest<typeof placeOrderBody>, reply: FastifyReply) => {
    const referenceId = await app.payments.startOrder(
      currentStudent(request).id,
      request.headers['idempotency-key'],
      request.body,
    );
    const order = await ownOrder(app, request, referenceId);
    return reply.code(202).send({ success: true, referenceId, order });
  };
}

function readOrderHandler(app: FastifyInstance) {
  return async (request: FastifyRequest<{ Params: z.infer<typeof orderParams> }>) => {
    await ownOrder(app, request, request.params.referenceId);
    await app.payments.refreshOrder(request.params.referenceId);
    // Read again: the refresh may have settled it, or given its items back.
    return { success: true as const, order: await ownOrder(app, request, request.params.referenceId) };
  };
}

/**
 * Buying in the shop (issue 8): an order is a mobile money payment whose line is a product. It starts
 * through the payments module (`app.payments`, lib/payments-api.ts: idempotent, priced and stock-reserved on
 * the server, refused with 409 before the provider is asked when the stock is short), is read and settled
 * like any payment (`payments/momo/requesttopay/{referenceId}`, or here), and the reconciler settles it when
 * nobody asks.
 */
const shopOrdersModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post<PaymentStartGeneric<typeof placeOrderBody>>(
    '/shop/orders',
    paymentStartRoute(app, {
      tags,
      description:
        'Places an order and starts its mobile money payment. The server prices the product itself (409 when `amount` differs) and takes the items from stock in the same transaction: when the stock is short the answer is 409 and nothing is charged (the provider is never asked). Idempotent like payments/momo/requesttopay: the same externalId or Idempotency-Key answers with the same order, and the same order (product, quantity, town) still PENDING for the same payer within 15 minutes is reused. The items stay reserved while the payment is PENDING and go back to stock, once, when it fails. Poll `payments/momo/requesttopay/{referenceId}` or `shop/orders/{referenceId}`.',
      body: placeOrderBody,
      answer: placeOrderResponse,
      limit: paymentLimit(app, 'order-start'),
    }),
    placeOrderHandler(app),
  );
  app.get<{ Params: z.infer<typeof orderParams> }>(
    '/shop/orders/:referenceId',
    paymentReadRoute(app, {
      tags,
      description:
        'One of the caller’s orders. While its payment is not final the provider is asked first, and a SUCCESSFUL payment is settled here (the order becomes PAID), once.',
      params: orderParams,
      answer: orderResponse,
    }),
    readOrderHandler(app),
  );
};

export default shopOrdersModule;
