/**
 * The error catalogue of docs/product.md §8. Each friendly message has a stable key so the UI can translate it;
 * the English text is kept next to it because docs/product.md fixes it word for word.
 */
export const API_ERROR_MESSAGES = {
  'errors.network': 'Network error. Please check your internet connection.',
  'errors.unauthorized': 'Invalid credentials or session expired.',
  'errors.videoUnauthorized': 'Authentication required.',
  'errors.forbidden': 'Access denied.',
  'errors.notFound': 'Resource not found.',
  'errors.videoNotFound': 'Content not found.',
  'errors.server': 'Server error. Please try again later.',
  'errors.unknown': 'An error occurred',
} as const;

export type ApiErrorKey = keyof typeof API_ERROR_MESSAGES;

/** Status used when no HTTP response arrived at all (offline, DNS, CORS, connection reset). */
export const NETWORK_FAILURE_STATUS = 0;

type ApiErrorInit = ({ status: number; key: ApiErrorKey } | { status: number; serverMsg: string }) & {
  /** A 429's Retry-After, in seconds, when the server sent one. */
  retryAfterSeconds?: number;
  /** The failure's whole body, for a caller that reads more than `msg` (a planner overlap, say). */
  body?: unknown;
};

/**
 * A failed call. Exactly one of `key` (a catalogue message, translate it) or `serverMsg` (the server's own
 * text, already written in the request's Accept-Language) is set; `message` is the English/server text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly key: ApiErrorKey | undefined;
  readonly serverMsg: string | undefined;
  /** How long the server asked to wait before the next try (a 429's Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The failure's body as the server sent it, when it was JSON. */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super('key' in init ? API_ERROR_MESSAGES[init.key] : init.serverMsg);
    this.status = init.status;
    this.key = 'key' in init ? init.key : undefined;
    this.serverMsg = 'serverMsg' in init ? init.serverMsg : undefined;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.body = init.body;
  }
}

export interface ErrorContext {
  /** Calls under `videos/` have their own 401 and 404 wording in docs/product.md §8. */
  video: boolean;
}

export function errorKeyForStatus(status: number, context: ErrorContext): ApiErrorKey | undefined {
  switch (status) {
    case NETWORK_FAILURE_STATUS:
      return 'errors.network';
    case 401:
      return context.video ? 'errors.videoUnauthorized' : 'errors.unauthorized';
    case 403:
      return 'errors.forbidden';
    case 404:
      return context.video ? 'errors.videoNotFound' : 'errors.notFound';
    case 500:
      return 'errors.server';
    default:
      return undefined;
  }
}

/** Maps a failed status (and the body's `msg`, if any) to the error the caller sees. */
export function toApiError(
  status: number,
  serverMsg: string | undefined,
  context: ErrorContext,
  retryAfterSeconds?: number,
  body?: unknown,
): ApiError {
  const wait = { ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }), body };
  const key = errorKeyForStatus(status, context);
  if (key) return new ApiError({ status, key, ...wait });
  const text = serverMsg?.trim();
  return text
    ? new ApiError({ status, serverMsg: text, ...wait })
    : new ApiError({ status, key: 'errors.unknown', ...wait });
}

/** A Retry-After header in seconds (the server always sends seconds), or undefined. */
export function retryAfterOf(header: string | null): number | undefined {
  if (header === null || !/^\d{1,6}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}
