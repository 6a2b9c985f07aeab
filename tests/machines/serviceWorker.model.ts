import type { AnyEventObject } from 'xstate';
import type { ServiceWorkerEvent, ServiceWorkerInput } from '../../machines/serviceWorker';
import { serviceWorkerMachine } from '../../machines/serviceWorker';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

export const PRODUCTION: ServiceWorkerInput = { isProduction: true, isSupported: true };
export const DEVELOPMENT: ServiceWorkerInput = { isProduction: false, isSupported: true };
export const UNSUPPORTED: ServiceWorkerInput = { isProduction: true, isSupported: false };

export const AFTER = {
  registerAtLatest: 'xstate.after.registerAtLatest.serviceWorker.waitingToRegister',
  updateCheckEvery: 'xstate.after.updateCheckEvery.serviceWorker.registered.idle',
} as const;

export const serviceWorkerEventSamples = {
  'app.stable': () => [{ type: 'app.stable' }],
  'sw.offlineReady': () => [{ type: 'sw.offlineReady' }],
  'sw.updateAvailable': () => [{ type: 'sw.updateAvailable' }],
  'sw.update': () => [{ type: 'sw.update' }],
  'sw.later': () => [{ type: 'sw.later' }],
} satisfies Record<ServiceWorkerEvent['type'], () => readonly ServiceWorkerEvent[]>;

const offline = new Error('Failed to fetch');
export const serviceWorkerInternalSamples = {
  'xstate.done.actor.registerWorker': () => [{ type: 'xstate.done.actor.registerWorker', output: undefined }],
  'xstate.error.actor.registerWorker': () => [{ type: 'xstate.error.actor.registerWorker', error: offline }],
  'xstate.done.actor.checkForUpdate': () => [{ type: 'xstate.done.actor.checkForUpdate', output: undefined }],
  'xstate.error.actor.checkForUpdate': () => [{ type: 'xstate.error.actor.checkForUpdate', error: offline }],
  'xstate.done.actor.activateUpdate': () => [{ type: 'xstate.done.actor.activateUpdate', output: undefined }],
  'xstate.error.actor.activateUpdate': () => [{ type: 'xstate.error.actor.activateUpdate', error: offline }],
  [AFTER.registerAtLatest]: () => [{ type: AFTER.registerAtLatest }],
  [AFTER.updateCheckEvery]: () => [{ type: AFTER.updateCheckEvery }],
} satisfies Record<string, () => readonly AnyEventObject[]>;

export const serviceWorkerModel: MachineModel<typeof serviceWorkerMachine> = {
  machine: serviceWorkerMachine,
  inputs: [PRODUCTION, DEVELOPMENT, UNSUPPORTED],
  samples: { ...serviceWorkerEventSamples, ...serviceWorkerInternalSamples },
};

export const SERVICE_WORKER_EFFECTS = ['showToast', 'reload'] as const;

export function createServiceWorkerHarness(input: ServiceWorkerInput): Harness<typeof serviceWorkerMachine> {
  const fakes = new Fakes();
  const logic = serviceWorkerMachine.provide({
    actions: fakes.actions(SERVICE_WORKER_EFFECTS),
    actors: {
      registerWorker: fakes.promiseActor('registerWorker'),
      checkForUpdate: fakes.promiseActor('checkForUpdate'),
      activateUpdate: fakes.promiseActor('activateUpdate'),
    },
  });
  return new Harness(logic, input, fakes);
}

export const serviceWorkerExecutors: EventExecutors<typeof serviceWorkerMachine> = {
  'app.stable': (harness, event) => harness.send(event),
  'sw.offlineReady': (harness, event) => harness.send(event),
  'sw.updateAvailable': (harness, event) => harness.send(event),
  'sw.update': (harness, event) => harness.send(event),
  'sw.later': (harness, event) => harness.send(event),
};

export const serviceWorkerPaths = () => generatePaths(serviceWorkerModel);
