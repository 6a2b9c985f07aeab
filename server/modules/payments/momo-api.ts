import { z } from 'zod';

// The provider's collection API as this server reads it: its errors, the answers' shapes and the
// credentials a sandbox hands out.

/** The part of `fetch` the client needs; tests route it into `app.inject()`. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export type MomoErrorKind =
  /** Network failure, timeout, 5xx, bad credentials or an answer we cannot read: try again later. */
  | 'unavailable'
  /** The provider refused this request (4xx other than 401/404), e.g. a reused reference id. */
  | 'rejected'
  /** The provider does not know this reference id. */
  | 'notFound';

export class MomoProviderError extends Error {
  override readonly name = 'MomoProviderError';
  constructor(
    readonly kind: MomoErrorKind,
    message: string,
    readonly httpStatus?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface RequestToPayInput {
  referenceId: string;
  /** Integer amount in the configured currency. */
  amount: number;
  externalId: string;
  msisdn: string;
  payerMessage: string;
  payeeNote: string;
  callbackUrl?: string;
}

export interface ProviderStatus {
  /** As the provider words it: PENDING, SUCCESSFUL, FAILED, or anything it may add. */
  status: string;
  reason?: string;
  financialTransactionId?: string;
  amount?: string;
  currency?: string;
}

/**
 * Where credentials provisioned on the built-in sandbox are kept, so that every server process on one
 * database uses the same api user (the provider keeps a payment private to the api user that asked).
 */
export interface SandboxCredentialStore {
  load(): Promise<ApiCredentials | undefined>;
  /**
   * Stores `fresh` unless another process stored credentials first (other than `replacing`, the ones the
   * sandbox no longer knows); returns the credentials everyone now uses.
   */
  save(fresh: ApiCredentials, replacing?: string): Promise<ApiCredentials>;
}

export interface ApiCredentials {
  apiUser: string;
  apiKey: string;
}

export const tokenBody = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});
export const apiKeyBody = z.object({ apiKey: z.string().min(1) });
export const statusBody = z.object({
  status: z.string().min(1),
  // Older provider versions sent {code, message}; today's sandbox sends a plain string.
  reason: z.union([z.string(), z.object({ code: z.string() }).transform((value) => value.code)]).optional(),
  financialTransactionId: z.string().optional(),
  amount: z.coerce.string().optional(),
  currency: z.string().optional(),
});

/** The error a non-success answer means: `forced` where any failure of the call only means "try again later". */
export function providerError(
  response: { status: number; text: string },
  call: string,
  forced?: MomoErrorKind,
): MomoProviderError {
  const body = parseJson(response.text);
  const code =
    body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined;
  const kind: MomoErrorKind =
    forced ??
    (response.status === 404
      ? 'notFound'
      : response.status >= 400 && response.status < 500 && response.status !== 401
        ? 'rejected'
        : 'unavailable');
  return new MomoProviderError(
    kind,
    `Provider ${call} answered ${response.status}${code ? ` ${code}` : ''}`,
    response.status,
    code,
  );
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
