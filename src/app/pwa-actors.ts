import type { ActorRefFrom } from 'xstate';
import { createActor } from 'xstate';
import { installPromptMachine } from '../../machines/installPrompt';
import { serviceWorkerMachine } from '../../machines/serviceWorker';
import { installPromptActors } from '../actors/installPrompt';
import { serviceWorkerActors } from '../actors/serviceWorker';
import type { PwaEffects } from '../services/pwa/pwa-effects';
import { NO_PWA } from '../services/pwa/pwa-effects';
import type { AppStorage } from '../services/storage';
import type { UiStore } from './ui-store';

export interface PwaActors {
  serviceWorker: ActorRefFrom<typeof serviceWorkerMachine>;
  installPrompt: ActorRefFrom<typeof installPromptMachine>;
}

/**
 * The serviceWorker and installPrompt machines, started and listening to their bridges. Loaded once the first
 * screen is up: the bridges (created at start) keep what the browser said until then.
 */
export function createPwaActors(
  effects: PwaEffects | undefined,
  { storage, ui }: { storage: AppStorage; ui: UiStore },
): PwaActors {
  const pwa = effects ?? NO_PWA;
  const serviceWorker = createActor(serviceWorkerMachine.provide(serviceWorkerActors(pwa, ui)), {
    input: { isProduction: pwa.isProduction, isSupported: pwa.serviceWorker.isSupported },
  });

  const installPrompt = createActor(installPromptMachine.provide(installPromptActors(pwa, storage, ui)), {
    input: {
      dismissed: storage.isInstallDismissed(),
      isIos: pwa.installPrompt.isIos,
      isStandalone: pwa.installPrompt.isStandalone,
    },
  });

  serviceWorker.start();
  installPrompt.start();
  pwa.serviceWorker.subscribe((event) => serviceWorker.send(event));
  pwa.installPrompt.subscribe((event) => installPrompt.send(event));
  return { serviceWorker, installPrompt };
}
