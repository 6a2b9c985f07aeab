import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LastCopies } from '../services/offline/last-copies';
import type { AppActors, AppApi } from './create-app-actors';
import type { Lazy } from './lazy-load';
import type { ShellView, ShellViewStore } from './shell-view';
import type { UiStore } from './ui-store';

/** What the app hands to its screens besides the actors; none of it needs the machines' code. */
export interface AppServices {
  ui: UiStore;
  now: () => number;
  navigate: (path: string) => void;
  /** For the resource and form machines' provided actors (src/app/use-resource.ts, src/app/use-form.ts), not for components. */
  api: AppApi;
  describeError: (error: unknown) => string;
  /** The device's last copies of the screens' data (issue 18), for useResource; absent: none are kept. */
  lastCopies?: LastCopies;
}

export interface AppContextValue extends AppActors, AppServices {}

/** The root actors with the services: provided once the actors' code has loaded (src/app/AppRoot.tsx). */
export const AppActorsContext = createContext<AppContextValue | null>(null);

/** For every screen but the first: the routes render them once the actors are there (src/app/AppRoutes.tsx). */
export function useAppActors(): AppContextValue {
  const value = useContext(AppActorsContext);
  if (!value) throw new Error('useAppActors outside <AppActorsContext.Provider>');
  return value;
}

/** The root actors are there (and the shell's view comes from them). */
export function useActorsReady(): boolean {
  return useContext(AppActorsContext) !== null;
}

/**
 * What the shell and the first screen use (issue 12): they hydrate before the root actors' code (XState
 * and the machines) has loaded, which happens in idle time after the first screen or with the first
 * interaction that needs it.
 */
export interface AppShell {
  services: AppServices;
  /** The root actors, created and started by their own chunk (src/app/start-app-actors.ts). */
  actors: Lazy<AppActors>;
  view: ShellViewStore;
}

export const AppShellContext = createContext<AppShell | null>(null);

export function useAppShell(): AppShell {
  const value = useContext(AppShellContext);
  if (!value) throw new Error('useAppShell outside <AppShellContext.Provider>');
  return value;
}

/** A part of the shell's view; the selector must return a primitive or a stable value. */
export function useShellView<T>(select: (view: ShellView) => T): T {
  const { view } = useAppShell();
  return useSyncExternalStore(
    view.subscribe,
    () => select(view.getSnapshot()),
    () => select(view.getFirstSnapshot()),
  );
}

/**
 * Runs `use` with what `lazy` loads: at once when it is there, once its code has loaded otherwise. Here, not
 * in lazy-load.ts, so the shell's chunk (which holds this module) does not take lazy-load.ts with it.
 */
export function withLoaded<A>(lazy: Lazy<A>, use: (loaded: A) => void): void {
  if (lazy.current) use(lazy.current);
  else lazy.load().then(use, () => undefined);
}

/** Runs `use` with the root actors: at once when they are there, once their code has loaded otherwise. */
export const withActors: (actors: Lazy<AppActors>, use: (loaded: AppActors) => void) => void = withLoaded;
