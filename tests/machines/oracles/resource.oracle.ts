import { expect } from 'vitest';
import type { resourceMachine } from '../../../machines/resource';
import { selectData, selectError, selectIsLoading } from '../../../machines/resource';
import type { Oracle } from '../modelHarness';
import { CallLog } from './observe';

// A list or detail screen (DESIGN.md; SPEC.md §8's catalogue with Retry), written again without the machine:
// a skeleton while it loads, the data once loaded, the error's text with Retry when it failed; Retry loads
// the same thing again, new parameters load those instead; only one load runs, and an answer for parameters
// that are no longer asked never reaches the screen.

export const resourceOracle: Oracle<typeof resourceMachine> = (input) => {
  let params: unknown = input.params ?? null;
  let loading = true;
  let data: unknown = null;
  let error: string | null = null;
  const calls = new CallLog();

  return (harness, { event }) => {
    const loads = calls.newCalls(harness.fakes, 'load').map((call) => call.input);
    let loadsNow = event.type === 'xstate.init';
    switch (event.type) {
      case 'resource.retry':
        loadsNow = error !== null && !loading;
        break;
      case 'resource.reload':
        params = event.params;
        loadsNow = true;
        break;
      case 'xstate.done.actor.load':
        data = (event as { output?: unknown }).output;
        error = null;
        break;
      case 'xstate.error.actor.load': {
        const thrown = (event as { error?: unknown }).error;
        error = thrown instanceof Error && thrown.message ? thrown.message : String(thrown);
        break;
      }
    }
    if (loadsNow) [loading, error] = [true, null];
    if (event.type.endsWith('actor.load')) loading = false;
    expect(loads, `loads started by ${event.type}`).toEqual(loadsNow ? [params] : []);
    const runningLoads = harness.fakes.callsOf('load').filter((call) => !call.settled);
    expect(
      runningLoads.map((call) => call.input),
      'one load, for what is asked now',
    ).toEqual(loading ? [params] : []);
    expect(selectIsLoading(harness.snapshot)).toBe(loading);
    expect(selectError(harness.snapshot)).toBe(loading ? null : error);
    expect(selectData(harness.snapshot)).toEqual(data);
  };
};
