import { z } from 'zod';
import { idSchema } from '../../lib/schemas';
import { MAX_ORDER_QUANTITY, msisdnSchema, orderLineSchema, referenceIdSchema } from '../payments/schemas';

/** A delivery town as people write it: letters (accents too), spaces, hyphens, apostrophes, dots. */
export const townSchema = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/^\p{L}[\p{L}\p{M} .'’-]*$/u, 'must be a town name');

/**
 * SPEC.md's mobile money request (amount, currency, externalId ORDER_{userId}_{timestamp}, payer) with the
 * order's line in place of the cart's items: the server prices the product itself.
 */
export const placeOrderBody = z.object({
  productId: idSchema,
  quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
  town: townSchema,
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'must be a whole number of XAF written as a string'),
  currency: z.literal('XAF'),
  externalId: z.string().trim().min(1).max(128),
  payer: z.object({ partyIdType: z.literal('MSISDN'), partyId: msisdnSchema }),
  payerMessage: z.string().trim().max(160).default(''),
  payeeNote: z.string().trim().max(160).default(''),
});

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

export type OrderEntity = z.infer<typeof orderEntity>;

export const placeOrderResponse = z.object({
  success: z.literal(true),
  referenceId: z.string(),
  order: orderEntity,
});

export const orderResponse = z.object({ success: z.literal(true), order: orderEntity });

export const orderParams = z.object({ referenceId: referenceIdSchema });
