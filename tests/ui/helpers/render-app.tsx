import { render } from '@testing-library/react';
import i18next from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import en from '../../../public/assets/i18n/en.json';
import fr from '../../../public/assets/i18n/fr.json';
import {
  AppActorsContext,
  type AppContextValue,
  type AppShell,
  AppShellContext,
} from '../../../src/app/actors-context';
import { type AppApi, createAppActors, shellViewOf } from '../../../src/app/create-app-actors';
import { loaded } from '../../../src/app/lazy-load';
import { createShellViewStore } from '../../../src/app/shell-view';
import { createUiStore } from '../../../src/app/ui-store';
import type { ApiClient } from '../../../src/services/api/client';
import type { KeyValueStore } from '../../../src/services/device-store';
import { createLastCopies, type LastCopies } from '../../../src/services/offline/last-copies';
import { type AppStorage, createAppStorage } from '../../../src/services/storage';
import { createStoredRecords } from '../../../src/services/stored-records';
import { type DialogLayer, DialogLayerContext } from '../../../src/ui/dialog-layer';

/** A real i18next with the real dictionaries, so tests read the texts a student reads. */
export function createTestI18n(lng: 'en' | 'fr' = 'en') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** An API whose every call fails loudly unless the test gives it: a screen can't call what a test forgot. */
export function fakeApi(calls: Partial<AppApi> = {}): AppApi {
  return new Proxy(calls as AppApi, {
    get(target, name: string) {
      if (name in target) return target[name as keyof AppApi];
      if (name === 'clearCache') return () => {};
      return () => Promise.reject(new Error(`api.${name} was not expected in this test`));
    },
  });
}

export interface RenderAppOptions {
  api?: Partial<AppApi>;
  path?: string;
  lang?: 'en' | 'fr';
  /** Local storage contents before start (e.g. a token to be logged in). */
  storage?: Record<string, string>;
  now?: () => number;
  /** The HTTP client of lazily loaded features' own calls (the shop's orders); usually over a fake fetch. */
  client?: ApiClient;
  /** The device's last copies of the screens' data; a fresh one in memory by default. */
  lastCopies?: LastCopies;
}

/** The shell as the app has it once the root actors run: its view follows theirs. */
export function shellOf(context: AppContextValue): AppShell {
  const { ui, now, navigate, api, describeError, lastCopies, ...actors } = context;
  const live = shellViewOf(actors);
  const view = createShellViewStore(live.getSnapshot());
  view.follow(live);
  return {
    services: { ui, now, navigate, api, describeError, ...(lastCopies ? { lastCopies } : {}) },
    actors: loaded(actors),
    view,
  };
}

/** The device's last copies (issue 18) in memory, filed under the stored user as the app files them. */
export function memoryLastCopies(storage: AppStorage, now: () => number): LastCopies {
  const data = new Map<string, unknown>();
  const store: KeyValueStore = {
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    del: async (key) => {
      data.delete(key);
    },
  };
  return createLastCopies({ store, owner: () => createStoredRecords(storage).getUser()?.id ?? null, now });
}

/** The app's providers around `children`, the root actors loaded. */
export function AppProviders({
  shell,
  context,
  children,
}: {
  shell: AppShell;
  context: AppContextValue;
  children: ReactNode;
}) {
  const { ui } = context;
  const dialogLayer = useMemo<DialogLayer>(() => ({ openDialog: ui.openDialog }), [ui]);
  return (
    <AppShellContext.Provider value={shell}>
      <DialogLayerContext.Provider value={dialogLayer}>
        <AppActorsContext.Provider value={context}>{children}</AppActorsContext.Provider>
      </DialogLayerContext.Provider>
    </AppShellContext.Provider>
  );
}

/** Renders UI inside the same providers the app has, with real machines and a fake API and storage. */
export function renderWithApp(ui: ReactNode, options: RenderAppOptions = {}) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
  const storage = createAppStorage(window.localStorage);
  const api = fakeApi(options.api);
  const i18n = createTestI18n(options.lang);
  const uiStore = createUiStore();
  const now = options.now ?? (() => Date.now());
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const navigate = (path: string) => location.navigate(path);
  const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const actors = createAppActors({
    storage,
    api,
    ...(options.client ? { client: options.client } : {}),
    ui: uiStore,
    now,
    navigate,
    describeError,
    loadDictionary: async (lang) => {
      await i18n.changeLanguage(lang);
    },
    // A French test is a French-speaking browser.
    browserLanguages: () => [options.lang ?? 'en'],
    clearCaches: async () => undefined,
  });
  actors.start();
  const lastCopies = options.lastCopies ?? memoryLastCopies(storage, now);
  const context: AppContextValue = { ...actors, ui: uiStore, now, navigate, api, describeError, lastCopies };
  const shell = shellOf(context);
  /** `node` inside the same providers, for a test's rerender. */
  const withProviders = (node: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <AppProviders shell={shell} context={context}>
        {node}
      </AppProviders>
    </I18nextProvider>
  );
  const result = render(withProviders(<Router hook={location.hook}>{ui}</Router>));
  return { ...result, context, shell, location, storage, i18n, withProviders };
}
