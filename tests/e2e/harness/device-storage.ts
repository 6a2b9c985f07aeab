import type { BrowserContext } from 'playwright-core';
import type { CartItem } from '../../../contract/payments';
import { type PendingPayment, STORAGE_KEYS, STORAGE_VERSION } from '../../../src/services/storage';
import type { SignedInUser } from './student-api';

/** What a phone already holds when the app opens: a signed-in student, a cart, a payment in progress. */
export interface DeviceStorage {
  /** A signed-in student; `user: null` is a token whose user the device lost (issue 18). */
  session?: { token: string; user: SignedInUser | null };
  cart?: readonly CartItem[];
  pendingPayment?: PendingPayment;
}

/**
 * Writes the app's own local storage entries (the keys and `{ v, data }` envelope of src/services/storage)
 * before the app's first script runs, so the app starts exactly as it would on a phone that kept them.
 * Written once per tab: a later navigation finds what the app itself left there.
 */
export async function seedDeviceStorage(context: BrowserContext, seed: DeviceStorage): Promise<void> {
  const envelope = (data: unknown) => JSON.stringify({ v: STORAGE_VERSION, data });
  const entries: Record<string, string> = {};
  if (seed.session) {
    entries[STORAGE_KEYS.token] = seed.session.token;
    if (seed.session.user !== null) entries[STORAGE_KEYS.user] = envelope(seed.session.user);
  }
  if (seed.cart) entries[STORAGE_KEYS.cart] = envelope(seed.cart);
  if (seed.pendingPayment) entries[STORAGE_KEYS.pendingPayment] = envelope(seed.pendingPayment);
  await context.addInitScript((values: Record<string, string>) => {
    if (window.location.protocol === 'about:' || sessionStorage.getItem('e2e-seeded') === '1') return;
    sessionStorage.setItem('e2e-seeded', '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}
