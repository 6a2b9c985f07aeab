import { useSyncExternalStore } from 'react';
import { useAppActors } from './actors-context';
import { lazyLoad, useLazy } from './lazy-load';
import type { UiState } from './ui-store';

// The overlays (cart, checkout, alerts, toasts) are on no first screen: their host's code downloads with the
// first one to show, or with a checkout (resumed payments included), and then stays (issue 12).
const shellOverlays = lazyLoad(() => import('./ShellOverlays'));

const anythingToShow = (state: UiState) => state.cartOpen || state.alerts.length > 0 || state.toast !== null;

export function ShellOverlaysHost() {
  const { ui, checkout } = useAppActors();
  const wanted = useSyncExternalStore(
    ui.subscribe,
    () => anythingToShow(ui.getState()),
    () => false,
  );
  const checkoutActor = useLazy(checkout);
  const Overlays = useLazy(shellOverlays, { load: wanted || checkoutActor !== null })?.ShellOverlays;
  return Overlays ? <Overlays /> : null;
}
