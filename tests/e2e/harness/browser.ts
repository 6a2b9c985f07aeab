import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Lang } from './dictionary';

// Outside the tracked tree (test-results/ is ignored): a run leaves `git status` clean. They are for looking
// at, not compared: fonts and Chromium versions differ between machines pixel by pixel.
export const SCREENSHOT_DIR = resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'test-results',
  'e2e-screenshots',
);

/** A low-end Android phone, the students' usual device (docs/design.md): 360 × 640 with touch. */
export const PHONE = {
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
} as const;

/** Connects to the run's Chromium (started by the global setup). */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('e2eBrowserWsEndpoint'));
}

export interface StudentDevice {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  lang: Lang;
  /** Opens a route of the app (hash routing), e.g. go('login-with-username'). */
  go(route: string): Promise<void>;
  /** A viewport-sized PNG under test-results/e2e-screenshots/<name>.png. */
  screenshot(name: string): Promise<void>;
  /** Uncaught page errors seen so far: a journey ends by asserting there were none. */
  pageErrors: string[];
}

/**
 * A fresh phone: its own storage, and no service worker, so every journey starts from the network. `lang` is
 * the language the journey drives the app in (it switches to it through the navbar, see StudentApp).
 */
export async function openDevice(
  browser: Browser,
  options: { baseUrl?: string; lang?: Lang; userAgent?: string } = {},
): Promise<StudentDevice> {
  const baseUrl = options.baseUrl ?? inject('e2eBaseUrl');
  const lang = options.lang ?? 'en';
  const context = await browser.newContext({
    ...PHONE,
    baseURL: baseUrl,
    locale: lang === 'fr' ? 'fr-CM' : 'en-CM',
    serviceWorkers: 'block',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  context.setDefaultTimeout(15_000);
  return deviceOf(context, await context.newPage(), { baseUrl, lang });
}

/** The page object's view of a page opened by a journey in a context of its own making. */
export function deviceOf(
  context: BrowserContext,
  page: Page,
  { baseUrl, lang }: { baseUrl: string; lang: Lang },
): StudentDevice {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    context,
    page,
    baseUrl,
    lang,
    pageErrors,
    async go(route) {
      await page.goto(`/#/${route.replace(/^\//, '')}`);
    },
    async screenshot(name) {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
    },
  };
}

/**
 * The app's code runs the page: React owns the shell. The HTML already shows the prerendered first screen
 * (issue 12), so a visible navbar no longer means the app has started; a click before this would land on
 * markup no code listens to yet.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector('#root header');
    return header !== null && Object.keys(header).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * The PWA layer (install banner, update question) has loaded and rendered: its code downloads once the page
 * is idle (issue 12), so "no banner" means something only after this.
 */
export async function pwaLayerLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/PwaOverlays-[\w-]+\.js$/.test(entry.name)),
  );
  // Two frames: React has rendered what the loaded layer shows.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Fires the event Chromium fires when the app is installable (a test browser never decides that itself). */
export const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });

/**
 * Resolves once a service worker is active for the page (it may not control it yet). Waited for in the page:
 * waitForFunction takes a predicate's promise for a truthy answer at once, without awaiting it.
 */
export const activeWorker = (page: Page, timeout = 40_000) =>
  page.evaluate(async (ms) => {
    const deadline = Date.now() + ms;
    while ((await navigator.serviceWorker.getRegistration())?.active?.state !== 'activated') {
      if (Date.now() > deadline) throw new Error(`No active service worker after ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, timeout);

/** Resolves once a service worker controls the page: it answers the page's requests from then on. */
export const workerInControl = (page: Page, timeout = 40_000) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout, polling: 250 });

/**
 * Holds the app's entry script until released: nothing of the app's code can run meanwhile, so a test sees
 * what the page does on its own (its inline scripts: issue 19).
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
