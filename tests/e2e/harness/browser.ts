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

/** A low-end Android phone, the students' usual device (DESIGN.md): 360 × 640 with touch. */
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
  const page = await context.newPage();
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
