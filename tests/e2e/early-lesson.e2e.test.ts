import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, holdEntryScript, openDevice } from './harness/browser';
import { seedDeviceStorage } from './harness/device-storage';
import { text } from './harness/dictionary';
import { MATHS, PAYERS } from './harness/journey';
import { newStudent, StudentApi } from './harness/student-api';

// Issue 19 in Chromium against the production build: a paid lesson opened from its URL is drawn by the page
// from the head script's answer and plays before the app's code has arrived (src/app/early-lesson-boot.ts);
// the code waits for that first frame; the app then takes the playing element over at its second instead of
// starting another (src/screens/VideoPlayer/AdoptedVideo.tsx). In French, on a browser that never touched
// the language picker.

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A student who paid for Mathematics Form 5, on a fresh French phone holding their session. */
async function payingStudent() {
  const baseUrl = inject('e2eBaseUrl');
  const api = new StudentApi(baseUrl);
  const account = newStudent('early');
  await api.register(account);
  const session = await api.signIn(account);
  await api.payFor(
    { token: session.token, userId: session.user.id, username: account.username },
    MATHS,
    PAYERS.ordinary,
  );
  const device = await openDevice(browser, { baseUrl, lang: 'fr' });
  await seedDeviceStorage(device.context, { session });
  return device;
}

const LESSON = `/#/video-player?videoId=${MATHS.id}-v01`;

describe('a paid lesson opened from its URL', () => {
  it('plays from the drawn page before the app’s code, and the app takes the same video over', async () => {
    const device = await payingStudent();
    const { page } = device;
    const scripts: { url: string; at: number }[] = [];
    page.on('request', (request) => {
      if (/\/assets\/.+\.js$/.test(request.url())) scripts.push({ url: request.url(), at: Date.now() });
    });
    const release = await holdEntryScript(page);
    await page.goto(LESSON, { waitUntil: 'commit' });

    // Drawn by the page, in French: Play over the poster, the title, and what the rendition costs.
    const play = page.getByRole('button', { name: text('fr', 'video.play'), exact: true });
    await play.waitFor();
    const drawnTitle = (await page.locator('h1.player__title').textContent()) ?? '';
    expect(drawnTitle).not.toBe('');
    const drawnCost = await page.locator('.data-cost').textContent();
    expect(drawnCost).toMatch(/^360p : \d+(,\d)?\u00A0[km]o, environ \d+\u00A0FCFA de données$/);
    // Nothing of the app's scripts has been asked for: they wait for the first frame.
    expect(scripts).toEqual([]);

    await play.click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.3, null, {
      timeout: 30_000,
    });
    const firstFrameAt = Date.now();
    await page.evaluate(() => {
      (document.querySelector('video') as HTMLVideoElement & { early?: boolean }).early = true;
    });
    // The code leaves once the first frame shows.
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    expect(Math.min(...scripts.map((script) => script.at))).toBeGreaterThanOrEqual(firstFrameAt - 1_000);

    const viewed = page.waitForRequest((request) => request.url().includes('/videos/video/view'));
    release();
    // The app's own controls, then: the very element, in the player's frame, playing on.
    await page.getByRole('group', { name: text('fr', 'video.quality.legend') }).waitFor();
    const taken = await page.evaluate(() => {
      const videos = [...document.querySelectorAll('video')] as (HTMLVideoElement & { early?: boolean })[];
      const video = videos[0];
      return {
        videos: videos.length,
        early: video?.early === true,
        adopted: video?.parentElement?.classList.contains('player__adopted') === true,
        paused: video?.paused,
        at: video?.currentTime ?? 0,
        plays: document.querySelectorAll('.player__play').length,
        label: video?.getAttribute('aria-label'),
      };
    });
    expect(taken).toMatchObject({ videos: 1, early: true, adopted: true, paused: false, plays: 0 });
    expect(taken.label).toBe(text('fr', 'player.videoLabel', { title: drawnTitle }));
    await page.waitForFunction(
      (at) => (document.querySelector('video')?.currentTime ?? 0) > at + 0.5,
      taken.at,
      {
        timeout: 20_000,
      },
    );
    // The player knows it plays: the view is counted, as when its own element starts.
    await viewed;
    // And says what it is and costs in the same words the page did.
    expect(await page.locator('h1.player__title').textContent()).toBe(drawnTitle);
    expect(await page.locator('.data-cost').textContent()).toBe(drawnCost);
    await device.context.close();
  });
});
