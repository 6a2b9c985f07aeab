import { z } from 'zod';
import { idSchema } from './common';
import { MAX_ORDER_QUANTITY, mobileMoneyRequestFields, orderLineSchema, referenceIdSchema } from './payments';

// The shop's orders (issue 8): one product line paid by mobile money and delivered to a town.

/** A delivery town as people write it: letters (accents too), spaces, hyphens, apostrophes, dots. */
export const townSchema = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/^\p{L}[\p{L}\p{M} .'’-]*$/u, 'must be a town name');

/**
 * docs/product.md's mobile money request (amount, currency, externalId ORDER_{userId}_{timestamp}, payer) with the
 * order's line in place of the cart's items: the server prices the product itself.
 */
export const placeOrderBody = z.object({
  productId: idSchema,
  quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
  town: townSchema,
  ...mobileMoneyRequestFields,
});
export type PlaceOrderPayload = z.input<typeof placeOrderBody>;

/** A shop order: its product line, and the mobile money payment that pays it. */
export const orderEntity = orderLineSchema.extend({
  referenceId: z.string().describe('The payment’s reference id, which also names the order'),
  externalId: z.string(),
  totalCost: z.number().int().describe('XAF: quantity × unitPrice'),
  currency: z.string(),
  msisdn: z.string().nullable(),
  paymentStatus: z.string().describe('As the provider reports it: PENDING, SUCCESSFUL, FAILED, …'),
  reason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderEntity>;

export const placeOrderResponse = z.object({
  success: z.literal(true),
  referenceId: z.string(),
  order: orderEntity,
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

export const orderResponse = z.object({ success: z.literal(true), order: orderEntity });
export type OrderResponse = z.infer<typeof orderResponse>;

export const orderParams = z.object({ referenceId: referenceIdSchema });
