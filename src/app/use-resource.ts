import { startTransition, useEffect, useRef, useState } from 'react';
import { useAppShell, withLoaded } from './actors-context';
import type { AppApi } from './create-app-actors';
import { lazyLoad } from './lazy-load';
import type { ResourceActor, ResourceView } from './resource-actor';

type ResourceRuntime = typeof import('./resource-actor');

/**
 * The resource machine's code (issue 12: not on the landing's first screen). The landing asks for it as it
 * mounts; the root actors' chunk loads it before any other screen renders (src/app/start-app-actors.ts).
 */
export const resourceRuntime = lazyLoad(() => import('./resource-actor'));

/**
 * The machine's initial state, loading, shown until its code is there: what the prerendered page shows too.
 * tests/ui/app/use-resource.test.tsx holds it to the machine's own.
 */
export const VIEW_BEFORE_THE_MACHINE: ResourceView = {
  data: null,
  loading: true,
  error: null,
  offline: false,
  savedAt: null,
  checking: false,
  copyError: null,
};

export interface ResourceOptions {
  /**
   * The name the device keeps this screen's last copy under (issue 18), per account and params: offline,
   * the screen shows it with its date. Absent: the screen keeps none (its data lives elsewhere already).
   */
  keep?: string;
}

/**
 * A screen's data through the resource machine. The screen names WHICH call loads it (`load` receives the
 * API); the machine decides when, and the call runs as the machine's provided actor, never in render.
 * `params` are compared by value: new params reload.
 */
export function useResource<T, P = undefined>(
  load: (api: AppApi, params: P) => Promise<T>,
  params?: P,
  options: ResourceOptions = {},
) {
  const { api, describeError, lastCopies } = useAppShell().services;
  const keep = options.keep;
  const loadRef = useRef(load);
  loadRef.current = load;
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const key = JSON.stringify(params ?? null);
  const keyRef = useRef(key);
  keyRef.current = key;

  const actorRef = useRef<ResourceActor | null>(null);
  /** The params the actor last loaded with, as compared by value. */
  const loadedKey = useRef<string | null>(null);
  const [view, setView] = useState(VIEW_BEFORE_THE_MACHINE);

  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | null = null;
    const start = (runtime: ResourceRuntime) => {
      if (stopped) return;
      const actor = runtime.createResourceActor({
        api,
        load: (watchedApi, input) => loadRef.current(watchedApi, input as P),
        describeError,
        params: paramsRef.current,
        ...(keep && lastCopies ? { copies: { name: keep, store: lastCopies } } : {}),
      });
      actorRef.current = actor;
      loadedKey.current = keyRef.current;
      // Each change is rendered as a transition (issue 12: Total Blocking Time): a list arriving on a slow
      // phone is rendered in slices between which the browser stays responsive, and committed once.
      const show = () =>
        startTransition(() => setView(runtime.resourceViewOf(actor.getSnapshot(), describeError)));
      const subscription = actor.subscribe(show);
      actor.start();
      show();
      // The connection is back: a copy or an offline failure is checked with the server at once.
      const online = () => actor.send({ type: 'resource.online' });
      window.addEventListener('online', online);
      stop = () => {
        window.removeEventListener('online', online);
        subscription.unsubscribe();
        actor.stop();
        actorRef.current = null;
      };
    };
    // The machine's code arriving renders nothing by itself: the screen shows loading until its actor says otherwise.
    withLoaded(resourceRuntime, start);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [api, describeError, lastCopies, keep]);

  useEffect(() => {
    const actor = actorRef.current;
    if (actor === null || loadedKey.current === key) return;
    loadedKey.current = key;
    actor.send({ type: 'resource.reload', params: JSON.parse(key) });
  }, [key]);

  return {
    data: view.data as T | null,
    loading: view.loading,
    error: view.error,
    offline: view.offline,
    savedAt: view.savedAt,
    checking: view.checking,
    copyError: view.copyError,
    retry: () => actorRef.current?.send({ type: 'resource.retry' }),
    reload: () => actorRef.current?.send({ type: 'resource.reload', params: JSON.parse(key) }),
  };
}
