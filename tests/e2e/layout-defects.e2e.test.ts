import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, openDevice, type StudentDevice } from './harness/browser';
import { seedDeviceStorage } from './harness/device-storage';
import type { Lang } from './harness/dictionary';
import { newStudent, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

// Issue 18, defect 9, as a student meets it on a 360 × 640 phone: the top bar squashed the logo or wrapped
// "Log in" and, logged in, took two rows (135 px); after registering, Home opened halfway down; the live TV
// player's Play button was below the fold under a black box; the planner's period buttons had no button
// look; radios were the browser's blue.

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The top bar as a student sees it: its height, the logo's box, the login link's lines, what sticks out. */
const topBar = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) throw new Error('No top bar');
    const logo = header.querySelector('.navbar__brand img')?.getBoundingClientRect();
    const login = header.querySelector<HTMLElement>('a[href="#/login-with-username"]');
    const lineHeight = login ? Number.parseFloat(getComputedStyle(login).lineHeight) : 0;
    const range = document.createRange();
    if (login) range.selectNodeContents(login);
    return {
      height: header.getBoundingClientRect().height,
      logo: logo ? { width: logo.width, height: logo.height } : null,
      loginLines: login ? Math.round(range.getBoundingClientRect().height / lineHeight) : 0,
      outside: [...header.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => element.className || element.tagName),
    };
  });

async function signedUpStudent(lang: Lang): Promise<{ device: StudentDevice; app: StudentApp }> {
  const api = new StudentApi(inject('e2eBaseUrl'));
  const account = newStudent('bar');
  await api.register(account);
  // Signed in through the API, the session in the page's storage: the login screen is not this file's subject.
  const session = await api.signIn(account);
  const device = await openDevice(browser, { lang });
  await seedDeviceStorage(device.context, { session });
  const app = new StudentApp(device);
  await app.open('landing');
  await app.waitForLoggedIn();
  return { device, app };
}

describe('the top bar on a 360 px phone', () => {
  for (const lang of ['fr', 'en'] as const) {
    it(`${lang}: one row of about 56 px, the logo whole and the login link on one line, logged out and in`, async () => {
      const device = await openDevice(browser, { lang });
      const app = new StudentApp(device);
      await app.open('landing');
      const visitor = await topBar(app.page);
      expect(visitor.height, 'logged out').toBeLessThanOrEqual(57);
      expect(visitor.logo).toEqual({ width: 32, height: 32 });
      expect(visitor.loginLines, `"${app.t('nav.login')}" on one line`).toBe(1);
      expect(visitor.outside, 'nothing past the screen edge').toEqual([]);
      await device.context.close();

      const { device: member, app: signedIn } = await signedUpStudent(lang);
      await signedIn.open('study-sections');
      const student = await topBar(signedIn.page);
      expect(student.height, 'logged in: one row, not two').toBeLessThanOrEqual(57);
      expect(student.logo).toEqual({ width: 32, height: 32 });
      expect(student.outside).toEqual([]);
      // What left the bar is one tap away, in the menu.
      await signedIn.page.getByRole('link', { name: signedIn.t('menu.open') }).click();
      await signedIn.page.getByRole('link', { name: signedIn.t('menu.entries.mySubjects') }).waitFor();
      await member.context.close();
    });
  }
});

describe('a new screen opens at its top', () => {
  it('fr: after registering at the bottom of the form, the next screen is at its top', async () => {
    const device = await openDevice(browser, { lang: 'fr' });
    const app = new StudentApp(device);
    await app.register(newStudent('top'));
    await app.submitRegistration();
    await app.page.locator('main h1').waitFor();
    expect(await app.page.evaluate(() => window.scrollY)).toBe(0);
    await device.context.close();
  });

  it('fr: a link tapped far down a page opens the next route at its top; Back finds the page again', async () => {
    const device = await openDevice(browser, { lang: 'fr' });
    const app = new StudentApp(device);
    await app.open('navbar');
    const privacy = app.page.getByRole('main').getByRole('link', { name: app.t('menu.entries.privacy') });
    await privacy.scrollIntoViewIfNeeded();
    await app.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrolled = await app.page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await privacy.click();
    await app.waitForRoute('privacy-policy');
    await app.page.locator('main h1').waitFor();
    expect(await app.page.evaluate(() => window.scrollY)).toBe(0);
    // Back is the browser's: it brings the menu back where the student left it.
    await app.page.goBack();
    await app.waitForRoute('navbar');
    await privacy.waitFor();
    await expect.poll(() => app.page.evaluate(() => window.scrollY)).toBe(scrolled);
    await device.context.close();
  });
});

describe('live TV', () => {
  it('fr: the chosen channel’s player and its Play control are in the first screen', async () => {
    const device = await openDevice(browser, { lang: 'fr' });
    const app = new StudentApp(device);
    await app.open('live-tv');
    const choose = app.page.getByRole('button', { name: /StudyCam/ }).first();
    await choose.scrollIntoViewIfNeeded();
    await choose.click();
    const play = app.page.getByRole('button', { name: app.t('liveTv.play'), exact: false });
    await play.waitFor();
    const where = await play.evaluate((button) => {
      const rect = button.getBoundingClientRect();
      const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return { top: rect.top, bottom: rect.bottom, bar, onTop: hit !== null && button.contains(hit) };
    });
    expect(where.top, 'below the top bar').toBeGreaterThanOrEqual(where.bar);
    expect(where.bottom, 'within the first screen').toBeLessThanOrEqual(640);
    expect(where.onTop, 'nothing lies on it').toBe(true);
    // The app's green, not the browser's blue, on the picture-or-sound radios.
    const accent = await app.page
      .getByRole('radio')
      .first()
      .evaluate((radio) => getComputedStyle(radio).accentColor);
    expect(accent).toBe('rgb(11, 110, 79)');
    await device.context.close();
  });
});

describe('the planner', () => {
  it('fr: a period’s Edit and Remove look like buttons, and Remove like a destructive one', async () => {
    const device = await openDevice(browser, { lang: 'fr' });
    const app = new StudentApp(device);
    const { page } = app;
    await app.open('time-table-home');
    await page.getByLabel(app.t('planner.timetables.name'), { exact: true }).fill('Form 5 A');
    await page.locator('input[name="days"][value="1"]').check();
    await page.getByRole('button', { name: app.t('planner.timetables.createSubmit') }).click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/edit-timetable/'));
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: app.t('planner.editor.addTitle') }) });
    await form.getByLabel(app.t('planner.period.subject'), { exact: true }).fill('English');
    await form.getByLabel(app.t('planner.period.start'), { exact: true }).fill('08:00');
    await form.getByLabel(app.t('planner.period.end'), { exact: true }).fill('08:50');
    await form.getByRole('button', { name: app.t('planner.editor.addPeriod') }).click();
    const look = (name: string) =>
      page.getByRole('button', { name }).evaluate((button) => {
        const style = getComputedStyle(button);
        return {
          outlined: style.borderTopStyle !== 'none' && style.borderTopColor !== 'rgba(0, 0, 0, 0)',
          filled: style.backgroundColor !== 'rgba(0, 0, 0, 0)',
          colour: style.color,
        };
      });
    const edit = await look(app.t('planner.editor.editPeriod', { subject: 'English' }));
    expect(edit.outlined || edit.filled, 'Edit has a button’s box').toBe(true);
    const remove = await look(app.t('planner.editor.removePeriod', { subject: 'English' }));
    expect(remove.outlined || remove.filled, 'Remove has a button’s box').toBe(true);
    expect(remove.colour, 'Remove in the danger colour').toBe('rgb(179, 18, 42)');
    await device.context.close();
  });
});
