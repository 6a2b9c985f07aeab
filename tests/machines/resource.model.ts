import type { AnyEventObject } from 'xstate';
import type { ResourceEvent, ResourceInput, ResourceSnapshot } from '../../machines/resource';
import { resourceMachine } from '../../machines/resource';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// A list screen as the screens use it: loaded with a section that the student then changes (anglophone →
// francophone videos) or reloads as it is. Data and error stay in context across loads, so every extra
// sample multiplies the model; a screen without params and a non-Error failure have their own tests.

export const ANGLOPHONE = { section: 'anglophone' } as const;
export const FRANCOPHONE = { section: 'francophone' } as const;

/** What the loader answers: tagged with the params it was called with, so a stale answer shows. */
export function listFor(params: unknown) {
  return { loadedFor: params, items: [{ _id: 'v-1', title: 'Fractions' }] };
}

export const LOAD_ERROR = new Error('Network error. Please check your internet connection.');

export const resourceEventSamples = {
  'resource.retry': () => [{ type: 'resource.retry' }],
  'resource.reload': () => [
    { type: 'resource.reload', params: ANGLOPHONE },
    { type: 'resource.reload', params: FRANCOPHONE },
  ],
} satisfies Record<ResourceEvent['type'], (snapshot: ResourceSnapshot) => readonly ResourceEvent[]>;

export const resourceInternalSamples = {
  'xstate.done.actor.load': (snapshot: ResourceSnapshot) => [
    { type: 'xstate.done.actor.load', output: listFor(snapshot.context.params) },
  ],
  'xstate.error.actor.load': () => [{ type: 'xstate.error.actor.load', error: LOAD_ERROR }],
} satisfies Record<string, (snapshot: ResourceSnapshot) => readonly AnyEventObject[]>;

export const resourceModel: MachineModel<typeof resourceMachine> = {
  machine: resourceMachine,
  inputs: [{ params: ANGLOPHONE }],
  samples: { ...resourceEventSamples, ...resourceInternalSamples },
};

/** The resource machine has no named effect actions: its only effect is the provided `load` actor. */
export const RESOURCE_EFFECTS = [] as const;

export function createResourceHarness(input: ResourceInput = {}): Harness<typeof resourceMachine> {
  const fakes = new Fakes();
  return new Harness(resourceMachine.provide({ actors: { load: fakes.promiseActor('load') } }), input, fakes);
}

export const resourceExecutors = {
  'resource.retry': (harness, event) => harness.send(event),
  'resource.reload': (harness, event) => harness.send(event),
} satisfies EventExecutors<typeof resourceMachine>;

export const resourcePaths = () => generatePaths(resourceModel);
