import { expect } from 'vitest';
import type { PushResult, plannerSyncMachine, SyncConflict, SyncStatus } from '../../../machines/plannerSync';
import { selectConflicts, selectSyncStatus } from '../../../machines/plannerSync';
import type { Oracle } from '../modelHarness';
import { CallLog, running } from './observe';

// Issue 9 "Everywhere, nothing lost", written again without the machine: logged out, the planner lives on the
// device and nothing talks to the account. Logged in, the account's copy is read first, then the unsent edits
// are sent; an edit is sent at once when all is synced, and an edit made while a round is sending is sent
// again after it, so the last edit is never left behind. Offline (or the server unreachable) the edits wait
// on the device and go when the connection returns, when the app comes back to the foreground, or at the
// next retry, one minute later (machines/README.md). One request at a time. What the server merged from two
// devices comes back as conflicts, which stay shown until the student has read them or logs out.

const RETRY_AFTER = 60_000;

type Phase = 'signedOut' | 'pulling' | 'pushing' | 'synced' | 'waiting';

const STATUS: Record<Phase, SyncStatus> = {
  signedOut: 'deviceOnly',
  pulling: 'syncing',
  pushing: 'syncing',
  synced: 'synced',
  waiting: 'waitingForNetwork',
};

export const plannerSyncOracle: Oracle<typeof plannerSyncMachine> = () => {
  let phase: Phase = 'signedOut';
  let conflicts: SyncConflict[] = [];
  /** An edit on the device that no successful push has carried yet (made before that push started). */
  let unsent = false;
  let waitingSince = 0;
  const calls = new CallLog();

  return (harness, { event }) => {
    const before = phase;
    const now = harness.clock.now();
    let pushAgain = false;
    switch (event.type) {
      case 'planner.signedIn':
        if (phase === 'signedOut') phase = 'pulling';
        break;
      case 'planner.signedOut':
        [phase, conflicts] = ['signedOut', []];
        break;
      case 'planner.conflictsSeen':
        conflicts = [];
        break;
      case 'planner.changed':
        unsent = true;
        if (phase === 'synced') phase = 'pushing';
        break;
      case 'planner.refresh':
        if (phase === 'synced' || phase === 'waiting') phase = 'pulling';
        break;
      case 'network.online':
        if (phase === 'waiting') phase = 'pulling';
        break;
      case 'network.offline':
        if (phase === 'synced') phase = 'waiting';
        break;
      case 'xstate.done.actor.pullFromAccount':
        phase = 'pushing';
        break;
      case 'xstate.done.actor.pushChanges':
        conflicts = [...conflicts, ...((event as { output?: PushResult }).output?.conflicts ?? [])];
        pushAgain = unsent;
        phase = unsent ? 'pushing' : 'synced';
        break;
      case 'xstate.error.actor.pushChanges':
        // What that push carried did not arrive: still unsent.
        unsent = true;
        phase = 'waiting';
        break;
      case 'xstate.error.actor.pullFromAccount':
        phase = 'waiting';
        break;
      default:
        if (event.type.startsWith('xstate.after.')) {
          expect(now - waitingSince, 'tried again a minute after the connection failed').toBe(RETRY_AFTER);
          phase = 'pulling';
        }
    }
    if (phase === 'waiting' && before !== 'waiting') waitingSince = now;
    const pullStarts = phase === 'pulling' && before !== 'pulling';
    const pushStarts = phase === 'pushing' && (before !== 'pushing' || pushAgain);
    // A push carries every edit made before it starts.
    if (pushStarts) unsent = false;

    expect(
      calls.newCalls(harness.fakes, 'pullFromAccount'),
      `the account read on ${event.type}`,
    ).toHaveLength(pullStarts ? 1 : 0);
    expect(calls.newCalls(harness.fakes, 'pushChanges'), `edits sent on ${event.type}`).toHaveLength(
      pushStarts ? 1 : 0,
    );
    expect(
      [running(harness.fakes, 'pullFromAccount').length, running(harness.fakes, 'pushChanges').length],
      'one request at a time, none logged out',
    ).toEqual([phase === 'pulling' ? 1 : 0, phase === 'pushing' ? 1 : 0]);
    expect(selectSyncStatus(harness.snapshot), `the status after ${event.type}`).toBe(STATUS[phase]);
    expect(selectConflicts(harness.snapshot), 'conflicts shown until read').toEqual(conflicts);
    if (phase === 'synced') expect(unsent, 'synced means every edit reached the account').toBe(false);
  };
};
