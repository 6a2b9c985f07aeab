import { useSelector } from '@xstate/react';
import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { AppActorsContext, type AppContextValue, useAppActors } from './actors-context';
import { lazyLoad, useLazy } from './lazy-load';

const pwaOverlays = lazyLoad(() => import('./PwaOverlays'));

export interface AppRootProps {
  context: AppContextValue;
  i18n: I18n;
  /** The route of the first render: set when prerendering, and when hydrating what was prerendered. */
  ssrPath?: string | undefined;
}

/**
 * The whole app, as the browser renders it and as the build prerenders it (scripts/prerender.ts): the same
 * tree on both sides, so hydration finds exactly the markup it would have produced.
 */
export function AppRoot({ context, i18n, ssrPath }: AppRootProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppActorsContext.Provider value={context}>
          <Root ssrPath={ssrPath} />
        </AppActorsContext.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}

/** Nothing is drawn before the first dictionary arrives, so no untranslated key ever flashes. */
function Root({ ssrPath }: { ssrPath: string | undefined }) {
  const { language, pwa } = useAppActors();
  const ready = useSelector(language, (s) => s.context.language !== null);
  const pwaActors = useLazy(pwa);
  const PwaOverlays = useLazy(pwaOverlays, { load: pwaActors !== null })?.PwaOverlays;
  if (!ready) return null;
  return (
    <>
      <App ssrPath={ssrPath} />
      {pwaActors && PwaOverlays ? <PwaOverlays actors={pwaActors} /> : null}
    </>
  );
}
