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

/**
 * What the emulator answers, for the API document: the provider's error bodies (its own `{code, message}`,
 * and its API gateway's `{statusCode, message}` for a missing subscription key) and its success bodies.
 * Loose objects: these document the provider's answers, they never strip a field from one.
 */
const providerError = z.union([
  z.object({ code: z.string(), message: z.string() }),
  z.object({ statusCode: z.number(), message: z.string() }),
]);
const noBody = z.undefined().describe('No body');

/** Every route's error handler answers these in the provider's words: a malformed request, a body too
 * large or of another type; a failure of the emulator itself is its 500. */
const ALWAYS = [400, 413, 415, 500];

function answers(success: Record<number, z.ZodType>, ...failures: number[]): Record<number, z.ZodType> {
  const statuses = [...new Set([...ALWAYS, ...failures])];
  return { ...success, ...Object.fromEntries(statuses.map((status) => [status, providerError])) };
}

/** Each emulator route's statuses: 401 without the subscription key (or a valid token), as the provider. */
export const sandboxResponses = {
  createApiUser: answers({ 201: noBody }, 400, 401, 409),
  readApiUser: answers(
    { 200: z.looseObject({ providerCallbackHost: z.string(), targetEnvironment: z.string() }) },
    401,
    404,
  ),
  createApiKey: answers({ 201: z.looseObject({ apiKey: z.string() }) }, 401, 404),
  token: answers(
    { 200: z.looseObject({ access_token: z.string(), token_type: z.string(), expires_in: z.number() }) },
    401,
  ),
  requestToPay: answers({ 202: noBody }, 400, 401, 403, 409),
  status: answers({ 200: z.looseObject({ status: z.string() }) }, 400, 401, 403, 404),
  balance: answers(
    { 200: z.looseObject({ availableBalance: z.string(), currency: z.string() }) },
    400,
    401,
    403,
  ),
  accountHolder: answers({ 200: z.looseObject({ result: z.boolean() }) }, 400, 401, 403),
};
