import type { MessageParams } from './i18n';

/**
 * An expected failure: the single error handler turns it into `{success: false, msg}` with this status,
 * msg being the message `messageKey` translated for the request.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly messageKey: string;
  readonly params: MessageParams;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    messageKey: string,
    params: MessageParams = {},
    headers: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.params = params;
    this.headers = headers;
  }
}

export function httpError(statusCode: number, messageKey: string, params?: MessageParams): HttpError {
  return new HttpError(statusCode, messageKey, params);
}

/** A dependency (database, provider) cannot be reached: 503, so clients retry (docs/product.md §8). */
export class DependencyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DependencyError';
  }
}

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08003',
  '08006',
]);

/** True for errors that mean "the database (or another dependency) is down", not "this request is wrong". */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DependencyError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && connectionErrorCodes.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    (message.includes('Connection terminated') ||
      message.includes('PGlite is closed') ||
      message.includes('Cannot use a pool after calling end') ||
      message.includes('timeout exceeded when trying to connect') ||
      message.includes('Query read timeout'))
  );
}

/** PostgreSQL unique violation on the given constraint (or any, when omitted). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint;
}

/**
 * PostgreSQL data exceptions that only bad input causes (a character the text type cannot hold, a number or
 * date out of range, text that is not a valid value of the column's type). Validation should stop such input
 * first; this is the net under it, so that it is a 400 and never a 500.
 */
const badInputCodes = new Set(['22021', '22P05', '22P02', '22003', '22001', '22007', '22008']);

export function isBadInputError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && badInputCodes.has(code);
}
