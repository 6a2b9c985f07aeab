import { useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { navigate as navigateHash } from 'wouter/use-hash-location';
import { App } from './app/App';
import { AppActorsContext, type AppContextValue } from './app/actors-context';
import { createAppActors } from './app/create-app-actors';
import { createUiStore } from './app/ui-store';
import { addDictionary, i18n } from './i18n/i18n';
import { createApiClient } from './services/api/client';
import { createEndpoints } from './services/api/endpoints';
import { ApiError } from './services/api/errors';
import { fetchDictionary } from './services/dictionaries';
import { clearCaches, createAppStorage } from './services/storage';
import './ui/theme.css';

// The composition root: the only place where machines meet the browser's effects (DESIGN.md).
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
  clearCaches: () => clearCaches({ keep: (name) => name.startsWith('workbox-precache') }),
});
actors.start();

const context: AppContextValue = { ...actors, ui, now, navigate, api, describeError };

/** Nothing is drawn before the first dictionary arrives, so no untranslated key ever flashes. */
function Root() {
  const ready = useSelector(actors.language, (s) => s.context.language !== null);
  return ready ? <App /> : null;
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <AppActorsContext.Provider value={context}>
        <Root />
      </AppActorsContext.Provider>
    </I18nextProvider>
  </StrictMode>,
);
