import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenBoot } from '../../../src/app/first-screen-boot';
import { type FirstScreenRequest, firstScreenRequests } from '../../../src/app/first-screen-data';
import { prefetchRouteData } from '../../../src/app/route-lookup';
import { ROUTES } from '../../../src/app/routes';
import { createApiClient } from '../../../src/services/api/client';
import { EARLY_ANSWERS_KEY, earlyAnswers } from '../../../src/services/api/early-answers';
import { createEndpoints } from '../../../src/services/api/endpoints';
import { createFakeFetch } from '../services/api/fakeFetch';
import { BOOT_TEST_KEYS, resetBootPage, servedBootPage } from './boot-keys';

// Issue 19: home's and study-sections' largest paint (the first card's picture) waited for the catalogue,
// which left only once the app's code had downloaded and run. The page's inline script now asks for it
// while the HTML is parsed, and the app's API client takes that answer for its own identical request.

const KEYS = BOOT_TEST_KEYS;

const CATALOGUE = 'subjects/subject/fetch-all';
const CONTINUE = 'videos/continue';
const DATA: FirstScreenRequest[] = [
  { route: '/home', url: CATALOGUE, protected: false },
  { route: '/home', url: CONTINUE, protected: true, student: true },
  { route: '/study-sections', url: CATALOGUE, protected: true },
];
const SUBJECTS = [{ _id: 'ang-maths-f5', subjectTitle: 'Mathematics' }];

function tokenExpiringIn(seconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

/** The prerendered page as the build writes it, its app-code block listing the routes' first requests. */
const servedPage = (data: FirstScreenRequest[] | undefined = DATA) => servedBootPage(data);

/** A stored student whose paid subjects' accesses end at these offsets from now (ms). */
function storeStudent(endsIn: number[]) {
  window.localStorage.setItem('id_token', tokenExpiringIn(3600));
  const paidSubjects = endsIn.map((offset, index) => ({
    subjectId: `ang-subject-${index}`,
    subjectTitle: `Subject ${index}`,
    section: 'anglophone',
    expiresAt: new Date(Date.now() + offset).toISOString(),
  }));
  window.localStorage.setItem('user', JSON.stringify({ v: 1, data: { paidSubjects } }));
}

/** Opens the served page at `url` and runs its inline script, the first frame not painted yet. */
function openAt(url: string, reply: unknown = SUBJECTS) {
  const network = createFakeFetch([{ status: 200, body: reply }]);
  vi.stubGlobal('fetch', network.fetch);
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  servedPage();
  window.history.replaceState(null, '', url);
  firstScreenBoot(KEYS);
  return network;
}

const entryStarted = () => document.head.querySelector('script[type="module"]') !== null;

afterEach(resetBootPage);

describe("the first screen's list, asked for by the page's inline script", () => {
  it("leaves for home while the HTML is parsed, before the app's entry has even been added", () => {
    const network = openAt('/#/home?section=francophone');
    expect(network.calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET ${CATALOGUE}`]);
    expect(network.calls[0]?.headers.has('Authorization')).toBe(false);
    expect(entryStarted()).toBe(false);
    vi.runAllTimers();
    expect(entryStarted()).toBe(true);
    expect(network.calls).toHaveLength(1);
  });

  it("carries the stored token as the app's client would; a protected route's only with one", () => {
    expect(openAt('/#/study-sections').calls).toEqual([]);
    window.localStorage.setItem('id_token', tokenExpiringIn(3600));
    window.localStorage.setItem('user', '{"v":1,"data":{}}');
    const student = openAt('/#/study-sections');
    expect(student.calls.map((call) => call.url)).toEqual([CATALOGUE]);
    expect(student.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${tokenExpiringIn(3600)}`);
  });

  it('asks for home\'s "Continue" with the catalogue only for a stored student with a paid subject still open', () => {
    const asked = () =>
      openAt('/#/home')
        .calls.map((call) => `${call.url} ${call.headers.get('Authorization') ?? 'none'}`)
        .sort();
    expect(asked()).toEqual([`${CATALOGUE} none`]);
    storeStudent([]);
    expect(asked()).toEqual([`${CATALOGUE} Bearer ${tokenExpiringIn(3600)}`]);
    storeStudent([-60_000]);
    expect(asked()).toEqual([`${CATALOGUE} Bearer ${tokenExpiringIn(3600)}`]);
    storeStudent([-60_000, 86_400_000]);
    expect(asked()).toEqual([
      `${CATALOGUE} Bearer ${tokenExpiringIn(3600)}`,
      `${CONTINUE} Bearer ${tokenExpiringIn(3600)}`,
    ]);
    // Not on another screen, though the student has the subject.
    expect(openAt('/#/study-sections').calls.map((call) => call.url)).toEqual([CATALOGUE]);
  });

  it('is the answer the app\'s own "Continue" call takes: asked for once', async () => {
    storeStudent([86_400_000]);
    const page = openAt('/#/home', { success: true, resume: null, nextUp: null });
    const app = createFakeFetch([{ status: 200, body: [] }]);
    const client = createApiClient({
      baseUrl: '',
      fetch: app.fetch,
      getToken: () => tokenExpiringIn(3600),
      takeEarlyAnswer: earlyAnswers(),
    });
    // What src/main.tsx does once the entry runs for this student: the route's data and its studentData.
    prefetchRouteData('#/home', createEndpoints(client), true, true);
    // The screen's own call: the page's answer, through the client's schema.
    await expect(createEndpoints(client).fetchContinue()).resolves.toMatchObject({
      resume: null,
      nextUp: null,
    });
    expect(page.calls.map((call) => call.url).sort()).toEqual([CATALOGUE, CONTINUE]);
    expect(app.calls.map((call) => call.url)).not.toContain(CONTINUE);
  });

  it('asks for nothing on a route without a list (the landing, the player, another screen)', () => {
    for (const url of ['/', '/#/landing', '/#/video-player?videoId=v1', '/#/profile', '/#/home/extra']) {
      expect(openAt(url).calls, url).toEqual([]);
    }
  });

  it('is handed to the API client for its own identical request: the catalogue is fetched once', async () => {
    const page = openAt('/#/home');
    const app = createFakeFetch([{ status: 200, body: [] }]);
    const client = createApiClient({ baseUrl: '', fetch: app.fetch, takeEarlyAnswer: earlyAnswers() });
    // What src/main.tsx does once the entry runs: the route's data, then the screen's own call.
    prefetchRouteData('#/home', createEndpoints(client), false);
    await expect(createEndpoints(client).fetchSubjects()).resolves.toEqual(SUBJECTS);
    expect(page.calls).toHaveLength(1);
    expect(app.calls).toEqual([]);
  });
});

describe("the API client's use of an early answer", () => {
  const early = (url: string, token: string | null, response: Promise<Response>) => {
    (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_KEY] = [
      { url, token, response, at: Date.now() },
    ];
  };
  const json = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );

  it('takes it only for the same GET with the same token, and only once', async () => {
    const network = createFakeFetch([{ status: 200, body: ['network'] }]);
    const client = (token: string | null) =>
      createApiClient({
        baseUrl: '',
        fetch: network.fetch,
        getToken: () => token,
        takeEarlyAnswer: earlyAnswers(),
      });
    early(CATALOGUE, null, json(['early']));
    // Another token (the answer was for a visitor): the network.
    await expect(client('t1').request({ method: 'GET', path: CATALOGUE })).resolves.toEqual(['network']);
    await expect(client(null).request({ method: 'GET', path: CATALOGUE })).resolves.toEqual(['early']);
    await expect(client(null).request({ method: 'GET', path: CATALOGUE })).resolves.toEqual(['network']);
    expect(network.calls).toHaveLength(2);
  });

  it('reports its failure as its own, and a retry goes to the network', async () => {
    const network = createFakeFetch([{ status: 200, body: ['again'] }]);
    const client = createApiClient({
      baseUrl: '',
      fetch: network.fetch,
      takeEarlyAnswer: earlyAnswers(),
      sleep: () => Promise.resolve(),
    });
    early(CATALOGUE, null, Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request({ method: 'GET', path: CATALOGUE, retryable: true })).resolves.toEqual([
      'again',
    ]);
    expect(network.calls).toHaveLength(1);
    early(CATALOGUE, null, json({ msg: 'Down for maintenance' }, 500));
    await expect(client.request({ method: 'GET', path: CATALOGUE })).rejects.toMatchObject({ status: 500 });
  });
});

describe("the build's list of first requests (src/app/prerender.tsx)", () => {
  it("is each route's data as the app's client sends it: the catalogue for home and study-sections, and home's \"Continue\" for a student", async () => {
    expect(await firstScreenRequests(ROUTES, '')).toEqual(DATA);
  });

  it("uses the app's API base URL (the native shell's server), and lists no request that needs the address", async () => {
    const requests = await firstScreenRequests(ROUTES, 'https://api.example.cm/');
    expect(requests.map((request) => request.url)).toEqual([
      `https://api.example.cm/${CATALOGUE}`,
      `https://api.example.cm/${CONTINUE}`,
      `https://api.example.cm/${CATALOGUE}`,
    ]);
    expect(requests.some((request) => request.route === '/video-player')).toBe(false);
  });
});
