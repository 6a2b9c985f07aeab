import { describe, expect, it } from 'vitest';
import {
  failureOf,
  selectCopyError,
  selectData,
  selectError,
  selectIsChecking,
  selectIsLoading,
  selectIsOffline,
  selectSavedAt,
} from '../../machines/resource';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';
import {
  ANGLOPHONE,
  createResourceHarness,
  DEVICE_COPY_DATE,
  deviceCopy,
  FRANCOPHONE,
  freshAnswer,
  LOAD_ERROR,
  listFor,
  OFFLINE_ERROR,
  REFUSED_ERROR,
  STORAGE_ERROR,
  UNAVAILABLE_ERROR,
  WORKER_COPY_DATE,
  workerAnswer,
} from './resource.model';

const TIMEOUT = 'xstate.after.loadTimeout.resource.loading';

describe('resource machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.resource);
    console.log(`resource: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  }, 60_000);

  it('loads with its params, shows a translated error, and retries with the same params', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    expect(selectIsLoading(harness.snapshot)).toBe(true);
    expect(selectData(harness.snapshot)).toBeNull();
    expect(harness.fakes.pending('load').input).toEqual(ANGLOPHONE);
    await harness.reject('load', LOAD_ERROR);
    expect(selectIsLoading(harness.snapshot)).toBe(false);
    expect(selectError(harness.snapshot)).toBe('Network error. Please check your internet connection.');
    // An untagged failure is the server's answer: no device copy stands in for it.
    expect(harness.fakes.callsOf('readCopy')).toHaveLength(0);
    await harness.send({ type: 'resource.retry' });
    expect(selectError(harness.snapshot)).toBeNull();
    expect(harness.fakes.pending('load').input).toEqual(ANGLOPHONE);
    await harness.resolve('load', freshAnswer(ANGLOPHONE));
    expect(selectData(harness.snapshot)).toEqual(listFor(ANGLOPHONE));
    expect(harness.snapshot.context.error).toBeNull();
    // Retry means "try the failed load again": a loaded screen ignores it.
    await harness.send({ type: 'resource.retry' });
    expect(harness.fakes.callsOf('load')).toHaveLength(2);
  });

  it('starts without params as null, and shows a non-Error failure as text', async () => {
    const harness = createResourceHarness();
    harness.start();
    expect(harness.fakes.pending('load').input).toBeNull();
    await harness.reject('load', 404);
    expect(selectError(harness.snapshot)).toBe('404');
  });

  it('drops a load overtaken by new params: the old answer never reaches the screen', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    const first = harness.fakes.pending('load');
    await harness.send({ type: 'resource.reload', params: FRANCOPHONE });
    expect(first.settled).toBe(true);
    const second = harness.fakes.pending('load');
    expect(second.input).toEqual(FRANCOPHONE);
    first.resolve(freshAnswer(ANGLOPHONE));
    await harness.resolve('load', freshAnswer(FRANCOPHONE));
    expect(selectData(harness.snapshot)).toEqual(listFor(FRANCOPHONE));
  });

  it('reloads a loaded screen with new params, from the failed screen too', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.resolve('load', freshAnswer(ANGLOPHONE));
    await harness.send({ type: 'resource.reload', params: FRANCOPHONE });
    expect(selectIsLoading(harness.snapshot)).toBe(true);
    await harness.reject('load', REFUSED_ERROR);
    await harness.send({ type: 'resource.reload', params: ANGLOPHONE });
    expect(harness.fakes.pending('load').input).toEqual(ANGLOPHONE);
    expect(selectError(harness.snapshot)).toBeNull();
    await harness.resolve('load', freshAnswer(ANGLOPHONE));
    expect(selectData(harness.snapshot)).toEqual(listFor(ANGLOPHONE));
  });

  it('keeps every fresh answer as the device copy of its params, and nothing else', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.resolve('load', freshAnswer(ANGLOPHONE));
    expect(harness.fakes.effectsOf('keepCopy')).toEqual([{ params: ANGLOPHONE, data: listFor(ANGLOPHONE) }]);
    await harness.send({ type: 'resource.reload', params: FRANCOPHONE });
    await harness.resolve('load', workerAnswer(FRANCOPHONE));
    expect(harness.fakes.effectsOf('keepCopy')).toHaveLength(1);
  });

  it('offline, shows the device copy with its date, and the fresh list once the connection is back', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.reject('load', OFFLINE_ERROR);
    // Still a skeleton while the copy is read: no "Network error" flashes first.
    expect(selectIsLoading(harness.snapshot)).toBe(true);
    expect(selectError(harness.snapshot)).toBeNull();
    expect(harness.fakes.pending('readCopy').input).toEqual(ANGLOPHONE);
    await harness.resolve('readCopy', deviceCopy(ANGLOPHONE));
    expect(selectIsLoading(harness.snapshot)).toBe(false);
    expect(selectData(harness.snapshot)).toEqual(deviceCopy(ANGLOPHONE).data);
    expect(selectSavedAt(harness.snapshot)).toBe(DEVICE_COPY_DATE);
    expect(selectIsOffline(harness.snapshot)).toBe(true);
    expect(selectError(harness.snapshot)).toBeNull();

    // Retry while still offline: the copy stays on screen the whole time.
    await harness.send({ type: 'resource.retry' });
    expect(selectIsChecking(harness.snapshot)).toBe(true);
    expect(selectData(harness.snapshot)).toEqual(deviceCopy(ANGLOPHONE).data);
    await harness.reject('load', OFFLINE_ERROR);
    expect(selectIsChecking(harness.snapshot)).toBe(false);
    expect(selectSavedAt(harness.snapshot)).toBe(DEVICE_COPY_DATE);

    await harness.send({ type: 'resource.online' });
    await harness.resolve('load', freshAnswer(ANGLOPHONE));
    expect(selectData(harness.snapshot)).toEqual(listFor(ANGLOPHONE));
    expect(selectSavedAt(harness.snapshot)).toBeNull();
    expect(selectIsOffline(harness.snapshot)).toBe(false);
  });

  it("shows the worker's cached answer as a copy with its date, offline", async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.resolve('load', workerAnswer(ANGLOPHONE));
    expect(selectSavedAt(harness.snapshot)).toBe(WORKER_COPY_DATE);
    expect(selectIsOffline(harness.snapshot)).toBe(true);
    expect(harness.fakes.callsOf('readCopy')).toHaveLength(0);
  });

  it('offline with no copy on the device: fails as offline, and loads again when the connection is back', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.reject('load', OFFLINE_ERROR);
    await harness.resolve('readCopy', null);
    expect(selectError(harness.snapshot)).toBe('Network error. Please check your internet connection.');
    expect(selectIsOffline(harness.snapshot)).toBe(true);
    await harness.send({ type: 'resource.online' });
    expect(selectIsLoading(harness.snapshot)).toBe(true);
    expect(harness.fakes.callsOf('load')).toHaveLength(2);
  });

  it('a device that cannot read its storage fails as the load did', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.reject('load', OFFLINE_ERROR);
    await harness.reject('readCopy', STORAGE_ERROR);
    expect(selectError(harness.snapshot)).toBe('Network error. Please check your internet connection.');
  });

  it('a refused load is not tried again when the connection comes back', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.reject('load', REFUSED_ERROR);
    expect(selectIsOffline(harness.snapshot)).toBe(false);
    await harness.send({ type: 'resource.online' });
    expect(harness.fakes.callsOf('load')).toHaveLength(1);
    expect(selectError(harness.snapshot)).toBe('Resource not found.');
  });

  it('a server that cannot serve shows the copy, saying why', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.reject('load', UNAVAILABLE_ERROR);
    await harness.resolve('readCopy', deviceCopy(ANGLOPHONE));
    expect(selectSavedAt(harness.snapshot)).toBe(DEVICE_COPY_DATE);
    expect(selectIsOffline(harness.snapshot)).toBe(false);
    expect(selectCopyError(harness.snapshot)).toBe('Server error. Please try again later.');
  });

  it('never shows a skeleton for more than 20 s: no answer counts as offline', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    expect(harness.timer(TIMEOUT).delay).toBe(20_000);
    await harness.fireTimer(TIMEOUT);
    expect(harness.fakes.callsOf('load')[0]?.settled).toBe(true);
    await harness.resolve('readCopy', null);
    expect(selectIsLoading(harness.snapshot)).toBe(false);
    expect(selectIsOffline(harness.snapshot)).toBe(true);
    // No text of its own: the screen says it is offline.
    expect(selectError(harness.snapshot)).toBe('');
  });

  it('reads the failure kind the app tagged, and treats anything else as a refusal', () => {
    expect(failureOf(OFFLINE_ERROR)).toBe('offline');
    expect(failureOf(UNAVAILABLE_ERROR)).toBe('unavailable');
    expect(failureOf(Object.assign(new Error('x'), { kind: 'elsewhere' }))).toBe('refused');
    expect(failureOf(null)).toBe('refused');
  });
});
