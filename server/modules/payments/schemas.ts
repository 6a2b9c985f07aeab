import { z } from 'zod';
import { idSchema } from '../../lib/schemas';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const referenceIdSchema = z
  .string()
  .trim()
  .regex(UUID_V4, 'must be a UUID v4')
  .transform((id) => id.toLowerCase());

/** SPEC.md §5: 237 followed by the subscriber number, at least 12 characters. */
export const msisdnSchema = z
  .string()
  .trim()
  .regex(/^237\d{9,12}$/, 'must be 237 followed by 9 to 12 digits');

/** The most access periods one cart line may buy (a guard against typos, e.g. 100 years). */
export const MAX_PERIODS_PER_ITEM = 10;

export const cartItemSchema = z.object({
  subjectId: idSchema,
  amount: z.number().int().min(1).max(MAX_PERIODS_PER_ITEM),
});

/** SPEC.md's mobile money request plus the cart lines, which the server prices itself. */
export const requestToPayBody = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'must be a whole number of XAF written as a string'),
  currency: z.literal('XAF'),
  externalId: z.string().trim().min(1).max(128),
  payer: z.object({ partyIdType: z.literal('MSISDN'), partyId: msisdnSchema }),
  payerMessage: z.string().trim().max(160).default(''),
  payeeNote: z.string().trim().max(160).default(''),
  items: z.array(cartItemSchema).min(1).max(50),
});

/**
 * Optional, as in the usual HTTP convention: a client that cannot keep its externalId across retries may
 * send a key of its own. The other headers pass through untouched.
 */
export const requestToPayHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, 'must be 1 to 128 visible ASCII characters')
    .optional(),
});

export const requestToPayResponse = z.object({ success: z.literal(true), referenceId: z.string() });

export const referenceParams = z.object({ referenceId: referenceIdSchema });

export const statusResponse = z.object({
  success: z.literal(true),
  status: z.string(),
  reason: z.string().optional(),
});

/** SPEC.md §3's payment request, plus the reference of the mobile money payment it settles. */
export const makePaymentsBody = z.object({
  id: idSchema,
  username: z.string().trim().min(1).max(100),
  role: z.string().trim().min(1).max(32),
  paidSubjects: z.array(z.string().trim().min(1).max(200)).min(1).max(50),
  totalCost: z.union([
    z.number().int().nonnegative(),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ]),
  referenceId: referenceIdSchema,
});

/** The most items of one product a single order may take (a guard against typos, like access periods). */
export const MAX_ORDER_QUANTITY = 10;

/** A shop order's line, as the transactions tab and the order show it. */
export const orderLineSchema = z.object({
  productId: z.string(),
  title: z.object({ en: z.string(), fr: z.string() }).describe('The product’s title in both languages'),
  picture: z.string().nullable().describe('URL of the product’s first picture'),
  quantity: z.number().int(),
  unitPrice: z.number().int().describe('XAF, the price when the order was placed'),
  town: z.string().describe('Delivery town'),
  status: z
    .enum(['RESERVED', 'PAID', 'RELEASED', 'PAID_OUT_OF_STOCK'])
    .describe(
      'RESERVED: items held while the payment is pending; PAID; RELEASED: the payment failed and the items went back to stock; PAID_OUT_OF_STOCK: paid after its items went back and sold out (refunded by a person)',
    ),
});

/** API.md's payment entity, camelCase; items also carry the subject title for the transactions tab. */
export const paymentEntity = z.object({
  referenceId: z.string(),
  kind: z
    .enum(['subjects', 'order'])
    .describe('subjects: access periods (items); order: a shop product (order)'),
  externalId: z.string(),
  userId: z.string().nullable(),
  items: z.array(
    z.object({ subjectId: z.string(), amount: z.number(), subjectTitle: z.string().nullable() }),
  ),
  totalCost: z.number(),
  currency: z.string(),
  msisdn: z.string().nullable(),
  status: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  order: orderLineSchema.nullable().describe('A shop order’s line; null for a subject payment'),
});

export type PaymentEntity = z.infer<typeof paymentEntity>;
