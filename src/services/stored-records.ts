import * as z from 'zod/mini';
import type { CartItem, PendingPayment } from '../../contract/payments';
import { isLanguage } from '../../contract/rules/language';
import {
  cartItemSchema,
  clientUserSchema,
  entriesOf,
  paidSubjectSchema,
  pendingPaymentSchema,
} from '../../contract/stored';
import type { ClientUser } from '../../contract/users';
import type { AppStorage } from './storage';
import { STORAGE_KEYS } from './storage';

/**
 * The structured records the app keeps in local storage, read back through the contract's schemas
 * (contract/stored.ts, the shapes the server sends): what fails its schema reads as null, never throws, and
 * is never written back, so the next start reads it the same. Loaded with the root actors (their chunk brings
 * zod/mini's core, about 7 KB gzip), not with the landing, which reads only the token and the language.
 */
export interface StoredRecords {
  /** The signed-in student as the server last sent it; null when absent or not that shape (sign in again). */
  getUser(): ClientUser | null;
  /**
   * A user left by the app this one replaces (plain JSON), rewritten in this app's format and returned;
   * null when storage holds none. Called once at start, before the session is restored.
   */
  migrateLegacyUser(): ClientUser | null;
  /** The cart's lines that are cart lines: one broken line is left out, the good ones kept. */
  getCart(): CartItem[] | null;
  getPendingPayment(): PendingPayment | null;
  /** A versioned record under a lazily loaded feature's own key, read through its schema. */
  getRecord<T>(key: string, schema: z.ZodMiniType<T>): T | null;
}

export function createStoredRecords(storage: AppStorage): StoredRecords {
  function getRecord<T>(key: string, schema: z.ZodMiniType<T>): T | null {
    const parsed = schema.safeParse(storage.readRecord(key));
    return parsed.success ? parsed.data : null;
  }

  return {
    getUser: () => getRecord(STORAGE_KEYS.user, storedUserSchema),
    migrateLegacyUser: () => {
      const user = legacyUser(storage.readJson(STORAGE_KEYS.user));
      if (user !== null) storage.setUser(user);
      return user;
    },
    getCart: () => {
      const lines = storage.readRecord(STORAGE_KEYS.cart);
      return Array.isArray(lines) ? entriesOf(lines, cartItemSchema) : null;
    },
    getPendingPayment: () => getRecord(STORAGE_KEYS.pendingPayment, pendingPaymentSchema),
    getRecord,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The user as this app stored it. A user stored before issue 18 has no `language`: it reads as null (never
 * chosen, the browser's languages decide) rather than signing the student out.
 */
const storedUserSchema = z.pipe(
  z.transform((value: unknown) =>
    isObject(value) && !('language' in value) ? { ...value, language: null } : value,
  ),
  clientUserSchema,
);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The user as the app this one replaces kept it (issue 18): the user object as plain JSON, without this
 * app's `{ v, data }` envelope, and perhaps only with the fields docs/product.md §3 names (id, username, role,
 * profile picture), the id possibly as `_id`. Read as this app's user, the fields it lacks empty; the app
 * then asks the server for the whole user (src/app/create-app-actors.ts).
 */
function legacyUser(value: unknown): ClientUser | null {
  if (!isObject(value) || 'v' in value) return null;
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
    paidSubjects: entriesOf(value.paidSubjects, paidSubjectSchema),
    language: isLanguage(value.language) ? value.language : null,
  };
}
