import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { CartItem } from '../../../contract/payments';
import type { ClientUser } from '../../../contract/users';
import type {
  CartItem as MachineCartItem,
  PendingPayment as MachinePendingPayment,
} from '../../../machines/types';
import { clearCaches } from '../../../src/services/clear-caches';
import {
  createAppStorage,
  type PendingPayment,
  STORAGE_KEYS,
  STORAGE_VERSION,
} from '../../../src/services/storage';
import { createStoredRecords } from '../../../src/services/stored-records';

/** The storage and its schema-read records over one backing, as the app composes them. */
const storageOver = (backing: Storage) => {
  const storage = createAppStorage(backing);
  return { ...storage, ...createStoredRecords(storage) };
};

const user: ClientUser = {
  id: 'u1',
  firstname: 'Ama',
  lastname: 'Njoya',
  email: 'ama.njoya@example.cm',
  username: 'ama',
  phonenumber: '237670000000',
  role: 'STUDENT',
  profilePicture: null,
  createdAt: '2025-01-10T08:00:00.000Z',
  paidSubjects: [
    { subjectId: 's1', subjectTitle: 'Mathematics Form 5', expiresAt: '2026-01-10T08:00:00.000Z' },
  ],
  language: null,
};

const cart: CartItem[] = [
  {
    _id: 's1',
    subjectTitle: 'Mathematics Form 5',
    pictureurl: 'media/pictures/s1.webp',
    price: 2_500,
    amount: 1,
  },
  {
    _id: 's2',
    subjectTitle: 'Physique-Chimie Tle C',
    pictureurl: 'media/pictures/s2.webp',
    price: 3_000,
    amount: 2,
  },
];

const pending: PendingPayment = {
  referenceId: '3f1c2a9e-0d4b-4c7a-9b1e-2f6d8a7c5e41',
  startedAt: 1_700_000_000_000,
  phone: '237670000000',
  items: cart,
  amount: 8_500,
};

describe('local storage keys', () => {
  it("are docs/product.md §3's six keys plus the project's pending payment and video settings", () => {
    expect(STORAGE_KEYS).toEqual({
      token: 'id_token',
      user: 'user',
      cart: 'shopping_cart',
      language: 'language',
      installDismissed: 'pwa-install-dismissed',
      pushToken: 'push-notification-token',
      pendingPayment: 'pending_payment',
      videoPreferences: 'video_preferences',
    });
  });
});

describe('createAppStorage', () => {
  let backing: Storage;
  beforeEach(() => {
    backing = window.localStorage;
    backing.clear();
  });

  it('uses window.localStorage by default', () => {
    createAppStorage().setToken('a.b.c');
    expect(window.localStorage.getItem('id_token')).toBe('a.b.c');
  });

  it('round-trips every key and reads null (or false) once removed', () => {
    const storage = storageOver(backing);
    expect(storage.setToken('a.b.c')).toBe(true);
    expect(storage.setUser(user)).toBe(true);
    expect(storage.setCart(cart)).toBe(true);
    expect(storage.setLanguage('fr')).toBe(true);
    expect(storage.setInstallDismissed()).toBe(true);
    expect(storage.setPushToken('fcm-1')).toBe(true);
    expect(storage.setPendingPayment(pending)).toBe(true);

    expect(storage.getToken()).toBe('a.b.c');
    expect(storage.getUser()).toEqual(user);
    expect(storage.getCart()).toEqual(cart);
    expect(storage.getLanguage()).toBe('fr');
    expect(storage.isInstallDismissed()).toBe(true);
    expect(storage.getPushToken()).toBe('fcm-1');
    expect(storage.getPendingPayment()).toEqual(pending);

    storage.removeToken();
    storage.removeUser();
    storage.removeCart();
    storage.removeLanguage();
    storage.removeInstallDismissed();
    storage.removePushToken();
    storage.removePendingPayment();
    expect(backing.length).toBe(0);
    expect(storage.getToken()).toBeNull();
    expect(storage.getUser()).toBeNull();
    expect(storage.getCart()).toBeNull();
    expect(storage.getLanguage()).toBeNull();
    expect(storage.isInstallDismissed()).toBe(false);
    expect(storage.getPushToken()).toBeNull();
    expect(storage.getPendingPayment()).toBeNull();
  });

  it('stamps structured values with the version, and plain ones as plain text', () => {
    const storage = storageOver(backing);
    storage.setCart(cart);
    storage.setUser(user);
    storage.setPendingPayment(pending);
    storage.setToken('a.b.c');
    storage.setLanguage('en');
    storage.setInstallDismissed();
    expect(STORAGE_VERSION).toBe(1);
    expect(JSON.parse(backing.getItem('shopping_cart') ?? '')).toEqual({ v: 1, data: cart });
    expect(JSON.parse(backing.getItem('user') ?? '')).toEqual({ v: 1, data: user });
    expect(JSON.parse(backing.getItem('pending_payment') ?? '')).toEqual({ v: 1, data: pending });
    expect(backing.getItem('id_token')).toBe('a.b.c');
    expect(backing.getItem('language')).toBe('en');
    expect(backing.getItem('pwa-install-dismissed')).toBe('true');
  });

  const stored = (data: unknown) => JSON.stringify({ v: 1, data });
  const corrupt: [string, string, string][] = [
    ['cart', 'shopping_cart', '{not json'],
    ['cart', 'shopping_cart', JSON.stringify(cart)],
    ['cart', 'shopping_cart', JSON.stringify({ v: 2, data: cart })],
    ['cart', 'shopping_cart', stored({ items: cart })],
    ['cart', 'shopping_cart', 'null'],
    ['user', 'user', '"ama"'],
    ['user', 'user', stored({ username: 'ama' })],
    ['user', 'user', JSON.stringify({ v: '1', data: user })],
    ['user', 'user', stored({ ...user, paidSubjects: 'all' })],
    ['user', 'user', stored({ ...user, paidSubjects: [{ subjectId: 's1', subjectTitle: 'Maths' }] })],
    ['user', 'user', stored({ ...user, role: 'ADMIN' })],
    ['user', 'user', stored({ ...user, language: 'de' })],
    ['user', 'user', stored({ ...user, profilePicture: 7 })],
    ['user', 'user', stored({ ...user, id: undefined })],
    ['pending payment', 'pending_payment', stored({ ...pending, referenceId: '' })],
    ['pending payment', 'pending_payment', stored({ ...pending, startedAt: 'soon' })],
    ['pending payment', 'pending_payment', stored({ ...pending, amount: null })],
    ['pending payment', 'pending_payment', stored({ ...pending, items: [{ ...cart[0], amount: 0 }] })],
    ['pending payment', 'pending_payment', stored({ ...pending, phone: undefined })],
    ['pending payment', 'pending_payment', '[]'],
  ];
  it.each(corrupt)('reads a corrupt or foreign %s (%s = %s) as null without throwing', (_label, key, raw) => {
    backing.setItem(key, raw);
    const storage = storageOver(backing);
    const read = {
      shopping_cart: storage.getCart,
      user: storage.getUser,
      pending_payment: storage.getPendingPayment,
    };
    expect(read[key as keyof typeof read]()).toBeNull();
    // Nothing is rewritten: what was there stays for the next start to read the same.
    expect(backing.getItem(key)).toBe(raw);
  });

  it.each([
    ['a price as text', { ...cart[0], price: '2500' }],
    ['no amount of periods', { ...cart[0], amount: 0 }],
    ['a fractional amount', { ...cart[0], amount: 1.5 }],
    ['no picture', { ...cart[0], pictureurl: undefined }],
    ['not a line', 'Mathematics'],
  ])('leaves a cart line with %s out and keeps the good ones', (_label, broken) => {
    backing.setItem('shopping_cart', stored([cart[0], broken, cart[1]]));
    expect(storageOver(backing).getCart()).toEqual(cart);
  });

  it('reads the stored shapes the server sends: a paid subject with its section, a user before issue 18 without a language', () => {
    const withSection = {
      ...user,
      paidSubjects: [{ ...user.paidSubjects[0], section: 'anglophone' as const }],
      language: 'fr' as const,
    };
    backing.setItem('user', stored(withSection));
    expect(storageOver(backing).getUser()).toEqual(withSection);
    const { language: _language, ...beforeIssue18 } = user;
    backing.setItem('user', stored(beforeIssue18));
    expect(storageOver(backing).getUser()).toEqual({ ...beforeIssue18, language: null });
  });

  it('migrates the user the app this one replaces kept as plain JSON (issue 18)', () => {
    backing.setItem('user', JSON.stringify(user));
    const storage = storageOver(backing);
    // This app's reader does not take a foreign format…
    expect(storage.getUser()).toBeNull();
    // …until it is migrated: then it is this app's user, in this app's format.
    expect(storage.migrateLegacyUser()).toEqual(user);
    expect(JSON.parse(backing.getItem('user') ?? '')).toEqual({ v: 1, data: user });
    expect(storage.getUser()).toEqual(user);
    // Once migrated there is nothing left to migrate.
    expect(storage.migrateLegacyUser()).toBeNull();
  });

  it('migrates a legacy user with only the fields docs/product.md §3 names, its id as _id', () => {
    backing.setItem(
      'user',
      JSON.stringify({
        _id: 'u9',
        username: 'ama',
        role: 'STUDENT',
        profilePicture: '/media/uploads/a.webp',
      }),
    );
    expect(storageOver(backing).migrateLegacyUser()).toEqual({
      id: 'u9',
      firstname: '',
      lastname: '',
      email: '',
      username: 'ama',
      phonenumber: '',
      role: 'STUDENT',
      profilePicture: '/media/uploads/a.webp',
      createdAt: '',
      paidSubjects: [],
      language: null,
    });
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{not json'],
    ['no id', JSON.stringify({ username: 'ama' })],
    ['no username', JSON.stringify({ id: 'u1' })],
    ['this app’s envelope, corrupt', JSON.stringify({ v: 1, data: { username: 'ama' } })],
    ['a string', '"ama"'],
  ])('leaves %s alone', (_label, raw) => {
    if (raw !== null) backing.setItem('user', raw);
    const storage = storageOver(backing);
    expect(storage.migrateLegacyUser()).toBeNull();
    expect(backing.getItem('user')).toBe(raw);
  });

  it('reads an unknown language as null and an empty token as null', () => {
    backing.setItem('language', 'de');
    backing.setItem('id_token', '');
    const storage = storageOver(backing);
    expect(storage.getLanguage()).toBeNull();
    expect(storage.getToken()).toBeNull();
  });

  it('reads anything but "true" as not dismissed', () => {
    backing.setItem('pwa-install-dismissed', 'false');
    expect(storageOver(backing).isInstallDismissed()).toBe(false);
  });

  it('stores and restores the pending payment exactly as the mobileMoney machine persists it', () => {
    expectTypeOf<MachinePendingPayment>().toExtend<PendingPayment>();
    expectTypeOf<PendingPayment>().toExtend<MachinePendingPayment>();
    expectTypeOf<readonly MachineCartItem[]>().toExtend<
      Parameters<ReturnType<typeof createAppStorage>['setCart']>[0]
    >();
    const fromMachine: MachinePendingPayment = { ...pending, items: Object.freeze([...cart]) };
    const storage = storageOver(backing);
    expect(storage.setPendingPayment(fromMachine)).toBe(true);
    expect(storage.getPendingPayment()).toEqual(pending);
  });

  it('clearAll() empties local storage, including keys it does not own', () => {
    const storage = storageOver(backing);
    storage.setToken('a.b.c');
    storage.setCart(cart);
    backing.setItem('someone-else', 'x');
    storage.clearAll();
    expect(backing.length).toBe(0);
  });

  it('never throws when the browser refuses storage, and says the write failed', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      clear: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      key: () => null,
      length: 0,
    } satisfies Storage;
    const storage = storageOver(refusing);
    expect(storage.setCart(cart)).toBe(false);
    expect(storage.setToken('a.b.c')).toBe(false);
    expect(storage.getCart()).toBeNull();
    expect(storage.getToken()).toBeNull();
    expect(() => storage.removeCart()).not.toThrow();
    expect(() => storage.clearAll()).not.toThrow();
  });
});

function fakeCacheStorage(names: string[], refuse: string[] = []) {
  const remaining = new Set(names);
  const cacheStorage = {
    keys: vi.fn(async () => [...remaining]),
    delete: vi.fn(async (name: string) => {
      if (refuse.includes(name)) throw new DOMException('busy', 'InvalidStateError');
      return remaining.delete(name);
    }),
  };
  return { cacheStorage: cacheStorage as unknown as CacheStorage, remaining };
}

describe('clearCaches', () => {
  it('deletes every Cache Storage cache and clears the IndexedDB keys', async () => {
    const { cacheStorage, remaining } = fakeCacheStorage(['workbox-precache-v2', 'videos', 'api-lists']);
    const clearIndexedDb = vi.fn(async () => {});
    const result = await clearCaches({ cacheStorage, clearIndexedDb });
    expect(remaining.size).toBe(0);
    expect(result).toEqual({
      deletedCaches: ['workbox-precache-v2', 'videos', 'api-lists'],
      indexedDbCleared: true,
    });
    expect(clearIndexedDb).toHaveBeenCalledTimes(1);
  });

  it('spares the caches the caller keeps', async () => {
    const { cacheStorage, remaining } = fakeCacheStorage(['workbox-precache-v2', 'videos']);
    const result = await clearCaches({
      cacheStorage,
      clearIndexedDb: null,
      keep: (name) => name.startsWith('workbox-precache'),
    });
    expect([...remaining]).toEqual(['workbox-precache-v2']);
    expect(result).toEqual({ deletedCaches: ['videos'], indexedDbCleared: false });
  });

  it('does nothing, without throwing, where Cache Storage and IndexedDB do not exist', async () => {
    expect(typeof caches).toBe('undefined');
    await expect(clearCaches({ clearIndexedDb: null })).resolves.toEqual({
      deletedCaches: [],
      indexedDbCleared: false,
    });
    // jsdom has no IndexedDB either: the default clear is skipped, not attempted.
    expect(typeof indexedDB).toBe('undefined');
    await expect(clearCaches()).resolves.toEqual({ deletedCaches: [], indexedDbCleared: false });
  });

  it('reports, never throws, the caches and IndexedDB it could not clear', async () => {
    const { cacheStorage, remaining } = fakeCacheStorage(['a', 'b'], ['a']);
    const result = await clearCaches({
      cacheStorage,
      clearIndexedDb: async () => {
        throw new DOMException('blocked', 'UnknownError');
      },
    });
    expect(result).toEqual({ deletedCaches: ['b'], indexedDbCleared: false });
    expect([...remaining]).toEqual(['a']);
  });
});
