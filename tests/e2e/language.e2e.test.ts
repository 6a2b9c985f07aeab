import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/services/storage';
import { appStarted, connectBrowser, deviceOf, openDevice, PHONE } from './harness/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness/chromium';
import { type Lang, text } from './harness/dictionary';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import { MATHS, PAYERS } from './harness/journey';
import { freePort } from './harness/server-env';
import { type SlowProxy, startSlowProxy } from './harness/slow-proxy';
import { newStudent, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

// Issue 18, the language rule as a student meets it, in Chromium against the production build, with the
// service worker allowed (the harness blocks it elsewhere): the browser's languages decide until the student
// chooses; a choice goes with the account; logout forgets it; the worker answers every navigation in that
// language, offline too; a French phone never downloads the English dictionary. And a phone coming from the
// app this one replaces (its `user` as plain JSON) plays a paid lesson.
//
// Each phone is a Chromium of its own started with `--lang`, as a phone set to that language is: the page
// and the service worker both read navigator.languages from it. Its requests go through a proxy that writes
// them down (the worker's own downloads included) and can cut the network.

let server: InProcessServer;
let proxy: SlowProxy;
let api: StudentApi;
let sharedBrowser: Browser;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startInProcessServer();
  proxy = await startSlowProxy({
    port: await freePort(),
    upstreamPort: Number(new URL(server.baseUrl).port),
  });
  api = new StudentApi(server.baseUrl);
  sharedBrowser = await connectBrowser();
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await sharedBrowser?.close();
  await proxy?.close();
  await server?.close();
});

interface Phone {
  context: BrowserContext;
  page: Page;
  app: StudentApp;
  /** URLs the page asked for (the service worker's own downloads are in proxy.requests). */
  pageRequests: string[];
}

/** A phone whose browser is set to `lang` (and that never touched the app's language picker). */
async function phoneIn(lang: Lang): Promise<Phone> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--lang=${lang === 'fr' ? 'fr-FR' : 'en-US'}`],
    headless: true,
  });
  browsers.push(browser);
  const context = await browser.newContext({
    ...PHONE,
    baseURL: proxy.baseUrl,
    locale: lang === 'fr' ? 'fr-CM' : 'en-CM',
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const pageRequests: string[] = [];
  page.on('request', (request) => pageRequests.push(request.url()));
  const device = deviceOf(context, page, { baseUrl: proxy.baseUrl, lang });
  return { context, page, app: new StudentApp(device), pageRequests };
}

/** The worker took over the page (it registers once the first screen is idle, within 30 s). */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 45_000 });
}

/** The page as served (by the server or the worker) and the app then running are both in `lang`. */
async function expectIn(page: Page, lang: Lang, served: Response | null, what: string): Promise<void> {
  expect(served, `${what}: a page was served`).not.toBeNull();
  expect(await served?.text(), `${what}: the page served`).toContain(`<html lang="${lang}">`);
  await appStarted(page);
  await page.locator(`html[lang="${lang}"]`).waitFor();
  const banner = page.getByRole('banner');
  await banner
    .getByText(text(lang, 'nav.login'), { exact: true })
    .or(banner.getByText(text(lang, 'nav.logout'), { exact: true }))
    .first()
    .waitFor();
}

const storedLanguage = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language);
const languageCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'language')?.value ?? null;
const dictionaryOf = (lang: Lang) => new RegExp(`/assets/i18n/${lang}\\.json`);

/** Logout from the navbar in the language the app shows, then the logged-out navbar in `after`. */
async function logOut(page: Page, shown: Lang, after: Lang = shown): Promise<void> {
  await page.getByRole('button', { name: text(shown, 'nav.logout') }).click();
  await page.getByRole('banner').getByText(text(after, 'nav.login'), { exact: true }).first().waitFor();
}

describe('the language of a phone', () => {
  it('French phone, picker never touched: French on every visit, with the worker, after logout and offline; no English dictionary', async () => {
    const account = newStudent('francophone');
    await api.register(account);
    const { page, context, app, pageRequests } = await phoneIn('fr');
    const before = proxy.requests.length;

    await expectIn(page, 'fr', await page.goto('/'), 'first visit');
    await app.device.screenshot('language-fr-first-visit');
    await workerInControl(page);

    const second = await page.goto('/');
    expect(second?.fromServiceWorker(), 'the second visit is the worker’s').toBe(true);
    await expectIn(page, 'fr', second, 'second visit, the worker in control');
    await expectIn(page, 'fr', await page.goto('/?a=1'), '/?a=1');
    const home = await page.goto('/#/home');
    expect(home?.fromServiceWorker()).toBe(true);
    await expectIn(page, 'fr', home, '/#/home');
    await app.device.screenshot('language-fr-home-worker');

    await app.logInWithUsername(account);
    await logOut(page, 'fr');
    expect(await storedLanguage(page), 'no choice was ever made').toBeNull();
    await expectIn(page, 'fr', await page.goto('/'), 'reopened after logout');

    proxy.setOffline(true);
    try {
      const offline = await page.reload();
      expect(offline?.fromServiceWorker()).toBe(true);
      await expectIn(page, 'fr', offline, 'offline reload');
      await app.device.screenshot('language-fr-offline');
    } finally {
      proxy.setOffline(false);
    }

    const mine = proxy.requests.slice(before);
    expect(mine.filter((request) => dictionaryOf('fr').test(request)).length).toBeGreaterThan(0);
    expect(
      mine.filter((request) => dictionaryOf('en').test(request) || /^GET \/index\.html/.test(request)),
      'the English page and dictionary never downloaded',
    ).toEqual([]);
    expect(pageRequests.filter((url) => dictionaryOf('en').test(url))).toEqual([]);
    expect(app.device.pageErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it('English phone that chose French: English after logout, French again at the next login, from the account', async () => {
    const account = newStudent('choseFrench');
    await api.register(account);
    const { page, context, app } = await phoneIn('en');
    await expectIn(page, 'en', await page.goto('/'), 'first visit');

    await app.chooseLanguage('fr');
    expect(await storedLanguage(page)).toBe('fr');
    const french = new StudentApp({ ...app.device, lang: 'fr' });
    await french.logInWithUsername(account);
    const saved = await app.until(
      async () => (await api.signIn(account)).user as { language?: string | null },
      (user) => user.language === 'fr',
      'the choice saved with the account',
    );
    expect(saved.language).toBe('fr');
    await expectIn(page, 'fr', await page.goto('/'), 'reopened while signed in');
    await workerInControl(page);
    // The worker follows the choice too (the cookie the app writes).
    const byWorker = await page.goto('/?again=1');
    expect(byWorker?.fromServiceWorker()).toBe(true);
    await expectIn(page, 'fr', byWorker, 'the worker, after the choice');

    await logOut(page, 'fr', 'en');
    await page.locator('html[lang="en"]').waitFor();
    expect(await storedLanguage(page)).toBeNull();
    expect(await languageCookie(context)).toBeNull();
    await app.device.screenshot('language-en-after-logout');
    await expectIn(page, 'en', await page.goto('/'), 'reopened after logout');

    // The login screen is English (the phone's language); the account brings French back.
    await app.open('login-with-username');
    await page.getByLabel(app.t('account.fields.username'), { exact: true }).fill(account.username);
    await page.getByLabel(app.t('account.fields.password'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: app.t('account.login.submit') }).click();
    await page.locator('html[lang="fr"]').waitFor();
    await french.waitForLoggedIn();
    expect(await storedLanguage(page)).toBe('fr');
    await expectIn(page, 'fr', await page.goto('/?after=login'), 'reopened after the next login');
    await app.device.screenshot('language-fr-restored-at-login');
    expect(app.device.pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('a phone coming from the app this one replaces', () => {
  const shapes = {
    // The whole user object as the server sent it, kept as plain JSON.
    whole: (user: Record<string, unknown>) => user,
    // Only what docs/product.md §3 names, its id as `_id`.
    minimal: (user: Record<string, unknown>) => ({
      _id: user.id,
      username: user.username,
      role: 'STUDENT',
      profilePicture: null,
    }),
  };

  for (const [name, shape] of Object.entries(shapes)) {
    it(`its stored user (${name}, plain JSON) and valid token open the player of a paid lesson, which plays`, async () => {
      const account = newStudent('legacy');
      await api.register(account);
      const { token, userId } = await api.login(account);
      await api.payFor({ token, userId, username: account.username }, MATHS, PAYERS.ordinary);
      const { user } = await api.signIn(account);
      const videos = await api.read<Array<{ _id: string; subjectId: string; streamUrl?: string }>>(
        'videos/fetchvideos',
        token,
      );
      const lesson = videos.find((video) => video.subjectId === MATHS.id && video.streamUrl);
      if (!lesson) throw new Error('no playable maths lesson after paying');

      const device = await openDevice(sharedBrowser, { baseUrl: server.baseUrl, lang: 'fr' });
      await device.context.addInitScript(
        ([tokenKey, userKey, storedToken, storedUser]) => {
          if (sessionStorage.getItem('legacy-seeded') === '1') return;
          sessionStorage.setItem('legacy-seeded', '1');
          localStorage.setItem(tokenKey, storedToken);
          localStorage.setItem(userKey, storedUser);
        },
        [
          STORAGE_KEYS.token,
          STORAGE_KEYS.user,
          token,
          JSON.stringify(shape(user as unknown as Record<string, unknown>)),
        ] as const,
      );
      const app = new StudentApp(device);
      await device.page.goto(`/?videoId=${encodeURIComponent(lesson._id)}#/video-player`);
      await appStarted(device.page);
      await app.playVideo();
      await device.screenshot(`legacy-user-${name}-playing`);
      expect(await device.page.getByText(/userId/).count()).toBe(0);
      const stored = await device.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user);
      expect(JSON.parse(stored ?? '{}')).toMatchObject({ v: 1, data: { id: userId } });
      expect(device.pageErrors).toEqual([]);
      await device.context.close();
    }, 120_000);
  }
});
