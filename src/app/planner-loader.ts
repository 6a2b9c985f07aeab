import { createContext } from 'react';
import type { PlannerDeps, PlannerRuntime } from './planner-runtime';

// The planner (issue 9) is a lazy chunk: a visitor on the landing page never downloads it. It is started when
// a logged-in session exists (sync and reminders run on every screen then) or when a planner screen opens.

let deps: PlannerDeps | null = null;
let starting: Promise<PlannerRuntime> | null = null;

/** The composition root hands over what the planner needs from the rest of the app, once, at start. */
export function providePlannerDeps(value: PlannerDeps): void {
  deps = value;
}

export function loadPlanner(): Promise<PlannerRuntime> {
  if (!starting) {
    const given = deps;
    if (!given) return Promise.reject(new Error('providePlannerDeps was not called'));
    starting = import('./planner-runtime').then(({ startPlannerRuntime }) => startPlannerRuntime(given));
    // A failed chunk load (offline on first visit) may be retried by the next screen that asks.
    starting.catch(() => {
      starting = null;
    });
  }
  return starting;
}

/** How screens get the planner: the app's lazy singleton; tests provide a fresh one per case. */
export const PlannerLoaderContext = createContext<() => Promise<PlannerRuntime>>(loadPlanner);
