import { Capacitor } from '@capacitor/core';
import type { PushPlatform, PushTokenPayload } from '../../../contract/users';

/** What push needs from the app: the stored token, the registration call, the session and the router. */
export interface PushDependencies {
  getStoredToken(): string | null;
  storeToken(token: string): void;
  /** POST users/notifications (docs/api.md): needs a logged-in student. */
  registerToken(payload: PushTokenPayload): Promise<unknown>;
  isLoggedIn(): boolean;
  navigate(path: string): void;
}

export interface PushSession {
  readonly platform: PushPlatform;
  /** Sends the stored token again (after a login: the token arrived while nobody was logged in). */
  sendStoredToken(): Promise<void>;
}

/**
 * A notification's `data.route` as a hash route ('#/news', '/news' and 'news' all open news;
 * 'video-player?videoId=v1' opens a video).
 * Anything that is not a plain path is ignored, so a notification can only open a screen of the app.
 */
export function routeOfNotification(data: unknown): string | null {
  const route = (data as { route?: unknown } | null | undefined)?.route;
  if (typeof route !== 'string') return null;
  const path = route.trim().replace(/^#?\/*/, '');
  if (path === '' || !/^[A-Za-z0-9_~%.-]+(\/[A-Za-z0-9_~%.-]+)*(\?[A-Za-z0-9_~%.=&-]*)?$/.test(path))
    return null;
  return `/${path}`;
}

/**
 * Push notifications on the native shell only (docs/product.md §1). On the web it returns null before loading the
 * plugin; the caller also imports this module only inside the shell (see src/main.tsx).
 */
export async function startPushNotifications(deps: PushDependencies): Promise<PushSession | null> {
  if (!Capacitor.isNativePlatform()) return null;
  const platform = Capacitor.getPlatform();
  if (platform !== 'android' && platform !== 'ios') return null;
  const { PushNotifications } = await import('@capacitor/push-notifications');

  const send = async (token: string) => {
    if (!deps.isLoggedIn()) return;
    try {
      await deps.registerToken({ token, platform });
    } catch {
      // Offline or a server hiccup: the token is stored and sent again at the next start or login.
    }
  };

  await PushNotifications.addListener('registration', ({ value }) => {
    deps.storeToken(value);
    void send(value);
  });
  await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
    const route = routeOfNotification(notification.data);
    if (route) deps.navigate(route);
  });

  let permission = await PushNotifications.checkPermissions();
  if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale') {
    permission = await PushNotifications.requestPermissions();
  }
  if (permission.receive === 'granted') await PushNotifications.register();

  return {
    platform,
    async sendStoredToken() {
      const token = deps.getStoredToken();
      if (token) await send(token);
    },
  };
}
