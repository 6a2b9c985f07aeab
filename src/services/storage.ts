import type { Language } from '../../contract/common';
import type { CartItem, PendingPayment } from '../../contract/payments';
import { isLanguage } from '../../contract/rules/language';
import type { ClientUser } from '../../contract/users';
import { isPaidSubject } from '../rules/paid-subject';

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

export type Guard<T> = (value: unknown) => value is T;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function isCartItem(value: unknown): value is CartItem {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.subjectTitle === 'string' &&
    typeof value.pictureurl === 'string' &&
    isFiniteNumber(value.price) &&
    Number.isInteger(value.amount) &&
    (value.amount as number) >= 1
  );
}

const isCart: Guard<CartItem[]> = (value): value is CartItem[] =>
  Array.isArray(value) && value.every(isCartItem);

/**
 * Whether a stored user is docs/api.md's user, as the server sent it: a stored user that fails this is not
 * restored (the student signs in again).
 */
function isUser(value: unknown): value is ClientUser {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.username === 'string' &&
    Array.isArray(value.paidSubjects)
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The user as the app this one replaces kept it (issue 18): the user object as plain JSON, without this
 * app's `{ v, data }` envelope, and perhaps only with the fields docs/product.md §3 names (id, username, role,
 * profile picture), the id possibly as `_id`. Read as this app's user, the fields it lacks empty; the app
 * then asks the server for the whole user (src/app/create-app-actors.ts).
 */
function legacyUser(value: unknown): ClientUser | null {
  if (!isRecord(value) || 'v' in value) return null;
  const id = text(value.id) || text(value._id);
  if (id === '' || text(value.username) === '') return null;
  return {
    id,
    firstname: text(value.firstname),
    lastname: text(value.lastname),
    email: text(value.email),
    username: text(value.username),
    phonenumber: text(value.phonenumber),
    role: 'STUDENT',
    profilePicture: text(value.profilePicture) || null,
    createdAt: text(value.createdAt),
    paidSubjects: Array.isArray(value.paidSubjects) ? value.paidSubjects.filter(isPaidSubject) : [],
    language: isLanguage(value.language) ? value.language : null,
  };
}

export function isPendingPayment(value: unknown): value is PendingPayment {
  return (
    isRecord(value) &&
    typeof value.referenceId === 'string' &&
    value.referenceId !== '' &&
    isFiniteNumber(value.startedAt) &&
    typeof value.phone === 'string' &&
    isCart(value.items) &&
    isFiniteNumber(value.amount)
  );
}

export interface AppStorage {
  getToken(): string | null;
  setToken(token: string): boolean;
  removeToken(): void;
  getUser(): ClientUser | null;
  setUser(user: ClientUser): boolean;
  /**
   * A user left by the app this one replaces (plain JSON), rewritten in this app's format and returned;
   * null when storage holds none. Called once at start, before the session is restored.
   */
  migrateLegacyUser(): ClientUser | null;
  removeUser(): void;
  getCart(): CartItem[] | null;
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
  getPendingPayment(): PendingPayment | null;
  setPendingPayment(payment: PendingPayment): boolean;
  removePendingPayment(): void;
  /**
   * A versioned record under a lazily loaded feature's own key, read through its own guard, so that its code
   * stays out of the first screen's (the shop's order checkout: src/services/order-storage.ts).
   */
  getRecord<T>(key: string, guard: Guard<T>): T | null;
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

  function readVersioned<T>(key: string, guard: Guard<T>): T | null {
    const raw = readRaw(key);
    if (raw === null) return null;
    try {
      const envelope: unknown = JSON.parse(raw);
      if (!isRecord(envelope) || envelope.v !== STORAGE_VERSION) return null;
      return guard(envelope.data) ? envelope.data : null;
    } catch {
      return null;
    }
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
    getUser: () => readVersioned(STORAGE_KEYS.user, isUser),
    setUser: (user) => writeVersioned(STORAGE_KEYS.user, user),
    migrateLegacyUser: () => {
      const raw = readRaw(STORAGE_KEYS.user);
      if (raw === null) return null;
      let user: ClientUser | null;
      try {
        user = legacyUser(JSON.parse(raw));
      } catch {
        return null;
      }
      if (user !== null) writeVersioned(STORAGE_KEYS.user, user);
      return user;
    },
    removeUser: () => remove(STORAGE_KEYS.user),
    getCart: () => readVersioned(STORAGE_KEYS.cart, isCart),
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
    getPendingPayment: () => readVersioned(STORAGE_KEYS.pendingPayment, isPendingPayment),
    setPendingPayment: (payment) => writeVersioned(STORAGE_KEYS.pendingPayment, payment),
    removePendingPayment: () => remove(STORAGE_KEYS.pendingPayment),
    getRecord: readVersioned,
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
