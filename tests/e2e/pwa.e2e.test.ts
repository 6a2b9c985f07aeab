import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServiceWorker } from '../../scripts/build-sw';
import { precompress } from '../../scripts/precompress';
import {
  activeWorker,
  appStarted,
  connectBrowser,
  offerInstall,
  PHONE,
  pwaLayerLoaded,
  type StudentDevice,
  workerInControl,
} from './harness/browser';
import { seedDeviceStorage } from './harness/device-storage';
import { text } from './harness/dictionary';
import { startInProcessServer } from './harness/in-process-server';
import { MATHS, PAYERS } from './harness/journey';
import { newStudent, StudentApi } from './harness/student-api';
import { StudentApp, templatePattern } from './harness/student-app';

// Issue 5 in Chromium against the production build served by the real server. The file serves its own copy
// of the run's build (its update test deploys a changed build into it) and, at the end, stops that server
// so "offline" means no server at all, not only Chromium's offline emulation.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const en = (key: string, params: Record<string, string | number> = {}) => text('en', key, params);
/** A seed book of the anglophone section, on the first page of the books screen. */
const FORMULA_SHEET = 'Mathematics Form 5: Formula Sheet';

let browser: Browser;
let baseUrl: string;
let staticDir: string;
let stopServer: () => Promise<void>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  const server = await startInProcessServer({ ownBuildCopy: true });
  ({ baseUrl, staticDir } = server);
  stopServer = () => server.close();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await stopServer?.();
});

async function phone(options: { userAgent?: string; serviceWorkers?: 'allow' | 'block' } = {}) {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: baseUrl,
    locale: 'en-CM',
    serviceWorkers: options.serviceWorkers ?? 'allow',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const device: StudentDevice = {
    context,
    page,
    baseUrl,
    lang: 'en',
    pageErrors,
    go: async (route) => {
      await page.goto(`/#/${route.replace(/^\//, '')}`);
    },
    screenshot: async () => undefined,
  };
  return { context, page, device };
}

describe('the PWA in Chromium', () => {
  it('registers the service worker within 30 s and says the app is ready for offline use', async () => {
    const { page } = await phone();
    const started = Date.now();
    await page.goto('/#/landing');
    const readyToast = page
      .getByText(en('messages.offlineReady'), { exact: true })
      .waitFor({ timeout: 30_000 });
    await activeWorker(page, 30_000);
    expect(Date.now() - started).toBeLessThan(30_000);
    await readyToast;
    await workerInControl(page, 20_000);
    const scriptUrl = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
    );
    expect(scriptUrl).toBe(`${baseUrl}/sw.js`);
  });

  it('shows the install banner on beforeinstallprompt, and a dismissal survives a reload', async () => {
    const { page } = await phone({ serviceWorkers: 'block' });
    await page.goto('/#/landing');
    await appStarted(page);
    const banner = page.getByRole('complementary', { name: en('pwa.bannerLabel') });
    expect(await banner.count()).toBe(0);
    await offerInstall(page);
    // The banner's code loads once the page is idle; the bridge kept the browser's offer until then.
    await banner.getByText(en('messages.installInvitation'), { exact: true }).waitFor();
    const position = await banner.evaluate((element) => getComputedStyle(element).position);
    expect(position).toBe('fixed');
    await banner.getByRole('button', { name: en('pwa.dismiss') }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('pwa-install-dismissed'))).toBe('true');
    await page.reload();
    await appStarted(page);
    await offerInstall(page);
    await pwaLayerLoaded(page);
    expect(await banner.count()).toBe(0);
  });

  it('on an iPhone shows the Add to Home Screen instructions', async () => {
    const { page } = await phone({ userAgent: IPHONE_UA, serviceWorkers: 'block' });
    await page.goto('/#/landing');
    const banner = page.getByRole('complementary', { name: en('pwa.bannerLabel') });
    await banner.getByText(en('messages.iosInstallInstructions'), { exact: true }).waitFor();
    expect(await banner.getByRole('button', { name: en('pwa.install') }).count()).toBe(0);
    await banner.getByRole('button', { name: en('pwa.showInstructions') }).click();
    await banner.getByText(en('pwa.iosStepAdd'), { exact: true }).waitFor();
  });

  it('offers a deployed new version, and Update brings it', async () => {
    const { page } = await phone();
    await page.goto('/#/landing');
    await activeWorker(page, 30_000);
    await workerInControl(page, 20_000);

    // Deploy: a changed index.html, and the service worker rebuilt for it (as `npm run build` does).
    const index = join(staticDir, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace('<title>StudyCam</title>', '<title>StudyCam v2</title>'),
    );
    await buildServiceWorker(staticDir);
    // The server sends the pre-compressed copies: a deploy writes them anew, as `npm run build` does.
    precompress(staticDir);
    expect(await page.title()).toBe('StudyCam');

    // A navigation makes the browser look for a new worker; the app then asks the student.
    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: en('messages.updateAvailable') });
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByRole('button', { name: en('common.update') }).click();
    await page.waitForFunction(() => document.title === 'StudyCam v2', null, { timeout: 20_000 });
  });

  it('studies offline: a downloaded paid video plays and seeks with the server gone', async () => {
    const api = new StudentApi(baseUrl);
    const account = newStudent('offline');
    await api.register(account);
    const { token, userId } = await api.login(account);
    await api.payFor({ token, userId, username: account.username }, MATHS, PAYERS.ordinary);
    const video = await mathsVideo(api, token);

    const { page, context, device } = await phone();
    // A phone that kept its session (the login screen is the golden journey's subject).
    await seedDeviceStorage(context, { session: await api.signIn(account) });
    const app = new StudentApp(device);
    await app.open('landing');
    await app.waitForLoggedIn();
    await activeWorker(page, 30_000);
    await workerInControl(page, 20_000);

    // wouter's hash routing keeps a route's query in the page's search: /?videoId=…#/video-player.
    await page.goto(`/?videoId=${encodeURIComponent(video._id)}#/video-player`);
    await page.getByRole('button', { name: en('offline.download') }).click();
    // Issue 11: the renditions are offered with their sizes and costs; Data saver (streamUrl) is the first.
    await page.getByText(en('video.download.choose')).waitFor();
    await page.getByRole('button', { name: en('offline.confirmDownload'), exact: true }).click();
    await page.getByText(templatePattern(en('video.download.downloaded'))).waitFor({ timeout: 30_000 });
    // The lists the offline app needs were fetched while online (through the worker's runtime caches).
    await page.goto('/#/study-sections');
    await page.getByText(MATHS.title).first().waitFor();
    await page.goto('/#/books');
    await page.getByRole('article', { name: FORMULA_SHEET, exact: true }).waitFor();
    await page.goto('/#/cache-manager');
    await page.getByText(video.title).waitFor();

    // The network is cut: Chromium offline, and the server stopped.
    await context.setOffline(true);
    await stopServer();
    await page.reload();
    // The app's shell came back from the worker (on a phone the member's links sit in the menu: the banner).
    await page.getByRole('banner').first().waitFor();
    await page.goto('/#/study-sections');
    await page.getByText(MATHS.title).first().waitFor();
    // The page of books (a POST) was kept by the worker too (issue 12).
    await page.goto('/#/books');
    await page.getByRole('article', { name: FORMULA_SHEET, exact: true }).waitFor();

    // The signed URL the video list gave (any signature): the worker serves the download, Range by Range.
    const played = await page.evaluate(async (src) => {
      const media = document.createElement('video');
      media.muted = true;
      media.preload = 'auto';
      media.src = src;
      document.body.append(media);
      const once = (name: string) =>
        new Promise<void>((resolve, reject) => {
          media.addEventListener(name, () => resolve(), { once: true });
          media.addEventListener('error', () => reject(new Error(`media error ${media.error?.code}`)), {
            once: true,
          });
        });
      await once('loadedmetadata');
      await media.play();
      const target = media.duration / 2;
      const seeked = once('seeked');
      media.currentTime = target;
      await seeked;
      return { duration: media.duration, position: media.currentTime, readyState: media.readyState };
    }, video.streamUrl);
    expect(played.duration).toBeGreaterThan(1);
    expect(played.position).toBeGreaterThan(played.duration / 2 - 1);
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(device.pageErrors).toEqual([]);
  });
});

async function mathsVideo(api: StudentApi, token: string) {
  const videos = await api.read<Array<{ _id: string; title: string; subjectId: string; streamUrl?: string }>>(
    'videos/fetchvideos',
    token,
  );
  const video = videos.find((candidate) => candidate.subjectId === MATHS.id && candidate.streamUrl);
  if (!video?.streamUrl) throw new Error('no playable maths video after paying');
  return { ...video, streamUrl: video.streamUrl };
}
