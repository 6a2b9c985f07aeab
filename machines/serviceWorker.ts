import type { SnapshotFrom } from 'xstate';
import { setup } from 'xstate';
import type { MessageKey, Toast } from './messages';
import { notProvided } from './notProvided';

// docs/product.md §9 and §8: in production only, register the service worker once the app is stable or after 30 s
// at the latest, check for an update every 6 hours, and show the offline-ready and update toasts.
// The app's bridge (src/services/pwa) turns workbox-window callbacks into the `sw.*` events.

export const SERVICE_WORKER_DELAYS = {
  registerAtLatest: 30_000,
  updateCheckEvery: 21_600_000,
  /** 'App is ready for offline use!': information only, the short duration. */
  offlineReadyToast: 3_000,
  /** 'New version available! Reload to update.': an instruction to act on, the long duration. */
  reloadToUpdateToast: 5_000,
} as const;

export type ServiceWorkerEvent =
  | { type: 'app.stable' }
  | { type: 'sw.offlineReady' }
  | { type: 'sw.updateAvailable' }
  | { type: 'sw.update' }
  | { type: 'sw.later' };

export interface ServiceWorkerInput {
  readonly isProduction: boolean;
  readonly isSupported: boolean;
}

const offlineReadyToast: Toast = { key: 'offlineReady', durationMs: SERVICE_WORKER_DELAYS.offlineReadyToast };
const reloadToUpdateToast: Toast = {
  key: 'reloadToUpdate',
  durationMs: SERVICE_WORKER_DELAYS.reloadToUpdateToast,
};

export const serviceWorkerMachine = setup({
  types: {
    context: {} as ServiceWorkerInput,
    events: {} as ServiceWorkerEvent,
    input: {} as ServiceWorkerInput,
  },
  actors: {
    registerWorker: notProvided<void, void>('registerWorker'),
    checkForUpdate: notProvided<void, void>('checkForUpdate'),
    /** Provided by the app: tells the waiting worker to skip waiting and resolves once it controls the page. */
    activateUpdate: notProvided<void, void>('activateUpdate'),
  },
  actions: {
    showToast: (_, _params: Toast) => {},
    /** Provided by the app: `location.reload()`. */
    reload: () => {},
  },
  guards: {
    canRegister: ({ context }) => context.isProduction && context.isSupported,
  },
  delays: {
    registerAtLatest: SERVICE_WORKER_DELAYS.registerAtLatest,
    updateCheckEvery: SERVICE_WORKER_DELAYS.updateCheckEvery,
  },
}).createMachine({
  id: 'serviceWorker',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'canRegister', target: 'waitingToRegister' }, { target: 'disabled' }],
    },
    /** Development, or a browser without service workers: the app runs online only. */
    disabled: { type: 'final' },
    waitingToRegister: {
      on: { 'app.stable': 'registering' },
      after: { registerAtLatest: 'registering' },
    },
    registering: {
      invoke: {
        id: 'registerWorker',
        src: 'registerWorker',
        onDone: 'registered',
        onError: 'failed',
      },
      on: {
        // workbox-window may report a waiting worker before register() settles.
        'sw.offlineReady': { actions: { type: 'showToast', params: offlineReadyToast } },
        'sw.updateAvailable': 'updatePrompt',
      },
    },
    registered: {
      initial: 'idle',
      on: {
        'sw.offlineReady': { actions: { type: 'showToast', params: offlineReadyToast } },
        'sw.updateAvailable': 'updatePrompt',
      },
      states: {
        idle: { after: { updateCheckEvery: 'checkingForUpdate' } },
        checkingForUpdate: {
          invoke: {
            id: 'checkForUpdate',
            src: 'checkForUpdate',
            // A failed check (offline) is simply tried again at the next period.
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
    // The toast 'New version available! Update now?' with Update / Later, until the student answers.
    updatePrompt: {
      on: {
        'sw.update': 'activating',
        'sw.later': {
          target: 'registered',
          actions: { type: 'showToast', params: reloadToUpdateToast },
        },
      },
    },
    activating: {
      invoke: {
        id: 'activateUpdate',
        src: 'activateUpdate',
        onDone: 'reloading',
        // The new worker did not take over: reloading would show the old version, so say how to update.
        onError: { target: 'registered', actions: { type: 'showToast', params: reloadToUpdateToast } },
      },
    },
    reloading: { type: 'final', entry: 'reload' },
    /** Registration failed: the app keeps working online; there is nothing to retry until the next visit. */
    failed: { type: 'final' },
  },
});

export type ServiceWorkerSnapshot = SnapshotFrom<typeof serviceWorkerMachine>;

export interface UpdatePrompt {
  readonly messageKey: MessageKey;
}

/** The persistent update toast (Update / Later buttons send `sw.update` / `sw.later`), or null. */
export const selectUpdatePrompt = (snapshot: ServiceWorkerSnapshot): UpdatePrompt | null =>
  snapshot.matches('updatePrompt') ? { messageKey: 'updateAvailable' } : null;
export const selectIsUpdating = (snapshot: ServiceWorkerSnapshot): boolean =>
  snapshot.matches('activating') || snapshot.matches('reloading');
export const selectIsRegistered = (snapshot: ServiceWorkerSnapshot): boolean =>
  snapshot.matches('registered');
