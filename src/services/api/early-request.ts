/**
 * A request the page's inline script sent during the HTML's parse, before any of the app's code arrived
 * (issue 19: a lesson's access and signed URLs, when the app opens on the player; src/app/lesson-start-boot.ts).
 * The script leaves it on `window` under EARLY_REQUEST_SLOT; the API client's fetch takes it, once, for the
 * same URL and the same token while it is fresh, instead of asking again. Everything after the fetch (status,
 * errors, retries, parsing) is the client's own, as for any answer.
 */
export const EARLY_REQUEST_SLOT = '__studyCamEarlyRequest';

/** An early answer older than this is not used: it carries signed URLs and the access of that moment. */
export const EARLY_REQUEST_FRESH_MS = 30_000;

export interface EarlyRequest {
  /** The URL exactly as the API client builds it (relative: the app's API is the page's origin). */
  url: string;
  /** The Authorization header it carried: an answer for another student is never used. */
  authorization: string;
  /** Date.now() when it left. */
  at: number;
  /** The response, or null when the request failed (the client then sends its own, with its retries). */
  response: Promise<Response | null>;
}

function isEarlyRequest(value: unknown): value is EarlyRequest {
  if (typeof value !== 'object' || value === null) return false;
  const early = value as Record<string, unknown>;
  return (
    typeof early.url === 'string' &&
    typeof early.authorization === 'string' &&
    typeof early.at === 'number' &&
    early.response instanceof Promise
  );
}

/**
 * A fetch that answers a GET for the early request's URL and token with its response (once, while fresh),
 * and sends every other request through `fetchImpl`. A matching request takes the slot even when the answer
 * is stale or another student's: the next one goes to the network.
 */
export function fetchTakingEarlyRequest(
  fetchImpl: typeof fetch,
  holder: Record<string, unknown>,
  now: () => number = Date.now,
): typeof fetch {
  return (input, init) => {
    const early = holder[EARLY_REQUEST_SLOT];
    const method = (init?.method ?? 'GET').toUpperCase();
    if (!isEarlyRequest(early) || input !== early.url || method !== 'GET') return fetchImpl(input, init);
    delete holder[EARLY_REQUEST_SLOT];
    const sameStudent = new Headers(init?.headers).get('authorization') === early.authorization;
    if (!sameStudent || now() - early.at >= EARLY_REQUEST_FRESH_MS) return fetchImpl(input, init);
    return early.response.then((response) => response ?? fetchImpl(input, init));
  };
}
