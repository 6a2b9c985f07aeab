import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { resourceMachine, selectData, selectError, selectIsLoading } from '../../machines/resource';
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

  return {
    data: useSelector(actor, (s) => selectData<T>(s)),
    loading: useSelector(actor, selectIsLoading),
    error: useSelector(actor, selectError),
    retry: () => actor.send({ type: 'resource.retry' }),
    reload: () => actor.send({ type: 'resource.reload', params: JSON.parse(key) }),
  };
}
