import { expect } from 'vitest';
import type { resourceMachine } from '../../../machines/resource';
import {
  selectCopyError,
  selectData,
  selectError,
  selectIsChecking,
  selectIsLoading,
  selectIsOffline,
  selectSavedAt,
} from '../../../machines/resource';
import type { Oracle } from '../modelHarness';
import { CallLog, paramsOf } from './observe';

// A list or detail screen (docs/design.md; docs/product.md §8's catalogue with Retry; issue 18's offline rule), written
// again without the machine: a skeleton while it loads, the data once loaded, the error's text with Retry
// when it failed; Retry loads the same thing again, new parameters load those instead; only one load runs,
// and an answer for parameters that are no longer asked never reaches the screen.
// Offline: "Every screen that reads from the network has an offline state: the last copy it saw with its
// date, or a clear 'you are offline'. No endless skeleton or loader anywhere." So: a load that gets no
// answer (no connection, or nothing for 20 s) or a server that cannot serve (5xx) is followed by reading the
// device's copy of the same params, shown with its date; a refusal (404, 401…) is not, since a copy would
// contradict the server. An answer the worker gave from its cache is a copy with its date, offline. Every
// fresh answer, and only a fresh one, becomes the device's copy. A copy on screen stays while the server is
// asked again (Retry, or the connection coming back) and gives way only to a fresh answer. A failure for
// want of a connection is tried again when the connection comes back; a refusal is not.

const NO_ANSWER_AFTER = 20_000;

type Phase = 'loading' | 'findingCopy' | 'ready' | 'shown' | 'checking' | 'failed';
type Failure = 'offline' | 'unavailable' | 'refused';

const kindOf = (error: unknown): Failure => {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'offline' || kind === 'unavailable' ? kind : 'refused';
};
const textOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

export const resourceOracle: Oracle<typeof resourceMachine> = (input) => {
  let params: unknown = input.params ?? null;
  let phase: Phase = 'loading';
  let data: unknown = null;
  let savedAt: string | null = null;
  let error: string | null = null;
  let failure: Failure | null = null;
  let askedAt = 0;
  const calls = new CallLog();

  return (harness, { event, effects }) => {
    const loads = calls.newCalls(harness.fakes, 'load').map((call) => call.input);
    const copyReads = calls.newCalls(harness.fakes, 'readCopy').map((call) => call.input);
    let asks = event.type === 'xstate.init';
    let keeps: unknown[] = [];
    const output = (event as { output?: unknown }).output;
    const thrown = (event as { error?: unknown }).error;
    const waiting = phase === 'loading' || phase === 'checking';
    switch (event.type) {
      case 'resource.retry':
        if (phase === 'failed') [phase, asks] = ['loading', true];
        else if (phase === 'shown') [phase, asks] = ['checking', true];
        break;
      case 'resource.online':
        if (phase === 'shown') [phase, asks] = ['checking', true];
        else if (phase === 'failed' && failure === 'offline') [phase, asks] = ['loading', true];
        break;
      case 'resource.reload':
        [params, phase, asks] = [event.params, 'loading', true];
        break;
      case 'xstate.done.actor.load': {
        const answer = output as { data: unknown; savedAt: string | null };
        data = answer.data;
        savedAt = answer.savedAt;
        error = null;
        if (answer.savedAt === null) {
          [phase, failure] = ['ready', null];
          keeps = [{ params, data }];
        } else [phase, failure] = ['shown', 'offline'];
        break;
      }
      case 'xstate.error.actor.load':
        [error, failure] = [textOf(thrown), kindOf(thrown)];
        if (phase === 'checking') phase = 'shown';
        else phase = failure === 'refused' ? 'failed' : 'findingCopy';
        break;
      case 'xstate.done.actor.readCopy':
        if (output) {
          const copy = output as { data: unknown; savedAt: string };
          [phase, data, savedAt] = ['shown', copy.data, copy.savedAt];
        } else phase = 'failed';
        break;
      case 'xstate.error.actor.readCopy':
        phase = 'failed';
        break;
      default:
        if (event.type.startsWith('xstate.after.') && waiting) {
          expect(harness.clock.now() - askedAt, `${event.type}: no answer after 20 s`).toBe(NO_ANSWER_AFTER);
          [error, failure] = [null, 'offline'];
          phase = phase === 'checking' ? 'shown' : 'findingCopy';
        }
    }
    if (asks) askedAt = harness.clock.now();
    if (asks && phase === 'loading') error = null;
    const readsCopy =
      phase === 'findingCopy' &&
      (event.type.endsWith('actor.load') || event.type.startsWith('xstate.after.'));

    expect(loads, `loads started by ${event.type}`).toEqual(asks ? [params] : []);
    expect(copyReads, `device copies read after ${event.type}`).toEqual(readsCopy ? [params] : []);
    expect(paramsOf(effects, 'keepCopy'), `copies kept after ${event.type}`).toEqual(keeps);
    const runningLoads = harness.fakes.callsOf('load').filter((call) => !call.settled);
    expect(
      runningLoads.map((call) => call.input),
      'one load, for what is asked now',
    ).toEqual(phase === 'loading' || phase === 'checking' ? [params] : []);
    const runningReads = harness.fakes.callsOf('readCopy').filter((call) => !call.settled);
    expect(
      runningReads.map((call) => call.input),
      'one copy read, while no answer came',
    ).toEqual(phase === 'findingCopy' ? [params] : []);
    const shot = harness.snapshot;
    expect(selectIsLoading(shot), 'a skeleton').toBe(phase === 'loading' || phase === 'findingCopy');
    expect(selectError(shot), 'the failure shown').toBe(phase === 'failed' ? (error ?? '') : null);
    expect(selectData(shot), 'the data shown').toEqual(data);
    expect(selectSavedAt(shot), "the copy's date").toBe(savedAt);
    expect(selectIsOffline(shot), 'offline').toBe(
      (phase === 'failed' || phase === 'shown' || phase === 'checking') && failure === 'offline',
    );
    expect(selectIsChecking(shot), 'asking again with the copy shown').toBe(phase === 'checking');
    expect(selectCopyError(shot), 'why the copy stands in, other than the connection').toBe(
      phase === 'shown' && failure !== 'offline' ? error : null,
    );
  };
};
