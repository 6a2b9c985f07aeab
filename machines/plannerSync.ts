import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { Conflict, PlannerKind } from '../contract/planner';
import { notProvided } from './notProvided';

// Issue 9 "Everywhere, nothing lost": the planner lives on the device (it works offline) and, while the
// student is logged in, is synced with the account. Edits are written to the device copy first and marked
// unsent; this machine decides when to send them and when to read the account's copy. Offline, the unsent
// edits wait on the device and go when the connection returns (or at the next retry). What the server
// merged from two devices comes back as conflicts, which stay shown until the student has read them.

export const PLANNER_SYNC_DELAYS = {
  /** Offline or the server unreachable: try again this often, besides when the browser says it is online. */
  retryEvery: 60_000,
} as const;

/**
 * A decision the server took when it merged two devices' edits (contract/planner.ts), for the student to
 * read (never silent), with the document it concerns.
 */
export type SyncConflict = Readonly<Conflict> & {
  readonly kind: PlannerKind;
  readonly id: string;
  /** The document's name or title, as the device has it, to say which one. */
  readonly title: string;
};

export interface PushResult {
  readonly conflicts: readonly SyncConflict[];
}

export type PlannerSyncEvent =
  /** A logged-in session (at start or at login): the account's copy is read, then unsent edits sent. */
  | { type: 'planner.signedIn' }
  /** Logout: no more syncing (the app clears the device copy with the rest of the session). */
  | { type: 'planner.signedOut' }
  /** An edit was saved on the device, marked unsent. */
  | { type: 'planner.changed' }
  /** The app came back to the foreground: another device may have written meanwhile. */
  | { type: 'planner.refresh' }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  /** The student has read the conflicts notice. */
  | { type: 'planner.conflictsSeen' };

export interface PlannerSyncContext {
  readonly conflicts: readonly SyncConflict[];
  /** An edit arrived while sending: send again once this round is done. */
  readonly changedWhileSending: boolean;
}

export const plannerSyncMachine = setup({
  types: {
    context: {} as PlannerSyncContext,
    events: {} as PlannerSyncEvent,
  },
  actors: {
    /** Reads the account's documents into the device copy, keeping the device's unsent edits. */
    pullFromAccount: notProvided<void, void>('pullFromAccount'),
    /** Sends every unsent edit; the device copy takes the server's answers (merged versions included). */
    pushChanges: notProvided<PushResult, void>('pushChanges'),
  },
  actions: {
    noteChange: assign({ changedWhileSending: true }),
    startRound: assign({ changedWhileSending: false }),
    addConflicts: assign({
      conflicts: ({ context }, params: { conflicts: readonly SyncConflict[] }) => [
        ...context.conflicts,
        ...params.conflicts,
      ],
    }),
    forgetConflicts: assign({ conflicts: [] }),
  },
  guards: {
    changedWhileSending: ({ context }) => context.changedWhileSending,
  },
  delays: {
    retryEvery: PLANNER_SYNC_DELAYS.retryEvery,
  },
}).createMachine({
  id: 'plannerSync',
  context: { conflicts: [], changedWhileSending: false },
  initial: 'signedOut',
  on: {
    'planner.signedOut': { target: '.signedOut', actions: 'forgetConflicts' },
    'planner.conflictsSeen': { actions: 'forgetConflicts' },
  },
  states: {
    /** Device copy only: a visitor's planner, or the moments before the session is known. */
    signedOut: {
      on: { 'planner.signedIn': 'pulling' },
    },
    pulling: {
      entry: 'startRound',
      on: { 'planner.changed': { actions: 'noteChange' } },
      invoke: {
        id: 'pullFromAccount',
        src: 'pullFromAccount',
        onDone: 'pushing',
        onError: 'waitingForNetwork',
      },
    },
    pushing: {
      entry: 'startRound',
      on: { 'planner.changed': { actions: 'noteChange' } },
      invoke: {
        id: 'pushChanges',
        src: 'pushChanges',
        onDone: [
          {
            guard: 'changedWhileSending',
            target: 'pushing',
            reenter: true,
            actions: { type: 'addConflicts', params: ({ event }) => ({ conflicts: event.output.conflicts }) },
          },
          {
            target: 'synced',
            actions: { type: 'addConflicts', params: ({ event }) => ({ conflicts: event.output.conflicts }) },
          },
        ],
        onError: 'waitingForNetwork',
      },
    },
    synced: {
      on: {
        'planner.changed': 'pushing',
        'planner.refresh': 'pulling',
        'network.offline': 'waitingForNetwork',
      },
    },
    /** Unsent edits wait on the device; nothing is lost while the phone has no data. */
    waitingForNetwork: {
      after: { retryEvery: 'pulling' },
      on: {
        'network.online': 'pulling',
        'planner.refresh': 'pulling',
      },
    },
  },
});

export type PlannerSyncSnapshot = SnapshotFrom<typeof plannerSyncMachine>;

export type SyncStatus = 'deviceOnly' | 'syncing' | 'synced' | 'waitingForNetwork';

export const selectSyncStatus = (snapshot: PlannerSyncSnapshot): SyncStatus => {
  if (snapshot.matches('signedOut')) return 'deviceOnly';
  if (snapshot.matches('synced')) return 'synced';
  if (snapshot.matches('waitingForNetwork')) return 'waitingForNetwork';
  return 'syncing';
};
export const selectConflicts = (snapshot: PlannerSyncSnapshot): readonly SyncConflict[] =>
  snapshot.context.conflicts;
