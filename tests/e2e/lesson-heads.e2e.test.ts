import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { activeWorker, connectBrowser, deviceOf, PHONE, workerInControl } from './harness/browser';
import { MATHS, PAYERS } from './harness/journey';
import { newStudent, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

// Issue 19 in Chromium against the production build, the installed app (service worker on): a lesson
// started again on another day asks the network for none of its file's first bytes (the worker kept them,
// src/sw/lesson-heads.ts), and the video plays on past them from the network in the same element, which
// Chromium allows only in CORS mode (src/screens/VideoPlayer/PlayerMedia.tsx).

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Taps Play and waits for the video to be past `seconds`; the media error, if it stopped. */
async function playPast(page: Page, seconds: number): Promise<string | null> {
  await page.locator('.player__play').click();
  await page.waitForFunction(
    (past) => {
      const video = document.querySelector('video');
      return video !== null && (video.error !== null || video.currentTime > past);
    },
    seconds,
    { timeout: 40_000, polling: 100 },
  );
  return page.evaluate(() => document.querySelector('video')?.error?.message ?? null);
}

describe('a streamed lesson started again on another day, in the installed app', () => {
  it('asks the network for no range at the first byte, and plays on past the kept head', async () => {
    const baseUrl = inject('e2eBaseUrl');
    const api = new StudentApi(baseUrl);
    const account = newStudent('heads');
    await api.register(account);
    const { token, userId } = await api.login(account);
    await api.payFor({ token, userId, username: account.username }, MATHS, PAYERS.ordinary);

    const context = await browser.newContext({ ...PHONE, baseURL: baseUrl, locale: 'en-CM' });
    context.setDefaultTimeout(20_000);
    const device = deviceOf(context, await context.newPage(), { baseUrl, lang: 'en' });
    const pageErrors = device.pageErrors;
    await new StudentApp(device).logInWithUsername(account);
    await activeWorker(device.page, 40_000);
    await workerInControl(device.page, 20_000);

    // Each request for a lesson file from its first byte that reached the network (the worker's own fetch).
    const fromNetwork: string[] = [];
    context.on('request', (request) => {
      const range = request.headers().range ?? '';
      if (request.serviceWorker() && request.url().includes('/media/videos/') && range.startsWith('bytes=0-'))
        fromNetwork.push(range);
    });
    const lesson = `/?videoId=${encodeURIComponent(`${MATHS.id}-v01`)}#/video-player`;
    await device.page.goto(lesson);
    expect(await playPast(device.page, 0.5)).toBeNull();
    expect(fromNetwork).toEqual(['bytes=0-']);
    await expect
      .poll(
        () => device.page.evaluate(async () => (await (await caches.open('lesson-heads')).keys()).length),
        {
          timeout: 20_000,
        },
      )
      .toBe(1);

    // Another day: a new signed URL, so nothing of the file in the HTTP cache; a new tab, nothing in memory.
    fromNetwork.length = 0;
    const cdp = await context.newCDPSession(device.page);
    await cdp.send('Network.clearBrowserCache');
    await device.page.close();
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(lesson);
    // 9 s of the 12 s lesson is beyond its first 128 KiB in every rendition (Data saver's: about 7 s).
    expect(await playPast(page, 9)).toBeNull();
    expect(fromNetwork).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
