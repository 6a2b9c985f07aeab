import type { InstallPromptBridge } from './install-prompt-bridge';
import type { ServiceWorkerBridge } from './service-worker-bridge';

/** What the serviceWorker and installPrompt machines need from the browser, handed over at the composition root. */
export interface PwaEffects {
  /** `import.meta.env.PROD`: the worker is registered in production builds only (docs/product.md §9). */
  isProduction: boolean;
  serviceWorker: ServiceWorkerBridge;
  installPrompt: InstallPromptBridge;
  /** After Update, once the new worker controls the page: `location.reload()`. */
  reload(): void;
}

const never = () => Promise.reject(new Error('Not available here'));

/** A browser without either capability (and tests that do not exercise them): nothing registers, no banner. */
export const NO_PWA: PwaEffects = {
  isProduction: false,
  serviceWorker: {
    isSupported: false,
    register: never,
    checkForUpdate: never,
    activateUpdate: never,
    subscribe: () => () => undefined,
  },
  installPrompt: { isIos: false, isStandalone: true, prompt: never, subscribe: () => () => undefined },
  reload: () => undefined,
};
