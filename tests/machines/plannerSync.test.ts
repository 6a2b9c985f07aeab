import { describe, expect, it } from 'vitest';
import type { plannerSyncMachine } from '../../machines/plannerSync';
import { PLANNER_SYNC_DELAYS, selectConflicts, selectSyncStatus } from '../../machines/plannerSync';
import type { Harness } from './modelHarness';
import { runModel } from './modelHarness';
import {
  AFTER_RETRY,
  CLEAN_PUSH,
  createPlannerSyncHarness,
  KEPT_BOTH,
  MERGED_PUSH,
  OFFLINE,
} from './plannerSync.model';
import { REPLAYS } from './replays';

type SyncHarness = Harness<typeof plannerSyncMachine>;

const running = (harness: SyncHarness, src: string) =>
  harness.fakes.callsOf(src).filter((call) => !call.settled).length;

async function signedInAndSynced(): Promise<SyncHarness> {
  const harness = createPlannerSyncHarness();
  harness.start();
  await harness.send({ type: 'planner.signedIn' });
  await harness.resolve('pullFromAccount', undefined);
  await harness.resolve('pushChanges', CLEAN_PUSH);
  return harness;
}

describe('plannerSync machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.plannerSync);
    console.log(`plannerSync: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('retries every minute while offline (issue 9: edits wait on the device)', async () => {
    expect(PLANNER_SYNC_DELAYS.retryEvery).toBe(60_000);
    const harness = createPlannerSyncHarness();
    harness.start();
    await harness.send({ type: 'planner.signedIn' });
    await harness.reject('pullFromAccount', OFFLINE);
    expect(selectSyncStatus(harness.snapshot)).toBe('waitingForNetwork');
    expect(harness.timer(AFTER_RETRY).delay).toBe(60_000);
    await harness.fireTimer(AFTER_RETRY);
    expect(running(harness, 'pullFromAccount')).toBe(1);
  });

  it('sends an offline edit as soon as the connection returns: the account is read first, then the edit goes', async () => {
    const harness = await signedInAndSynced();
    await harness.send({ type: 'network.offline' });
    await harness.send({ type: 'planner.changed' });
    expect(harness.fakes.callsOf('pushChanges')).toHaveLength(1);
    expect(selectSyncStatus(harness.snapshot)).toBe('waitingForNetwork');
    await harness.send({ type: 'network.online' });
    expect(running(harness, 'pullFromAccount')).toBe(1);
    await harness.resolve('pullFromAccount', undefined);
    expect(harness.fakes.callsOf('pushChanges')).toHaveLength(2);
    await harness.resolve('pushChanges', CLEAN_PUSH);
    expect(selectSyncStatus(harness.snapshot)).toBe('synced');
  });

  it('sends again an edit made while a round was sending, so the last edit is never left behind', async () => {
    const harness = await signedInAndSynced();
    await harness.send({ type: 'planner.changed' });
    await harness.send({ type: 'planner.changed' });
    expect(harness.fakes.callsOf('pushChanges')).toHaveLength(2);
    await harness.resolve('pushChanges', CLEAN_PUSH);
    expect(harness.fakes.callsOf('pushChanges')).toHaveLength(3);
    await harness.resolve('pushChanges', CLEAN_PUSH);
    expect(selectSyncStatus(harness.snapshot)).toBe('synced');
  });

  it('keeps the merge conflicts shown until the student has read them, across later rounds', async () => {
    const harness = await signedInAndSynced();
    await harness.send({ type: 'planner.changed' });
    await harness.resolve('pushChanges', MERGED_PUSH);
    expect(selectConflicts(harness.snapshot)).toEqual([KEPT_BOTH]);
    await harness.send({ type: 'planner.refresh' });
    await harness.resolve('pullFromAccount', undefined);
    await harness.resolve('pushChanges', CLEAN_PUSH);
    expect(selectConflicts(harness.snapshot)).toEqual([KEPT_BOTH]);
    await harness.send({ type: 'planner.conflictsSeen' });
    expect(selectConflicts(harness.snapshot)).toEqual([]);
  });

  it('stops syncing at logout, even in the middle of a round', async () => {
    const harness = createPlannerSyncHarness();
    harness.start();
    expect(selectSyncStatus(harness.snapshot)).toBe('deviceOnly');
    await harness.send({ type: 'planner.changed' });
    expect(harness.fakes.calls).toHaveLength(0);
    await harness.send({ type: 'planner.signedIn' });
    await harness.send({ type: 'planner.signedOut' });
    expect(running(harness, 'pullFromAccount')).toBe(0);
    expect(selectSyncStatus(harness.snapshot)).toBe('deviceOnly');
  });
});
