/**
 * Answers the page's inline script asked for before the app's code ran (issue 19: home's and study-sections'
 * largest paint waited for the catalogue, which left only once the app's code had downloaded and run). The
 * script sends the very request the API client would send (same URL, same token) and leaves its pending
 * answer on `window` under EARLY_ANSWERS_KEY; the client's first identical GET takes it instead of fetching
 * again, once. Nothing is asked twice, and nothing is asked that the screen would not ask for.
 */

/** Where the page's inline script leaves its answers (src/app/first-screen-data.ts). */
export const EARLY_ANSWERS_KEY = '__studyCamEarlyAnswers';

/** A request the inline script sent, its answer pending or arrived. */
export interface EarlyAnswer {
  /** The URL exactly as the API client builds it (`joinUrl`). */
  url: string;
  /** The token it carried as `Authorization: Bearer …` (null: none), as the client would have sent it. */
  token: string | null;
  response: Promise<Response>;
}

export type TakeEarlyAnswer = (url: string, token: string | null) => Promise<Response> | undefined;

/**
 * The client's hook: the answer to a GET of this URL with this token, if the page asked for it; each is
 * taken once (a second call, or a retry, goes to the network).
 */
export function earlyAnswers(host: object = window, key = EARLY_ANSWERS_KEY): TakeEarlyAnswer {
  return (url, token) => {
    const list: unknown = (host as Record<string, unknown>)[key];
    if (!Array.isArray(list)) return undefined;
    const index = list.findIndex(
      (answer: EarlyAnswer) => answer?.url === url && answer.token === token && answer.response,
    );
    if (index < 0) return undefined;
    const [answer] = list.splice(index, 1) as EarlyAnswer[];
    return answer?.response;
  };
}
