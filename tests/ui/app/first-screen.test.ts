import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageFor } from '../../../contract/rules/language';
import type { RouteChunks } from '../../../scripts/route-chunks';
import { canHydrate, hashPath, readPrerendered, servedView } from '../../../src/app/first-screen';
import { firstScreenBoot } from '../../../src/app/first-screen-boot';
import { routeFor } from '../../../src/app/route-lookup';
import { LANDING_PATH, ROUTES } from '../../../src/app/routes';
import { BOOT_TEST_KEYS } from './boot-keys';

// Issue 12: the prerendered landing is adapted to the visit before the first paint, and hydrated only when
// the app's first render is exactly that markup.

const KEYS = BOOT_TEST_KEYS;

function prerenderedPage(): void {
  document.body.innerHTML = [
    '<div id="root" data-prerendered="landing" data-lang="en" data-year="2026">',
    '<header class="navbar"><a href="#/login-with-username">Log in</a><span class="navbar__badge">0</span></header>',
    '<div class="app-content"><main id="main" class="landing"><h1>Welcome to StudyCam</h1></main></div>',
    '<footer>Footer</footer></div>',
    '<template id="member-navbar"><header class="navbar navbar--member"><a href="#/study-sections">Study</a><span class="navbar__badge">0</span></header></template>',
  ].join('');
}

function tokenExpiringIn(seconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

const root = () => document.getElementById('root') as HTMLElement;

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  document.head.innerHTML = '';
  vi.useRealTimers();
});

const APP_CODE = {
  // Each language's dictionary under its version (scripts/prerender.ts): the very URL the app asks for.
  dictionaries: { en: './assets/i18n/en.json?v=e1', fr: './assets/i18n/fr.json?v=f1' },
  modulepreload: ['./assets/jsx-runtime-1.js'],
  // The landing screen's own chunks: fetched only when the visit shows the landing (issue 19).
  landing: ['./assets/Landing-2.js'],
  actors: ['./assets/statecharts-4.js', './assets/start-app-actors-5.js'],
  script: './assets/index-3.js',
};

function withAppCode(routes: Partial<RouteChunks> = {}): void {
  document.getElementById('app-code')?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'app-code';
  block.textContent = JSON.stringify({ ...APP_CODE, ...routes });
  document.body.appendChild(block);
}

/** What the landing as served starts: the dictionary, its own code and the entry, nothing more. */
const LANDING_START = [
  'preload ./assets/i18n/en.json?v=e1',
  'modulepreload ./assets/jsx-runtime-1.js',
  'modulepreload ./assets/Landing-2.js',
  'script module ./assets/index-3.js',
];

/** Each route's own chunks, as the build lists them in the app-code block (scripts/route-chunks.ts). */
const ROUTE_CODE = {
  files: ['./assets/Home-6.js', './assets/Home-7.css', './assets/Timetable-8.js'],
  routes: { '/landing': [] as number[], '/home': [0, 1], '/timetable/:id': [2] },
};

/** The prerendered page opened at `url` (null: as served), the script run and its frame painted: what it started. */
function bootAt(url: string | null, routeCode: Partial<RouteChunks> = {}): string[] {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  prerenderedPage();
  withAppCode(routeCode);
  if (url !== null) window.history.replaceState(null, '', url);
  firstScreenBoot(KEYS);
  vi.runAllTimers();
  return started();
}

/** What the script added to the head, in order. */
const started = () =>
  [...document.head.children].map((element) =>
    element instanceof HTMLScriptElement
      ? `script ${element.type} ${element.getAttribute('src')}`
      : `${element.getAttribute('rel')} ${element.getAttribute('href')}`,
  );

describe('the first-screen script', () => {
  it('leaves a first visit to the landing untouched, giving the bare URL the landing route', () => {
    prerenderedPage();
    window.history.replaceState(null, '', '/');
    firstScreenBoot(KEYS);
    expect(window.location.hash).toBe('#/landing');
    expect(root().getAttribute('data-prerendered')).toBe('landing');
    expect(root().querySelector('h1')?.textContent).toBe('Welcome to StudyCam');
  });

  it('shows the bare shell for another route: the landing content gives way to an empty page area', () => {
    prerenderedPage();
    window.history.replaceState(null, '', '/#/privacy-policy?x=1');
    firstScreenBoot(KEYS);
    expect(root().getAttribute('data-prerendered')).toBe('shell');
    expect(root().querySelector('h1')).toBeNull();
    expect(root().querySelector('main')?.getAttribute('aria-busy')).toBe('true');
    expect(root().querySelector('footer')).not.toBeNull();
  });

  it('gives a logged-in student the member navbar at once, and a stored cart its count', () => {
    prerenderedPage();
    window.localStorage.setItem('id_token', tokenExpiringIn(3600));
    window.localStorage.setItem('user', '{"v":1,"data":{}}');
    window.localStorage.setItem(
      'shopping_cart',
      JSON.stringify({ v: 1, data: [{ amount: 2 }, { amount: 1 }] }),
    );
    window.history.replaceState(null, '', '/#/study-sections');
    firstScreenBoot(KEYS);
    expect(root().querySelector('header')?.className).toBe('navbar navbar--member');
    expect(root().querySelector('.navbar__badge')?.textContent).toBe('3');
    expect(root().getAttribute('data-prerendered')).toBe('shell');
  });

  it("opens a logged-in student's bare URL on home, fetching home's code with the app's (issue 18)", () => {
    window.localStorage.setItem('id_token', tokenExpiringIn(3600));
    window.localStorage.setItem('user', '{"v":1,"data":{}}');
    const code = bootAt('/', ROUTE_CODE);
    expect(window.location.hash).toBe('#/home');
    expect(root().getAttribute('data-prerendered')).toBe('shell');
    expect(root().querySelector('h1')).toBeNull();
    expect(code).toContain('modulepreload ./assets/Home-6.js');
    // An expired session is a visitor's: the landing, as served.
    window.localStorage.setItem('id_token', tokenExpiringIn(-60));
    window.history.replaceState(null, '', '/');
    document.head.innerHTML = '';
    expect(bootAt(null, ROUTE_CODE)).toEqual(LANDING_START);
    expect(window.location.hash).toBe('#/landing');
  });

  it('treats an expired or unreadable token as a visitor', () => {
    for (const token of [tokenExpiringIn(-60), 'not-a-jwt']) {
      prerenderedPage();
      window.localStorage.setItem('id_token', token);
      window.localStorage.setItem('user', '{}');
      window.history.replaceState(null, '', '/#/landing');
      firstScreenBoot(KEYS);
      expect(root().getAttribute('data-prerendered')).toBe('landing');
      expect(root().querySelector('header')?.className).toBe('navbar');
    }
  });

  it('survives a corrupt cart', () => {
    prerenderedPage();
    window.localStorage.setItem('shopping_cart', '{not json');
    window.history.replaceState(null, '', '/#/landing');
    firstScreenBoot(KEYS);
    expect(root().getAttribute('data-prerendered')).toBe('landing');
  });
});

describe("starting the app's code", () => {
  it('starts it once the first screen is painted (after the frame), once only', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    prerenderedPage();
    withAppCode();
    firstScreenBoot(KEYS);
    expect(started()).toEqual([]);
    vi.advanceTimersToNextFrame();
    vi.runAllTimers();
    expect(started()).toEqual(LANDING_START);
    const script = document.head.querySelector('script');
    expect(script?.crossOrigin).toBe('anonymous');
  });

  it("fetches the root actors' code with it when the page was made a shell, which renders only once they run", () => {
    const [dictionary, ...code] = bootAt('/#/privacy-policy');
    expect(dictionary).toBe('preload ./assets/i18n/en.json?v=e1');
    expect(code).toEqual([
      'modulepreload ./assets/jsx-runtime-1.js',
      'modulepreload ./assets/Landing-2.js',
      'modulepreload ./assets/statecharts-4.js',
      'modulepreload ./assets/start-app-actors-5.js',
      'script module ./assets/index-3.js',
    ]);
  });

  it("fetches the screen's own chunks and stylesheets with it when the app opens on another route, not the landing's", () => {
    expect(bootAt('/#/home', ROUTE_CODE)).toEqual([
      'preload ./assets/i18n/en.json?v=e1',
      'preload ./assets/Home-7.css',
      'modulepreload ./assets/jsx-runtime-1.js',
      'modulepreload ./assets/statecharts-4.js',
      'modulepreload ./assets/start-app-actors-5.js',
      'modulepreload ./assets/Home-6.js',
      'script module ./assets/index-3.js',
    ]);
  });

  it("matches a route with parameters as the router does, and fetches no other route's screen", () => {
    const code = bootAt('/#/timetable/t1?day=2', ROUTE_CODE);
    expect(code).toContain('modulepreload ./assets/Timetable-8.js');
    expect(code.filter((line) => line.includes('Home'))).toEqual([]);
  });

  it("matches every route's path as the router does (src/app/route-lookup.ts), the first route listed first", () => {
    const files = ROUTES.map((route) => `./assets/screen-${route.titleKey}.js`);
    const routes = Object.fromEntries(ROUTES.map((route, index) => [route.path, [index]]));
    for (const route of ROUTES.filter((r) => r.path !== LANDING_PATH)) {
      const path = route.path.replace(/:\w+/g, 'p1');
      document.head.innerHTML = '';
      const expected = routeFor(`#${path}`);
      const screens = bootAt(`/#${path}?x=1`, { files, routes }).filter((line) => line.includes('screen-'));
      expect(screens, path).toEqual([`modulepreload ./assets/screen-${expected?.titleKey}.js`]);
    }
    document.head.innerHTML = '';
    const unknown = bootAt('/#/no-such-screen/at-all', { files, routes });
    expect(routeFor('#/no-such-screen/at-all')?.path).toBe(LANDING_PATH);
    expect(unknown.filter((line) => line.includes('screen-'))).toEqual([]);
    // An unknown path shows the landing: its chunks come along, as for a cart holder on the landing.
    expect(unknown).toContain('modulepreload ./assets/Landing-2.js');
  });

  it('fetches no screen beyond its own code for the landing as served', () => {
    // Even were the landing listed with chunks of its own, the page as served hydrates without them.
    expect(bootAt(null, { ...ROUTE_CODE, routes: { ...ROUTE_CODE.routes, '/landing': [0, 1] } })).toEqual(
      LANDING_START,
    );
  });

  it('preloads the dictionary of the visit’s language, not the page’s (issue 18)', () => {
    // The English page on a French-speaking phone (the native shell opens index.html): the French one.
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CM', 'en']);
    expect(bootAt('/#/home')[0]).toBe('preload ./assets/i18n/fr.json?v=f1');
    // An explicit choice wins over the phone's languages.
    document.head.innerHTML = '';
    window.localStorage.setItem('language', 'en');
    expect(bootAt('/#/home')[0]).toBe('preload ./assets/i18n/en.json?v=e1');
    languages.mockRestore();
  });

  it('decides the visit’s language by the app’s own rule', () => {
    const cases: Array<[string | null, string[]]> = [
      [null, ['fr-CM', 'en']],
      [null, ['de-DE', 'EN-gb', 'fr']],
      [null, ['de', 'es']],
      [null, []],
      ['fr', ['en-US']],
      ['en', ['fr-FR']],
      ['klingon', ['fr']],
    ];
    const languages = vi.spyOn(navigator, 'languages', 'get');
    for (const [stored, list] of cases) {
      languages.mockReturnValue(list);
      window.localStorage.clear();
      if (stored !== null) window.localStorage.setItem('language', stored);
      document.head.innerHTML = '';
      const expected = languageFor(stored, list.length > 0 ? list : [navigator.language]);
      expect(bootAt('/#/home')[0], `${stored} ${list.join(',')}`).toBe(
        `preload ${APP_CODE.dictionaries[expected]}`,
      );
    }
    languages.mockRestore();
  });

  it('starts it at once on a lesson, whose first paint is only the shell, and on no other route (issue 19)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    for (const [url, atOnce] of [
      ['/#/video-player?videoId=v1', true],
      ['/#/home', false],
      ['/#/privacy-policy', false],
      [null, false],
    ] as const) {
      document.head.innerHTML = '';
      prerenderedPage();
      withAppCode();
      window.history.replaceState(null, '', url ?? '/');
      firstScreenBoot(KEYS);
      expect(started().length > 0, String(url)).toBe(atOnce);
      vi.runAllTimers();
      expect(started().at(-1), String(url)).toBe('script module ./assets/index-3.js');
    }
  });

  it("does not ask again for what the head's lesson script asked for, and adds the entry itself", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    prerenderedPage();
    withAppCode(ROUTE_CODE);
    window.history.replaceState(null, '', '/#/home');
    for (const href of ['./assets/jsx-runtime-1.js', './assets/Home-6.js']) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    firstScreenBoot(KEYS);
    vi.runAllTimers();
    const lines = started();
    expect(lines.filter((line) => line === 'modulepreload ./assets/jsx-runtime-1.js')).toHaveLength(1);
    expect(lines.filter((line) => line === 'modulepreload ./assets/Home-6.js')).toHaveLength(1);
    expect(lines).toContain('modulepreload ./assets/statecharts-4.js');
    expect(lines.at(-1)).toBe('script module ./assets/index-3.js');
  });

  it('starts it at once in a hidden tab, which paints no frame', () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    prerenderedPage();
    withAppCode();
    firstScreenBoot(KEYS);
    expect(started()).toHaveLength(4);
    visibility.mockRestore();
  });
});

describe('hydrate or render', () => {
  const markup = { state: 'landing' as const, lang: 'en', year: 2026 };
  const visitor = { path: '/landing', language: 'en', year: 2026 };

  it('hydrates only the landing the inline script left untouched, in the language the app starts in and its year', () => {
    expect(canHydrate(markup, visitor)).toBe(true);
    // A page in another language than the app's (the native shell's English index.html on a French phone).
    expect(canHydrate(markup, { ...visitor, language: 'fr' })).toBe(false);
    // The script reduces the landing to the shell for a logged-in student, a stored cart, another route.
    expect(canHydrate({ ...markup, state: 'shell' }, visitor)).toBe(false);
    expect(canHydrate({ ...markup, state: null }, visitor)).toBe(false);
    expect(canHydrate(markup, { ...visitor, path: '/home' })).toBe(false);
    expect(canHydrate(markup, { ...visitor, year: 2027 })).toBe(false);
  });

  it("gives the shell the served page's view until the root actors take over", () => {
    expect(servedView(markup)).toEqual({
      isLoggedIn: false,
      cartCount: 0,
      language: 'en',
      translated: true,
      live: false,
    });
    expect(servedView({ ...markup, lang: 'fr' }).language).toBe('fr');
    // No prerendered page (the dev server): nothing is drawn before the actors have loaded a dictionary.
    expect(servedView({ state: null, lang: null, year: null }).translated).toBe(false);
  });

  it('reads the markers the build wrote, and the route from the hash', () => {
    prerenderedPage();
    expect(readPrerendered(root())).toEqual(markup);
    const empty = document.createElement('div');
    expect(readPrerendered(empty)).toEqual({ state: null, lang: null, year: null });
    expect(hashPath('#/sort-videos-by-topics/a/b?x=1')).toBe('/sort-videos-by-topics/a/b');
    expect(hashPath('')).toBe('/');
  });
});
