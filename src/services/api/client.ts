import type { ErrorContext } from '../../rules/api-errors';
import { ApiError, NETWORK_FAILURE_STATUS, retryAfterOf, toApiError } from '../../rules/api-errors';
import { createRequestCache } from './cache';
import { DEVICE_COPY_HEADER, deviceCopySavedAt, markDeviceCopy } from './device-copy';
import type { TakeEarlyAnswer } from './early-answers';
import type { RetryPolicy, Sleep } from './retry';
import { RETRY, sleep as sleepWithTimer, withRetry } from './retry';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How one endpoint behaves; declared with the endpoint so nothing is guessed from the path at throw time. */
export interface EndpointOptions {
  /** Idempotent reads only: retried on status 0 or 503 (docs/product.md §8). */
  retryable?: boolean;
  /** Served from memory after the first success until clearCache() (docs/product.md §7). */
  cacheable?: boolean;
  /** Calls under `videos/`: their 401/404 wording differs (docs/product.md §8). */
  video?: boolean;
  /** Cached entries (by path prefix) this call makes stale when it succeeds. */
  invalidates?: readonly string[];
}

export interface ApiRequest extends EndpointOptions {
  method: HttpMethod;
  /** Relative to the base URL, no leading slash, exactly as in docs/api.md (`users/register`). */
  path: string;
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
}

export interface ApiClientOptions {
  /** Defaults to VITE_API_BASE_URL, else '' (same origin: paths stay relative to the page). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The stored JWT, read at each call so login and logout take effect at once. */
  getToken?: () => string | null | undefined;
  /** Sent as Accept-Language so the server's `msg` comes back in the student's language. */
  getLanguage?: () => string;
  sleep?: Sleep;
  retry?: RetryPolicy;
  /**
   * True when the device knows it has no connection (`navigator.onLine === false`): a call that got no
   * answer is then not asked again a second later, so an offline screen shows its copy at once.
   */
  isOffline?: () => boolean;
  /**
   * The answer the page's inline script already asked for with this very GET (src/services/api/early-answers.ts),
   * taken instead of a fetch by the first attempt.
   */
  takeEarlyAnswer?: TakeEarlyAnswer;
}

export interface ApiClient {
  request<T>(request: ApiRequest): Promise<T>;
  /** Forgets every cached list; the app calls it on logout. */
  clearCache(): void;
}

export function defaultBaseUrl(): string {
  const configured: unknown = import.meta.env.VITE_API_BASE_URL;
  return typeof configured === 'string' ? configured.trim() : '';
}

export function joinUrl(baseUrl: string, path: string): string {
  const relative = path.replace(/^\/+/, '');
  if (baseUrl === '') return relative;
  return `${baseUrl.replace(/\/+$/, '')}/${relative}`;
}

/** A failure's body as the server sent it (undefined when not JSON), and its `msg` when it has one. */
function failureOf(text: string): { msg: string | undefined; body: unknown } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML error page, say): there is no server message to show.
    return { msg: undefined, body: undefined };
  }
  const msg =
    typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string'
      ? body.msg
      : undefined;
  return { msg, body };
}

/**
 * One attempt: the early answer when there is one (the page's inline script's, src/services/api/early-answers.ts),
 * else a fetch; the body parsed, a failure turned into the ApiError the screens translate.
 */
async function sendOnce(respond: () => Promise<Response>, context: ErrorContext): Promise<unknown> {
  let answer: Response;
  let text: string;
  try {
    answer = await respond();
    text = await answer.text();
  } catch {
    throw new ApiError({ status: NETWORK_FAILURE_STATUS, key: 'errors.network' });
  }
  if (!answer.ok) {
    const wait = retryAfterOf(answer.headers.get('retry-after'));
    const failure = failureOf(text);
    throw toApiError(answer.status, failure.msg, context, wait, failure.body);
  }
  if (text === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError({ status: answer.status, key: 'errors.unknown' });
  }
  // The service worker's copy of a list, answered because the network failed: the screen shows its date.
  const savedAt = answer.headers.get(DEVICE_COPY_HEADER);
  if (savedAt) markDeviceCopy(body, savedAt);
  return body;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? defaultBaseUrl();
  // Looked up at call time (and called on globalThis) so a late polyfill or a test stub is honoured.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const getToken = options.getToken ?? (() => null);
  const getLanguage = options.getLanguage ?? (() => 'en');
  const sleep = options.sleep ?? sleepWithTimer;
  const policy = options.retry ?? RETRY;
  const isOffline = options.isOffline ?? (() => false);
  const takeEarlyAnswer = options.takeEarlyAnswer ?? (() => undefined);
  const cache = createRequestCache();
  // Lists carry per-student parts (a video's `locked`, `streamUrl`), so a cache filled under one token
  // must never answer for another: a login or logout starts a fresh cache even if clearCache was missed.
  let cacheOwner: string | null = null;

  function buildInit(request: ApiRequest, token: string | null | undefined): RequestInit {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLanguage() });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = { method: request.method, headers };
    if (request.body instanceof FormData) {
      // The browser writes the multipart boundary into Content-Type itself.
      init.body = request.body;
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(request.body);
    }
    return init;
  }

  async function send<T>(request: ApiRequest, token: string | null | undefined): Promise<T> {
    const url = joinUrl(baseUrl, request.path);
    const init = buildInit(request, token);
    const context: ErrorContext = { video: request.video === true };
    let early = request.method === 'GET' ? takeEarlyAnswer(url, token || null) : undefined;
    const attempt = () => {
      const answer = early;
      early = undefined;
      return sendOnce(() => answer ?? fetchImpl(url, init), context);
    };
    const body = await withRetry(attempt, {
      retryable: request.retryable === true,
      sleep,
      policy,
      isOffline,
    });
    if (request.invalidates) cache.invalidate(request.invalidates);
    return body as T;
  }

  return {
    request<T>(request: ApiRequest): Promise<T> {
      const token = getToken();
      const owner = token || null;
      if (owner !== cacheOwner) {
        cache.clear();
        cacheOwner = owner;
      }
      if (!request.cacheable) return send<T>(request, token);
      const key = `${request.path} ${request.method} ${request.body === undefined ? '' : JSON.stringify(request.body)}`;
      const answer = cache.get(key, () => send<T>(request, token));
      // A device copy answers this call only: the next one asks the network again (the connection may be back).
      return answer.then((body) => {
        if (deviceCopySavedAt(body) !== null) cache.forget(key, answer);
        return body;
      });
    },
    clearCache() {
      cache.clear();
    },
  };
}
