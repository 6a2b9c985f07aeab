import type { ServiceWorkerEvent } from '../../../machines/serviceWorker';

/** The part of workbox-window's Workbox this bridge uses, so tests hand over a fake. */
export interface WorkboxLike {
  register(): Promise<ServiceWorkerRegistration | undefined>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
  addEventListener(
    type: 'installed' | 'waiting' | 'controlling',
    listener: (event: WorkboxLifecycle) => void,
  ): void;
  removeEventListener(
    type: 'installed' | 'waiting' | 'controlling',
    listener: (event: WorkboxLifecycle) => void,
  ): void;
}

export interface WorkboxLifecycle {
  isUpdate?: boolean;
  isExternal?: boolean;
}

type WorkerEvent = Extract<ServiceWorkerEvent, { type: `sw.${string}` }>;

/** The service worker as the serviceWorker machine sees it (docs/style.md 5: one bridge per capability). */
export interface ServiceWorkerBridge {
  readonly isSupported: boolean;
  register(): Promise<void>;
  checkForUpdate(): Promise<void>;
  /** Tells the waiting worker to take over; resolves once it controls the page, rejects if it never does. */
  activateUpdate(): Promise<void>;
  /** The worker's lifecycle as `sw.*` events; returns the unsubscribe. */
  subscribe(listener: (event: WorkerEvent) => void): () => void;
}

/** How long Update waits for the new worker to take control before saying 'Reload to update.' instead. */
export const ACTIVATION_TIMEOUT_MS = 10_000;

export interface ServiceWorkerBridgeOptions {
  /** The worker script, relative to the page (the build is served from any sub-path). */
  scriptUrl?: string;
  isSupported?: boolean;
  /** workbox-window, loaded only when the worker is registered so the first screen does not carry it. */
  createWorkbox?: (scriptUrl: string) => Promise<WorkboxLike>;
  timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
}

const defaultCreateWorkbox = async (scriptUrl: string): Promise<WorkboxLike> => {
  const { Workbox } = await import('workbox-window');
  return new Workbox(scriptUrl);
};

export function createServiceWorkerBridge(options: ServiceWorkerBridgeOptions = {}): ServiceWorkerBridge {
  const scriptUrl = options.scriptUrl ?? './sw.js';
  const isSupported =
    options.isSupported ??
    (typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext);
  const createWorkbox = options.createWorkbox ?? defaultCreateWorkbox;
  const timers = options.timers ?? globalThis;
  const listeners = new Set<(event: WorkerEvent) => void>();
  const emit = (event: WorkerEvent) => {
    for (const listener of listeners) listener(event);
  };
  let workbox: WorkboxLike | null = null;

  return {
    isSupported,
    async register() {
      const wb = await createWorkbox(scriptUrl);
      // The first install (no update): the app shell is now cached.
      wb.addEventListener('installed', (event) => {
        if (!event.isUpdate) emit({ type: 'sw.offlineReady' });
      });
      // A new version finished installing and waits for the open pages to let it take over.
      wb.addEventListener('waiting', () => emit({ type: 'sw.updateAvailable' }));
      workbox = wb;
      await wb.register();
    },
    async checkForUpdate() {
      await workbox?.update();
    },
    activateUpdate() {
      const wb = workbox;
      if (!wb) return Promise.reject(new Error('No service worker registered'));
      return new Promise<void>((resolve, reject) => {
        const onControlling = () => {
          timers.clearTimeout(timer);
          wb.removeEventListener('controlling', onControlling);
          resolve();
        };
        const timer = timers.setTimeout(() => {
          wb.removeEventListener('controlling', onControlling);
          reject(new Error('The new service worker did not take control'));
        }, ACTIVATION_TIMEOUT_MS);
        wb.addEventListener('controlling', onControlling);
        wb.messageSkipWaiting();
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
