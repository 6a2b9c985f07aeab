import { describe, expect, it } from 'vitest';
import { selectData, selectError, selectIsLoading } from '../../machines/resource';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';
import { ANGLOPHONE, createResourceHarness, FRANCOPHONE, LOAD_ERROR, listFor } from './resource.model';

describe('resource machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.resource);
    console.log(`resource: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('loads with its params, shows a translated error, and retries with the same params', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    expect(selectIsLoading(harness.snapshot)).toBe(true);
    expect(selectData(harness.snapshot)).toBeNull();
    expect(harness.fakes.pending('load').input).toEqual(ANGLOPHONE);
    await harness.reject('load', LOAD_ERROR);
    expect(selectIsLoading(harness.snapshot)).toBe(false);
    expect(selectError(harness.snapshot)).toBe('Network error. Please check your internet connection.');
    await harness.send({ type: 'resource.retry' });
    expect(selectError(harness.snapshot)).toBeNull();
    expect(harness.fakes.pending('load').input).toEqual(ANGLOPHONE);
    await harness.resolve('load', listFor(ANGLOPHONE));
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
    first.resolve(listFor(ANGLOPHONE));
    await harness.resolve('load', listFor(FRANCOPHONE));
    expect(selectData(harness.snapshot)).toEqual(listFor(FRANCOPHONE));
  });

  it('reloads a loaded screen with new params, from the failed screen too', async () => {
    const harness = createResourceHarness({ params: ANGLOPHONE });
    harness.start();
    await harness.resolve('load', listFor(ANGLOPHONE));
    await harness.send({ type: 'resource.reload', params: FRANCOPHONE });
    expect(selectIsLoading(harness.snapshot)).toBe(true);
    await harness.reject('load', LOAD_ERROR);
    await harness.send({ type: 'resource.reload', params: ANGLOPHONE });
    expect(harness.fakes.pending('load').input).toEqual(ANGLOPHONE);
    expect(selectError(harness.snapshot)).toBeNull();
    await harness.resolve('load', listFor(ANGLOPHONE));
    expect(selectData(harness.snapshot)).toEqual(listFor(ANGLOPHONE));
  });
});
