import { createApiClient } from '../services/api/client';
import type { EarlyAnswer } from '../services/api/early-answers';
import { createEndpoints } from '../services/api/endpoints';
import type { RouteDefinition } from './routes';

/**
 * Issue 19: home's and study-sections' largest paint is the first subject card's picture, which waited for
 * the catalogue, which left only once the app's code had downloaded and run. The page's inline script
 * (src/app/first-screen-boot.ts) now sends the route's first request while the HTML is parsed; the API
 * client takes that answer for its own identical request (src/services/api/early-answers.ts). The request
 * is the one the route's `data` makes (src/app/routes.ts), recorded from the app's own API client at build
 * time (src/app/prerender.tsx), so the two cannot drift apart; it is the same live request as before, only
 * earlier: nothing is prerendered, so no price or subject can be stale, and no byte is added to a visit.
 */

/** A route's first request, as the build lists it for the page's inline script (in the app-code block). */
export interface FirstScreenRequest {
  /** The route's pattern, matched as the router does. */
  route: string;
  /** The GET's URL exactly as the app's API client builds it. */
  url: string;
  /** A route for logged-in students: asked for only with a stored token (src/app/route-lookup.ts). */
  protected: boolean;
  /**
   * The route's `studentData` (home's "Continue"): asked for only for a stored student who may study a paid
   * subject now, as src/main.tsx's hint decides, with the token it needs.
   */
  student?: true;
}

/**
 * Sends the requests of the route the visit opens on, with the stored token as the API client would send it
 * (a protected route's only with one, the student's own only when `mayStudy`), and leaves the pending
 * answers on `window[answersKey]` for the client; answers them too (the first card's preload waits on the
 * catalogue's).
 * A boot part: inlined into the page as its own source text (self-contained, ES2020, nothing from outside
 * but its arguments), and short, since every page carries it.
 */
export function askFirstScreenData(
  requests: FirstScreenRequest[] | undefined,
  path: string,
  tokenKey: string,
  answersKey: string,
  matchRoute: (pattern: string, path: string) => boolean,
  mayStudy: boolean,
): EarlyAnswer[] {
  try {
    const token = window.localStorage.getItem(tokenKey) || null;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const answers: EarlyAnswer[] = (requests || [])
      .filter(
        (request) =>
          matchRoute(request.route, path) &&
          (token || !request.protected) &&
          (!request.student || (token && mayStudy)),
      )
      .map((request) => {
        const response = fetch(request.url, { headers });
        // A failure is the client's to report when it takes the answer; none is left unhandled meanwhile.
        response.catch(() => undefined);
        return { url: request.url, token, response, at: Date.now() };
      });
    // Added to the list: the lesson's script in the head may have left its answer there already.
    const host = window as unknown as Record<string, unknown>;
    host[answersKey] = ((host[answersKey] as EarlyAnswer[] | undefined) || []).concat(answers);
    return answers;
  } catch {
    // Storage blocked, or no fetch (a very old WebView): the app asks itself, as before.
    return [];
  }
}

/**
 * The build's list of first requests: each route's `data`, then its `studentData`, run against the app's own
 * API client (with the app's base URL) whose fetch only records. A route whose data depends on the address
 * (the player's `videoId`) asks nothing without it and is left to the app; only GETs are listed.
 */
export async function firstScreenRequests(
  routes: readonly RouteDefinition[],
  apiBaseUrl: string,
): Promise<FirstScreenRequest[]> {
  const requests: FirstScreenRequest[] = [];
  const recordedBy = async (ask: (api: ReturnType<typeof createEndpoints>) => Promise<unknown>) => {
    const recorded: string[] = [];
    const client = createApiClient({
      baseUrl: apiBaseUrl,
      fetch: (input, init) => {
        if ((init?.method ?? 'GET') === 'GET' && init?.body === undefined) recorded.push(String(input));
        return new Promise<Response>(() => undefined);
      },
    });
    void ask(createEndpoints(client)).catch(() => undefined);
    // The client sends after a few promise steps: a task later, everything it was going to send is sent.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return recorded;
  };
  for (const route of routes) {
    const { data, studentData } = route;
    if (data) {
      for (const url of await recordedBy((api) => data(api, new URLSearchParams()))) {
        requests.push({ route: route.path, url, protected: route.protected });
      }
    }
    if (studentData) {
      for (const url of await recordedBy(studentData)) {
        requests.push({ route: route.path, url, protected: true, student: true });
      }
    }
  }
  return requests;
}
