import { useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { navigate as navigateHash } from 'wouter/use-hash-location';
import { selectIsLoggedIn, selectUser } from '../machines/session';
import { App } from './app/App';
import { preloadScreenFor } from './app/AppRoutes';
import { AppActorsContext, type AppContextValue } from './app/actors-context';
import { createAppActors } from './app/create-app-actors';
import { PwaOverlays } from './app/PwaOverlays';
import { loadPlanner, providePlannerDeps } from './app/planner-loader';
import { createUiStore } from './app/ui-store';
import { addDictionary, i18n } from './i18n/i18n';
import { createApiClient } from './services/api/client';
import { createEndpoints } from './services/api/endpoints';
import { ApiError } from './services/api/errors';
import { fetchDictionary } from './services/dictionaries';
import { isNativeShell } from './services/native/native-shell';
import { lazyOfflineVideoStore } from './services/offline/offline-video-store';
import { whenAppStable } from './services/pwa/app-stable';
import { createInstallPromptBridge } from './services/pwa/install-prompt-bridge';
import { createServiceWorkerBridge } from './services/pwa/service-worker-bridge';
import { clearCaches, createAppStorage } from './services/storage';
import { isPrecache } from './sw/cache-names';
import './ui/theme.css';

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

const actors = createAppActors({
  storage,
  api,
  ui,
  now,
  navigate,
  describeError,
  async loadDictionary(lang) {
    addDictionary(lang, await fetchDictionary(lang));
    await i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  },
  // The precached app shell is nobody's personal data: keeping it lets the app still open offline.
  clearCaches: () => clearCaches({ keep: isPrecache }),
  // The native shell is installed already and loads its files from the device: no worker, no install banner.
  pwa: {
    isProduction: import.meta.env.PROD,
    serviceWorker: createServiceWorkerBridge(nativeShell ? { isSupported: false } : {}),
    // Created here, before the first render: Chromium may fire beforeinstallprompt very early.
    installPrompt: nativeShell ? { ...installBridge, isStandalone: true } : installBridge,
    reload: () => window.location.reload(),
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

// The worker registers once the first screen is up and the page idle (the machine's 30 s deadline otherwise).
whenAppStable(() => actors.serviceWorker.send({ type: 'app.stable' }));

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

// Downloads of a subject whose access has expired go, checked at start and whenever the user object changes.
let lastPaidSubjects: unknown = null;
actors.session.subscribe((snapshot) => {
  const paid = selectUser(snapshot)?.paidSubjects ?? null;
  if (paid === lastPaidSubjects) return;
  lastPaidSubjects = paid;
  void actors.removeExpiredDownloads();
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

/** Nothing is drawn before the first dictionary arrives, so no untranslated key ever flashes. */
function Root() {
  const ready = useSelector(actors.language, (s) => s.context.language !== null);
  return ready ? (
    <>
      <App />
      <PwaOverlays />
    </>
  ) : null;
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The first screen's code (modulepreloaded by index.html) is loaded alongside the dictionary, so the first
// render shows it directly rather than a loader React would keep on screen for at least 300 ms.
void preloadScreenFor(window.location.hash).finally(() =>
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppActorsContext.Provider value={context}>
          <Root />
        </AppActorsContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  ),
);
