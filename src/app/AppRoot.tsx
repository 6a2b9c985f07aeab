import type { i18n as I18n } from 'i18next';
import { StrictMode, startTransition, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { DialogLayer } from '../ui/dialog-layer';
import { DialogLayerContext } from '../ui/dialog-layer';
import { App } from './App';
import type { AppContextValue, AppShell } from './actors-context';
import { AppActorsContext, AppShellContext, useAppShell, useShellView } from './actors-context';
import type { AppActors } from './create-app-actors';
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
  const { ui } = shell.services;
  // Every dialog (src/ui: Modal, AlertDialog, the blocking Loader) counts itself open in the shell's store.
  const dialogLayer = useMemo<DialogLayer>(() => ({ openDialog: ui.openDialog }), [ui]);
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppShellContext.Provider value={shell}>
          <DialogLayerContext.Provider value={dialogLayer}>
            <Root ssrPath={ssrPath} />
          </DialogLayerContext.Provider>
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
  const shell = useAppShell();
  const translated = useShellView((view) => view.translated);
  const actors = useActorsTakingOver(shell);
  const { services } = shell;
  const context = useMemo<AppContextValue | null>(
    () => (actors ? { ...actors, ...services } : null),
    [actors, services],
  );
  // The same element while only the context changes: its consumers re-render, not the whole tree.
  const app = useMemo(() => <App ssrPath={ssrPath} />, [ssrPath]);
  const pwaActors = useLazy(actors?.pwa ?? null);
  const PwaOverlays = useLazy(pwaOverlays, { load: pwaActors !== null })?.PwaOverlays;
  if (!translated) return null;
  return (
    <AppActorsContext.Provider value={context}>
      {app}
      {pwaActors && PwaOverlays ? <PwaOverlays actors={pwaActors} /> : null}
    </AppActorsContext.Provider>
  );
}

/**
 * The root actors once they run and the shell's view comes from them (both, so everything under the
 * context sees them at once). Their arrival after the first screen is rendered as a transition (issue 12:
 * Total Blocking Time): nothing on screen changes with it, so a slow phone does it in slices.
 */
function useActorsTakingOver({ view, actors }: AppShell): AppActors | null {
  const [taken, setTaken] = useState(() => liveActors(view, actors));
  useEffect(() => {
    const update = () => startTransition(() => setTaken(liveActors(view, actors)));
    const unsubscribeView = view.subscribe(update);
    const unsubscribeActors = actors.subscribe(update);
    update();
    return () => {
      unsubscribeView();
      unsubscribeActors();
    };
  }, [view, actors]);
  return taken;
}

const liveActors = (view: AppShell['view'], actors: AppShell['actors']): AppActors | null =>
  view.getSnapshot().live ? actors.current : null;
