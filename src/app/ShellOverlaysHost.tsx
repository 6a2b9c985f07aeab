import { useSyncExternalStore } from 'react';
import { useActorsReady, useAppShell } from './actors-context';
import { lazyLoad, useLazy } from './lazy-load';
import type { UiState } from './ui-store';

// The overlays (cart, checkout, alerts, toasts) are on no first screen: their host's code downloads with the
// first one to show, or with a checkout (resumed payments included), and then stays (issue 12). They work
// with the root actors, whose code comes with them when the student opens the cart before it has loaded.
const shellOverlays = lazyLoad(() => import('./ShellOverlays'));

const anythingToShow = (state: UiState) => state.cartOpen || state.alerts.length > 0 || state.toast !== null;

export function ShellOverlaysHost() {
  const { services, actors: lazyActors } = useAppShell();
  const { ui } = services;
  const wanted = useSyncExternalStore(
    ui.subscribe,
    () => anythingToShow(ui.getState()),
    () => false,
  );
  const actors = useLazy(lazyActors, { load: wanted });
  const checkoutActor = useLazy(actors?.checkout ?? null);
  const Overlays = useLazy(shellOverlays, { load: wanted || checkoutActor !== null })?.ShellOverlays;
  const actorsReady = useActorsReady();
  return Overlays && actorsReady ? <Overlays /> : null;
}
