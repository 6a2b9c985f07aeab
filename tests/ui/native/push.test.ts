import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Capacitor boundary: the core's platform check and the push plugin, replaced by fakes.
const capacitor = vi.hoisted(() => ({ native: false, platform: 'web' }));
const plugin = vi.hoisted(() => {
  type Listener = (payload: never) => void;
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    loaded: { count: 0 },
    permission: { receive: 'prompt' as string },
    api: {
      addListener: vi.fn(async (name: string, listener: Listener) => {
        listeners.set(name, listener);
        return { remove: async () => undefined };
      }),
      checkPermissions: vi.fn(async () => ({ receive: plugin.permission.receive })),
      requestPermissions: vi.fn(async () => ({ receive: 'granted' })),
      register: vi.fn(async () => undefined),
    },
  };
});

vi.mock('@capacitor/core', () => ({
  Capacitor: {
    isNativePlatform: () => capacitor.native,
    getPlatform: () => capacitor.platform,
  },
}));
vi.mock('@capacitor/push-notifications', () => {
  plugin.loaded.count += 1;
  return { PushNotifications: plugin.api };
});

import { isNativeShell } from '../../../src/services/native/native-shell';
import { routeOfNotification, startPushNotifications } from '../../../src/services/native/push';

function deps(loggedIn = true) {
  const stored: { token: string | null } = { token: null };
  let isLoggedIn = loggedIn;
  const registerToken = vi.fn(async () => ({ success: true }));
  const navigate = vi.fn();
  return {
    stored,
    registerToken,
    navigate,
    login: () => {
      isLoggedIn = true;
    },
    value: {
      getStoredToken: () => stored.token,
      storeToken: (token: string) => {
        stored.token = token;
      },
      registerToken,
      isLoggedIn: () => isLoggedIn,
      navigate,
    },
  };
}

const fire = (name: string, payload: unknown) => {
  const listener = plugin.listeners.get(name);
  if (!listener) throw new Error(`no ${name} listener`);
  (listener as (p: unknown) => void)(payload);
};

beforeEach(() => {
  vi.clearAllMocks();
  plugin.listeners.clear();
  plugin.permission.receive = 'prompt';
});

describe('push notifications on the web', () => {
  it('does nothing: no plugin call, no permission, no registration', async () => {
    capacitor.native = false;
    capacitor.platform = 'web';
    const d = deps();
    await expect(startPushNotifications(d.value)).resolves.toBeNull();
    expect(plugin.api.checkPermissions).not.toHaveBeenCalled();
    expect(plugin.api.register).not.toHaveBeenCalled();
    expect(plugin.api.addListener).not.toHaveBeenCalled();
    expect(d.registerToken).not.toHaveBeenCalled();
    // The plugin module itself was never imported.
    expect(plugin.loaded.count).toBe(0);
  });

  it('is not even loaded by the web app: the shell check needs no Capacitor import', () => {
    expect(isNativeShell({})).toBe(false);
    expect(isNativeShell({ Capacitor: { isNativePlatform: () => false } })).toBe(false);
    expect(isNativeShell({ Capacitor: { isNativePlatform: () => true } })).toBe(true);
  });
});

describe('push notifications on a native platform', () => {
  beforeEach(() => {
    capacitor.native = true;
    capacitor.platform = 'android';
  });

  it('asks permission, registers, stores the token and sends it with POST users/notifications', async () => {
    const d = deps();
    const session = await startPushNotifications(d.value);
    expect(session?.platform).toBe('android');
    expect(plugin.api.requestPermissions).toHaveBeenCalledTimes(1);
    expect(plugin.api.register).toHaveBeenCalledTimes(1);
    fire('registration', { value: 'fcm-token-1' });
    expect(d.stored.token).toBe('fcm-token-1');
    await vi.waitFor(() =>
      expect(d.registerToken).toHaveBeenCalledWith({ token: 'fcm-token-1', platform: 'android' }),
    );
  });

  it('does not register when the student refuses the permission', async () => {
    plugin.permission.receive = 'denied';
    await startPushNotifications(deps().value);
    expect(plugin.api.requestPermissions).not.toHaveBeenCalled();
    expect(plugin.api.register).not.toHaveBeenCalled();
  });

  it('keeps the token of a logged-out device and sends it after the login', async () => {
    capacitor.platform = 'ios';
    const d = deps(false);
    const session = await startPushNotifications(d.value);
    fire('registration', { value: 'apns-token' });
    expect(d.stored.token).toBe('apns-token');
    expect(d.registerToken).not.toHaveBeenCalled();
    d.login();
    await session?.sendStoredToken();
    expect(d.registerToken).toHaveBeenCalledWith({ token: 'apns-token', platform: 'ios' });
  });

  it('opens the route a tapped notification names', async () => {
    const d = deps();
    await startPushNotifications(d.value);
    fire('pushNotificationActionPerformed', { actionId: 'tap', notification: { data: { route: '#/news' } } });
    fire('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { data: { route: 'javascript:alert(1)' } },
    });
    expect(d.navigate).toHaveBeenCalledTimes(1);
    expect(d.navigate).toHaveBeenCalledWith('/news');
  });
});

describe('notification routes', () => {
  it('accepts app paths in any common spelling and nothing else', () => {
    expect(routeOfNotification({ route: 'scholarship-details/42' })).toBe('/scholarship-details/42');
    expect(routeOfNotification({ route: '/study-sections' })).toBe('/study-sections');
    expect(routeOfNotification({ route: 'video-player?videoId=v-12' })).toBe('/video-player?videoId=v-12');
    expect(routeOfNotification({ route: 'https://evil.example/' })).toBeNull();
    expect(routeOfNotification({})).toBeNull();
    expect(routeOfNotification(null)).toBeNull();
  });
});
