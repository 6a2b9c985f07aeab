import { z } from 'zod';
import { bilingual, idSchema } from './common';
import { PAYER_PHONE_PATTERN } from './rules/payer-phone';
import { cartItemSchema, pendingPaymentSchema } from './stored';
import { userMessageResponse } from './users';

// Mobile money payments (docs/api.md "Payments", "Transactions"), the shop's order lines they pay, and the cart
// and pending payment the app keeps on the device while paying.

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const referenceIdSchema = z
  .string()
  .trim()
  .regex(UUID_V4, 'must be a UUID v4')
  .transform((id) => id.toLowerCase());

/** docs/product.md §5: 237 followed by the subscriber number, the rule the app applies before it asks. */
export const msisdnSchema = z
  .string()
  .trim()
  .regex(PAYER_PHONE_PATTERN, 'must be 237 followed by 9 to 12 digits');

/** docs/product.md §7's order reference: ORDER_, the student's id, _, and a timestamp of 10 to 16 digits. */
export const EXTERNAL_ID = /^ORDER_.+_\d{10,16}$/;

/** The most access periods one cart line may buy (a guard against typos, e.g. 100 years). */
export const MAX_PERIODS_PER_ITEM = 10;

/** A cart line as the server prices it: a subject and a quantity of access periods. */
export const paymentItemSchema = z.object({
  subjectId: idSchema,
  amount: z.number().int().min(1).max(MAX_PERIODS_PER_ITEM),
});
export type PaymentItem = z.input<typeof paymentItemSchema>;

/**
 * docs/product.md's mobile money request: the amount as the provider wants it (a string), its currency, the
 * externalId ORDER_{userId}_{timestamp} and the payer. A subject payment and a shop order both send it.
 */
export const mobileMoneyRequestFields = {
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'must be a whole number of XAF written as a string'),
  currency: z.literal('XAF'),
  // Its shape here, so that the API document says it; that the id is the caller's own, the route checks.
  externalId: z.string().trim().max(128).regex(EXTERNAL_ID, 'must be ORDER_{userId}_{timestamp}'),
  payer: z.object({ partyIdType: z.literal('MSISDN'), partyId: msisdnSchema }),
  payerMessage: z.string().trim().max(160).default(''),
  payeeNote: z.string().trim().max(160).default(''),
};

/** docs/product.md's mobile money request plus the cart lines, which the server prices itself. */
export const requestToPayBody = z.object({
  ...mobileMoneyRequestFields,
  items: z.array(paymentItemSchema).min(1).max(50),
});
export type RequestToPayPayload = z.input<typeof requestToPayBody>;

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
export type RequestToPayResponse = z.infer<typeof requestToPayResponse>;

export const referenceParams = z.object({ referenceId: referenceIdSchema });

/** Statuses as the provider reports them: PENDING, SUCCESSFUL, FAILED, and others (REJECTED, TIMEOUT, …). */
export const paymentStatusSchema = z.string();
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const statusResponse = z.object({
  success: z.literal(true),
  status: paymentStatusSchema,
  reason: z.string().optional(),
});
export type PaymentStatusResponse = z.infer<typeof statusResponse>;

/** docs/product.md §3's payment request, plus the reference of the mobile money payment it settles. */
export const makePaymentsBody = z.object({
  id: idSchema,
  username: z.string().trim().min(1).max(100),
  role: z.string().trim().min(1).max(32),
  /** Subject titles, checked by the server against the payment's items. */
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
export type MakePaymentRequest = z.input<typeof makePaymentsBody>;
/** The student with the new expiries, and the success message. */
export const makePaymentsResponse = userMessageResponse;
export type MakePaymentResponse = z.infer<typeof makePaymentsResponse>;

/** The most items of one product a single order may take (a guard against typos, like access periods). */
export const MAX_ORDER_QUANTITY = 10;

export const orderStatusSchema = z
  .enum(['RESERVED', 'PAID', 'RELEASED', 'PAID_OUT_OF_STOCK'])
  .describe(
    'RESERVED: items held while the payment is pending; PAID; RELEASED: the payment failed and the items went back to stock; PAID_OUT_OF_STOCK: paid after its items went back and sold out (refunded by a person)',
  );
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** A shop order's line, as the transactions tab and the order show it. */
export const orderLineSchema = z.object({
  productId: z.string(),
  title: bilingual.describe('The product’s title in both languages'),
  picture: z.string().nullable().describe('URL of the product’s first picture'),
  quantity: z.number().int(),
  unitPrice: z.number().int().describe('XAF, the price when the order was placed'),
  town: z.string().describe('Delivery town'),
  status: orderStatusSchema,
});
export type OrderLineView = z.infer<typeof orderLineSchema>;

/** An access code's redemption as the transactions tab shows it (issue 20): never the code itself. */
export const redemptionLineSchema = z.object({
  batch: z.string().describe('The name of the batch the code came from (a school, a bookshop’s cards)'),
  days: z.number().int().describe('Days of access the code gave'),
  until: z.string().describe('ISO 8601: the latest expiry it gave (each subject extends its own)'),
});
export type RedemptionLineView = z.infer<typeof redemptionLineSchema>;

/** docs/api.md's payment entity, camelCase; items also carry the subject title for the transactions tab. */
export const paymentEntity = z.object({
  referenceId: z.string(),
  kind: z
    .enum(['subjects', 'order', 'code'])
    .describe(
      'subjects: access periods (items); order: a shop product (order); code: an access code redeemed (redemption, items)',
    ),
  externalId: z.string(),
  /** null once the student deleted the account (payments are kept, anonymised, for accounting). */
  userId: z.string().nullable(),
  /** subjectTitle is null when the subject no longer exists. */
  items: z.array(
    z.object({ subjectId: z.string(), amount: z.number(), subjectTitle: z.string().nullable() }),
  ),
  totalCost: z.number(),
  currency: z.string(),
  msisdn: z.string().nullable(),
  status: paymentStatusSchema,
  /** The provider's reason for a FAILED payment. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  order: orderLineSchema.nullable().describe('A shop order’s line; null for a subject payment'),
  redemption: redemptionLineSchema
    .nullable()
    .optional()
    .describe('An access code redeemed: its batch and what it gave; absent or null for a payment'),
});
export type Payment = z.infer<typeof paymentEntity>;

// The cart line and the pending payment the app keeps on the device: spelled in stored.ts, which the app reads
// its storage back with.
export { cartItemSchema, pendingPaymentSchema };
export type CartItem = z.infer<typeof cartItemSchema>;
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;
