import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedIfEmpty } from '../../server/seed/seed';
import { dataCostFcfa } from '../../src/rules/data-cost';
import { formatBytes } from '../../src/rules/format-bytes';
import { formatFcfa } from '../../src/rules/money';
import { expectAccessible } from './harness/accessibility';
import {
  activeWorker,
  connectBrowser,
  PHONE,
  SCREENSHOT_DIR,
  type StudentDevice,
  workerInControl,
} from './harness/browser';
import { seedDeviceStorage } from './harness/device-storage';
import { type Lang, text } from './harness/dictionary';
import { MATHS, PAYERS } from './harness/journey';
import { e2eServerEnv, freePort } from './harness/server-env';
import { type SlowProxy, startSlowProxy } from './harness/slow-proxy';
import { newStudent, type StudentAccount, StudentApi } from './harness/student-api';
import { StudentApp, templatePattern } from './harness/student-app';

// Issue 11 in Chromium, in English and in French, against the production build and the real server, which
// this file runs itself so that it can stop it and start it again (same port, same data). Lesson videos reach
// the phone through a slow front (harness/slow-proxy.ts), as over a phone's connection, so a download is
// still under way when the server stops.

let browser: Browser;
let server: FastifyInstance | null = null;
let proxy: SlowProxy;
let serverPort: number;
const work = mkdtempSync(join(tmpdir(), 'study-app-video-e2e-'));
const contexts: BrowserContext[] = [];

async function startServer(): Promise<void> {
  if (server) return;
  const config = loadConfig(
    e2eServerEnv({ port: serverPort, dataDir: join(work, 'data'), staticDir: inject('e2eStaticDir') }),
  );
  const app = await buildApp(config, { seedIfEmpty });
  await app.listen({ port: serverPort, host: '127.0.0.1' });
  server = app;
}

/** Stops the server as a crash or a power cut would: open connections break mid-answer. */
async function stopServer(): Promise<void> {
  const app = server;
  if (!app) return;
  server = null;
  const closing = app.close();
  app.server.closeAllConnections();
  proxy?.dropConnections();
  await closing;
}

beforeAll(async () => {
  browser = await connectBrowser();
  serverPort = await freePort();
  await startServer();
  // 8 KB every 200 ms: 40 KB/s, a slow 3G connection.
  proxy = await startSlowProxy({
    port: await freePort(),
    upstreamPort: serverPort,
    chunkBytes: 8_000,
    tickMs: 200,
  });
});

// Each journey starts behind the slow front (one lets a resumed download through at full speed).
beforeEach(() => proxy.setThrottled(true));

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await proxy?.close();
  await stopServer();
  rmSync(work, { recursive: true, force: true });
});

interface Rendition {
  quality: 'saver' | '360p' | '480p';
  sizeBytes: number;
  url?: string;
}
interface ListedVideo {
  _id: string;
  subjectId: string;
  renditions: Rendition[];
}

/** A student who paid for Mathematics Form 5 (through the API: paying through the screens is another journey). */
async function paidAccount(lang: Lang): Promise<{ account: StudentAccount; video: ListedVideo }> {
  const api = new StudentApi(proxy.baseUrl);
  const account = newStudent(`video_${lang}`);
  await api.register(account);
  const { token, userId } = await api.login(account);
  await api.payFor({ token, userId, username: account.username }, MATHS, PAYERS.ordinary);
  const videos = await api.read<ListedVideo[]>('videos/fetchvideos/anglophone', token);
  const video = videos.find((candidate) => candidate.subjectId === MATHS.id && candidate.renditions[0]?.url);
  if (!video) throw new Error('no playable maths video after paying');
  return { account, video };
}

/**
 * A phone in the journey's language that kept its session (signed in through the API, the session in the
 * page's storage: the login screen is the golden journey's subject); with the service worker or not.
 */
async function phone(lang: Lang, account: StudentAccount, serviceWorkers: 'allow' | 'block') {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: proxy.baseUrl,
    locale: lang === 'fr' ? 'fr-CM' : 'en-CM',
    serviceWorkers,
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  await seedDeviceStorage(context, { session: await new StudentApi(proxy.baseUrl).signIn(account) });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const device: StudentDevice = {
    context,
    page,
    baseUrl: proxy.baseUrl,
    lang,
    pageErrors,
    go: async (route) => {
      await page.goto(`/#/${route.replace(/^\//, '')}`);
    },
    screenshot: async (name) => {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
    },
  };
  const app = new StudentApp(device);
  await app.open('landing');
  await app.waitForLoggedIn();
  if (lang !== 'en') await app.chooseLanguage(lang);
  return { app, page, device };
}

const playerPath = (videoId: string) => `/?videoId=${encodeURIComponent(videoId)}#/video-player`;
const sizeOf = (video: ListedVideo, quality: Rendition['quality']) =>
  video.renditions.find((rendition) => rendition.quality === quality)?.sizeBytes ?? -1;

/** The first-play line of the player, computed with the app's own formats: size in MB/Mo, cost in FCFA. */
function costLine(lang: Lang, quality: Rendition['quality'], bytes: number): string {
  return text(lang, 'video.cost', {
    quality: text(lang, `video.quality.${quality}`),
    size: formatBytes(bytes, lang),
    cost: formatFcfa(dataCostFcfa(bytes), lang),
  });
}

/** Reloads the page under an active service worker, so the lists and the download go through it. */
async function reloadUnderWorker(page: Page): Promise<void> {
  // Active before the reload, so the reloaded page is the worker's to answer.
  await activeWorker(page);
  await page.reload();
  await workerInControl(page, 20_000);
}

describe.each(['en', 'fr'] as const)('video for students who pay for every megabyte (%s)', (lang) => {
  const t = (key: string, params: Record<string, string | number> = {}) => text(lang, key, params);

  it('shows the data cost before the first play; Data saver plays the small file; captions show in French', async () => {
    await startServer();
    const { account, video } = await paidAccount(lang);
    const { app, page, device } = await phone(lang, account, 'block');
    const lessonRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/media\/videos\/[^?]+\.mp4/.test(request.url()))
        lessonRequests.push(new URL(request.url()).pathname);
    });

    await page.goto(playerPath(video._id));
    // Desktop Chromium does not say what the connection is: Auto plays 360p, and says what it costs.
    await page.getByText(costLine(lang, '360p', sizeOf(video, '360p'))).waitFor();
    const play = page.getByRole('button', { name: t('video.play'), exact: true });
    await play.waitFor();
    expect(lessonRequests, 'not a byte of the lesson before the first play').toEqual([]);
    await expectAccessible(page, `${lang}-video-cost`);
    await device.screenshot(`video-${lang}-01-cost-before-play`);

    const quality = page.getByRole('group', { name: t('video.quality.legend') });
    await quality.getByRole('button', { name: t('video.quality.saver'), exact: true }).click();
    await page.getByText(costLine(lang, 'saver', sizeOf(video, 'saver'))).waitFor();
    await app.playVideo();
    const source = await page
      .locator('main video')
      .evaluate((element: HTMLVideoElement) => element.currentSrc);
    expect(new URL(source).pathname).toBe('/media/videos/lesson-maths-saver.mp4');
    expect(lessonRequests.length).toBeGreaterThan(0);
    expect(new Set(lessonRequests), 'the video element asked for the small file only').toEqual(
      new Set(['/media/videos/lesson-maths-saver.mp4']),
    );

    const captions = page.getByRole('group', { name: t('video.captions.legend') });
    await captions.getByRole('button', { name: t('video.captions.fr'), exact: true }).click();
    const cue = await page.waitForFunction(() => {
      const element = document.querySelector('main video') as HTMLVideoElement | null;
      const track = [...(element?.textTracks ?? [])].find((candidate) => candidate.language === 'fr');
      if (track?.mode !== 'showing' || !track.cues || track.cues.length === 0) return null;
      return (track.cues[0] as VTTCue).text;
    });
    expect(await cue.jsonValue()).toBe("Aujourd'hui : un exemple corrigé, pas à pas.");
    // The choice is remembered: a reload shows French captions pressed again.
    await page.reload();
    await page
      .getByRole('group', { name: t('video.captions.legend') })
      .getByRole('button', { name: t('video.captions.fr'), exact: true, pressed: true })
      .waitFor();
    await device.screenshot(`video-${lang}-02-french-captions`);
    expect(device.pageErrors).toEqual([]);
  });

  it('a Data saver download interrupted by stopping the server resumes when it comes back, then plays and seeks with the server stopped', async () => {
    await startServer();
    const { account, video } = await paidAccount(lang);
    const { app, page, device } = await phone(lang, account, 'allow');
    await reloadUnderWorker(page);
    const ranges: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/videos/lesson-maths-saver.mp4'))
        ranges.push(request.headers().range ?? '');
    });

    await page.goto(playerPath(video._id));
    await page.getByRole('button', { name: t('offline.download'), exact: true }).click();
    const saverSize = sizeOf(video, 'saver');
    const saverName = t('video.quality.saver');
    const option = page.getByRole('radio', {
      name: t('video.download.option', {
        quality: saverName,
        size: formatBytes(saverSize, lang),
        cost: formatFcfa(dataCostFcfa(saverSize), lang),
      }),
    });
    expect(await option.isChecked(), 'Data saver is the rendition offered first').toBe(true);
    await page.getByRole('button', { name: t('offline.confirmDownload'), exact: true }).click();

    // Part of the file has arrived when the server stops.
    const progress = page.locator('.download__progress');
    await page.waitForFunction(
      () =>
        Number((document.querySelector('.download__progress') as HTMLProgressElement | null)?.value ?? 0) >=
        20,
      null,
      { timeout: 20_000 },
    );
    expect(await progress.evaluate((element: HTMLProgressElement) => element.value)).toBeLessThan(100);
    await stopServer();
    await page.getByText(templatePattern(t('video.download.interrupted'))).waitFor({ timeout: 20_000 });
    await device.screenshot(`video-${lang}-03-download-interrupted`);

    // The server comes back: the download goes on by itself, from where it stopped (at full speed: the slow
    // front was there to have it under way when the server stopped).
    proxy.setThrottled(false);
    await startServer();
    const stored = t('video.download.downloaded', { quality: saverName, size: formatBytes(saverSize, lang) });
    await page.getByText(stored).waitFor({ timeout: 40_000 });
    const resumedFrom = ranges
      .map((range) => Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? 0))
      .filter((start) => start > 0);
    expect(
      resumedFrom.length,
      `a Range request went on from the bytes kept (${ranges.join(', ')})`,
    ).toBeGreaterThan(0);
    expect(Math.min(...resumedFrom)).toBeGreaterThanOrEqual(0.2 * saverSize * 0.9);
    await device.screenshot(`video-${lang}-04-downloaded`);

    // No server at all now: the downloaded Data saver file plays from the phone, and seeks.
    await stopServer();
    await page.reload();
    await page.getByText(t('video.costDownloaded', { quality: saverName })).waitFor({ timeout: 30_000 });
    await app.playVideo();
    const source = await page
      .locator('main video')
      .evaluate((element: HTMLVideoElement) => element.currentSrc);
    expect(new URL(source).pathname).toBe('/media/videos/lesson-maths-saver.mp4');
    await app.seekVideo(6);
    await device.screenshot(`video-${lang}-05-offline-playing`);
    expect(device.pageErrors).toEqual([]);
  });
});
