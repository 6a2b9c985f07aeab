import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isApiRoot } from '../../contract/rules/api-roots';
import { SEED_SCHOLARSHIPS } from '../../server/seed/content';
import { formatFcfa } from '../../src/rules/money';
import { expectAccessible } from './harness/accessibility';
import type { Lang } from './harness/dictionary';
import { phonesForThisFile } from './harness/file-phones';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import { StudentApp, templatePattern } from './harness/student-app';

// Issue 8 in Chromium against the real server, in English and in French: books in the reader (a page
// remembered), scholarships opened from their list and saved, news read in the app, live TV that plays,
// the shop's products, the trans/navbar/footer pages; and news and a saved scholarship read with the
// server stopped. Each language has its own server in this worker, so one can be stopped for good.

const phones = phonesForThisFile();

/**
 * A phone whose app files come from the build on disk, as the native shell loads them from the device,
 * while every API call goes to the server: stopping the server then leaves the app running without it.
 */
async function phone(server: InProcessServer, lang: Lang): Promise<StudentApp> {
  const device = await phones.openDevice({ baseUrl: server.baseUrl, lang });
  const staticDir = inject('e2eStaticDir');
  await device.context.route(`${server.baseUrl}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/+/, '');
    if (isApiRoot(path.split('/')[0] ?? '')) return route.continue();
    const file = join(staticDir, path === '' ? 'index.html' : path);
    return existsSync(file)
      ? route.fulfill({ path: file })
      : route.fulfill({ path: join(staticDir, 'index.html') });
  });
  const app = new StudentApp(device);
  await app.open('landing');
  if (lang !== 'en') await app.chooseLanguage(lang);
  return app;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

describe.each(['en', 'fr'] as const)('content areas (%s)', (lang) => {
  let server: InProcessServer;
  let app: StudentApp;
  const t = (key: string, params: Record<string, string | number> = {}) => app.t(key, params);
  const title = (value: { en: string; fr: string }) => value[lang];

  beforeAll(async () => {
    server = await startInProcessServer();
    app = await phone(server, lang);
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
  });

  it('opens a book on page 1, turns to page 2, and reopens it there', async () => {
    const { page } = app;
    // An anglophone book: a French reader's Books open on the francophone section.
    await app.open('books?section=anglophone');
    const bookTitle = title({
      en: 'Mathematics Form 5: Formula Sheet',
      fr: 'Mathématiques Form 5 : formulaire',
    });
    const card = page.getByRole('article', { name: bookTitle, exact: true });
    await card.waitFor();
    await expect(card.getByText(t('books.free'))).toBeTruthy();
    // A paid book of the same subject offers the subject instead of the reader.
    const locked = page.getByRole('article', {
      name: title({
        en: 'Mathematics Form 5: Revision Notes',
        fr: 'Mathématiques Form 5 : fiches de révision',
      }),
    });
    await locked.getByText(formatFcfa(2500, lang)).waitFor();
    // Its subject is for sale instead: no reader link.
    expect(await locked.getByRole('link').count()).toBe(0);
    await expectAccessible(page, `content-${lang}-books`);

    await card.getByRole('link', { name: t('books.readLabel', { title: bookTitle }) }).click();
    await heading(page, bookTitle).waitFor();
    await page.getByText(t('reader.pageOf', { page: 1, count: 3 })).waitFor();
    await expectDrawn(page);
    await expectAccessible(page, `content-${lang}-reader`);
    await page.getByRole('button', { name: t('reader.next') }).click();
    await page.getByText(t('reader.pageOf', { page: 2, count: 3 })).waitFor();
    await expectDrawn(page);

    // Back to the list, and the book again: the page read last.
    await page.getByRole('link', { name: t('reader.backToBooks') }).click();
    await card.getByRole('link', { name: t('books.readLabel', { title: bookTitle }) }).click();
    await page.getByText(t('reader.pageOf', { page: 2, count: 3 })).waitFor();
    await page.reload();
    await page.getByText(t('reader.pageOf', { page: 2, count: 3 })).waitFor();
    expect(app.device.pageErrors).toEqual([]);
  });

  it('opens a scholarship from its list, with its deadline, and saves it', async () => {
    const { page } = app;
    await app.open('scholarships');
    const chevening = SEED_SCHOLARSHIPS.find((s) => s.id === 'sch-chevening');
    const name = title({ en: chevening?.en ?? '', fr: chevening?.fr ?? '' });
    await page.getByRole('article').first().waitFor();
    await expectAccessible(page, `content-${lang}-scholarships`);
    await page.getByRole('link', { name, exact: true }).click();
    await heading(page, name).waitFor();
    await page.getByRole('heading', { name: t('scholarships.eligibility') }).waitFor();
    const apply = page.getByRole('link', { name: t('scholarships.apply') });
    expect(await apply.getAttribute('href')).toBe(chevening?.url);
    expect(await apply.getAttribute('target')).toBe('_blank');
    await page.getByRole('button', { name: t('scholarships.save') }).click();
    await page.getByRole('button', { name: t('scholarships.unsave') }).waitFor();
    await expectAccessible(page, `content-${lang}-scholarship`);
  });

  it('reads a headline in the app, and the happenings on their own tab', async () => {
    const { page } = app;
    await app.open('news');
    const first = page.getByRole('article').first();
    await first.waitFor();
    await expectAccessible(page, `content-${lang}-news`);
    const headline = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('link').first().click();
    await heading(page, headline).waitFor();
    await page.getByRole('link', { name: templatePattern(t('news.readOn')) }).waitFor();
    // The back link reads "← News": its arrow is drawn by CSS.
    await page
      .locator('main')
      .getByRole('link', { name: new RegExp(`${t('news.backToList')}$`) })
      .click();
    await page.getByRole('button', { name: t('news.happenings') }).click();
    await page.getByRole('button', { name: t('news.happenings'), pressed: true }).waitFor();
    await page.getByRole('article').first().waitFor();
  });

  it('plays StudyCam Live after showing its data per hour: the video advances', async () => {
    const { page } = app;
    await app.open('live-tv');
    await page.getByRole('button', { name: t('liveTv.chooseLabel', { name: 'StudyCam Live' }) }).click();
    await page.getByText(templatePattern(t('liveTv.dataPerHour'))).waitFor();
    await expectAccessible(page, `content-${lang}-live-tv`);
    await page.getByRole('button', { name: t('liveTv.play') }).click();
    await page.getByText(t('liveTv.live'), { exact: true }).waitFor({ timeout: 30_000 });
    const start = await page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
    await page.waitForFunction(
      (from) => (document.querySelector('video')?.currentTime ?? 0) > from + 1.5,
      start,
      { timeout: 20_000 },
    );
    // Sound only restarts the stream on the cheaper playlist, and it plays too.
    await page.getByRole('radio', { name: t('liveTv.modeAudio') }).check();
    await page.getByText(t('liveTv.live'), { exact: true }).waitFor({ timeout: 30_000 });
    const audioStart = await page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
    await page.waitForFunction(
      (from) => (document.querySelector('video')?.currentTime ?? 0) > from + 1,
      audioStart,
      { timeout: 20_000 },
    );
    await page.getByRole('button', { name: t('liveTv.stop') }).click();
    expect(app.device.pageErrors).toEqual([]);
  });

  it('opens a product from the shop, with its price in FCFA and its stock', async () => {
    const { page } = app;
    await app.open('shop');
    await page.getByRole('button', { name: t('shop.categories.calculators') }).click();
    const name = title({ en: 'Scientific calculator', fr: 'Calculatrice scientifique' });
    await expectAccessible(page, `content-${lang}-shop`);
    await page.getByRole('link', { name, exact: true }).click();
    await heading(page, name).waitFor();
    await page.getByText(formatFcfa(8500, lang)).waitFor();
    await page.getByText(t('shop.inStock_other', { count: 40 })).waitFor();
    await expectAccessible(page, `content-${lang}-product`);
  });

  it('shows the language chooser, the full menu and the footer as pages', async () => {
    const { page } = app;
    await page.getByRole('link', { name: t('menu.open') }).click();
    const menu = page.getByRole('navigation', { name: t('menu.label') });
    await menu.getByRole('link', { name: t('menu.entries.liveTv') }).waitFor();
    await expectAccessible(page, `content-${lang}-navbar`);
    await menu.getByRole('link', { name: t('menu.entries.language') }).click();
    await page.getByRole('radio', { name: t(`lang.${lang}`) }).isChecked();
    expect(await page.getByRole('radio', { name: t(`lang.${lang}`) }).isChecked()).toBe(true);
    await app.open('footer');
    await page.getByRole('heading', { name: t('about.contactTitle') }).waitFor();
    await page.getByText(templatePattern(t('about.version'))).waitFor();
    await expectAccessible(page, `content-${lang}-footer`);
  });

  it('reads the news and the saved scholarship with the server stopped', async () => {
    const { page } = app;
    await server.close();
    await page.goto(`${server.baseUrl}/#/news`);
    await page.getByText(t('news.offlineList')).waitFor({ timeout: 30_000 });
    const read = page.getByRole('article').first();
    await read.getByText(templatePattern(t('reading.savedOn'))).waitFor();
    await read.getByRole('link').first().click();
    await page
      .getByRole('note')
      .getByText(templatePattern(t('reading.savedOn')))
      .waitFor();

    await page.goto(`${server.baseUrl}/#/scholarship-details/sch-chevening`);
    const chevening = SEED_SCHOLARSHIPS.find((s) => s.id === 'sch-chevening');
    await heading(page, title({ en: chevening?.en ?? '', fr: chevening?.fr ?? '' })).waitFor({
      timeout: 30_000,
    });
    await page
      .getByRole('note')
      .getByText(templatePattern(t('reading.savedOn')))
      .waitFor();
    await page.getByRole('heading', { name: t('scholarships.eligibility') }).waitFor();
    await page.goto(`${server.baseUrl}/#/scholarships`);
    await page.getByText(t('scholarships.offlineSaved')).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('article').count()).toBe(1);
  });
});

/** The reader's canvas holds a drawn page: text in dark pixels on white. */
async function expectDrawn(page: Page) {
  await page.waitForFunction(() => {
    const canvas = document.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 100) dark += 1;
    return dark > 200;
  });
}
