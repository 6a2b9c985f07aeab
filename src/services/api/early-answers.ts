/**
 * Answers the page's inline scripts asked for before the app's code ran (issue 19): the lesson's access and
 * signed URLs when the page opens on the player (src/app/lesson-start-boot.ts), and home's and
 * study-sections' catalogue, which their largest paint waited for (src/app/first-screen-data.ts). A script
 * sends the very request the API client would send (same URL, same token) and adds its pending answer to the
 * list on `window` under EARLY_ANSWERS_KEY; the client's first identical GET takes it instead of fetching
 * again, once, while it is fresh. Nothing is asked twice, and nothing is asked that the screen would not ask
 * for.
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
  /** Date.now() when it left. */
  at: number;
}

/** An early answer older than this is not used: the lesson's carries signed URLs and the access of that moment. */
export const EARLY_ANSWER_FRESH_MS = 30_000;

export type TakeEarlyAnswer = (url: string, token: string | null) => Promise<Response> | undefined;

/**
 * The client's hook: the answer to a GET of this URL with this token, if the page asked for it and not longer
 * than EARLY_ANSWER_FRESH_MS ago; each is taken once (a second call, or a retry, goes to the network).
 */
export function earlyAnswers(
  host: object = window,
  key = EARLY_ANSWERS_KEY,
  now: () => number = Date.now,
): TakeEarlyAnswer {
  return (url, token) => {
    const list: unknown = (host as Record<string, unknown>)[key];
    if (!Array.isArray(list)) return undefined;
    const index = list.findIndex(
      (answer: EarlyAnswer) => answer?.url === url && answer.token === token && answer.response,
    );
    if (index < 0) return undefined;
    const [answer] = list.splice(index, 1) as EarlyAnswer[];
    if (!answer || !(now() - answer.at < EARLY_ANSWER_FRESH_MS)) return undefined;
    return answer.response;
  };
}
