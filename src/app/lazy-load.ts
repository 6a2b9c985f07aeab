import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';

/**
 * Something whose code is downloaded the first time it is needed (issue 12: the checkout and PWA machines
 * and their UI are not part of the landing route's JavaScript): an actor, or a module of components.
 * Created at most once; later calls share it. Components loaded this way render once they are there,
 * without a Suspense boundary, whose fallback React would keep for at least 300 ms on a timer.
 */
export interface Lazy<A> {
  /** What `load` produced, once it has; null before. */
  readonly current: A | null;
  load(): Promise<A>;
  /** Called once `current` is set, for useSyncExternalStore. */
  subscribe(listener: () => void): () => void;
}

export function lazyLoad<A>(create: () => Promise<A>): Lazy<A> {
  let current: A | null = null;
  let pending: Promise<A> | null = null;
  const listeners = new Set<() => void>();
  return {
    get current() {
      return current;
    },
    load() {
      if (pending === null) {
        pending = create().then(
          (created) => {
            current = created;
            for (const listener of listeners) listener();
            return created;
          },
          (error: unknown) => {
            // A failed download (offline) is tried again on the next need.
            pending = null;
            throw error;
          },
        );
      }
      return pending;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Something already there, where a Lazy is expected (tests render the app with its actors loaded). */
export function loaded<A>(value: A): Lazy<A> {
  return { current: value, load: () => Promise.resolve(value), subscribe: () => () => undefined };
}

/**
 * The one way a component asks for code that is downloaded when first needed: `load` is asked from an
 * effect while `wanted` (a stable `load` once), and `retry` asks again. What a failed download (offline)
 * does is the caller's choice, said where it is used:
 * - `'ignore'` (useLazy: an overlay, a dialog, the checkout): nothing is shown and nothing re-renders; the
 *   next need asks again (the Lazy forgets a failed load).
 * - `'report'` (the routes waiting for the root actors, src/app/AppRoutes.tsx): `failed` turns true, so the
 *   page says it is not on the phone with Retry instead of loading for ever.
 */
export function useLoadWhenWanted(
  load: (() => Promise<unknown>) | undefined,
  wanted: boolean,
  onFailure: 'ignore' | 'report',
): { failed: boolean; retry: () => void } {
  const [failed, setFailed] = useState(false);
  const report = onFailure === 'report';
  const retry = useCallback(() => {
    if (!wanted || !load) return;
    if (report) setFailed(false);
    load().catch(() => {
      if (report) setFailed(true);
    });
  }, [load, wanted, report]);
  useEffect(retry, [retry]);
  return { failed, retry };
}

const NOTHING_SUBSCRIBED = () => () => undefined;

/**
 * The lazily loaded thing once it is there; `load: true` asks for it as soon as the component mounts. A null
 * `lazy` (what holds it has not loaded yet) reads as null.
 */
export function useLazy<A>(lazy: Lazy<A> | null, options: { load?: boolean } = {}): A | null {
  const current = useSyncExternalStore(
    lazy?.subscribe ?? NOTHING_SUBSCRIBED,
    () => lazy?.current ?? null,
    // Hydration renders what the prerendered page shows: nothing lazily loaded yet.
    () => null,
  );
  const load = useMemo(() => (lazy ? () => lazy.load() : undefined), [lazy]);
  useLoadWhenWanted(load, options.load === true, 'ignore');
  return current;
}

interface Subscribable<S> {
  getSnapshot(): S;
  subscribe(observer: () => void): { unsubscribe(): void };
}

/** useSelector for an actor that may not be loaded yet: `fallback` until it is. Selectors must return primitives or stable values. */
export function useOptionalSelector<S, T>(
  actor: Subscribable<S> | null,
  selector: (snapshot: S) => T,
  fallback: T,
): T {
  return useSyncExternalStore(
    (onChange) => {
      if (actor === null) return () => undefined;
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => (actor === null ? fallback : selector(actor.getSnapshot())),
    () => (actor === null ? fallback : selector(actor.getSnapshot())),
  );
}
