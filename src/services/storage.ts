import type { Language } from '../../contract/common';
import type { CartItem, PendingPayment } from '../../contract/payments';
import { isLanguage } from '../../contract/rules/language';
import type { ClientUser } from '../../contract/users';

export type { PendingPayment };

/**
 * The one owner of the device's local storage. docs/product.md §3 names six keys; `pending_payment` is this
 * project's addition (docs/design.md: a mobile money payment in progress must survive a reload or a closed
 * app, so it is resumed instead of lost or paid twice).
 */
export const STORAGE_KEYS = {
  token: 'id_token',
  user: 'user',
  cart: 'shopping_cart',
  language: 'language',
  installDismissed: 'pwa-install-dismissed',
  pushToken: 'push-notification-token',
  pendingPayment: 'pending_payment',
  /** The student's video settings (src/services/video-preferences.ts, loaded with the player only). */
  videoPreferences: 'video_preferences',
} as const;

/** Structured values are saved as `{ v, data }` so a future shape change can tell old data from new. */
export const STORAGE_VERSION = 1;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface AppStorage {
  getToken(): string | null;
  setToken(token: string): boolean;
  removeToken(): void;
  setUser(user: ClientUser): boolean;
  removeUser(): void;
  setCart(items: readonly CartItem[]): boolean;
  removeCart(): void;
  /** 'en' or 'fr'; anything else stored reads as null (the language machine then falls back to en). */
  getLanguage(): Language | null;
  setLanguage(lang: Language): boolean;
  removeLanguage(): void;
  isInstallDismissed(): boolean;
  setInstallDismissed(): boolean;
  removeInstallDismissed(): void;
  getPushToken(): string | null;
  setPushToken(token: string): boolean;
  removePushToken(): void;
  setPendingPayment(payment: PendingPayment): boolean;
  removePendingPayment(): void;
  /**
   * What a versioned record holds, unchecked: null when absent, corrupt or of another version. The records
   * are read through the contract's schemas by src/services/stored-records.ts, whose code (zod/mini's) loads
   * with the root actors, not with the landing; the landing reads nothing structured but as a hint.
   */
  readRecord(key: string): unknown;
  /** The key's JSON as it is, without this app's envelope (the app this one replaced wrote it so); else undefined. */
  readJson(key: string): unknown;
  setRecord(key: string, data: unknown): boolean;
  removeRecord(key: string): void;
  /** docs/product.md §4: logout clears all local storage. */
  clearAll(): void;
}

/**
 * Reads never throw: corrupt JSON, a wrong version or an unexpected shape reads as null. Writes return
 * false instead of throwing when the browser refuses (quota, storage disabled), so a full disk cannot
 * break the cart or the checkout.
 */
export function createAppStorage(backing?: Storage): AppStorage {
  const store = (): Storage => backing ?? window.localStorage;

  function readRaw(key: string): string | null {
    try {
      return store().getItem(key);
    } catch {
      return null;
    }
  }

  function writeRaw(key: string, value: string): boolean {
    try {
      store().setItem(key, value);
      return true;
    } catch {
      return false;
    }
  }

  function remove(key: string): void {
    try {
      store().removeItem(key);
    } catch {
      // Storage disabled: there is nothing stored to remove.
    }
  }

  function readJson(key: string): unknown {
    const raw = readRaw(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }

  function readRecord(key: string): unknown {
    const envelope = readJson(key);
    return isRecord(envelope) && envelope.v === STORAGE_VERSION ? (envelope.data ?? null) : null;
  }

  function writeVersioned(key: string, data: unknown): boolean {
    return writeRaw(key, JSON.stringify({ v: STORAGE_VERSION, data }));
  }

  function readText(key: string): string | null {
    const value = readRaw(key);
    return value === null || value === '' ? null : value;
  }

  return {
    getToken: () => readText(STORAGE_KEYS.token),
    setToken: (token) => writeRaw(STORAGE_KEYS.token, token),
    removeToken: () => remove(STORAGE_KEYS.token),
    setUser: (user) => writeVersioned(STORAGE_KEYS.user, user),
    removeUser: () => remove(STORAGE_KEYS.user),
    setCart: (items) => writeVersioned(STORAGE_KEYS.cart, items),
    removeCart: () => remove(STORAGE_KEYS.cart),
    getLanguage: () => {
      const value = readRaw(STORAGE_KEYS.language);
      return isLanguage(value) ? value : null;
    },
    setLanguage: (lang) => writeRaw(STORAGE_KEYS.language, lang),
    removeLanguage: () => remove(STORAGE_KEYS.language),
    isInstallDismissed: () => readRaw(STORAGE_KEYS.installDismissed) === 'true',
    setInstallDismissed: () => writeRaw(STORAGE_KEYS.installDismissed, 'true'),
    removeInstallDismissed: () => remove(STORAGE_KEYS.installDismissed),
    getPushToken: () => readText(STORAGE_KEYS.pushToken),
    setPushToken: (token) => writeRaw(STORAGE_KEYS.pushToken, token),
    removePushToken: () => remove(STORAGE_KEYS.pushToken),
    setPendingPayment: (payment) => writeVersioned(STORAGE_KEYS.pendingPayment, payment),
    removePendingPayment: () => remove(STORAGE_KEYS.pendingPayment),
    readRecord,
    readJson,
    setRecord: writeVersioned,
    removeRecord: remove,
    clearAll: () => {
      try {
        store().clear();
      } catch {
        // Storage disabled: nothing was kept.
      }
    },
  };
}
