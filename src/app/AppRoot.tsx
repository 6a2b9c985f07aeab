import type { i18n as I18n } from 'i18next';
import { StrictMode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import {
  AppActorsContext,
  type AppContextValue,
  type AppShell,
  AppShellContext,
  useAppShell,
  useShellView,
} from './actors-context';
import { lazyLoad, useLazy } from './lazy-load';

const pwaOverlays = lazyLoad(() => import('./PwaOverlays'));

export interface AppRootProps {
  shell: AppShell;
  i18n: I18n;
  /** The route of the first render: set when prerendering, and when hydrating what was prerendered. */
  ssrPath?: string | undefined;
}

/**
 * The whole app, as the browser renders it and as the build prerenders it (scripts/prerender.ts): the same
 * tree on both sides, so hydration finds exactly the markup it would have produced.
 */
export function AppRoot({ shell, i18n, ssrPath }: AppRootProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppShellContext.Provider value={shell}>
          <Root ssrPath={ssrPath} />
        </AppShellContext.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}

/**
 * Nothing is drawn before the first dictionary arrives, so no untranslated key ever flashes. The screens
 * that need the root actors get them once their code has loaded (src/app/AppRoutes.tsx waits for them).
 */
function Root({ ssrPath }: { ssrPath: string | undefined }) {
  const { services, actors: lazyActors } = useAppShell();
  const translated = useShellView((view) => view.translated);
  const live = useShellView((view) => view.live);
  const loadedActors = useLazy(lazyActors);
  // Both, so that everything under the context sees the actors and the shell's view from them at once.
  const actors = live ? loadedActors : null;
  const context = useMemo<AppContextValue | null>(
    () => (actors ? { ...actors, ...services } : null),
    [actors, services],
  );
  const pwaActors = useLazy(actors?.pwa ?? null);
  const PwaOverlays = useLazy(pwaOverlays, { load: pwaActors !== null })?.PwaOverlays;
  if (!translated) return null;
  return (
    <AppActorsContext.Provider value={context}>
      <App ssrPath={ssrPath} />
      {pwaActors && PwaOverlays ? <PwaOverlays actors={pwaActors} /> : null}
    </AppActorsContext.Provider>
  );
}
