import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, holdEntryScript } from './harness/browser';
import { text } from './harness/dictionary';
import { signedInStudent } from './harness/journey';

// Issue 19 in Chromium against the production build: a lesson opened from its URL asks for its access and
// signed URLs from the page itself, in one request, before the app's entry has even arrived; the app then
// takes that answer instead of asking again. Only the built page and a browser show both halves together
// (tests/ui/app/lesson-start-boot.test.ts holds each half on its own).

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a lesson opened from its URL', () => {
  it('is asked for once, by the page, before the app’s code runs', async () => {
    const { device } = await signedInStudent(browser);
    const { page } = device;
    // A fresh page load of the lesson (what a shared link or a reopened tab does).
    await page.goto('about:blank');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/videos/video/play?')) asked.push(request.url());
    });
    const release = await holdEntryScript(page);
    await page.goto('/#/video-player?videoId=ang-chemistry-f5-v01', { waitUntil: 'commit' });
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/\/videos\/video\/play\?videoId=ang-chemistry-f5-v01$/);
    // The player's code is asked for once the answer says the page draws nothing (a lesson not paid for:
    // src/app/early-lesson-boot.ts), its stylesheet at once by the head's script, each by nobody a second time.
    const linked = (selector: string) =>
      page.evaluate(
        (links) => [...document.querySelectorAll(links)].map((link) => link.getAttribute('href') ?? ''),
        selector,
      );
    await expect
      .poll(async () =>
        (await linked('link[rel=modulepreload]')).some((href) => /VideoPlayer-[\w-]+\.js$/.test(href)),
      )
      .toBe(true);
    const preloads = await linked('link[rel=modulepreload]');
    expect(new Set(preloads).size).toBe(preloads.length);
    const styles = await linked('link[rel=preload][as=style]');
    expect(styles.some((href) => /VideoPlayer-[\w-]+\.css$/.test(href))).toBe(true);
    expect(new Set(styles).size).toBe(styles.length);
    release();
    // The app renders the lesson from that answer (a subject this student has not paid for: its offer).
    await page
      .getByRole('button', { name: text('en', 'player.addToCart') })
      .first()
      .waitFor();
    expect(asked).toHaveLength(1);
    await device.context.close();
  });

  it('renders on a return without asking again whether its words changed (the dictionary kept under its version)', async () => {
    const { device } = await signedInStudent(browser);
    const { page } = device;
    const cdp = await device.context.newCDPSession(page);
    await cdp.send('Network.enable');
    const dictionaries: { url: string; fromCache: boolean }[] = [];
    cdp.on('Network.responseReceived', (event) => {
      if (event.response.url.includes('/assets/i18n/'))
        dictionaries.push({ url: event.response.url, fromCache: event.response.fromDiskCache === true });
    });
    const openLesson = async () => {
      await page.goto('about:blank');
      await page.goto('/#/video-player?videoId=ang-chemistry-f5-v01');
      await page
        .getByRole('button', { name: text('en', 'player.addToCart') })
        .first()
        .waitFor();
    };
    await openLesson();
    dictionaries.length = 0;
    // The return: the page itself is asked again (a deploy may have changed it), its dictionary is not.
    await openLesson();
    expect(dictionaries.length).toBeGreaterThan(0);
    for (const dictionary of dictionaries) {
      expect(dictionary.url).toMatch(/\/assets\/i18n\/en\.json\?v=[0-9a-f]{12}$/);
      expect(dictionary.fromCache, dictionary.url).toBe(true);
    }
    await device.context.close();
  });
});
