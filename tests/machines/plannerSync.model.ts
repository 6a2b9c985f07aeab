import type { AnyEventObject } from 'xstate';
import type {
  PlannerSyncEvent,
  PlannerSyncSnapshot,
  PushResult,
  SyncConflict,
} from '../../machines/plannerSync';
import { plannerSyncMachine } from '../../machines/plannerSync';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// The planner's sync with the account: a student logs in, the account's copy is read, unsent edits are sent;
// edits keep coming while a round runs; the network comes and goes; logout stops everything. The server's
// merge decisions come back as conflicts (one sample), which stay until the student has read them.

export const KEPT_BOTH: SyncConflict = {
  kind: 'timetable',
  id: 'week',
  title: 'Form 5 A',
  type: 'keptBoth',
  periodId: 'p-maths',
  copyId: 'copy-1',
};

export const CLEAN_PUSH: PushResult = { conflicts: [] };
export const MERGED_PUSH: PushResult = { conflicts: [KEPT_BOTH] };
export const OFFLINE = new Error('Network error. Please check your internet connection.');

export const AFTER_RETRY = 'xstate.after.retryEvery.plannerSync.waitingForNetwork';

export const plannerSyncEventSamples = {
  'planner.signedIn': () => [{ type: 'planner.signedIn' }],
  'planner.signedOut': () => [{ type: 'planner.signedOut' }],
  'planner.changed': () => [{ type: 'planner.changed' }],
  'planner.refresh': () => [{ type: 'planner.refresh' }],
  'network.online': () => [{ type: 'network.online' }],
  'network.offline': () => [{ type: 'network.offline' }],
  'planner.conflictsSeen': () => [{ type: 'planner.conflictsSeen' }],
} satisfies Record<PlannerSyncEvent['type'], (snapshot: PlannerSyncSnapshot) => readonly PlannerSyncEvent[]>;

export const plannerSyncInternalSamples = {
  'xstate.done.actor.pullFromAccount': () => [
    { type: 'xstate.done.actor.pullFromAccount', output: undefined },
  ],
  'xstate.error.actor.pullFromAccount': () => [
    { type: 'xstate.error.actor.pullFromAccount', error: OFFLINE },
  ],
  'xstate.done.actor.pushChanges': () => [
    { type: 'xstate.done.actor.pushChanges', output: CLEAN_PUSH },
    { type: 'xstate.done.actor.pushChanges', output: MERGED_PUSH },
  ],
  'xstate.error.actor.pushChanges': () => [{ type: 'xstate.error.actor.pushChanges', error: OFFLINE }],
  [AFTER_RETRY]: () => [{ type: AFTER_RETRY }],
} satisfies Record<string, (snapshot: PlannerSyncSnapshot) => readonly AnyEventObject[]>;

export const plannerSyncModel: MachineModel<typeof plannerSyncMachine> = {
  machine: plannerSyncMachine,
  inputs: [undefined],
  samples: { ...plannerSyncEventSamples, ...plannerSyncInternalSamples },
  // Conflicts accumulate: one shown notice is enough to cover every transition, and keeps the model finite.
  filterEvents: (snapshot, event) =>
    !(
      event.type === 'xstate.done.actor.pushChanges' &&
      (event as unknown as { output: PushResult }).output.conflicts.length > 0 &&
      snapshot.context.conflicts.length > 0
    ),
};

/** No named effect actions: the machine's effects are the two provided actors. */
export const PLANNER_SYNC_EFFECTS = [] as const;

export function createPlannerSyncHarness(): Harness<typeof plannerSyncMachine> {
  const fakes = new Fakes();
  return new Harness(
    plannerSyncMachine.provide({
      actors: {
        pullFromAccount: fakes.promiseActor<void, void>('pullFromAccount'),
        pushChanges: fakes.promiseActor<PushResult, void>('pushChanges'),
      },
    }),
    undefined,
    fakes,
  );
}

export const plannerSyncExecutors = {
  'planner.signedIn': (harness, event) => harness.send(event),
  'planner.signedOut': (harness, event) => harness.send(event),
  'planner.changed': (harness, event) => harness.send(event),
  'planner.refresh': (harness, event) => harness.send(event),
  'network.online': (harness, event) => harness.send(event),
  'network.offline': (harness, event) => harness.send(event),
  'planner.conflictsSeen': (harness, event) => harness.send(event),
} satisfies EventExecutors<typeof plannerSyncMachine>;

export const plannerSyncPaths = () => generatePaths(plannerSyncModel);
