import { useSelector } from '@xstate/react';
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor } from 'xstate';
import { plannerSyncMachine, selectConflicts, selectSyncStatus } from '../../../machines/plannerSync';
import { DEFAULT_SWITCHES } from '../../../machines/reminderPlan';
import { PlannerLoaderContext } from '../../app/planner-loader';
import type { PlannerRuntime } from '../../app/planner-runtime';
import type { PlannerState } from '../../rules/planner-docs';

const NOT_LOADED: PlannerState = {
  ready: false,
  docs: {},
  switches: DEFAULT_SWITCHES,
};
const noSubscription = () => () => {};
// Read by useSelector before the runtime exists: a stopped actor in its first state, never started.
const idleSync = createActor(plannerSyncMachine);

/** The planner for a screen: loads its chunk and the device copy, then follows every change. */
export function usePlanner() {
  const { t } = useTranslation();
  const [runtime, setRuntime] = useState<PlannerRuntime | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadPlanner = useContext(PlannerLoaderContext);
  useEffect(() => {
    let live = true;
    void attempt;
    loadPlanner().then(
      (loaded) => {
        if (live) setRuntime(loaded);
      },
      () => {
        if (live) setError(t('planner.loadFailed'));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, t, loadPlanner]);
  const state = useSyncExternalStore(
    runtime?.store.subscribe ?? noSubscription,
    runtime ? runtime.store.getState : () => NOT_LOADED,
  );
  const syncStatus = useSelector(runtime?.sync ?? idleSync, selectSyncStatus);
  const conflicts = useSelector(runtime?.sync ?? idleSync, selectConflicts);
  return {
    runtime,
    state,
    loading: error === null && (runtime === null || !state.ready),
    error,
    retry: () => {
      setError(null);
      setAttempt((n) => n + 1);
    },
    syncStatus,
    conflicts,
  };
}

export type Planner = ReturnType<typeof usePlanner>;
