import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { openDevice, type StudentDevice } from './browser';
import { seedDeviceStorage } from './device-storage';
import type { Lang } from './dictionary';
import { newStudent, type StudentAccount, StudentApi } from './student-api';
import { StudentApp } from './student-app';

/** Seeded subjects the journeys buy (server/seed/subjects.ts): anglophone, 2 500 FCFA each. */
export const MATHS = { id: 'ang-maths-f5', title: 'Mathematics Form 5', price: 2_500 } as const;
export const PHYSICS = { id: 'ang-physics-f5', title: 'Physics Form 5', price: 2_500 } as const;

/** MSISDNs as a student types them: 237 + the sandbox's test payers (docs/api.md "The sandbox emulator"). */
export const PAYERS = {
  /** Any other number: SUCCESSFUL after a short PENDING period. */
  ordinary: '237670000001',
  /** Another ordinary number: a parent's, after "Use another number". */
  anotherOrdinary: '237670000002',
  failing: '23746733123450',
  rejecting: '23746733123451',
  expiring: '23746733123452',
  /** FAILED with PAYER_NOT_FOUND: a number with no Mobile Money account. */
  withoutAccount: '23746733123455',
  stayingPending: '23746733123453',
  slowApproval: '23746733123454',
} as const;

export interface SignedInStudent {
  device: StudentDevice;
  app: StudentApp;
  account: StudentAccount;
  api: StudentApi;
}

/**
 * A student with an account (made through the API: registering through the screen is the golden journey's
 * job), on a fresh phone that kept its session (signed in through the API, the session in the page's
 * storage as the app leaves it: logging in through the screen is the golden journey's and the session
 * paths' subject), with the given subjects added from the catalogue.
 */
export async function signedInStudent(
  browser: Browser,
  options: {
    baseUrl?: string;
    lang?: Lang;
    cart?: readonly string[];
    /**
     * The page's timers on Playwright's clock (running at real pace) from the first page on, so the journey
     * can jump a wait it does not check (StudentApp.skipFirstPoll).
     */
    pageClock?: boolean;
  } = {},
): Promise<SignedInStudent> {
  const baseUrl = options.baseUrl ?? inject('e2eBaseUrl');
  const api = new StudentApi(baseUrl);
  const account = newStudent();
  await api.register(account);
  const session = await api.signIn(account);
  const device = await openDevice(browser, { baseUrl, lang: options.lang ?? 'en' });
  await seedDeviceStorage(device.context, { session });
  if (options.pageClock) await device.context.clock.install();
  const app = new StudentApp(device);
  await app.open('landing');
  await app.waitForLoggedIn();
  if (app.lang !== 'en') await app.chooseLanguage();
  if (options.cart?.length) {
    // The carts here hold anglophone subjects; a French reader's home opens on the francophone section.
    await app.open('home?section=anglophone');
    for (const title of options.cart) await app.addToCart(title);
  }
  return { device, app, account, api };
}
