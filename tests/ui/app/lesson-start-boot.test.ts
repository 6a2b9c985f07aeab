import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withLessonStartScript } from '../../../src/app/lesson-start-boot';
import { PLAYER_PATH } from '../../../src/app/player-path';
import { lessonStartScriptWith } from '../../../src/app/prerender';
import { ROUTES } from '../../../src/app/routes';
import { createApiClient } from '../../../src/services/api/client';
import {
  EARLY_ANSWER_FRESH_MS,
  EARLY_ANSWERS_KEY,
  type EarlyAnswer,
  earlyAnswers,
} from '../../../src/services/api/early-answers';
import { createEndpoints } from '../../../src/services/api/endpoints';

/** The head's lesson script as the page runs it, here with no code to fetch (the token and request rules). */
const LESSON_START_SCRIPT = lessonStartScriptWith([]);

// Issue 19: when the app opens on a lesson, the page's own inline script asks for the lesson (access, signed
// URLs, price: one round trip) while the HTML is parsed, and the app's client takes that answer once.

const ANSWER = { success: true, video: { _id: 'lesson-1' }, price: 2_500, expired: false, expiresAt: null };

/** A session token as the app stores it: a JWT whose payload has `exp` (seconds). */
const tokenExpiringIn = (seconds: number) =>
  `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds }))}.s`;

const holder = window as unknown as Record<string, unknown>;
let pageFetch: ReturnType<typeof vi.fn<typeof fetch>>;

/** The page's script as the build inlines it, run as the browser does: source text, before any module. */
function runPageScript(hash: string, token: string | null = tokenExpiringIn(3600)): void {
  window.location.hash = hash;
  if (token) window.localStorage.setItem('id_token', token);
  else window.localStorage.removeItem('id_token');
  new Function(LESSON_START_SCRIPT)();
}

/** The app's API client as src/main.tsx composes it, with its own fetch (the app asking itself). */
function appEndpoints(
  token: string | null = window.localStorage.getItem('id_token'),
  now: () => number = Date.now,
) {
  const appFetch = vi.fn<typeof fetch>(async () => Response.json(ANSWER));
  const client = createApiClient({
    fetch: appFetch,
    getToken: () => token,
    sleep: async () => undefined,
    takeEarlyAnswer: earlyAnswers(window, EARLY_ANSWERS_KEY, now),
  });
  return { endpoints: createEndpoints(client), appFetch };
}

beforeEach(() => {
  pageFetch = vi.fn<typeof fetch>(async () => Response.json(ANSWER));
  vi.stubGlobal('fetch', pageFetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete holder[EARLY_ANSWERS_KEY];
  window.location.hash = '';
});

describe("the player page's own lesson request", () => {
  it('asks for the lesson in one request before the app runs, and the app takes that answer once', async () => {
    runPageScript(`#${PLAYER_PATH}?videoId=lesson-1`);
    expect(pageFetch).toHaveBeenCalledTimes(1);
    const [url, init] = pageFetch.mock.calls[0] ?? [];
    expect(url).toBe('videos/video/play?videoId=lesson-1');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe(`Bearer ${window.localStorage.getItem('id_token')}`);

    const { endpoints, appFetch } = appEndpoints();
    await expect(endpoints.playVideo('lesson-1')).resolves.toEqual(ANSWER);
    expect(appFetch).not.toHaveBeenCalled();
    // Once: a later visit of the lesson asks the server again (the access may have changed).
    await endpoints.playVideo('lesson-1');
    expect(appFetch).toHaveBeenCalledTimes(1);
  });

  it('matches the route the app shows, with the lesson id from the hash or the page query', () => {
    expect(ROUTES.some((route) => route.path === PLAYER_PATH)).toBe(true);
    window.history.replaceState(null, '', '/?videoId=from-query');
    runPageScript(`#${PLAYER_PATH}`);
    expect(pageFetch.mock.calls[0]?.[0]).toBe('videos/video/play?videoId=from-query');
    window.history.replaceState(null, '', '/');
  });

  it('asks nothing on another route, without a lesson, without a session, or with an expired one', () => {
    runPageScript('#/home?videoId=lesson-1');
    runPageScript(`#${PLAYER_PATH}`);
    runPageScript(`#${PLAYER_PATH}?videoId=lesson-1`, null);
    runPageScript(`#${PLAYER_PATH}?videoId=lesson-1`, tokenExpiringIn(-60));
    runPageScript(`#${PLAYER_PATH}?videoId=lesson-1`, 'not-a-jwt');
    expect(pageFetch).not.toHaveBeenCalled();
  });

  it('lets the app ask itself when the page request failed, with its own retries', async () => {
    pageFetch.mockRejectedValueOnce(new TypeError('offline'));
    runPageScript(`#${PLAYER_PATH}?videoId=lesson-1`);
    const { endpoints, appFetch } = appEndpoints();
    await expect(endpoints.playVideo('lesson-1')).resolves.toEqual(ANSWER);
    expect(appFetch).toHaveBeenCalledTimes(1);
  });

  it('never answers another student, another lesson, or after EARLY_ANSWER_FRESH_MS', async () => {
    runPageScript(`#${PLAYER_PATH}?videoId=lesson-1`);
    const other = appEndpoints(tokenExpiringIn(7200));
    await other.endpoints.playVideo('lesson-1');
    expect(other.appFetch).toHaveBeenCalledTimes(1);
    delete holder[EARLY_ANSWERS_KEY];

    runPageScript(`#${PLAYER_PATH}?videoId=lesson-1`);
    const { endpoints, appFetch } = appEndpoints();
    await endpoints.playVideo('lesson-2');
    expect(appFetch).toHaveBeenCalledTimes(1);
    expect(holder[EARLY_ANSWERS_KEY]).toHaveLength(1);

    const [early] = holder[EARLY_ANSWERS_KEY] as EarlyAnswer[];
    const late = appEndpoints(undefined, () => (early?.at ?? 0) + EARLY_ANSWER_FRESH_MS);
    await late.endpoints.playVideo('lesson-1');
    expect(late.appFetch).toHaveBeenCalledTimes(1);
    expect(holder[EARLY_ANSWERS_KEY]).toEqual([]);
  });

  it('adds its answer to the list the app takes early answers from, keeping what is there', () => {
    const there = {
      url: 'subjects/subject/fetch-all',
      token: null,
      response: Promise.resolve(Response.json([])),
      at: 0,
    };
    holder[EARLY_ANSWERS_KEY] = [there];
    runPageScript(`#${PLAYER_PATH}?videoId=lesson-1`);
    const list = holder[EARLY_ANSWERS_KEY] as EarlyAnswer[];
    expect(list.map((answer) => answer.url)).toEqual([there.url, 'videos/video/play?videoId=lesson-1']);
  });

  it('is the first script of the page, in its head, before the app code and the first-screen script', () => {
    const page =
      '<html><head><meta charset="UTF-8" /><meta name="viewport" content="x" /><style>a{}</style></head>' +
      '<body><div id="root"></div><script type="application/json" id="app-code">{}</script><script>boot()</script></body></html>';
    const served = withLessonStartScript(page, LESSON_START_SCRIPT);
    const at = served.indexOf(LESSON_START_SCRIPT);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(served.indexOf('</head>'));
    expect(at).toBeLessThan(served.indexOf('<style>'));
    expect(served.indexOf('<script')).toBe(at - '<script>'.length);
  });
});

describe("the player page's own start of the player's code (issue 19)", () => {
  const CODE = [
    './assets/shell-1.js',
    './assets/start-app-actors-2.js',
    './assets/VideoPlayer-3.js',
    './assets/VideoPlayer-4.css',
  ];
  const asked = () =>
    [...document.head.querySelectorAll('link')].map(
      (link) => `${link.rel}${link.as ? ` ${link.as}` : ''} ${link.getAttribute('href')}`,
    );
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("asks for the player's code with the lesson, before the page's body is parsed, and never runs it", () => {
    window.location.hash = `#${PLAYER_PATH}?videoId=lesson-1`;
    window.localStorage.setItem('id_token', tokenExpiringIn(3600));
    new Function(lessonStartScriptWith(CODE))();
    expect(asked()).toEqual([
      'modulepreload ./assets/shell-1.js',
      'modulepreload ./assets/start-app-actors-2.js',
      'modulepreload ./assets/VideoPlayer-3.js',
      'preload style ./assets/VideoPlayer-4.css',
    ]);
    for (const link of document.head.querySelectorAll('link')) expect(link.crossOrigin).toBe('anonymous');
    // The entry needs the page's body: the boot script at its end adds it.
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('asks only for its stylesheets where the page may draw and play the lesson itself: the scripts wait for its first frame', () => {
    // A browser that describes its connection (src/app/early-lesson-boot.ts decides on the answer).
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '3g' } });
    try {
      window.location.hash = `#${PLAYER_PATH}?videoId=lesson-1`;
      window.localStorage.setItem('id_token', tokenExpiringIn(3600));
      new Function(lessonStartScriptWith(CODE))();
      expect(asked()).toEqual(['preload style ./assets/VideoPlayer-4.css']);
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('asks for nothing where the player will not show: another route, no session, an expired one', () => {
    for (const [hash, token] of [
      ['#/home', tokenExpiringIn(3600)],
      [`#${PLAYER_PATH}?videoId=lesson-1`, null],
      [`#${PLAYER_PATH}?videoId=lesson-1`, tokenExpiringIn(-60)],
    ] as const) {
      window.location.hash = hash;
      if (token) window.localStorage.setItem('id_token', token);
      else window.localStorage.removeItem('id_token');
      new Function(lessonStartScriptWith(CODE))();
      expect(asked(), `${hash} ${token}`).toEqual([]);
    }
  });
});
