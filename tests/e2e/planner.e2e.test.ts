import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/accessibility';
import { connectBrowser, openDevice, PHONE, SCREENSHOT_DIR, type StudentDevice } from './harness/browser';
import { seedDeviceStorage } from './harness/device-storage';
import type { Lang } from './harness/dictionary';
import { type InProcessServer, startInProcessServer } from './harness/in-process-server';
import { MATHS } from './harness/journey';
import { newStudent, type StudentAccount, StudentApi } from './harness/student-api';
import { StudentApp } from './harness/student-app';

// Issue 9, the student's planner, in Chromium against the real server, in English and in French: a timetable
// built period by period (an overlapping one refused with the translated message), viewed, reloaded, exported
// as a calendar file (parsed here) and found on a second device of the same student; a study list and an item
// that survive a reload; a reminder shown as a notification when its minute comes; the 7-day expiry banner.

let browser: Browser;
let server: InProcessServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startInProcessServer();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** A phone with the service worker allowed and notifications granted, as a student who said yes. */
async function phoneWithNotifications(lang: Lang, baseUrl: string): Promise<StudentDevice> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: baseUrl,
    locale: lang === 'fr' ? 'fr-CM' : 'en-CM',
    serviceWorkers: 'allow',
  });
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    context,
    page,
    baseUrl,
    lang,
    pageErrors,
    go: async (route) => {
      await page.goto(`/#/${route.replace(/^\//, '')}`);
    },
    screenshot: async (name) => {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
    },
  };
}

/**
 * The student on a phone that kept their session (signed in through the API, the session in the page's
 * storage): the login screen is the golden journey's subject; this file logs in on screen only where the
 * next login restoring the planner is what it checks.
 */
async function studentOn(device: StudentDevice, account: StudentAccount): Promise<StudentApp> {
  await seedDeviceStorage(device.context, { session: await new StudentApi(device.baseUrl).signIn(account) });
  const app = new StudentApp(device);
  await app.open('landing');
  await app.waitForLoggedIn();
  if (app.lang !== 'en') await app.chooseLanguage();
  return app;
}

async function newAccount(): Promise<{ account: StudentAccount; api: StudentApi }> {
  const api = new StudentApi(server.baseUrl);
  const account = newStudent('planner');
  await api.register(account);
  return { account, api };
}

/** Local wall-clock time today in the browser's (and this process's) time zone. */
function todayAt(hours: number, minutes: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), hours, minutes);
}

const isoWeekday = (date: Date) => ((date.getDay() + 6) % 7) + 1;

const PERIODS = [
  { subject: 'Mathematics', start: '07:30', end: '08:25' },
  { subject: 'Physics', start: '08:25', end: '09:20' },
  { subject: 'Chemistry', start: '09:20', end: '10:15' },
] as const;

async function waitSynced(app: StudentApp): Promise<void> {
  await app.page
    .getByRole('status')
    .filter({ hasText: app.t('planner.sync.synced') })
    .first()
    .waitFor();
}

/** Adds a period with the editor's form, on Monday. */
async function addPeriod(app: StudentApp, period: { subject: string; start: string; end: string }) {
  const form = app.page
    .locator('form')
    .filter({ has: app.page.getByRole('heading', { name: app.t('planner.editor.addTitle') }) });
  await form.getByLabel(app.t('planner.period.subject'), { exact: true }).fill(period.subject);
  await form.getByLabel(app.t('planner.period.day'), { exact: true }).selectOption('1');
  await form.getByLabel(app.t('planner.period.start'), { exact: true }).fill(period.start);
  await form.getByLabel(app.t('planner.period.end'), { exact: true }).fill(period.end);
  await form.getByRole('button', { name: app.t('planner.editor.addPeriod') }).click();
  await app.page
    .getByRole('status')
    .filter({ hasText: app.t('planner.editor.periodAdded', { subject: period.subject }) })
    .waitFor();
}

describe.each(['en', 'fr'] as const)('the planner (%s)', (lang) => {
  it('builds a timetable, refuses an overlapping period, views, reloads, exports it, and finds it on a second device', async () => {
    const { account } = await newAccount();
    const device = await openDevice(browser, { baseUrl: server.baseUrl, lang });
    contexts.push(device.context);
    // 08:00 today: Mathematics (07:30–08:25) is the period under way.
    const eight = todayAt(8, 0);
    await device.context.clock.setFixedTime(eight);
    const app = await studentOn(device, account);
    const { page } = app;
    const weekday = isoWeekday(eight);

    await app.open('schedule');
    await page.getByRole('link', { name: app.t('routes.time-table-home') }).click();
    await page.getByLabel(app.t('planner.timetables.name'), { exact: true }).fill('Form 5 A');
    await page.locator(`input[name="days"][value="${weekday}"]`).check();
    await page.getByRole('button', { name: app.t('planner.timetables.createSubmit') }).click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/edit-timetable/'));
    const timetableId = (await app.route()).split('/')[1] ?? '';

    const periodForm = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: app.t('planner.editor.addTitle') }) });
    const fillPeriod = async (period: { subject: string; start: string; end: string }) => {
      await periodForm.getByLabel(app.t('planner.period.subject'), { exact: true }).fill(period.subject);
      await periodForm.getByLabel(app.t('planner.period.day'), { exact: true }).selectOption(String(weekday));
      await periodForm.getByLabel(app.t('planner.period.start'), { exact: true }).fill(period.start);
      await periodForm.getByLabel(app.t('planner.period.end'), { exact: true }).fill(period.end);
      await periodForm.getByRole('button', { name: app.t('planner.editor.addPeriod') }).click();
    };
    for (const period of PERIODS) {
      await fillPeriod(period);
      await page
        .getByRole('status')
        .filter({ hasText: app.t('planner.editor.periodAdded', { subject: period.subject }) })
        .waitFor();
    }
    await expect.poll(() => page.locator('.period-row').count()).toBe(3);

    // English 08:00–08:50 overlaps Mathematics: refused with the translated message, nothing typed is lost.
    await fillPeriod({ subject: 'English', start: '08:00', end: '08:50' });
    const overlap = app.t('planner.errors.overlap', { subject: 'Mathematics', start: '07:30', end: '08:25' });
    await periodForm.getByText(overlap).waitFor();
    expect(await periodForm.getByLabel(app.t('planner.period.subject'), { exact: true }).inputValue()).toBe(
      'English',
    );
    expect(await periodForm.getByLabel(app.t('planner.period.start'), { exact: true }).inputValue()).toBe(
      '08:00',
    );
    expect(await periodForm.getByLabel(app.t('planner.period.end'), { exact: true }).inputValue()).toBe(
      '08:50',
    );
    expect(await page.locator('.period-row').count()).toBe(3);
    await expectAccessible(page, `planner-editor-${lang}`);
    await device.screenshot(`planner-01-editor-overlap-${lang}`);

    // Today's periods with the current one highlighted, then the whole week.
    await page.getByRole('link', { name: app.t('planner.timetables.open') }).click();
    await page.locator('.today').waitFor();
    await expect.poll(() => page.locator('.today__period').allTextContents()).toHaveLength(3);
    const current = page.locator('[aria-current="time"]');
    expect(await current.textContent()).toContain('Mathematics');
    await expectAccessible(page, `planner-today-${lang}`);
    await device.screenshot(`planner-02-today-${lang}`);

    // A reload keeps it (the device copy), and so does the account once synced.
    await page.reload();
    await page.locator('[aria-current="time"]').waitFor();
    await waitSynced(app);

    // The printable view exports a calendar file: three weekly events on this weekday.
    await app.open(`view-timetable/${timetableId}`);
    await page.getByRole('heading', { name: 'Form 5 A' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: app.t('planner.view.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('form-5-a.ics');
    const saved = join(mkdtempSync(join(tmpdir(), 'planner-ics-')), download.suggestedFilename());
    await download.saveAs(saved);
    const ics = readFileSync(saved, 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.summary)).toEqual(PERIODS.map((p) => p.subject));
    const weekdays = ['', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
    for (const [index, event] of events.entries()) {
      const period = PERIODS[index];
      expect(event.isRecurring()).toBe(true);
      const rule = event.component.getFirstPropertyValue('rrule') as ICAL.Recur;
      expect(rule.freq).toBe('WEEKLY');
      expect(rule.getComponent('byday')).toEqual([weekdays[weekday]]);
      const start = event.startDate;
      expect(`${String(start.hour).padStart(2, '0')}:${String(start.minute).padStart(2, '0')}`).toBe(
        period?.start,
      );
      expect(start.dayOfWeek()).toBe((weekday % 7) + 1);
      expect(event.endDate.compare(event.startDate)).toBe(1);
    }
    await expectAccessible(page, `planner-view-${lang}`);
    await device.screenshot(`planner-03-view-${lang}`);

    // A second phone, the same student: the timetable comes from the account.
    const second = await openDevice(browser, { baseUrl: server.baseUrl, lang });
    contexts.push(second.context);
    const secondApp = await studentOn(second, account);
    await secondApp.open('time-table-home');
    await secondApp.page.getByRole('link', { name: 'Form 5 A' }).click();
    await expect.poll(() => secondApp.page.locator('.week-view tr').count()).toBeGreaterThanOrEqual(3);
    expect(await secondApp.page.locator('.week-view').textContent()).toContain('Chemistry');
    expect(device.pageErrors).toEqual([]);
    expect(second.pageErrors).toEqual([]);
  });

  it('two phones add overlapping periods, one offline: its version is refused, kept, and shown at the period', async () => {
    const { account } = await newAccount();
    const phoneA = await openDevice(browser, { baseUrl: server.baseUrl, lang });
    contexts.push(phoneA.context);
    const appA = await studentOn(phoneA, account);
    await appA.open('time-table-home');
    await appA.page.getByLabel(appA.t('planner.timetables.name'), { exact: true }).fill('Form 5 A');
    await appA.page.getByRole('button', { name: appA.t('planner.timetables.createSubmit') }).click();
    await appA.page.waitForFunction(() => window.location.hash.startsWith('#/edit-timetable/'));
    const editRoute = await appA.route();
    await addPeriod(appA, { subject: 'Mathematics', start: '07:00', end: '08:00' });
    await waitSynced(appA);

    const phoneB = await openDevice(browser, { baseUrl: server.baseUrl, lang });
    contexts.push(phoneB.context);
    const appB = await studentOn(phoneB, account);
    await appB.open(editRoute);
    await appB.page.locator('.period-row').filter({ hasText: 'Mathematics' }).waitFor();
    await phoneB.context.setOffline(true);
    await addPeriod(appB, { subject: 'Chemistry', start: '08:30', end: '09:30' });
    await addPeriod(appA, { subject: 'Physics', start: '08:00', end: '09:00' });
    await waitSynced(appA);

    await phoneB.context.setOffline(false);
    await appB.page.evaluate(() => window.dispatchEvent(new Event('online')));
    const chemistryRow = appB.page.locator('.period-row').filter({ hasText: 'Chemistry' });
    const refusal = appB.t('planner.editor.overlapOtherDevice', {
      day: lang === 'fr' ? 'lundi' : 'Monday',
      subject: 'Physics',
      start: '08:00',
      end: '09:00',
    });
    await chemistryRow.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await appB.page
      .getByRole('status')
      .filter({ hasText: appB.t('planner.sync.refused') })
      .waitFor();
    await expectAccessible(appB.page, `planner-refused-${lang}`);
    await phoneB.screenshot(`planner-05-refused-overlap-${lang}`);

    // Moved to 09:00–10:00, it is sent again and merged: the account has all three periods.
    await chemistryRow
      .getByRole('button', { name: appB.t('planner.editor.editPeriod', { subject: 'Chemistry' }) })
      .click();
    await appB.page.getByLabel(appB.t('planner.period.start'), { exact: true }).fill('09:00');
    await appB.page.getByLabel(appB.t('planner.period.end'), { exact: true }).fill('10:00');
    await appB.page.getByRole('button', { name: appB.t('planner.editor.savePeriod') }).click();
    await waitSynced(appB);
    await appA.page.reload();
    await expect.poll(() => appA.page.locator('.period-row').allTextContents()).toHaveLength(3);
    expect((await appA.page.locator('.period-row').allTextContents()).join(' ')).toContain('Chemistry');
    expect(phoneA.pageErrors).toEqual([]);
    expect(phoneB.pageErrors).toEqual([]);
  });

  it('creates a study list and an item that survive a reload; ticking it survives too', async () => {
    const { account } = await newAccount();
    const device = await openDevice(browser, { baseUrl: server.baseUrl, lang });
    contexts.push(device.context);
    const app = await studentOn(device, account);
    const { page } = app;
    await app.open('new-list');
    await page.getByLabel(app.t('planner.lists.name'), { exact: true }).fill('GCE revision');
    await page.getByRole('button', { name: app.t('planner.lists.create') }).click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/new-item'));
    await page.getByLabel(app.t('planner.items.title'), { exact: true }).fill('Past paper 2023, Paper 2');
    expect(
      await page
        .getByLabel(app.t('planner.items.list'), { exact: true })
        .locator('option:checked')
        .textContent(),
    ).toBe('GCE revision');
    const due = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByLabel(app.t('planner.items.dueDate'), { exact: true })
      .fill(`${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`);
    await page.getByLabel(app.t('planner.items.dueTime'), { exact: true }).fill('18:00');
    await page.getByLabel(app.t('planner.items.reminder'), { exact: true }).selectOption('60');
    await page.getByRole('button', { name: app.t('planner.items.create') }).click();
    await app.waitForRoute('schedule');

    const list = page.getByRole('article', { name: 'GCE revision' });
    await list.getByText('Past paper 2023, Paper 2', { exact: true }).waitFor();
    // It is due this week: the agenda shows it too.
    await page.getByText(app.t('planner.agenda.itemDue', { title: 'Past paper 2023, Paper 2' })).waitFor();
    await list.getByRole('checkbox').check();
    await waitSynced(app);
    await expectAccessible(page, `planner-schedule-${lang}`);
    await device.screenshot(`planner-04-schedule-${lang}`);

    await page.reload();
    const reloaded = page.getByRole('article', { name: 'GCE revision' });
    await reloaded.getByText('Past paper 2023, Paper 2', { exact: true }).waitFor();
    expect(await reloaded.getByRole('checkbox').isChecked()).toBe(true);
    expect(device.pageErrors).toEqual([]);
  });

  it('shows a reminder due in one minute as a notification once the minute has passed', async () => {
    const { account } = await newAccount();
    const device = await phoneWithNotifications(lang, server.baseUrl);
    // The next full minute, so the item's due time (a whole minute) is exactly one minute after the app opens.
    const start = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000);
    await device.context.clock.install({ time: start });
    const app = await studentOn(device, account);
    const { page } = app;
    // The worker that shows notifications is registered once the app is idle.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await app.open('new-list');
    await page.getByLabel(app.t('planner.lists.name'), { exact: true }).fill('Homework');
    await page.getByRole('button', { name: app.t('planner.lists.create') }).click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/new-item'));
    const now = new Date(await page.evaluate(() => Date.now()));
    const due = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.getByLabel(app.t('planner.items.title'), { exact: true }).fill('Biology essay');
    await page
      .getByLabel(app.t('planner.items.dueDate'), { exact: true })
      .fill(`${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`);
    await page
      .getByLabel(app.t('planner.items.dueTime'), { exact: true })
      .fill(`${pad(due.getHours())}:${pad(due.getMinutes())}`);
    await page.getByLabel(app.t('planner.items.reminder'), { exact: true }).selectOption('0');
    await page.getByRole('button', { name: app.t('planner.items.create') }).click();
    await app.waitForRoute('schedule');

    await app.open('local-notifications');
    await page
      .getByTestId('notification-permission')
      .filter({ hasText: app.t('planner.reminders.permission.granted') })
      .waitFor();
    await page.getByText(app.t('planner.notify.title.item')).first().waitFor();
    await expectAccessible(page, `planner-reminders-${lang}`);
    await device.screenshot(`planner-05-reminders-${lang}`);
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body }));
      });
    expect(await shown()).toEqual([]);

    await device.context.clock.fastForward('01:00');
    await expect.poll(shown, { timeout: 10_000 }).toHaveLength(1);
    const [notification] = await shown();
    expect(notification?.title).toBe(app.t('planner.notify.title.item'));
    expect(notification?.body).toContain('Biology essay');
    expect(device.pageErrors).toEqual([]);
  });

  it('shows the 7-day expiry banner on home; Renew puts the subject in the cart', async () => {
    const { account, api } = await newAccount();
    const { userId } = await api.login(account);
    await server.db.query(
      "INSERT INTO subject_access (student_id, subject_id, expires_at) VALUES ($1, $2, now() + interval '5 days')",
      [userId, MATHS.id],
    );
    const device = await openDevice(browser, { baseUrl: server.baseUrl, lang });
    contexts.push(device.context);
    const app = await studentOn(device, account);
    await app.open('home');
    const banner = app.page.getByRole('region', { name: app.t('planner.expiry.bannerLabel') });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(MATHS.title);
    await expectAccessible(app.page, `planner-expiry-banner-${lang}`);
    await device.screenshot(`planner-06-expiry-banner-${lang}`);
    await banner
      .getByRole('button', { name: app.t('planner.expiry.renewSubject', { subject: MATHS.title }) })
      .click();
    await expect
      .poll(() => app.cartButton().getAttribute('aria-label'))
      .toBe(app.t('nav.cartCount', { count: 1 }));
    const cart = await app.openCart();
    expect(await cart.textContent()).toContain(MATHS.title);
    // study-sections says the same.
    await app.closeCart();
    await app.open('study-sections');
    await app.page.getByRole('region', { name: app.t('planner.expiry.bannerLabel') }).waitFor();
    expect(device.pageErrors).toEqual([]);
  });
});

describe('logout clears the planner from the phone; the next login brings it back', () => {
  it('empties the device copy at logout and restores it from the account', async () => {
    const { account } = await newAccount();
    const device = await openDevice(browser, { baseUrl: server.baseUrl });
    contexts.push(device.context);
    const app = await studentOn(device, account);
    await app.open('new-list');
    await app.page.getByLabel(app.t('planner.lists.name'), { exact: true }).fill('Kept in my account');
    await app.page.getByRole('button', { name: app.t('planner.lists.create') }).click();
    await app.open('schedule');
    await waitSynced(app);
    const stored = () =>
      app.page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => {
              const request = open.result.transaction('keyval').objectStore('keyval').count();
              request.onsuccess = () => resolve(request.result);
            };
          }),
      );
    expect(await stored()).toBeGreaterThan(0);
    await app.page.getByRole('button', { name: app.t('nav.logout') }).click();
    await app.waitForRoute('landing');
    await expect.poll(stored).toBe(0);
    await app.logInWithUsername(account);
    await app.open('schedule');
    await app.page.getByRole('article', { name: 'Kept in my account' }).waitFor();
    expect(device.pageErrors).toEqual([]);
  });
});
