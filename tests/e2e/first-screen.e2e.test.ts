import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { amina, liveToken } from '../ui/screens/account-fixtures';
import { connectBrowser, PHONE } from './harness/browser';
import { type Lang, text } from './harness/dictionary';

// Issue 12: the first screen arrives with the HTML, in the student's language, and the app hydrates it.

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LOCALES: Record<Lang, string> = { en: 'en-CM', fr: 'fr-CM' };

/** A fresh phone; its service worker is allowed, as on a real first visit (blocking it logs a warning). */
async function phone(options: { lang: Lang; javaScript?: boolean }): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: inject('e2eBaseUrl'),
    locale: LOCALES[options.lang],
    javaScriptEnabled: options.javaScript ?? true,
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Every console error or warning and uncaught error of the page: hydration reports its mismatches there. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Holds the requests for the chunks matching `pattern` until released. */
async function holdChunks(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds the app's entry script until released, so a test can look at the page before any app code runs. */
const holdEntryScript = (page: Page) => holdChunks(page, /\/assets\/index-[\w-]+\.js$/);

describe('the first screen as served (JavaScript disabled)', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`shows the landing heading and navigation in ${lang} from the HTML alone`, async () => {
      const context = await phone({ lang, javaScript: false });
      const page = await context.newPage();
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(text(lang, 'routes.landing'));
      const menu = page.getByRole('navigation', { name: text(lang, 'nav.menu') });
      expect(await menu.getByRole('link', { name: text(lang, 'nav.login') }).getAttribute('href')).toBe(
        '#/login-with-username',
      );
      expect(await page.getByRole('link', { name: text(lang, 'landing.signUp') }).count()).toBe(1);
      await context.close();
    });
  }

  it('follows the language cookie the app writes before the browser language', async () => {
    const context = await phone({ lang: 'en', javaScript: false });
    await context.addCookies([{ name: 'language', value: 'fr', url: inject('e2eBaseUrl') }]);
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text('fr', 'routes.landing'));
    await context.close();
  });
});

const hydrated = (page: Page) =>
  page.evaluate(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });

describe('hydration', () => {
  it('hydrates the landing before XState and the root actors have loaded; they then take over', async () => {
    const context = await phone({ lang: 'en' });
    const page = await context.newPage();
    const problems = problemsOf(page);
    const release = await holdChunks(
      page,
      /\/assets\/(statecharts|start-app-actors|resource-actor)-[\w-]+\.js$/,
    );
    await page.goto('/');
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await page.locator('.landing-section__featured').count()).toBe(0);
    release();
    // The section list's machine arrives and loads the subjects; the actors then answer the language switch.
    await page.locator('.landing-section__featured').first().waitFor();
    await page.getByRole('combobox', { name: text('en', 'nav.language') }).selectOption('fr');
    await page.getByRole('heading', { level: 1, name: text('fr', 'routes.landing') }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('fr');
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`adds interactivity to the prerendered ${lang} landing without rendering it again, warning-free`, async () => {
      const context = await phone({ lang });
      const page = await context.newPage();
      const problems = problemsOf(page);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const release = await holdEntryScript(page);
      // A module script delays DOMContentLoaded: wait for the parsed page itself.
      await page.goto('/', { waitUntil: 'commit' });
      await page.locator('footer').waitFor({ state: 'attached' });
      // Before any app code: the prerendered nodes, tagged to be recognised after hydration.
      await page.evaluate(() => {
        const marks = window as unknown as { firstHeading: Element | null; firstNavbar: Element | null };
        marks.firstHeading = document.querySelector('h1');
        marks.firstNavbar = document.querySelector('header');
      });
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('landing');
      release();

      // Hydrated: React owns the very nodes the HTML brought (it attaches its fiber to them).
      await expect.poll(() => hydrated(page)).toBe(true);
      const sameNodes = await page.evaluate(() => {
        const marks = window as unknown as { firstHeading: Element | null; firstNavbar: Element | null };
        return (
          marks.firstHeading === document.querySelector('h1') &&
          marks.firstNavbar === document.querySelector('header')
        );
      });
      expect(sameNodes, 'hydration kept the prerendered nodes').toBe(true);

      // The subjects arrive and fill the section cards; the page must not jump meanwhile (CLS ≤ 0.01).
      await page.locator('.landing-section__featured').first().waitFor();
      const shift = await page.evaluate(() =>
        (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
      );
      expect(shift).toBeLessThanOrEqual(0.01);

      // Interactive: the navbar's link is the app's router now.
      await page
        .getByRole('navigation', { name: text(lang, 'nav.menu') })
        .getByRole('link', { name: text(lang, 'nav.login') })
        .click();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/login-with-username');
      await page.getByRole('heading', { level: 1, name: text(lang, 'routes.login-with-username') }).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("shows a logged-in student's shell before the app's code has run, then the app renders the route", async () => {
    const context = await phone({ lang: 'en' });
    const page = await context.newPage();
    const problems = problemsOf(page);
    const token = liveToken();
    // The user as the server sends it and the app keeps it (read back through its schema, contract/stored.ts).
    const user = { v: 1, data: amina };
    await page.addInitScript(
      ([storedToken, storedUser]) => {
        window.localStorage.setItem('id_token', storedToken);
        window.localStorage.setItem('user', storedUser);
      },
      [token, JSON.stringify(user)] as const,
    );
    const release = await holdEntryScript(page);
    await page.goto('/#/profile', { waitUntil: 'commit' });
    await page.locator('footer').waitFor({ state: 'attached' });
    const bar = page.getByRole('banner');
    expect(await bar.getByRole('button', { name: text('en', 'nav.logout') }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: text('en', 'routes.landing') }).count()).toBe(0);
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('shell');
    // This page renders once the root actors run: their code is fetched with the app's.
    await expect
      .poll(() => page.locator('link[rel="modulepreload"][href*="start-app-actors"]').count())
      .toBe(1);
    release();
    await page.getByRole('heading', { level: 1, name: text('en', 'routes.profile') }).waitFor();
    // The profile call is refused (the token is not the server's): the screen says so, nothing crashes.
    expect(problems.filter((problem) => problem.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it("fetches the screen with the app's code and the list it shows before it, when the app opens on another route", async () => {
    const context = await phone({ lang: 'en' });
    const page = await context.newPage();
    const problems = problemsOf(page);
    const subjectCalls: string[] = [];
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/subjects/subject/fetch-all')) subjectCalls.push(request.url());
      if (request.url().includes('/media/pictures/')) pictures.push(request.url());
    });
    const release = await holdEntryScript(page);
    const releaseScreen = await holdChunks(page, /\/assets\/Home-[\w-]+\.js$/);
    await page.goto('/#/home', { waitUntil: 'commit' });
    // Before the entry has run, the page's script has asked for the catalogue screen's code too.
    await expect
      .poll(() => page.locator('link[rel="modulepreload"][href*="/Home-"]').count(), { timeout: 15_000 })
      .toBe(1);
    // Issue 19: the catalogue (what the first card's picture waits for) is asked for by the page itself while
    // the HTML is parsed, before the app's entry has run, not once it has.
    await expect.poll(() => subjectCalls.length, { timeout: 15_000 }).toBe(1);
    // And on its answer, the first card's picture (the screen's largest paint), still before the entry has run.
    await expect.poll(() => pictures.length, { timeout: 15_000 }).toBe(1);
    // Drawn by the page itself (src/app/first-card-shell.ts): the app's entry has not run.
    expect(await page.locator('.subject-card').count()).toBeLessThanOrEqual(1);
    expect(await page.locator('[data-shell-rest] .subject-card').count()).toBe(
      await page.locator('.subject-card').count(),
    );
    release();
    releaseScreen();
    await page.getByRole('heading', { level: 1, name: text('en', 'home.title') }).waitFor();
    await page.locator('.subject-card').first().waitFor();
    // That answer is the one the screen shows: one call, not two.
    expect(subjectCalls).toHaveLength(1);
    // The card draws the very file preloaded: no second download of its picture.
    const first = page.locator('.subject-card__picture').first();
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(pictures[0]);
    expect(pictures.filter((url) => url === pictures[0])).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("draws home's first card before the app's code has run, in French; the app's card then takes its very box, the picture never off the screen", async () => {
    const context = await phone({ lang: 'fr' });
    const page = await context.newPage();
    const problems = problemsOf(page);
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/pictures/')) pictures.push(request.url());
    });
    await page.addInitScript(() => {
      const watch = window as unknown as { shifts: number[]; framesWithoutPicture: number; seen: boolean };
      watch.shifts = [];
      watch.framesWithoutPicture = 0;
      watch.seen = false;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) watch.shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // Every frame once the first card's picture has shown: is a picture still on screen?
      const frame = () => {
        const shown = document.querySelector('.subject-card__picture') !== null;
        if (shown) watch.seen = true;
        else if (watch.seen) watch.framesWithoutPicture += 1;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const release = await holdEntryScript(page);
    await page.goto('/#/home', { waitUntil: 'commit' });
    const drawn = page.locator('[data-shell-rest] .subject-card__picture');
    await drawn.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => drawn.evaluate((image: HTMLImageElement) => image.complete), { timeout: 15_000 })
      .toBe(true);
    // The screen as the app will draw it, in the visit's language, before any of the app's code has run.
    expect(await hydrated(page)).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text('fr', 'home.title'));
    // Hidden from screen readers: they hear the app's card, not this one and then that one.
    expect(await page.locator('[data-shell-rest]').getAttribute('aria-hidden')).toBe('true');
    const drawnTitle = await page.locator('[data-shell-rest] .card-title').textContent();
    const drawnBox = await drawn.boundingBox();
    const drawnSrc = await drawn.evaluate((image: HTMLImageElement) => image.currentSrc);
    release();

    // The app's own card (React's node), in the drawn one's place.
    const appCard = page.locator('.subject-card__picture').first();
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const card = document.querySelector('.subject-card');
            return card !== null && Object.keys(card).some((key) => key.startsWith('__reactFiber'));
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await page.locator('[data-shell-rest]').count()).toBe(0);
    expect(await appCard.boundingBox()).toEqual(drawnBox);
    expect(await appCard.evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(drawnSrc);
    expect(await page.locator('.subject-card .card-title').first().textContent()).toBe(drawnTitle);
    const watched = await page.evaluate(() => {
      const watch = window as unknown as { shifts: number[]; framesWithoutPicture: number };
      return { shifts: watch.shifts, framesWithoutPicture: watch.framesWithoutPicture };
    });
    // No frame without the picture between the page's card and the app's (no skeleton in between), no shift.
    expect(watched.framesWithoutPicture).toBe(0);
    expect(watched.shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.01);
    // One download of the picture: the page's preload, its drawn card and the app's card share it.
    expect(pictures.filter((url) => url === drawnSrc)).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
