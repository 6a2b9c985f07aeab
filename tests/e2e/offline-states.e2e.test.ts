import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isApiRoot } from '../../contract/rules/api-roots';
import { formatFcfa } from '../../src/rules/money';
import { isBookList, isCatalogueList, isVideoList, postListKey, scopedPath } from '../../src/sw/routes';
import { expectAccessible } from './harness/accessibility';
import {
  activeWorker,
  appStarted,
  deviceOf,
  PHONE,
  type StudentDevice,
  workerInControl,
} from './harness/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness/chromium';
import { seedDeviceStorage } from './harness/device-storage';
import type { Lang } from './harness/dictionary';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import { MATHS, PAYERS, PHYSICS } from './harness/journey';
import { newStudent, type StudentAccount, StudentApi } from './harness/student-api';
import { StudentApp, templatePattern } from './harness/student-app';

// Issue 18, defect 6 and the offline rule: "Every screen that reads from the network has an offline state:
// the last copy it saw with its date, or a clear 'you are offline' with what still works. No endless
// skeleton or loader anywhere." A paid student, on a phone set to French (then one set to English) that never
// touches the language picker, visits the app online, then: with the service worker in control, the phone
// goes offline and each page is reloaded, still in the phone's language; without one (a worker refused, the
// native shell), the server goes away under the open page. Each language has its own in-process server,
// stopped for good by the last journey.

/** How long an offline page may take to say what it shows: a few seconds, never a loader for ever. */
const SETTLES_WITHIN = 10_000;

interface Payment {
  referenceId: string;
  externalId: string;
  status: string;
  totalCost: number;
  createdAt: string;
}

interface Listed {
  _id: string;
  name?: string;
  subjectId?: string;
  subsection?: string;
  streamUrl?: string | null;
}

const browsers: Browser[] = [];
afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
});

/**
 * A phone set to `lang`: a Chromium of its own started with `--lang`, so the page and the service worker
 * both read the phone's languages (the student never touches the picker). `worker` lets the service worker
 * in (the harness blocks it elsewhere), as on a student's phone.
 */
async function phoneIn(baseUrl: string, lang: Lang, worker: 'allow' | 'block'): Promise<StudentDevice> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--lang=${lang === 'fr' ? 'fr-FR' : 'en-US'}`],
    headless: true,
  });
  browsers.push(browser);
  const context: BrowserContext = await browser.newContext({
    ...PHONE,
    baseURL: baseUrl,
    locale: lang === 'fr' ? 'fr-CM' : 'en-CM',
    serviceWorkers: worker,
  });
  context.setDefaultTimeout(20_000);
  return deviceOf(context, await context.newPage(), { baseUrl, lang });
}

/**
 * The app's files served from the build on disk, as the native shell loads them from the device; every API
 * call still goes to the server, so stopping it leaves the app running, and reloading, without it.
 */
async function appFilesOnTheDevice(device: StudentDevice): Promise<void> {
  const staticDir = inject('e2eStaticDir');
  await device.context.route(`${device.baseUrl}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/+/, '');
    if (isApiRoot(path.split('/')[0] ?? '')) return route.continue();
    const file = join(staticDir, path === '' ? 'index.html' : path);
    return route.fulfill({ path: existsSync(file) ? file : join(staticDir, 'index.html') });
  });
}

/** The worker took over the page: it answers the app's requests from now on. */
/**
 * The worker is active and controls the page. The harness's waits: an async predicate given to
 * waitForFunction would count as true at once (its promise is truthy), before any worker is there.
 */
const workerReady = async (page: Page) => {
  await activeWorker(page);
  await workerInControl(page);
};

/** A request the service worker keeps a copy of (src/sw/routes.ts), under the key it keeps it by. */
function workerCopyKey(request: Request, baseUrl: string): string | null {
  const path = scopedPath(new URL(request.url()), new URL(`${baseUrl}/`));
  if (path === null) return null;
  if (request.method() === 'GET' && (isCatalogueList(path) || isVideoList(path))) return request.url();
  if (request.method() === 'POST' && isBookList(path))
    return postListKey(request.url(), request.postData() ?? '');
  return null;
}

/**
 * Starts watching a route's visit; the returned wait resolves once its copies are written, so the next page
 * load cannot cut a write short: each list the service worker keeps that the page asked for is in Cache
 * Storage, and each screen copy named in `keeps` (the resources' `keep` names, src/services/offline/
 * last-copies.ts) is in IndexedDB's index of copies, dated since the visit began.
 */
async function copiesOfTheVisit(page: Page, baseUrl: string, keeps: readonly string[]) {
  const since = await page.evaluate(() => Date.now());
  const workerKeys = new Set<string>();
  // Only what the worker answered: a request it never saw has no copy of its own to wait for.
  const answered = (response: Response) => {
    const key = response.fromServiceWorker() ? workerCopyKey(response.request(), baseUrl) : null;
    if (key !== null) workerKeys.add(key);
  };
  page.on('response', answered);
  return async (route: string): Promise<void> => {
    page.off('response', answered);
    const missing: string[] = await page.evaluate(
      async ({ workerKeys, keeps, since, timeout }) => {
        /** The index of the screens' copies, without creating idb-keyval's database if it is not there. */
        const keptCopies = () =>
          new Promise<{ key: string; savedAt: string }[]>((resolve) => {
            const opening = indexedDB.open('keyval-store');
            opening.onupgradeneeded = () => opening.transaction?.abort();
            opening.onerror = () => resolve([]);
            opening.onsuccess = () => {
              const db = opening.result;
              if (!db.objectStoreNames.contains('keyval')) {
                db.close();
                resolve([]);
                return;
              }
              const reading = db.transaction('keyval').objectStore('keyval').get('last-copies');
              reading.onsuccess = () => {
                db.close();
                resolve(Array.isArray(reading.result) ? reading.result : []);
              };
              reading.onerror = () => {
                db.close();
                resolve([]);
              };
            };
          });
        const deadline = Date.now() + timeout;
        for (;;) {
          const lacking: string[] = [];
          for (const key of workerKeys)
            if (!(await caches.match(key, { ignoreVary: true }))) lacking.push(`cache ${key}`);
          const fresh = (await keptCopies()).filter((entry) => Date.parse(entry.savedAt) >= since);
          for (const name of keeps)
            if (!fresh.some((entry) => entry.key.includes(`|${name}|`))) lacking.push(`copy ${name}`);
          if (lacking.length === 0 || Date.now() > deadline) return lacking;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      { workerKeys: [...workerKeys], keeps, since, timeout: 20_000 },
    );
    expect(missing, `the copies of ${route}`).toEqual([]);
  };
}

/** Nothing on the page is still loading: no skeleton, no spinner. */
async function expectNoLoader(page: Page, route: string): Promise<void> {
  expect(await page.locator('[aria-busy="true"], .loader').count(), `a loader left on ${route}`).toBe(0);
}

/** Opens a route as a link from outside would: a route's query goes in the page's search (hash routing). */
async function openRoute(page: Page, route: string): Promise<void> {
  const [path, query] = route.split('?');
  await page.goto(query ? `/?${query}#/${path}` : `/#/${path}`);
  await appStarted(page);
}

/** The app runs in the phone's language: the student never chose one. */
async function expectLanguage(page: Page, lang: Lang, route: string): Promise<void> {
  expect(await page.locator('html').getAttribute('lang'), `the language on ${route}`).toBe(lang);
}

describe.each(['fr', 'en'] as const)('offline states (%s)', (lang) => {
  let server: InProcessServer;
  let api: StudentApi;
  let account: StudentAccount;
  let payments: Payment[];
  let lesson: Listed;
  let channelName: string;
  let productId: string;
  let scholarshipId: string;
  let bookId: string;
  let app: StudentApp;
  const t = (key: string, params: Record<string, string | number> = {}) => app.t(key, params);
  const copyNote = (page: Page) =>
    page.getByRole('status').filter({ hasText: templatePattern(t('offline.copySaved'), false) });

  beforeAll(async () => {
    server = await startInProcessServer();
    api = new StudentApi(server.baseUrl);
    account = newStudent(`offline${lang}`);
    await api.register(account);
    const { token, userId } = await api.login(account);
    await api.payFor({ token, userId, username: account.username }, MATHS, PAYERS.ordinary);
    // A payment still pending, to show as it stood when the phone lost its connection.
    await api.requestToPay(await api.signIn(account), {
      phone: PAYERS.stayingPending,
      lines: [{ subjectId: PHYSICS.id, amount: 2 }],
      amount: 2 * PHYSICS.price,
    });
    payments = await api.read<Payment[]>('transactions', token);
    const videos = await api.read<Listed[]>('videos/fetchvideos', token);
    const found = videos.find((video) => video.subjectId === MATHS.id && video.streamUrl);
    if (!found) throw new Error('No paid Mathematics lesson in the seed');
    lesson = found;
    const channels = await api.read<Listed[]>('livetv/channels', token);
    channelName = channels.find((channel) => channel._id === 'studycam-live')?.name ?? '';
    productId = (await api.read<Listed[]>('shop/products', token))[0]?._id ?? '';
    scholarshipId = (await api.read<Listed[]>('scholarships', token))[0]?._id ?? '';
    const books = await fetch(`${server.baseUrl}/books/filtered-books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ section: 'anglophone', limit: 3 }),
    }).then((response) => response.json() as Promise<{ books: Listed[] }>);
    bookId = books.books[0]?._id ?? '';
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
  });

  /**
   * Every route of docs/product.md §2 that reads from the network, and what it shows offline after a visit;
   * `keeps` names the screen copies it writes to IndexedDB (the resources' `keep` names), which the online
   * visit waits for along with the lists the service worker keeps.
   */
  const networkRoutes = (): {
    route: string;
    offline: 'copy' | 'offline state' | 'on the phone';
    keeps?: readonly string[];
  }[] => [
    { route: 'home', offline: 'copy', keeps: ['subjects', 'continue'] },
    { route: 'study-sections', offline: 'copy', keeps: ['subjects'] },
    { route: 'anglophone-videos', offline: 'copy', keeps: ['section-videos'] },
    { route: 'francophone-videos', offline: 'copy', keeps: ['section-videos'] },
    { route: 'competitive-examination-videos', offline: 'copy', keeps: ['section-videos'] },
    { route: 'diploma-examination-videos', offline: 'copy', keeps: ['section-videos'] },
    { route: 'extra-curricular-activities-videos', offline: 'copy', keeps: ['section-videos'] },
    {
      route: `sort-videos-by-topics/${encodeURIComponent(MATHS.title)}/${encodeURIComponent(lesson.subsection ?? '')}`,
      offline: 'copy',
      keeps: ['topic-videos'],
    },
    // The lesson was not downloaded: it says it needs a connection (its up-next list is a copy).
    { route: `video-player?videoId=${encodeURIComponent(lesson._id)}`, offline: 'offline state' },
    { route: `upnextlist?videoId=${encodeURIComponent(lesson._id)}`, offline: 'copy', keeps: ['upnext'] },
    { route: 'dashboard', offline: 'on the phone' },
    { route: 'dashboard/tabs/transactions', offline: 'copy', keeps: ['transactions'] },
    { route: 'books', offline: 'copy', keeps: ['subjects', 'book-pages'] },
    // A book not downloaded cannot be read offline: the reader says so.
    { route: `books/${bookId}`, offline: 'offline state' },
    { route: 'shop', offline: 'copy', keeps: ['shop-products'] },
    { route: `product-details/${productId}`, offline: 'copy', keeps: ['product'] },
    { route: 'scholarships', offline: 'copy' },
    { route: `scholarship-details/${scholarshipId}`, offline: 'copy' },
    { route: 'news', offline: 'copy' },
    { route: 'live-tv', offline: 'copy', keeps: ['live-tv-channels'] },
    { route: 'schedule', offline: 'on the phone' },
    { route: 'time-table-home', offline: 'on the phone' },
    { route: 'cache-manager', offline: 'on the phone' },
    { route: 'profile', offline: 'on the phone' },
  ];

  describe('with the service worker in control, the phone offline', () => {
    it('online first: the student opens Transactions, Live TV and every page that reads the network', async () => {
      const device = await phoneIn(server.baseUrl, lang, 'allow');
      // The student kept their session (the login screen is the golden journey's subject).
      await seedDeviceStorage(device.context, { session: await api.signIn(account) });
      app = new StudentApp(device);
      await app.open('landing');
      await expectLanguage(app.page, lang, 'landing');
      await app.waitForLoggedIn();
      await workerReady(app.page);
      for (const { route, offline, keeps = [] } of networkRoutes()) {
        const written = await copiesOfTheVisit(app.page, server.baseUrl, keeps);
        await openRoute(app.page, route);
        await app.page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .loader'), null, {
          timeout: 20_000,
        });
        // The copies are written just after the list shows; the next route's page load must not cut those
        // writes short (a student reading the page gives them far longer).
        if (offline === 'copy') await written(route);
        if (route === 'dashboard/tabs/transactions') {
          await app.page.getByRole('article', { name: formatFcfa(MATHS.price, lang) }).waitFor();
        }
        if (route === 'live-tv')
          await app.page
            .getByRole('button', { name: t('liveTv.choose') })
            .first()
            .waitFor();
      }
      await app.page.context().setOffline(true);
    });

    it('Transactions: the payments saved on the phone, with their date and the saved date, enough for proof', async () => {
      const { page } = app;
      await openRoute(page, 'dashboard/tabs/transactions');
      await page.reload();
      const note = copyNote(page);
      await note.waitFor({ timeout: SETTLES_WITHIN });
      expect(await note.textContent()).toContain(t('offline.youAreOffline'));
      const paid = payments.find((payment) => payment.status === 'SUCCESSFUL');
      const pending = payments.find((payment) => payment.status === 'PENDING');
      if (!paid || !pending) throw new Error(`Unexpected payments ${JSON.stringify(payments)}`);
      const paidCard = page.getByRole('article', { name: formatFcfa(paid.totalCost, lang) });
      await paidCard.getByText(t('checkout.status.successful'), { exact: true }).waitFor();
      await paidCard.getByText(t('transactions.reference', { reference: paid.externalId })).waitFor();
      const day = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CM' : 'en-CM', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(Date.parse(paid.createdAt));
      await paidCard.locator('time').getByText(day).waitFor();
      const pendingCard = page.getByRole('article', { name: formatFcfa(pending.totalCost, lang) });
      await pendingCard.getByText(t('checkout.status.pending'), { exact: true }).waitFor();
      expect(await pendingCard.getByRole('button', { name: t('transactions.resume') }).isDisabled()).toBe(
        true,
      );
      await pendingCard.getByText(t('offline.resumeNeedsConnection')).waitFor();
      expect(await page.getByText(t('errors.network'), { exact: true }).count()).toBe(0);
      await expectNoLoader(page, 'transactions');
      await expectLanguage(page, lang, 'transactions');
      await expectAccessible(page, `offline-${lang}-transactions`);
      await app.device.screenshot(`offline-${lang}-transactions`);
    });

    it("Live TV: the channel list's last copy with its date, and a channel says it needs a connection", async () => {
      const { page } = app;
      await openRoute(page, 'live-tv');
      await page.reload();
      await copyNote(page).waitFor({ timeout: SETTLES_WITHIN });
      await page.getByRole('button', { name: t('liveTv.chooseLabel', { name: channelName }) }).click();
      const player = page.getByRole('region', { name: templatePattern('StudyCam Live', false) });
      await player.getByRole('heading', { name: t('liveTv.offlineTitle') }).waitFor();
      await player.getByRole('link', { name: t('offline.still.videos') }).waitFor();
      expect(await page.locator('video').count(), 'no black player').toBe(0);
      expect(await player.getByRole('button', { name: t('liveTv.play') }).count()).toBe(0);
      await expectNoLoader(page, 'live-tv');
      await expectLanguage(page, lang, 'live-tv');
      await expectAccessible(page, `offline-${lang}-live-tv`);
      await app.device.screenshot(`offline-${lang}-live-tv`);
    });

    it('a lesson not downloaded says the phone is offline and what still works, with no Play that fails', async () => {
      const { page } = app;
      await openRoute(page, `video-player?videoId=${encodeURIComponent(lesson._id)}`);
      await page.reload();
      await appStarted(page);
      // Reloaded offline, the lesson's details cannot be read: the offline state, never a frame or a loader.
      const state = page.getByRole('alert').filter({ hasText: t('offline.stillWorks') });
      await state.waitFor({ timeout: SETTLES_WITHIN });
      await state.getByRole('heading', { name: t('offline.youAreOffline') }).waitFor();
      await state.getByRole('link', { name: t('offline.still.videos') }).waitFor();
      expect(await page.locator('video').count(), 'no black frame').toBe(0);
      expect(await page.getByRole('button', { name: t('video.play'), exact: true }).count()).toBe(0);
      await expectNoLoader(page, 'video-player');
      await expectLanguage(page, lang, 'video-player');
      await app.device.screenshot(`offline-${lang}-lesson-not-downloaded`);
    });

    it('every page that reads the network shows its last copy or says it is offline, within seconds', async () => {
      const { page } = app;
      // Every page is tried and photographed; the pages that missed their offline state are listed at the end.
      const missed: string[] = [];
      for (const { route, offline } of networkRoutes()) {
        await openRoute(page, route);
        await page.reload();
        await appStarted(page);
        const shown =
          offline === 'copy'
            ? copyNote(page).first()
            : offline === 'offline state'
              ? page
                  .getByRole('alert')
                  .filter({ hasText: t('offline.stillWorks') })
                  .first()
              : page.locator('main h1').first();
        const settled = await shown
          .waitFor({ timeout: SETTLES_WITHIN })
          .then(() =>
            page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .loader'), null, {
              timeout: SETTLES_WITHIN,
            }),
          )
          .then(() => true)
          .catch(() => false);
        await app.device.screenshot(`offline-${lang}-${route.split('?')[0]?.replace(/\W+/g, '-')}`);
        if (!settled) missed.push(`${route}: no ${offline} within ${SETTLES_WITHIN} ms`);
        await expectLanguage(page, lang, route);
      }
      expect(missed).toEqual([]);
      expect(app.device.pageErrors).toEqual([]);
    }, 300_000);
  });

  describe('without a service worker, the server gone', () => {
    it('Transactions and Live TV show the copies kept on the phone', async () => {
      // Two phones without a worker: one on the site (a worker refused), one with the app's files on the
      // device, as the native shell has them, so it can still reload with the server gone.
      const site = await phoneIn(server.baseUrl, lang, 'block');
      const shell = await phoneIn(server.baseUrl, lang, 'block');
      await appFilesOnTheDevice(shell);
      for (const device of [site, shell]) {
        await seedDeviceStorage(device.context, { session: await api.signIn(account) });
        const student = new StudentApp(device);
        await student.open('landing');
        await student.waitForLoggedIn();
        await student.open('dashboard/tabs/transactions');
        await device.page.getByRole('article', { name: formatFcfa(MATHS.price, lang) }).waitFor();
        await student.open('live-tv');
        await device.page
          .getByRole('button', { name: t('liveTv.choose') })
          .first()
          .waitFor();
        await student.open('dashboard');
      }

      await server.close();
      // The page itself is not on the first phone: the student goes on inside the open app.
      const go = (route: string) =>
        site.page.evaluate((hash) => {
          window.location.hash = hash;
        }, `#/${route}`);
      await go('dashboard/tabs/transactions');
      await copyNote(site.page).waitFor({ timeout: SETTLES_WITHIN });
      await site.page.getByRole('article', { name: formatFcfa(MATHS.price, lang) }).waitFor();
      await expectNoLoader(site.page, 'transactions');
      // The app on the device reloads without the server: the copies kept in IndexedDB, with their date.
      for (const route of ['dashboard/tabs/transactions', 'live-tv']) {
        await openRoute(shell.page, route);
        await shell.page.reload();
        await copyNote(shell.page).waitFor({ timeout: SETTLES_WITHIN });
        await expectNoLoader(shell.page, route);
      }
      await shell.page
        .getByRole('button', { name: t('liveTv.chooseLabel', { name: channelName }) })
        .waitFor();
      await openRoute(shell.page, 'dashboard/tabs/transactions');
      await shell.page.getByRole('article', { name: formatFcfa(MATHS.price, lang) }).waitFor();
      await shell.screenshot(`offline-${lang}-device-app-transactions`);
      expect([...site.pageErrors, ...shell.pageErrors]).toEqual([]);
    });
  });
});
