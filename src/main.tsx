import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { navigate as navigateHash } from 'wouter/use-hash-location';
import { selectCartCount } from '../machines/cart';
import { toLanguage } from '../machines/language';
import { selectIsLoggedIn, selectUser } from '../machines/session';
import { AppRoot } from './app/AppRoot';
import { preloadScreenFor } from './app/AppRoutes';
import type { AppContextValue } from './app/actors-context';
import { createAppActors } from './app/create-app-actors';
import { canHydrate, hashPath, readPrerendered } from './app/first-screen';
import { loadPlanner, providePlannerDeps } from './app/planner-loader';
import { createUiStore } from './app/ui-store';
import { addDictionary, i18n } from './i18n/i18n';
import { createApiClient } from './services/api/client';
import { createEndpoints } from './services/api/endpoints';
import { ApiError } from './services/api/errors';
import { fetchDictionary } from './services/dictionaries';
import { writeLanguageCookie } from './services/language-cookie';
import { isNativeShell } from './services/native/native-shell';
import { lazyOfflineVideoStore } from './services/offline/offline-video-store';
import { whenAppStable } from './services/pwa/app-stable';
import { createInstallPromptBridge } from './services/pwa/install-prompt-bridge';
import { createAppStorage } from './services/storage';
import './ui/theme.css';
// The prerendered first screen's styles ship with the shell's, inlined into the page by the build
// (scripts/prerender.ts): the landing's chunk then brings no stylesheet of its own to insert again.
import './ui/states.css';
import './screens/Landing/landing.css';

// The composition root: the only place where machines meet the browser's effects (DESIGN.md).
const nativeShell = isNativeShell();
const installBridge = createInstallPromptBridge();
const storage = createAppStorage();
const client = createApiClient({ getToken: () => storage.getToken(), getLanguage: () => i18n.language });
const api = { ...createEndpoints(client), clearCache: () => client.clearCache() };
const ui = createUiStore();
const now = () => Date.now();
const navigate = (path: string) => navigateHash(path);

const describeError = (error: unknown): string => {
  if (error instanceof ApiError) return error.key ? i18n.t(error.key) : (error.serverMsg ?? error.message);
  return i18n.t('errors.unknown');
};

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const prerendered = readPrerendered(container);

// A language chosen before this version of the app lived in local storage only: the server reads the cookie.
const storedLanguage = storage.getLanguage();
if (storedLanguage !== null) writeLanguageCookie(storedLanguage);

const actors = createAppActors({
  storage,
  api,
  client,
  ui,
  now,
  navigate,
  describeError,
  // The server wrote the page in the student's language (cookie, else Accept-Language): start in it.
  ...(prerendered.lang === null ? {} : { pageLanguage: toLanguage(prerendered.lang) }),
  rememberLanguage: (lang) => writeLanguageCookie(lang),
  async loadDictionary(lang) {
    addDictionary(lang, await fetchDictionary(lang));
    await i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  },
  // The precached app shell is nobody's personal data: keeping it lets the app still open offline. The
  // code arrives with the logout that needs it (every chunk is precached, so offline too).
  clearCaches: async () => {
    const [{ clearCaches }, { isPrecache }] = await Promise.all([
      import('./services/clear-caches'),
      import('./sw/cache-names'),
    ]);
    return clearCaches({ keep: isPrecache });
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
});
actors.start();
// Timers stop while a phone sleeps: when the student comes back, the session re-reads the clock, so an
// expired token logs out at once instead of when a late timer fires.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') actors.session.send({ type: 'session.tick', now: now() });
});

// The PWA machines load once the first screen is up (their code is not on the landing route); the worker
// registers once the page is idle too (the machine's 30 s deadline otherwise).
whenAppStable(() => {
  void actors.pwa
    .load()
    .then(({ serviceWorker }) => serviceWorker.send({ type: 'app.stable' }))
    .catch(() => undefined);

  // Downloads of a subject whose access has expired go, checked now and whenever the user object changes.
  let lastPaidSubjects: unknown = null;
  actors.session.subscribe((snapshot) => {
    const paid = selectUser(snapshot)?.paidSubjects ?? null;
    if (paid === lastPaidSubjects) return;
    lastPaidSubjects = paid;
    void actors.removeExpiredDownloads();
  });
});

// The planner (issue 9) syncs and reminds on every screen of a logged-in student: its chunk loads once the
// first screen is up. A visitor gets it only by opening a planner screen.
providePlannerDeps({
  client,
  session: actors.session,
  now,
  navigate,
  translate: (key, params) => i18n.t(key, params ?? {}),
  language: () => (i18n.language === 'fr' ? 'fr' : 'en'),
  describeError,
  nativeShell,
});
whenAppStable(() => {
  const startWhenLoggedIn = (snapshot: ReturnType<typeof actors.session.getSnapshot>) => {
    if (selectIsLoggedIn(snapshot)) void loadPlanner().catch(() => undefined);
  };
  startWhenLoggedIn(actors.session.getSnapshot());
  actors.session.subscribe(startWhenLoggedIn);
});

// Push notifications exist in the native shell only: the web never loads (or downloads) the plugin code.
if (nativeShell) {
  void import('./services/native/push').then(async ({ startPushNotifications }) => {
    const push = await startPushNotifications({
      getStoredToken: () => storage.getPushToken(),
      storeToken: (token) => void storage.setPushToken(token),
      registerToken: (payload) => api.registerPushToken(payload),
      isLoggedIn: () => selectIsLoggedIn(actors.session.getSnapshot()),
      navigate,
    });
    if (!push) return;
    let wasLoggedIn = selectIsLoggedIn(actors.session.getSnapshot());
    actors.session.subscribe((snapshot) => {
      const loggedIn = selectIsLoggedIn(snapshot);
      if (loggedIn && !wasLoggedIn) void push.sendStoredToken();
      wasLoggedIn = loggedIn;
    });
  });
}

const context: AppContextValue = { ...actors, ui, now, navigate, api, describeError };

/** Resolves once a dictionary is in use; never when none could be loaded (the prerendered page then stays). */
function dictionaryReady(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (actors.language.getSnapshot().context.language === null) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const subscription = actors.language.subscribe(() => {
      if (check()) subscription.unsubscribe();
    });
  });
}

// The first screen's code (modulepreloaded by index.html) and its dictionary are loaded before the first
// render, so it shows the screen directly: hydrating the prerendered markup where it matches, rendering
// over the prerendered shell otherwise.
void Promise.all([preloadScreenFor(window.location.hash), dictionaryReady()]).then(() => {
  const path = hashPath(window.location.hash);
  const hydrate = canHydrate(prerendered, {
    path,
    isLoggedIn: selectIsLoggedIn(actors.session.getSnapshot()),
    cartCount: selectCartCount(actors.cart.getSnapshot()),
    language: actors.language.getSnapshot().context.language ?? '',
    year: new Date().getFullYear(),
  });
  // As a transition, React yields to the browser while it hydrates or renders: the page the HTML already
  // shows stays responsive instead of blocking a slow phone's main thread in one long task.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, <AppRoot context={context} i18n={i18n} ssrPath={path} />);
    else createRoot(container).render(<AppRoot context={context} i18n={i18n} />);
  });
});
