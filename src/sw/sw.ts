// The service worker (bundled and given its precache manifest by scripts/build-sw.ts after `vite build`).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, precache } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { Language } from '../../contract/rules/language';
import { languageFor } from '../../contract/rules/language';
import { BOOK_LISTS_CACHE, LAZY_LIBRARIES_CACHE, LESSON_HEADS_CACHE, RUNTIME_CACHES } from './cache-names';
import { deviceCopyPlugin } from './device-copy';
import type { ManifestEntry } from './language-packs';
import { createLanguagePackStore, dictionaryLanguageOf, splitLanguagePacks } from './language-packs';
import { lessonVideoFromHead } from './lesson-heads';
import { networkFirstPost } from './network-first-post';
import {
  isAppNavigation,
  isBookList,
  isCatalogueList,
  isLazyLibrary,
  isLessonVideo,
  isPicture,
  isVideoList,
  offlineVideoKey,
  scopedPath,
} from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: ManifestEntry[] };

const scope = new URL(self.registration.scope);
const pathOf = (url: URL) => scopedPath(url, scope);

// The first install takes over the open page at once, so the app works offline without a reload. Updates
// wait: the app asks the student (docs/product.md §8) and sends SKIP_WAITING when they choose Update.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The student's language, by the rule the app and the server follow (contract/rules/language.ts; the server's
// side is server/lib/app-page.ts): the explicit choice, which the app mirrors in the `language` cookie (read
// here where the browser lets a worker read cookies), else the browser's languages.
interface CookieStoreLike {
  get(name: string): Promise<{ value?: string } | null | undefined>;
}
async function studentLanguage(): Promise<Language> {
  const store = (self as { cookieStore?: CookieStoreLike }).cookieStore;
  const cookie = store === undefined ? undefined : await store.get('language').catch(() => undefined);
  return languageFor(cookie?.value, self.navigator.languages);
}

// The app shell is the precache, less each language's page and dictionary: only the student's language is
// downloaded (a French-speaking phone never downloads the English ones; src/sw/language-packs.ts).
const { shell, packs } = splitLanguagePacks(self.__WB_MANIFEST);
const languagePacks = createLanguagePackStore({
  packs,
  scope: self.registration.scope,
  caches: self.caches,
  fetch: (request) => fetch(request),
});
self.addEventListener('install', (event) => {
  event.waitUntil(studentLanguage().then((language) => languagePacks.install(language)));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(languagePacks.removeOutdated());
});

// Hash routing: every page of the app is the app's page, in the student's language; the server's own pages
// (API docs, media) are not. Registered before the precache's route: Workbox's router answers with the first
// route that matches, and the precache's would answer `/` (and `/index.html`) with the English page.
registerRoute(
  ({ request, url }) => {
    const path = pathOf(url);
    return request.mode === 'navigate' && path !== null && isAppNavigation(path);
  },
  async ({ event }) =>
    languagePacks.page(await studentLanguage(), (work) => (event as ExtendableEvent).waitUntil(work)),
);

const dictionaryLanguage = (url: URL) => {
  const path = pathOf(url);
  return path === null ? null : dictionaryLanguageOf(path);
};
registerRoute(
  ({ request, url }) => request.method === 'GET' && dictionaryLanguage(url) !== null,
  async ({ url, event }) => {
    const language = dictionaryLanguage(url);
    if (language === null) return fetch(url);
    return languagePacks.dictionary(language, (work) => (event as ExtendableEvent).waitUntil(work));
  },
);

precache(shell);
addRoute();
cleanupOutdatedCaches();

const okOnly = new CacheableResponsePlugin({ statuses: [200] });

registerRoute(
  ({ url, request }) => {
    const path = pathOf(url);
    return request.method === 'GET' && path !== null && isCatalogueList(path);
  },
  new StaleWhileRevalidate({
    cacheName: RUNTIME_CACHES.catalogue,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true }),
      // Offline, the list answered from here is the last copy: the screen shows its date (issue 18).
      deviceCopyPlugin(() => self.navigator.onLine === false),
    ],
  }),
);

registerRoute(
  ({ url, request }) => {
    const path = pathOf(url);
    return request.method === 'GET' && path !== null && isVideoList(path);
  },
  // Fresh when online (a payment unlocks videos); the last copy when the network is gone or too slow.
  new NetworkFirst({
    cacheName: RUNTIME_CACHES.videoLists,
    networkTimeoutSeconds: 6,
    // Pages of lessons (videos/page?…) are entries of their own: room for a few screens of each section.
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true }), deviceCopyPlugin()],
  }),
);

// Pages of books (issue 12) are POSTs, kept like the video pages: fresh when online, the last copy offline.
const bookListsExpiration = new CacheExpiration(BOOK_LISTS_CACHE, { maxEntries: 40 });
registerRoute(
  ({ url }) => {
    const path = pathOf(url);
    return path !== null && isBookList(path);
  },
  ({ request, event }) =>
    networkFirstPost(request, {
      cacheStorage: caches,
      cacheName: BOOK_LISTS_CACHE,
      fetch: (input) => fetch(input),
      networkTimeoutMs: 6000,
      waitUntil: (promise) => (event as ExtendableEvent).waitUntil(promise),
      stored: async (key) => {
        await bookListsExpiration.updateTimestamp(key);
        await bookListsExpiration.expireEntries();
      },
    }),
  'POST',
);

registerRoute(
  ({ url, request }) => {
    const path = pathOf(url);
    return request.method === 'GET' && path !== null && isPicture(path);
  },
  new CacheFirst({
    cacheName: RUNTIME_CACHES.images,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => {
    const path = pathOf(url);
    return request.method === 'GET' && path !== null && isLazyLibrary(path);
  },
  // Hashed names never change content: the first copy fetched is good until a new build names another.
  new CacheFirst({
    cacheName: LAZY_LIBRARIES_CACHE,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 6, purgeOnQuotaError: true })],
  }),
);

// Lesson videos: what the student downloaded is served from here whole (with Range, so it seeks offline).
// Streaming is not cached, but for each file's first bytes (issue 19, src/sw/lesson-heads.ts): the student
// paid for them once, and asking the network for them again on every visit is what cost a second start
// about 1.4 s on a poor 3G, and the same kilobytes again. The rest of a streamed lesson is never kept.
const lessonHeads = {
  cacheStorage: self.caches,
  cacheName: LESSON_HEADS_CACHE,
  fetch: (request: Request) => fetch(request),
  now: () => Date.now(),
};
registerRoute(
  ({ url, request }) => {
    const path = pathOf(url);
    return request.method === 'GET' && path !== null && isLessonVideo(path);
  },
  async ({ request, url, event }) => {
    const cache = await caches.open(RUNTIME_CACHES.offlineVideos);
    const downloaded = await cache.match(offlineVideoKey(url));
    if (!downloaded) {
      return lessonVideoFromHead(request, lessonHeads, (work) => (event as ExtendableEvent).waitUntil(work));
    }
    return request.headers.has('range') ? createPartialResponse(request, downloaded) : downloaded;
  },
);

// Planner reminders (issue 9) are shown by this worker; a tap brings the app forward on the reminder's route.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { route?: unknown } | null;
  const route = typeof data?.route === 'string' && data.route.startsWith('/') ? data.route : '/schedule';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.focus();
        open.postMessage({ type: 'OPEN_ROUTE', route });
        return;
      }
      await self.clients.openWindow(new URL(`./#${route}`, self.registration.scope).href);
    })(),
  );
});
