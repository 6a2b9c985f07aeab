import type { Delivery, Permission } from '../../../machines/reminderScheduler';

/** A reminder as the student reads it: already translated. */
export interface ShownNotification {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  /** The app route a tap opens. */
  readonly route: string;
  /** Epoch ms; used by the phone's system to fire it. */
  readonly at: number;
  /** A button on the notification (Renew, for an access ending); tapping it opens `route` too. */
  readonly action?: string;
}

/**
 * Local notifications (docs/style.md 5: one bridge per capability). In the browser and the PWA they are shown by
 * the service worker while the app is open ('page'); in the native shell the phone's system holds them and
 * fires them with the app closed ('system', @capacitor/local-notifications).
 */
export interface NotificationBridge {
  readonly delivery: Delivery;
  readPermission(): Promise<Permission>;
  requestPermission(): Promise<Permission>;
  /** Shows these now. */
  show(notifications: readonly ShownNotification[]): Promise<void>;
  /** Replaces what the phone's system holds with these ('system' delivery only). */
  scheduleWithSystem(notifications: readonly ShownNotification[]): Promise<void>;
  /** Calls back with the route of a tapped notification; returns the unsubscribe. */
  onOpen(listener: (route: string) => void): () => void;
}

/** The message the service worker posts to the page when a notification is tapped (src/sw/sw.ts). */
export const OPEN_ROUTE_MESSAGE = 'OPEN_ROUTE';

const ICON = './icons/icon-192.png';

type BrowserPermission = NotificationPermission;
const fromBrowser = (permission: BrowserPermission): Permission =>
  permission === 'default' ? 'prompt' : permission;

export interface WebNotificationEnvironment {
  Notification?: { permission: BrowserPermission; requestPermission(): Promise<BrowserPermission> } & (new (
    title: string,
    options?: NotificationOptions,
  ) => Notification);
  serviceWorker?: Pick<
    ServiceWorkerContainer,
    'getRegistration' | 'addEventListener' | 'removeEventListener'
  >;
  isSecureContext: boolean;
}

function defaultWebEnvironment(): WebNotificationEnvironment {
  return {
    ...(typeof Notification === 'undefined' ? {} : { Notification }),
    ...(typeof navigator !== 'undefined' && 'serviceWorker' in navigator
      ? { serviceWorker: navigator.serviceWorker }
      : {}),
    isSecureContext: typeof window !== 'undefined' && window.isSecureContext,
  };
}

export function createWebNotifications(
  env: WebNotificationEnvironment = defaultWebEnvironment(),
): NotificationBridge {
  const pageListeners = new Set<(route: string) => void>();
  const supported = () => env.Notification !== undefined && env.isSecureContext;
  return {
    delivery: 'page',
    async readPermission() {
      return supported() && env.Notification ? fromBrowser(env.Notification.permission) : 'unsupported';
    },
    async requestPermission() {
      if (!supported() || !env.Notification) return 'unsupported';
      return fromBrowser(await env.Notification.requestPermission());
    },
    async show(notifications) {
      const registration = await env.serviceWorker?.getRegistration().catch(() => undefined);
      for (const notification of notifications) {
        const options: NotificationOptions = {
          body: notification.body,
          tag: notification.id,
          icon: ICON,
          badge: ICON,
          data: { route: notification.route },
        };
        // Action buttons exist only on notifications shown by a service worker.
        const actions = notification.action ? [{ action: 'open', title: notification.action }] : [];
        if (registration) {
          await registration.showNotification(notification.title, {
            ...options,
            actions,
          } as NotificationOptions);
        } else if (env.Notification) {
          // No worker (the dev server, a worker that failed to install): a page notification, desktop only.
          const shown = new env.Notification(notification.title, options);
          shown.onclick = () => {
            for (const listener of pageListeners) listener(notification.route);
          };
        }
      }
    },
    async scheduleWithSystem() {
      throw new Error('A browser has no system scheduler for notifications');
    },
    onOpen(listener) {
      pageListeners.add(listener);
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: unknown; route?: unknown } | null;
        if (data?.type === OPEN_ROUTE_MESSAGE && typeof data.route === 'string') listener(data.route);
      };
      env.serviceWorker?.addEventListener('message', onMessage);
      return () => {
        pageListeners.delete(listener);
        env.serviceWorker?.removeEventListener('message', onMessage);
      };
    },
  };
}

/** The plugin wants 32-bit integer ids: a stable FNV-1a hash of the reminder's id. */
export function numericId(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}

/** The native shell: loaded only there, so the web never downloads the plugin code. */
export async function createNativeNotifications(): Promise<NotificationBridge> {
  const { LocalNotifications } = await import('@capacitor/local-notifications');
  const fromPlugin = (display: string): Permission =>
    display === 'granted' ? 'granted' : display === 'denied' ? 'denied' : 'prompt';
  const actionTypes = new Map<string, string>();
  // The plugin names buttons through registered action types, one per distinct label.
  const actionTypeFor = async (label: string) => {
    let id = actionTypes.get(label);
    if (id === undefined) {
      id = `action-${actionTypes.size + 1}`;
      actionTypes.set(label, id);
      await LocalNotifications.registerActionTypes({
        types: [...actionTypes].map(([title, typeId]) => ({ id: typeId, actions: [{ id: 'open', title }] })),
      });
    }
    return id;
  };
  const withActions = async (notifications: readonly ShownNotification[]) => {
    for (const n of notifications) if (n.action) await actionTypeFor(n.action);
  };
  const toPlugin = (notification: ShownNotification, at?: number) => ({
    id: numericId(notification.id),
    title: notification.title,
    body: notification.body,
    extra: { route: notification.route },
    ...(notification.action ? { actionTypeId: actionTypes.get(notification.action) } : {}),
    ...(at === undefined ? {} : { schedule: { at: new Date(at), allowWhileIdle: true } }),
  });
  return {
    delivery: 'system',
    readPermission: async () => fromPlugin((await LocalNotifications.checkPermissions()).display),
    requestPermission: async () => fromPlugin((await LocalNotifications.requestPermissions()).display),
    async show(notifications) {
      await withActions(notifications);
      await LocalNotifications.schedule({ notifications: notifications.map((n) => toPlugin(n)) });
    },
    async scheduleWithSystem(notifications) {
      const pending = await LocalNotifications.getPending();
      if (pending.notifications.length > 0) {
        await LocalNotifications.cancel({ notifications: pending.notifications.map(({ id }) => ({ id })) });
      }
      if (notifications.length === 0) return;
      await withActions(notifications);
      await LocalNotifications.schedule({ notifications: notifications.map((n) => toPlugin(n, n.at)) });
    },
    onOpen(listener) {
      const handle = LocalNotifications.addListener('localNotificationActionPerformed', (action) => {
        const route = (action.notification.extra as { route?: unknown } | undefined)?.route;
        if (typeof route === 'string') listener(route);
      });
      return () => void handle.then((h) => h.remove());
    },
  };
}
