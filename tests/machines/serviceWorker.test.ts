import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/messages';
import { selectIsRegistered, selectUpdatePrompt } from '../../machines/serviceWorker';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';
import {
  AFTER,
  createServiceWorkerHarness,
  DEVELOPMENT,
  PRODUCTION,
  UNSUPPORTED,
} from './serviceWorker.model';

describe('serviceWorker machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.serviceWorker);
    console.log(`serviceWorker: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('registers at 30 000 ms at the latest (not 29 999), or as soon as the app is stable', async () => {
    const late = createServiceWorkerHarness(PRODUCTION);
    late.start();
    late.clock.set(29_999);
    expect(late.fakes.callsOf('registerWorker')).toHaveLength(0);
    late.clock.set(30_000);
    expect(late.fakes.callsOf('registerWorker')).toHaveLength(1);

    const stable = createServiceWorkerHarness(PRODUCTION);
    stable.start();
    await stable.send({ type: 'app.stable' });
    expect(stable.fakes.callsOf('registerWorker')).toHaveLength(1);
    stable.clock.set(30_000);
    expect(stable.fakes.callsOf('registerWorker')).toHaveLength(1);
  });

  it('checks for an update every 21 600 000 ms (6 h), not a millisecond sooner', async () => {
    const harness = createServiceWorkerHarness(PRODUCTION);
    harness.start();
    await harness.send({ type: 'app.stable' });
    await harness.resolve('registerWorker', undefined);
    expect(selectIsRegistered(harness.snapshot)).toBe(true);
    for (let period = 1; period <= 2; period++) {
      const since = harness.clock.now();
      harness.clock.set(since + 21_599_999);
      expect(harness.fakes.callsOf('checkForUpdate')).toHaveLength(period - 1);
      harness.clock.set(since + 21_600_000);
      expect(harness.fakes.callsOf('checkForUpdate')).toHaveLength(period);
      await harness.resolve('checkForUpdate', undefined);
    }
    expect(harness.timer(AFTER.updateCheckEvery).delay).toBe(21_600_000);
  });

  it('never registers outside production or without support', () => {
    for (const input of [DEVELOPMENT, UNSUPPORTED]) {
      const harness = createServiceWorkerHarness(input);
      harness.start();
      harness.clock.set(60_000);
      expect(harness.snapshot.value).toBe('disabled');
      expect(harness.fakes.calls).toEqual([]);
    }
  });

  it('shows the toasts with their durations and reloads exactly once on update', async () => {
    const harness = createServiceWorkerHarness(PRODUCTION);
    harness.start();
    await harness.send({ type: 'app.stable' });
    await harness.resolve('registerWorker', undefined);
    await harness.send({ type: 'sw.offlineReady' });
    await harness.send({ type: 'sw.updateAvailable' });
    expect(selectUpdatePrompt(harness.snapshot)).toEqual({ messageKey: 'updateAvailable' });
    expect(MESSAGES.updateAvailable).toBe('New version available! Update now?');
    await harness.send({ type: 'sw.later' });
    expect(selectUpdatePrompt(harness.snapshot)).toBeNull();
    await harness.send({ type: 'sw.updateAvailable' });
    await harness.send({ type: 'sw.update' });
    await harness.resolve('activateUpdate', undefined);
    await harness.send({ type: 'sw.update' });
    expect(harness.fakes.effects).toEqual([
      { type: 'showToast', params: { key: 'offlineReady', durationMs: 3_000 } },
      { type: 'showToast', params: { key: 'reloadToUpdate', durationMs: 5_000 } },
      { type: 'reload', params: undefined },
    ]);
    expect(MESSAGES.offlineReady).toBe('App is ready for offline use!');
    expect(MESSAGES.reloadToUpdate).toBe('New version available! Reload to update.');
  });
});
