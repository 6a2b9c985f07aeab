import { fromPromise } from 'xstate';
import type { Toast } from '../../machines/messages';
import type { serviceWorkerMachine } from '../../machines/serviceWorker';
import type { PwaEffects } from '../services/pwa/pwa-effects';

/** The service worker machine's effects: the worker's bridge, the toast, the reload. */
export function serviceWorkerActors(
  pwa: Pick<PwaEffects, 'serviceWorker' | 'reload'>,
  ui: { showToast(toast: Toast): void },
): Parameters<typeof serviceWorkerMachine.provide>[0] {
  return {
    actors: {
      registerWorker: fromPromise<void, void>(() => pwa.serviceWorker.register()),
      checkForUpdate: fromPromise<void, void>(() => pwa.serviceWorker.checkForUpdate()),
      activateUpdate: fromPromise<void, void>(() => pwa.serviceWorker.activateUpdate()),
    },
    actions: {
      showToast: (_, toast) => ui.showToast(toast),
      reload: () => pwa.reload(),
    },
  };
}
