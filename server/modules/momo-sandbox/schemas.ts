import { z } from 'zod';

/** The provider's request bodies, checked as the provider checks them. */
export const apiUserBody = z.object({ providerCallbackHost: z.string().trim().min(1).max(255) });

export const requestToPayBody = z.object({
  amount: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'must be a positive decimal number written as a string')
    .refine((value) => Number(value) > 0, 'must be greater than 0'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
  externalId: z.string().min(1).max(64),
  payer: z.object({
    partyIdType: z.enum(['MSISDN', 'EMAIL', 'PARTY_CODE']),
    partyId: z.string().trim().min(1).max(64),
  }),
  payerMessage: z.string().max(160).optional(),
  payeeNote: z.string().max(160).optional(),
});
