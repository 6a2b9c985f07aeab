import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppContextValue } from '../../../src/app/actors-context';
import { createAppActors } from '../../../src/app/create-app-actors';
import { createUiStore } from '../../../src/app/ui-store';
import type { OfflineVideoStore } from '../../../src/services/offline/offline-video-store';
import type { InstallPromptBridge } from '../../../src/services/pwa/install-prompt-bridge';
import type { PwaEffects } from '../../../src/services/pwa/pwa-effects';
import type { ServiceWorkerBridge } from '../../../src/services/pwa/service-worker-bridge';
import { createAppStorage } from '../../../src/services/storage';
import { AppProviders, createTestI18n, fakeApi, shellOf } from '../helpers/render-app';

type Emit<B extends { subscribe: (listener: never) => unknown }> = B['subscribe'] extends (
  listener: (event: infer E) => void,
) => unknown
  ? (event: E) => void
  : never;

/** A service worker whose lifecycle the test drives. */
export function fakeServiceWorker() {
  let listener: Parameters<ServiceWorkerBridge['subscribe']>[0] = () => undefined;
  const bridge = {
    isSupported: true,
    register: vi.fn(async () => undefined),
    checkForUpdate: vi.fn(async () => undefined),
    activateUpdate: vi.fn(async () => undefined),
    subscribe: (next: typeof listener) => {
      listener = next;
      return () => undefined;
    },
  } satisfies ServiceWorkerBridge;
  const emit: Emit<ServiceWorkerBridge> = (event) => listener(event);
  return { bridge, emit };
}

/** A browser whose install events the test drives. */
export function fakeInstallPrompt(env: { isIos?: boolean; isStandalone?: boolean } = {}) {
  let listener: Parameters<InstallPromptBridge['subscribe']>[0] = () => undefined;
  const bridge = {
    isIos: env.isIos ?? false,
    isStandalone: env.isStandalone ?? false,
    prompt: vi.fn(async () => 'accepted' as const),
    subscribe: (next: typeof listener) => {
      listener = next;
      return () => undefined;
    },
  } satisfies InstallPromptBridge;
  const emit: Emit<InstallPromptBridge> = (event) => listener(event);
  return { bridge, emit };
}

export interface RenderPwaOptions {
  pwa?: Partial<PwaEffects>;
  offlineVideos?: OfflineVideoStore;
  storage?: Record<string, string>;
}

/** Renders UI with the real machines and the PWA effects the test gives (the shared helper has none). */
export function renderWithPwa(ui: ReactNode, options: RenderPwaOptions = {}) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
  const storage = createAppStorage(window.localStorage);
  const api = fakeApi();
  const i18n = createTestI18n('en');
  const uiStore = createUiStore();
  const now = () => Date.now();
  const location = memoryLocation({ path: '/', record: true });
  const navigate = (path: string) => location.navigate(path);
  const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const reload = vi.fn();
  const actors = createAppActors({
    storage,
    api,
    ui: uiStore,
    now,
    navigate,
    describeError,
    browserLanguages: () => ['en'],
    loadDictionary: async (lang) => {
      await i18n.changeLanguage(lang);
    },
    clearCaches: async () => undefined,
    pwa: async () => ({
      isProduction: true,
      serviceWorker: fakeServiceWorker().bridge,
      installPrompt: fakeInstallPrompt().bridge,
      reload,
      ...options.pwa,
    }),
    ...(options.offlineVideos ? { offlineVideos: options.offlineVideos } : {}),
  });
  actors.start();
  const context: AppContextValue = { ...actors, ui: uiStore, now, navigate, api, describeError };
  const result = render(
    <I18nextProvider i18n={i18n}>
      <AppProviders shell={shellOf(context)} context={context}>
        <Router hook={location.hook}>{ui}</Router>
      </AppProviders>
    </I18nextProvider>,
  );
  return { ...result, context, reload, uiStore };
}

/** renderWithPwa, once the PWA machines (loaded lazily by the app) are there and rendered. */
export async function renderWithPwaLoaded(ui: ReactNode, options: RenderPwaOptions = {}) {
  const rendered = renderWithPwa(ui, options);
  const pwa = await act(() => rendered.context.pwa.load());
  return { ...rendered, pwa };
}
