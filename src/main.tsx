import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { languageFor } from '../contract/rules/language';
import { AppRoot } from './app/AppRoot';
import { preloadScreenFor } from './app/AppRoutes';
import type { AppServices, AppShell } from './app/actors-context';
import type { AppEffects } from './app/app-effects';
import type { AppActors } from './app/create-app-actors';
import { canHydrate, hashPath, readPrerendered, servedView } from './app/first-screen';
import type { Lazy } from './app/lazy-load';
import { lazyLoad } from './app/lazy-load';
import { prefetchOnNavigation } from './app/navigation-prefetch';
import { navigateAnnounced } from './app/navigation-scroll';
import { holdIdleWorkForPlayer } from './app/player-idle-hold';
import { PLAYER_PATH } from './app/player-path';
import { prefetchRouteData } from './app/route-lookup';
import { createShellViewStore } from './app/shell-view';
import { createUiStore } from './app/ui-store';
import { resourceRuntime } from './app/use-resource';
import { addDictionary, i18n } from './i18n/i18n';
import { ApiError } from './rules/api-errors';
import { createApiClient } from './services/api/client';
import { earlyAnswers } from './services/api/early-answers';
import { createEndpoints } from './services/api/endpoints';
import { fetchDictionary } from './services/dictionaries';
import { writeLanguageCookie } from './services/language-cookie';
import { isNativeShell } from './services/native/native-shell';
import type { LastCopies } from './services/offline/last-copies';
import { lazyOfflineVideoStore } from './services/offline/offline-video-store';
import { whenAppStable } from './services/pwa/app-stable';
import { createInstallPromptBridge } from './services/pwa/install-prompt-bridge';
import { createAppStorage, STORAGE_KEYS } from './services/storage';
import './ui/theme.css';
// The prerendered first screen's styles ship with the shell's, inlined into the page by the build
// (scripts/prerender.ts): the landing's chunk then brings no stylesheet of its own to insert again.
import './ui/states.css';
import './screens/Landing/landing.css';

// The composition root: the only place where machines meet the browser's effects (docs/design.md).
const nativeShell = isNativeShell();
const installBridge = createInstallPromptBridge();
const storage = createAppStorage();
const client = createApiClient({
  getToken: () => storage.getToken(),
  getLanguage: () => i18n.language,
  isOffline: () => navigator.onLine === false,
  // What the page's inline scripts asked for during the HTML's parse (issue 19): the lesson, the first list.
  takeEarlyAnswer: earlyAnswers(),
});
const api = { ...createEndpoints(client), clearCache: () => client.clearCache() };
const ui = createUiStore();
const now = () => Date.now();
const navigate = (path: string) => navigateAnnounced(path);

const describeError = (error: unknown): string => {
  if (error instanceof ApiError) return error.key ? i18n.t(error.key) : (error.serverMsg ?? error.message);
  return i18n.t('errors.unknown');
};

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');
const container: HTMLElement = rootElement;
const prerendered = readPrerendered(container);

// A language chosen before this version of the app lived in local storage only: the server reads the cookie.
const storedLanguage = storage.getLanguage();
if (storedLanguage !== null) writeLanguageCookie(storedLanguage);
// Some older WebViews report no list, only the one language.
const browserLanguages = () => (navigator.languages.length > 0 ? navigator.languages : [navigator.language]);

const effects: AppEffects = {
  storage,
  api,
  client,
  ui,
  now,
  navigate,
  describeError,
  browserLanguages,
  rememberLanguage: (lang) => writeLanguageCookie(lang),
  loadDictionary,
  // The precached app shell is nobody's personal data: keeping it lets the app still open offline. The
  // code arrives with the logout that needs it (every chunk is precached, so offline too).
  clearCaches: async () => {
    const [{ clearCaches }, { isAppShellCache }] = await Promise.all([
      import('./services/clear-caches'),
      import('./sw/cache-names'),
    ]);
    return clearCaches({ keep: isAppShellCache });
  },
  // The native shell is installed already and loads its files from the device: no worker, no install banner.
  pwa: async () => {
    const { createServiceWorkerBridge } = await import('./services/pwa/service-worker-bridge');
    return {
      isProduction: import.meta.env.PROD,
      serviceWorker: createServiceWorkerBridge(nativeShell ? { isSupported: false } : {}),
      // Created before the first render (above): Chromium may fire beforeinstallprompt very early.
      installPrompt: nativeShell ? { ...installBridge, isStandalone: true } : installBridge,
      reload: () => window.location.reload(),
    };
  },
  // Downloads are played through the service worker, which the native shell does not run.
  // Its code arrives with the first screen that uses it (player, cache manager), not with the landing page.
  ...(nativeShell
    ? {}
    : {
        offlineVideos: lazyOfflineVideoStore(() =>
          import('./services/offline/video-downloads').then(({ createOfflineVideoStore }) =>
            createOfflineVideoStore(),
          ),
        ),
      }),
};

/**
 * The screens' last copies (issue 18), filed under the logged-in student. Their code (and IndexedDB's) comes
 * with the first screen that keeps or needs a copy, not with the landing.
 */
const lastCopiesStore = lazyLoad(async () => {
  const [{ createLastCopies }, { createStoredRecords }] = await Promise.all([
    import('./services/offline/last-copies'),
    import('./services/stored-records'),
  ]);
  const records = createStoredRecords(storage);
  return createLastCopies({ owner: () => records.getUser()?.id ?? null, now });
});
const lastCopies: LastCopies = {
  read: (name, params) =>
    lastCopiesStore.load().then(
      (store) => store.read(name, params),
      () => null,
    ),
  keep: (name, params, data) =>
    lastCopiesStore.load().then(
      (store) => store.keep(name, params, data),
      () => undefined,
    ),
};

const services: AppServices = { ui, now, navigate, api, describeError, lastCopies };
const path = hashPath(window.location.hash);
// Opened on a lesson: the idle-time work waits for its first frame (issue 19).
if (path === PLAYER_PATH) holdIdleWorkForPlayer();
const hasToken = storage.getToken() !== null;
// A stored student with a paid subject still open (by the expiry last heard) gets home's "Continue" asked for
// with the catalogue. A hint read without the stored user's schema (src/services/stored-records.ts) or
// src/rules/subject-access.ts, which would join the entry's code: home itself decides with mayStudyAny on
// the user the session read through the schema; a wrong hint only starts or skips a call early.
const storedPaid = (storage.readRecord(STORAGE_KEYS.user) as { paidSubjects?: unknown } | null)?.paidSubjects;
const mayStudy =
  hasToken &&
  Array.isArray(storedPaid) &&
  storedPaid.some(
    (entry: { expiresAt?: unknown } | null) => Date.parse(String(entry?.expiresAt)) > Date.now(),
  );
prefetchRouteData(window.location.hash, api, hasToken, mayStudy);
prefetchOnNavigation(window, api, () => storage.getToken() !== null);
// The landing as served, for a visitor with an empty cart (the page's inline script checked), in the
// language the app starts in: hydrated before the root actors' code has loaded (issue 12).
const hydrating = canHydrate(prerendered, {
  path,
  language: languageFor(storedLanguage, browserLanguages()),
  year: new Date().getFullYear(),
});
const view = createShellViewStore(servedView(prerendered));

/**
 * The root actors with XState and their machines: a chunk of their own, loaded in idle time after the first
 * screen, or at once by the first interaction that needs them (another route, the language, the cart), or
 * before the first render when the page was not the landing as served (a logged-in student, a cart).
 */
const actors: Lazy<AppActors> = lazyLoad(async () => {
  const [{ startAppActors }] = await Promise.all([import('./app/start-app-actors'), resourceRuntime.load()]);
  const started = await startAppActors(effects, {
    nativeShell,
    planner: {
      client,
      now,
      navigate,
      translate: (key, params) => i18n.t(key, params ?? {}),
      language: () => (i18n.language === 'fr' ? 'fr' : 'en'),
      describeError,
      nativeShell,
    },
  });
  view.follow(started.view);
  return started.actors;
});
const shell: AppShell = { services, actors, view };

/**
 * A dictionary is fetched once: the one the first screen loads is the language machine's too. Changing to
 * the language already in use would re-render every translated component at once (i18next says
 * `languageChanged` all the same), a long task on a slow phone when the actors start after the first screen.
 */
async function loadDictionary(lang: string): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) addDictionary(lang, await fetchDictionary(lang));
  if (i18n.resolvedLanguage !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

// As a transition, React yields to the browser while it hydrates or renders: the page the HTML already
// shows stays responsive instead of blocking a slow phone's main thread in one long task.
function hydrateFirstScreen(): void {
  startTransition(() => {
    hydrateRoot(container, <AppRoot shell={shell} i18n={i18n} ssrPath={path} />);
  });
}

/** Renders over the prerendered shell once the actors run with a dictionary; never if none could load. */
function renderOnceActorsAreThere(): void {
  void Promise.all([preloadScreenFor(window.location.hash), actors.load()]).then(
    () => startTransition(() => createRoot(container).render(<AppRoot shell={shell} i18n={i18n} />)),
    () => undefined,
  );
}

// The first screen's code (modulepreloaded by the page) and its dictionary are loaded before the first
// render, so it shows the screen directly.
if (hydrating && prerendered.lang !== null) {
  // A stored token the page's script found expired is the session machine's to end (docs/product.md §4: the
  // server is told, the device cleared): its actors load right after the first screen, not in idle time.
  void Promise.all([preloadScreenFor(window.location.hash), loadDictionary(prerendered.lang)]).then(
    () => {
      hydrateFirstScreen();
      if (hasToken) void actors.load().catch(() => undefined);
    },
    // No dictionary: the language machine tries again, and falls back.
    renderOnceActorsAreThere,
  );
  whenAppStable(() => void actors.load().catch(() => undefined));
} else {
  renderOnceActorsAreThere();
}
