// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_PACKS_CACHE } from '../../../src/sw/cache-names';
import { createFakeCacheStorage } from './fake-cache-storage';

// The built worker's routing, run whole (src/sw/sw.ts with the real Workbox) in a fake service worker
// scope: install, activate and fetch events dispatched as a browser does, the network and Cache Storage
// faked. Issue 18: Workbox's precache route used to answer `/` and `/index.html` with the English page before
// the language-aware route could run, and every device downloaded both languages' pages and dictionaries.

const SCOPE = 'https://study.example/';
const FILES: Record<string, string> = {
  'index.html': '<html lang="en">English page</html>',
  'index.fr.html': '<html lang="fr">Page française</html>',
  'assets/i18n/en.json': '{"hello":"Hello"}',
  'assets/i18n/fr.json': '{"hello":"Bonjour"}',
  'assets/index-Dbqy_DOK.js': 'console.log(1)',
  'manifest.webmanifest': '{}',
};
// What workbox-build injects: hashed chunks without a revision, the rest with one.
const MANIFEST = Object.keys(FILES).map((url) =>
  url.includes('-Dbqy_DOK') ? url : { url, revision: `r-${url.length}` },
);

class FakeExtendableEvent {
  readonly work: Promise<unknown>[] = [];
  constructor(readonly type: string) {}
  waitUntil(promise: Promise<unknown>) {
    this.work.push(promise);
  }
}
class FakeFetchEvent extends FakeExtendableEvent {
  response: Promise<Response> | null = null;
  constructor(readonly request: Request) {
    super('fetch');
  }
  respondWith(response: Promise<Response>) {
    this.response = response;
  }
}

const listeners = new Map<string, Array<(event: unknown) => void>>();
const device = {
  languages: ['fr-FR', 'fr'] as string[],
  cookie: null as string | null,
  offline: false,
  /** Paths the worker asked the network for. */
  fetched: [] as string[],
  /** The Range of each request for a lesson file the worker sent to the network. */
  mediaRanges: [] as (string | null)[],
};
/** A lesson's Data saver file, larger than the head the worker keeps of it. */
const LESSON_FILE = new Uint8Array(300_000).map((_, i) => i % 251);
const { storage, caches } = createFakeCacheStorage();

const network = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (device.offline) throw new TypeError('Failed to fetch');
  const path = url.pathname.slice(1);
  device.fetched.push(path);
  if (path === 'media/videos/lesson-saver.mp4') {
    const range = input instanceof Request ? input.headers.get('range') : null;
    device.mediaRanges.push(range);
    const start = Number(/^bytes=(\d+)-/.exec(range ?? '')?.[1] ?? 0);
    return new Response(LESSON_FILE.slice(start), {
      status: 206,
      headers: {
        'content-type': 'video/mp4',
        'content-range': `bytes ${start}-${LESSON_FILE.length - 1}/${LESSON_FILE.length}`,
      },
    });
  }
  const body = FILES[path];
  return body === undefined ? new Response('not found', { status: 404 }) : new Response(body);
});

const scope = {
  registration: { scope: SCOPE },
  location: new URL(`${SCOPE}sw.js`),
  navigator: {
    get languages() {
      return device.languages;
    },
  },
  cookieStore: {
    get: async (name: string) => (name === 'language' && device.cookie ? { value: device.cookie } : null),
  },
  caches: storage,
  clients: { claim: async () => undefined, matchAll: async () => [] },
  skipWaiting: async () => undefined,
  addEventListener(type: string, listener: (event: unknown) => void) {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  },
  __WB_MANIFEST: MANIFEST,
};

/** Dispatches an event and waits for all the work it was given, including work given while waiting. */
async function dispatch<T extends FakeExtendableEvent>(event: T): Promise<T> {
  for (const listener of listeners.get(event.type) ?? []) listener(event);
  let done = 0;
  while (done < event.work.length) {
    const batch = event.work.slice(done);
    done = event.work.length;
    await Promise.all(batch);
  }
  return event;
}

async function navigate(url: string): Promise<string> {
  const request = new Request(new URL(url, SCOPE));
  // Node's Request refuses the mode 'navigate' in its constructor: the worker only reads it.
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  const event = new FakeFetchEvent(request);
  for (const listener of listeners.get('fetch') ?? []) listener(event);
  if (event.response === null) throw new Error(`No route answered ${url}`);
  const body = await (await event.response).text();
  await dispatch(Object.assign(new FakeExtendableEvent('settle'), { work: event.work }));
  return body;
}

async function get(url: string, headers: HeadersInit = {}): Promise<Response | null> {
  const event = new FakeFetchEvent(new Request(new URL(url, SCOPE), { headers }));
  for (const listener of listeners.get('fetch') ?? []) listener(event);
  const response = event.response === null ? null : await event.response;
  await dispatch(Object.assign(new FakeExtendableEvent('settle'), { work: event.work }));
  return response;
}

const previousEnv = process.env.NODE_ENV;
beforeAll(async () => {
  // Workbox's production code paths, as the build bundles them (no development logging or assertions).
  process.env.NODE_ENV = 'production';
  vi.stubGlobal('self', scope);
  vi.stubGlobal('location', scope.location);
  vi.stubGlobal('registration', scope.registration);
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('fetch', network);
  vi.stubGlobal('ExtendableEvent', FakeExtendableEvent);
  vi.stubGlobal('FetchEvent', FakeFetchEvent);
  await import('../../../src/sw/sw');
});
afterAll(() => {
  process.env.NODE_ENV = previousEnv;
  vi.unstubAllGlobals();
});
beforeEach(() => {
  device.fetched = [];
  device.mediaRanges = [];
  device.offline = false;
});

describe('the service worker on a French-speaking phone that never chose a language', () => {
  it('installs the app shell and the French page and dictionary, never the English ones', async () => {
    device.languages = ['fr-FR', 'fr'];
    device.cookie = null;
    await dispatch(new FakeExtendableEvent('install'));
    await dispatch(new FakeExtendableEvent('activate'));
    expect(device.fetched).toEqual(
      expect.arrayContaining(['index.fr.html', 'assets/i18n/fr.json', 'assets/index-Dbqy_DOK.js']),
    );
    expect(device.fetched).not.toContain('index.html');
    expect(device.fetched).not.toContain('assets/i18n/en.json');
  });

  it('answers every navigation of the app with the French page, online and offline', async () => {
    for (const offline of [false, true]) {
      device.offline = offline;
      for (const url of ['/', '/?a=1', '/index.html', '/index.fr.html', '/?videoId=v1']) {
        expect(await navigate(url), `${url}${offline ? ' offline' : ''}`).toContain('Page française');
      }
    }
    expect(device.fetched).toEqual([]);
  });

  it('serves the French dictionary from its pack, and never asks for the English one', async () => {
    device.offline = true;
    const dictionary = await get('/assets/i18n/fr.json');
    expect(await dictionary?.json()).toEqual({ hello: 'Bonjour' });
    expect(device.fetched).toEqual([]);
  });

  it('leaves the server’s own pages to the network', async () => {
    const event = new FakeFetchEvent(new Request(`${SCOPE}docs`));
    Object.defineProperty(event.request, 'mode', { value: 'navigate' });
    for (const listener of listeners.get('fetch') ?? []) listener(event);
    expect(event.response).toBeNull();
  });
});

describe('a student who chooses English on that phone', () => {
  it('gets the English page, downloaded once with its dictionary, then kept for offline', async () => {
    device.cookie = 'en';
    expect(await navigate('/')).toContain('English page');
    expect(device.fetched.sort()).toEqual(['assets/i18n/en.json', 'index.html']);
    const cache = caches.get(LANGUAGE_PACKS_CACHE);
    expect([...(cache?.keys() ?? [])].some((key) => key.includes('i18n/en.json'))).toBe(true);

    device.fetched = [];
    device.offline = true;
    expect(await navigate('/?a=1')).toContain('English page');
    expect(await (await get('/assets/i18n/en.json'))?.json()).toEqual({ hello: 'Hello' });
  });

  it('gets French back after logout (the cookie is gone), offline too', async () => {
    device.cookie = null;
    device.offline = true;
    expect(await navigate('/')).toContain('Page française');
  });
});

describe('a lesson streamed, left and started again (issue 19)', () => {
  const lesson = (sig: string) =>
    `/media/videos/lesson-saver.mp4?student=s1&subject=math&exp=${Math.floor(Date.now() / 1000) + 3600}&v=0&sig=${sig}`;

  it('asks the network for no range at the first byte on the second start', async () => {
    const first = await get(lesson('first'), { range: 'bytes=0-' });
    expect(first?.status).toBe(206);
    // The page goes away before the range's end.
    await first?.body?.cancel();
    expect(device.mediaRanges).toEqual(['bytes=0-']);

    device.mediaRanges = [];
    const second = await get(lesson('second'), { range: 'bytes=0-' });
    expect(second?.status).toBe(206);
    const head = new Uint8Array((await second?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(head.length).toBeGreaterThan(100_000);
    expect(head).toEqual(LESSON_FILE.slice(0, head.length));
    expect(device.mediaRanges).toEqual([]);
    // The media element asks for the rest: that streams from the network, as before.
    await (await get(lesson('second'), { range: `bytes=${head.length}-` }))?.arrayBuffer();
    expect(device.mediaRanges).toEqual([`bytes=${head.length}-`]);
  });
});
