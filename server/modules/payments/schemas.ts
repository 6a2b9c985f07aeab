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

/** API.md's payment entity, camelCase; items also carry the subject title for the transactions tab. */
export const paymentEntity = z.object({
  referenceId: z.string(),
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
});

export type PaymentEntity = z.infer<typeof paymentEntity>;
