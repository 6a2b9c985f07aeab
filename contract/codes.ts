import { z } from 'zod';
import { idSchema, sectionSchema } from './common';
import { userMessageResponse } from './users';

// Access codes (issue 20): a student redeems a code from a printed card or a school, the operator makes and
// manages them. The code's format (alphabet, groups, check symbol) is contract/rules/access-code.ts, which the app,
// the server and the operator command share; here only its transport.

/** docs/product.md §3's serial payload: the code as typed (case, spaces and dashes are the server's to ignore). */
export const redeemCodeBody = z.object({
  serialNumberHolder: z.string().trim().min(1).max(64),
});
export type RedeemCodePayload = z.input<typeof redeemCodeBody>;

/** Answered like a payment: the student with the new expiries, and the success message. */
export const redeemCodeResponse = userMessageResponse;
export type RedeemCodeResponse = z.infer<typeof redeemCodeResponse>;

/** The most codes one batch may hold, and seats one code may have: guards against a slip of the finger. */
export const MAX_BATCH_CODES = 5000;
export const MAX_CODE_SEATS = 1000;
export const MAX_CODE_DAYS = 3650;

const batchName = z.string().trim().min(1).max(100);

/** What the operator asks for: a batch of codes giving subjects or a whole section for some days. */
export const createCodeBatchBody = z
  .object({
    batch: batchName.describe('A name of its own, e.g. "Lycée de Buea 2026"'),
    subjects: z.array(idSchema).min(1).max(50).optional().describe('Subject ids the codes give'),
    section: sectionSchema.optional().describe('Or every subject of a section, at redemption'),
    days: z.number().int().min(1).max(MAX_CODE_DAYS),
    count: z.number().int().min(1).max(MAX_BATCH_CODES),
    seats: z
      .number()
      .int()
      .min(1)
      .max(MAX_CODE_SEATS)
      .default(1)
      .describe('1: a card for one student; more: a class code, each student once'),
    expiresAt: z.iso
      .date()
      .optional()
      .describe('Last day (UTC) the codes may be redeemed, e.g. the end of the school year'),
  })
  .refine((body) => (body.subjects === undefined) !== (body.section === undefined), {
    message: 'give either subjects or a section',
    path: ['subjects'],
  })
  // The refinement above, as the API document says it: exactly one of the two fields.
  .meta({ oneOf: [{ required: ['subjects'] }, { required: ['section'] }] });
export type CreateCodeBatchPayload = z.input<typeof createCodeBatchBody>;

export const codeBatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['card', 'class']).describe('card: one seat a code; class: several'),
  subjects: z.array(z.object({ id: z.string(), title: z.string() })),
  section: sectionSchema.nullable(),
  days: z.number().int(),
  seats: z.number().int().describe('Seats of each code'),
  count: z.number().int().describe('Codes in the batch'),
  spent: z.number().int().describe('Codes with no seat left'),
  unspent: z.number().int().describe('Codes with at least one seat left'),
  seatsLeft: z.number().int().describe('Seats left over the whole batch'),
  redemptions: z.number().int(),
  expiresAt: z.string().nullable().describe('ISO 8601: when its codes stop being accepted'),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CodeBatch = z.infer<typeof codeBatchSchema>;

/** The codes in clear, this once: the server keeps only their keyed hashes. */
export const createCodeBatchResponse = z.object({
  success: z.literal(true),
  batch: codeBatchSchema,
  codes: z.array(z.string()),
  redeemUrl: z.string().describe('The redeem page’s link; a code is appended to it'),
});
export type CreateCodeBatchResponse = z.infer<typeof createCodeBatchResponse>;

export const codeBatchesResponse = z.object({ success: z.literal(true), batches: z.array(codeBatchSchema) });
export type CodeBatchesResponse = z.infer<typeof codeBatchesResponse>;

export const revokeCodeBatchBody = z.object({ batch: batchName });
export const revokeCodeBatchResponse = z.object({
  success: z.literal(true),
  batch: codeBatchSchema,
  revoked: z.number().int().describe('Codes that still had seats and no longer do'),
});
export type RevokeCodeBatchResponse = z.infer<typeof revokeCodeBatchResponse>;
