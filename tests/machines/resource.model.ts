import type { AnyEventObject } from 'xstate';
import type {
  ResourceAnswer,
  ResourceCopy,
  ResourceEvent,
  ResourceFailure,
  ResourceInput,
  ResourceSnapshot,
} from '../../machines/resource';
import { resourceMachine } from '../../machines/resource';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// A list screen as the screens use it: loaded with a section that the student then changes (anglophone →
// francophone videos) or reloads as it is; online, offline (no answer, a timeout, the server down), with or
// without a copy on the device, a copy the service worker answered with, and the connection coming back.
// Data and error stay in context across loads, so every extra sample multiplies the model; a screen without
// params and a non-Error failure have their own tests.

export const ANGLOPHONE = { section: 'anglophone' } as const;
export const FRANCOPHONE = { section: 'francophone' } as const;

/** What the loader answers: tagged with the params it was called with, so a stale answer shows. */
export function listFor(params: unknown) {
  return { loadedFor: params, items: [{ _id: 'v-1', title: 'Fractions' }] };
}

/** A fresh answer from the server. */
export const freshAnswer = (params: unknown): ResourceAnswer => ({ data: listFor(params), savedAt: null });

/** The date the service worker's cached copy was stored, and the device's own copy's. */
export const WORKER_COPY_DATE = '2026-11-20T08:15:00.000Z';
export const DEVICE_COPY_DATE = '2026-11-18T17:40:00.000Z';

/** The service worker answered from its cache (the network failed): a copy, with its date. */
export const workerAnswer = (params: unknown): ResourceAnswer => ({
  data: { ...listFor(params), from: 'worker' },
  savedAt: WORKER_COPY_DATE,
});

/** The device's last copy of the same data. */
export const deviceCopy = (params: unknown): ResourceCopy => ({
  data: { ...listFor(params), from: 'device' },
  savedAt: DEVICE_COPY_DATE,
});

/** A failure as the app's loader throws it: its translated text, tagged with its kind. */
export function loadError(message: string, kind: ResourceFailure): Error {
  return Object.assign(new Error(message), { kind });
}

export const OFFLINE_ERROR = loadError('Network error. Please check your internet connection.', 'offline');
export const UNAVAILABLE_ERROR = loadError('Server error. Please try again later.', 'unavailable');
export const REFUSED_ERROR = loadError('Resource not found.', 'refused');
/** Kept for the unit tests: an untagged failure, as any loader may throw. */
export const LOAD_ERROR = new Error('Network error. Please check your internet connection.');
export const STORAGE_ERROR = new Error('The device storage could not be read');

export const resourceEventSamples = {
  'resource.retry': () => [{ type: 'resource.retry' }],
  'resource.reload': () => [
    { type: 'resource.reload', params: ANGLOPHONE },
    { type: 'resource.reload', params: FRANCOPHONE },
  ],
  'resource.online': () => [{ type: 'resource.online' }],
} satisfies Record<ResourceEvent['type'], (snapshot: ResourceSnapshot) => readonly ResourceEvent[]>;

export const resourceInternalSamples = {
  'xstate.done.actor.load': (snapshot: ResourceSnapshot) => [
    { type: 'xstate.done.actor.load', output: freshAnswer(snapshot.context.params) },
    { type: 'xstate.done.actor.load', output: workerAnswer(snapshot.context.params) },
  ],
  'xstate.error.actor.load': () => [
    { type: 'xstate.error.actor.load', error: OFFLINE_ERROR },
    { type: 'xstate.error.actor.load', error: UNAVAILABLE_ERROR },
    { type: 'xstate.error.actor.load', error: REFUSED_ERROR },
  ],
  'xstate.done.actor.readCopy': (snapshot: ResourceSnapshot) => [
    { type: 'xstate.done.actor.readCopy', output: deviceCopy(snapshot.context.params) },
    { type: 'xstate.done.actor.readCopy', output: null },
  ],
  'xstate.error.actor.readCopy': () => [{ type: 'xstate.error.actor.readCopy', error: STORAGE_ERROR }],
  'xstate.after.loadTimeout.resource.loading': () => [{ type: 'xstate.after.loadTimeout.resource.loading' }],
  'xstate.after.loadTimeout.resource.saved.checking': () => [
    { type: 'xstate.after.loadTimeout.resource.saved.checking' },
  ],
} satisfies Record<string, (snapshot: ResourceSnapshot) => readonly AnyEventObject[]>;

export const resourceModel: MachineModel<typeof resourceMachine> = {
  machine: resourceMachine,
  inputs: [{ params: ANGLOPHONE }],
  samples: { ...resourceEventSamples, ...resourceInternalSamples },
};

/** The fresh answer handed over to become the device's copy; the loads themselves are provided actors. */
export const RESOURCE_EFFECTS = ['keepCopy'] as const;

export function createResourceHarness(input: ResourceInput = {}): Harness<typeof resourceMachine> {
  const fakes = new Fakes();
  return new Harness(
    resourceMachine.provide({
      actors: {
        load: fakes.promiseActor('load'),
        readCopy: fakes.promiseActor<ResourceCopy | null, unknown>('readCopy'),
      },
      actions: fakes.actions(RESOURCE_EFFECTS),
    }),
    input,
    fakes,
  );
}

export const resourceExecutors = {
  'resource.retry': (harness, event) => harness.send(event),
  'resource.reload': (harness, event) => harness.send(event),
  'resource.online': (harness, event) => harness.send(event),
} satisfies EventExecutors<typeof resourceMachine>;

export const resourcePaths = () => generatePaths(resourceModel);
