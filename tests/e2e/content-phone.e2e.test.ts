import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUNDLED_NEWS } from '../../server/modules/content/bundled-news';
import { SEED_BOOKS } from '../../server/seed/content';
import { SEED_MEDIA_DIR } from '../../server/seed/seed';
import { expectAccessible } from './harness/accessibility';
import { PHONE } from './harness/browser';
import type { Lang } from './harness/dictionary';
import { phonesForThisFile } from './harness/file-phones';
import { StudentApp, templatePattern } from './harness/student-app';

// Issue 18, the content screens as a student meets them on a 360 × 640 phone whose browser speaks the
// language (French first; the language picker is never touched): every seed headline opens that very
// article with its own source; the book reader shows the top of the page, readable, under one bar of
// controls; the French books screen has no English word around its content and no cut-off filter; a
// timetable period ending at midnight is entered, shown as under way, and exported.

const phones = phonesForThisFile();

/** A phone in `lang` that never chose a language: the browser's language decides. */
async function phone(lang: Lang, at?: Date): Promise<StudentApp> {
  const device = await phones.openDevice({ lang });
  if (at) await device.context.clock.setFixedTime(at);
  const app = new StudentApp(device);
  await app.open('home');
  await app.page.locator(`html[lang="${lang}"]`).waitFor();
  return app;
}

/**
 * English inside French: every word of the English dictionary and of the books' English texts (the seed's
 * titles, descriptions and credits) that is no word of their French ones.
 */
function englishOnlyWords(): Set<string> {
  const words = (lang: Lang) => {
    const dictionary = readFileSync(
      join(import.meta.dirname, '..', '..', 'public', 'assets', 'i18n', `${lang}.json`),
      'utf8',
    );
    const texts: string[] = SEED_BOOKS.flatMap((b) =>
      lang === 'en' ? [b.en, b.descriptionEn, b.author.en] : [b.fr, b.descriptionFr, b.author.fr],
    );
    const visit = (node: unknown) => {
      if (typeof node === 'string') texts.push(node.replace(/\{\{\s*\w+\s*\}\}/g, ' '));
      else if (node && typeof node === 'object') for (const value of Object.values(node)) visit(value);
    };
    visit(JSON.parse(dictionary));
    return new Set(
      texts
        .join(' ')
        .toLowerCase()
        .match(/\p{L}{3,}/gu) ?? [],
    );
  };
  const french = words('fr');
  return new Set([...words('en')].filter((word) => !french.has(word)));
}

/**
 * What the screen says and reads out in French: visible text, labels read aloud and the filters' options,
 * without what is marked as written in another language (a course's own name, `lang="en"`).
 */
async function frenchUiText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const foreign = (element: Element | null) => {
      const marked = element?.closest('[lang]');
      return (
        marked !== null &&
        marked !== undefined &&
        marked !== document.documentElement &&
        marked.getAttribute('lang') !== 'fr'
      );
    };
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || foreign(parent) || parent.closest('script, style, svg, noscript')) continue;
      if (parent.closest('select') && !(parent instanceof HTMLOptionElement)) continue;
      parts.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (foreign(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join(' ');
  });
}

/** Selects whose chosen text does not fit their box (the arrow takes about 24 px of it). */
async function cutOffSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const measure = document.createElement('canvas').getContext('2d');
    if (!measure) return ['no canvas'];
    const cut: string[] = [];
    for (const select of document.querySelectorAll('main select')) {
      if (!(select instanceof HTMLSelectElement)) continue;
      const style = getComputedStyle(select);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const shown = select.selectedOptions[0]?.textContent ?? '';
      const room =
        select.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight) -
        24;
      if (measure.measureText(shown).width > room)
        cut.push(`${select.name}: "${shown}" in ${Math.round(room)} px`);
    }
    return cut;
  });
}

/** The first page's width and its body text's size in PDF points, read from the book itself. */
async function bookFirstPage(file: string): Promise<{ widthPt: number; bodyPt: number }> {
  const data = new Uint8Array(readFileSync(join(SEED_MEDIA_DIR, 'books', file)));
  const pdf = await getDocument({ data, verbosity: 0 }).promise;
  const page = await pdf.getPage(1);
  const sizes = new Map<number, number>();
  for (const item of (await page.getTextContent()).items) {
    if (!('transform' in item) || item.str.trim() === '') continue;
    const size = Math.round(Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0));
    sizes.set(size, (sizes.get(size) ?? 0) + item.str.length);
  }
  const bodyPt = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const widthPt = page.getViewport({ scale: 1 }).width;
  await pdf.destroy();
  return { widthPt, bodyPt };
}

describe.each(['fr', 'en'] as const)('the content screens on a phone (%s)', (lang) => {
  it('opens each seed headline as that very article, with its own source', async () => {
    const app = await phone(lang);
    const { page } = app;
    for (const article of BUNDLED_NEWS[lang]) {
      await app.open('news');
      const headline = page.getByRole('main').getByRole('link', { name: article.title, exact: true });
      await headline.waitFor();
      // Each card is named by its own headline (the card's heading found by its DOM id).
      expect.soft(await page.getByRole('article', { name: article.title, exact: true }).count()).toBe(1);
      // The student taps the headline and reads that very article.
      await headline.click();
      const listTitle = app.t('routes.news');
      const opened = await page.waitForFunction((list) => {
        const heading = document.querySelector('main h1')?.textContent ?? list;
        return heading !== list && !document.querySelector('main article h2') && heading;
      }, listTitle);
      expect(await opened.jsonValue(), 'the article opened').toBe(article.title);
      const source = page.getByRole('link', { name: app.t('news.readOn', { source: article.source.name }) });
      expect(await source.getAttribute('href'), article.title).toBe(article.url);
      // The article opens at its top, wherever its card was in the list.
      expect.soft(await page.evaluate(() => window.scrollY), article.title).toBe(0);
    }
    await app.device.screenshot(`content-phone-news-${lang}`);
    expect(app.device.pageErrors).toEqual([]);
  });

  it('shows the top of a book page at a readable size under one compact bar of controls', async () => {
    const app = await phone(lang);
    const { page } = app;
    const book = SEED_BOOKS.find((b) => b.id === 'book-maths-f5-formulas');
    if (!book) throw new Error('the seed formula sheet is missing');
    const title = lang === 'fr' ? book.fr : book.en;
    await app.open('books');
    // The formula sheet is the Anglophone section's, which the student taps if it is not the one shown.
    await page.getByRole('button', { name: templatePattern(app.t('sections.anglophone.title')) }).click();
    await page.getByRole('article').first().waitFor();
    // The list scrolled, as a student scrolls to find a book: the book opens at its top all the same.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.getByRole('link', { name: app.t('books.readLabel', { title }) }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const canvas = page.locator('canvas.reader__canvas');
    await page.waitForFunction(() => {
      const drawn = document.querySelector('canvas.reader__canvas');
      return drawn instanceof HTMLCanvasElement && drawn.width > 0 && drawn.getBoundingClientRect().width > 0;
    });
    const box = async (locator: ReturnType<Page['locator']>) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error('not on screen');
      return found;
    };
    const { width: viewWidth, height: viewHeight } = PHONE.viewport;
    expect.soft(await page.evaluate(() => window.scrollY), 'the screen scrolled on opening').toBe(0);
    const pageBox = await box(canvas);
    // The page fits the width: nearly all of it, and nothing wider than the screen.
    expect.soft(pageBox.width / viewWidth, 'the page’s share of the width').toBeGreaterThanOrEqual(0.9);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewWidth);
    // Its top is on the first screen, with room to read.
    expect.soft(viewHeight - pageBox.y, 'pixels of page on the first screen').toBeGreaterThanOrEqual(200);
    // Readable: the book's body text drawn at 12 CSS pixels or more.
    const { widthPt, bodyPt } = await bookFirstPage(book.file);
    expect(bodyPt).toBeGreaterThan(0);
    expect.soft((bodyPt * pageBox.width) / widthPt, 'the body text in CSS pixels').toBeGreaterThanOrEqual(12);
    const bar = page.getByRole('group', { name: app.t('reader.controls') });
    const barBox = await box(bar);
    expect(pageBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
    // The controls: one bar, one row, at most an eighth of the screen's height.
    expect(barBox.height / viewHeight).toBeLessThanOrEqual(0.125);
    const controls = bar.locator('button, input');
    expect(await controls.count()).toBe(6);
    for (const control of await controls.all()) {
      const its = await box(control);
      expect(its.y).toBeGreaterThanOrEqual(barBox.y);
      expect(its.y + its.height).toBeLessThanOrEqual(barBox.y + barBox.height);
      expect(its.width).toBeGreaterThanOrEqual(44);
      expect(its.height).toBeGreaterThanOrEqual(44);
    }
    await app.device.screenshot(`content-phone-reader-${lang}`);
    await expectAccessible(page, `content-phone-reader-${lang}`);

    // Zoomed in, the page scrolls sideways inside its frame, never the screen; one tap fits it again.
    await bar.getByRole('button', { name: app.t('reader.zoomIn') }).click();
    await bar.getByRole('button', { name: app.t('reader.fitWidth', { percent: 125 }) }).waitFor();
    await page.waitForFunction((fitted) => {
      const drawn = document.querySelector('canvas.reader__canvas');
      return drawn !== null && drawn.getBoundingClientRect().width > fitted * 1.2;
    }, pageBox.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewWidth);
    await bar.getByRole('button', { name: app.t('reader.fitWidth', { percent: 125 }) }).click();
    await page.waitForFunction((fitted) => {
      const drawn = document.querySelector('canvas.reader__canvas');
      return drawn !== null && Math.abs(drawn.getBoundingClientRect().width - fitted) < 2;
    }, pageBox.width);
    // A page typed in the page field.
    const field = bar.getByRole('textbox', { name: app.t('reader.goToLabel', { count: book.pages }) });
    await field.fill('3');
    await field.press('Enter');
    await page.getByText(app.t('reader.pageOf', { page: 3, count: book.pages })).waitFor();
    expect(app.device.pageErrors).toEqual([]);
  });

  it('enters a period ending at midnight, shows it under way at 23:30 and exports it', async () => {
    const now = new Date();
    const late = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 30);
    const weekday = ((late.getDay() + 6) % 7) + 1;
    const app = await phone(lang, late);
    const { page } = app;
    const subject = lang === 'fr' ? 'Révision du soir' : 'Evening revision';
    await app.open('time-table-home');
    await page.getByLabel(app.t('planner.timetables.name'), { exact: true }).fill('Form 5 A');
    await page.locator(`input[name="days"][value="${weekday}"]`).check();
    await page.getByRole('button', { name: app.t('planner.timetables.createSubmit') }).click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/edit-timetable/'));
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: app.t('planner.editor.addTitle') }) });
    await form.getByLabel(app.t('planner.period.subject'), { exact: true }).fill(subject);
    await form.getByLabel(app.t('planner.period.day'), { exact: true }).selectOption(String(weekday));
    await form.getByLabel(app.t('planner.period.start'), { exact: true }).fill('23:00');
    await form.getByLabel(app.t('planner.period.end'), { exact: true }).fill('00:00');
    await form.getByRole('button', { name: app.t('planner.editor.addPeriod') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: app.t('planner.editor.periodAdded', { subject }) })
      .waitFor();
    const timetableId = (await app.route()).split('/')[1] ?? '';

    // Today: under way at 23:30, shown 23:00–00:00; the week's day headings start with a capital.
    await page.getByRole('link', { name: app.t('planner.timetables.open') }).click();
    const current = page.locator('[aria-current="time"]');
    await current.waitFor();
    expect(await current.textContent()).toContain(subject);
    expect(await current.textContent()).toContain('23:00–00:00');
    const week = page.locator('.week-view__day h3');
    for (const heading of await week.allTextContents()) expect(heading).toMatch(/^\p{Lu}/u);
    await app.device.screenshot(`content-phone-midnight-${lang}`);

    // The calendar file ends it at 00:00 the next day.
    await app.open(`view-timetable/${timetableId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: app.t('planner.view.export') }).click(),
    ]);
    const saved = join(mkdtempSync(join(tmpdir(), 'midnight-ics-')), download.suggestedFilename());
    await download.saveAs(saved);
    const [event] = new ICAL.Component(ICAL.parse(readFileSync(saved, 'utf8')))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(event?.summary).toBe(subject);
    expect([event?.startDate.hour, event?.startDate.minute]).toEqual([23, 0]);
    expect([event?.endDate.hour, event?.endDate.minute]).toEqual([0, 0]);
    expect(event?.duration.toSeconds()).toBe(3600);
    expect(app.device.pageErrors).toEqual([]);
  });
});

describe('the French books screen', () => {
  it('has no English word around its content, and filters that show their whole choice', async () => {
    const app = await phone('fr');
    const { page } = app;
    await app.open('books');
    // The Anglophone section, whose courses are taught in English, is where English could creep in.
    await page.getByRole('button', { name: templatePattern(app.t('sections.anglophone.title')) }).click();
    await page.getByRole('article').first().waitFor();
    await page.getByRole('combobox', { name: app.t('catalogue.level') }).waitFor();
    const english = englishOnlyWords();
    const said = (await frenchUiText(page)).toLowerCase().match(/\p{L}{3,}/gu) ?? [];
    expect.soft([...new Set(said.filter((word) => english.has(word)))], 'English words').toEqual([]);
    // No shouting capitals, and the subject said once (its name says the level).
    for (const eyebrow of await page.locator('.card-eyebrow').all()) {
      expect.soft(await eyebrow.evaluate((element) => getComputedStyle(element).textTransform)).toBe('none');
      expect.soft(await eyebrow.textContent()).not.toMatch(/ · /);
    }
    expect.soft(await cutOffSelects(page), 'filters cut off').toEqual([]);
    await app.device.screenshot('content-phone-books-fr');
    // A course taught in English keeps its name, said in English by a screen reader.
    const courses = page.locator('main [lang="en"]');
    expect(await courses.count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: templatePattern(app.t('sections.francophone.title')) }).click();
    await page.getByRole('article').first().waitFor();
    expect(await cutOffSelects(page)).toEqual([]);
    expect(app.device.pageErrors).toEqual([]);
  });
});
