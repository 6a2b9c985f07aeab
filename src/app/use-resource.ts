import { useActorRef } from '@xstate/react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type ResourceSnapshot,
  resourceMachine,
  selectData,
  selectError,
  selectIsLoading,
} from '../../machines/resource';
import { useAppActors } from './actors-context';
import type { AppApi } from './create-app-actors';

/**
 * A screen's data through the resource machine. The screen names WHICH call loads it (`load` receives the
 * API); the machine decides when, and the call runs as the machine's provided actor, never in render.
 * `params` are compared by value: new params reload.
 */
export function useResource<T, P = undefined>(load: (api: AppApi, params: P) => Promise<T>, params?: P) {
  const { api, describeError } = useAppActors();
  const loadRef = useRef(load);
  loadRef.current = load;
  const actor = useActorRef(
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, unknown>(async ({ input }) => {
          try {
            return await loadRef.current(api, input as P);
          } catch (error) {
            throw new Error(describeError(error));
          }
        }),
      },
    }),
    { input: { params } },
  );
  const key = JSON.stringify(params ?? null);
  const firstKey = useRef(key);
  useEffect(() => {
    if (key === firstKey.current) return;
    firstKey.current = key;
    actor.send({ type: 'resource.reload', params: JSON.parse(key) });
  }, [actor, key]);

  const snapshot = useSnapshotAsTransition(actor);
  return {
    data: selectData<T>(snapshot),
    loading: selectIsLoading(snapshot),
    error: selectError(snapshot),
    retry: () => actor.send({ type: 'resource.retry' }),
    reload: () => actor.send({ type: 'resource.reload', params: JSON.parse(key) }),
  };
}

/**
 * The resource's snapshot, each change rendered as a transition (issue 12: Total Blocking Time). A store
 * read with useSyncExternalStore (useSelector) re-renders synchronously: a list arriving on a slow phone
 * rendered its whole screen in one long task. As a transition, React renders it in slices between which
 * the browser stays responsive, and commits it once.
 */
function useSnapshotAsTransition(actor: {
  getSnapshot(): ResourceSnapshot;
  subscribe(listener: () => void): { unsubscribe(): void };
}): ResourceSnapshot {
  const [snapshot, setSnapshot] = useState(() => actor.getSnapshot());
  useEffect(() => {
    const update = () => startTransition(() => setSnapshot(actor.getSnapshot()));
    const subscription = actor.subscribe(update);
    // Whatever changed between the first render and this subscription.
    update();
    return () => subscription.unsubscribe();
  }, [actor]);
  return snapshot;
}
