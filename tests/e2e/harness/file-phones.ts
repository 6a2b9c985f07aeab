import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { connectBrowser, openDevice, type StudentDevice } from './browser';
import { type SignedInStudent, signedInStudent } from './journey';

/** The run's Chromium as one test file uses it, and the phones the file opened with it. */
export interface FilePhones {
  /** The connected browser, from the file's first test on. */
  readonly browser: Browser;
  /** A fresh phone (see openDevice), closed after the file's last test. */
  openDevice(options?: Parameters<typeof openDevice>[1]): Promise<StudentDevice>;
  /** A student logged in on a fresh phone (see signedInStudent), closed after the file's last test. */
  signedInStudent(options?: Parameters<typeof signedInStudent>[1]): Promise<SignedInStudent>;
}

/**
 * Connects to the run's Chromium before the file's first test; after its last, closes every phone opened
 * through the returned object, then the connection. Called once at the top of a journey file, so each file
 * no longer keeps its own browser variable, list of phones and pair of hooks.
 */
export function phonesForThisFile(): FilePhones {
  let connected: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    connected = await connectBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await connected?.close();
  });
  const browser = (): Browser => {
    if (!connected) throw new Error('The browser is connected in beforeAll: use it inside a test or hook');
    return connected;
  };
  return {
    get browser() {
      return browser();
    },
    async openDevice(options) {
      const device = await openDevice(browser(), options);
      contexts.push(device.context);
      return device;
    },
    async signedInStudent(options) {
      const student = await signedInStudent(browser(), options);
      contexts.push(student.device.context);
      return student;
    },
  };
}
