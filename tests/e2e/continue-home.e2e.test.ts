import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatDuration } from '../../src/ui/duration';
import { expectAccessible } from './harness/accessibility';
import { appStarted } from './harness/browser';
import type { Lang } from './harness/dictionary';
import { phonesForThisFile } from './harness/file-phones';
import { PAYERS } from './harness/journey';
import { E2E_MOMO } from './harness/server-env';
import { newStudent, StudentApi } from './harness/student-api';
import { StudentApp, templatePattern } from './harness/student-app';

// Issue 18, in French and in English, with a browser in that language that never touches the language
// picker: a student pays for a francophone subject, watches part of a lesson, leaves and reopens the app.
// Home opens on "Continue" with that lesson and its progress, tapping it resumes at the position, "Next up"
// is the next lesson; home and the books open on the francophone section for that student (and for a French
// reader who owns nothing); a section video page counts each subject's lessons, not the loaded page's.

const FR_MATHS = { id: 'fr-maths-3e', title: 'Mathématiques 3e' } as const;

interface Lesson {
  _id: string;
  title: string;
  subjectId: string;
  durationSeconds: number;
}
interface VideoPage {
  videos: Lesson[];
  total: number;
  subjects?: { subjectId: string; lessons: number; topics: { subsection: string; lessons: number }[] }[];
}

const phones = phonesForThisFile();

/** The section chip of home and the books (a fieldset named "Sections"). */
const sectionButton = (app: StudentApp, section: 'anglophone' | 'francophone'): Locator =>
  app.page
    .getByRole('group', { name: app.t('catalogue.sectionsLabel') })
    .getByRole('button', { name: app.t(`sections.${section}.title`), exact: true });

async function expectSection(app: StudentApp, section: 'anglophone' | 'francophone') {
  await expect.poll(() => sectionButton(app, section).getAttribute('aria-pressed')).toBe('true');
}

/** "12 videos" / "1 vidéo", as the screen writes a count. */
const counted = (app: StudentApp, key: string, count: number) =>
  app.t(`${key}_${count === 1 ? 'one' : 'other'}`, { count });

describe.each(['fr', 'en'] as const)('home opens on Continue (%s)', (lang: Lang) => {
  it('resumes the lesson watched last, offers the next one, in the francophone section', async () => {
    const api = new StudentApi(inject('e2eBaseUrl'));
    const account = newStudent(`cont_${lang}`);
    await api.register(account);
    const lessons = (
      await api.read<VideoPage>(`videos/page?subjectTitle=${encodeURIComponent(FR_MATHS.title)}`, '')
    ).videos;
    const [first, second] = lessons;
    if (!first || !second) throw new Error('the seed has lessons in Mathématiques 3e');

    const device = await phones.openDevice({ lang });
    // The page's timers on Playwright's clock (at real pace), so the payment's 3 s before its first status
    // read can be jumped: polling is payment-outcomes' and the QA paths' subject, not this journey's.
    await device.context.clock.install();
    const app = new StudentApp(device);
    const shot = (step: string) => device.screenshot(`continue-${lang}-${step}`);

    // A reader who owns nothing: French opens on the francophone section, English on the anglophone one.
    const bySpeech = lang === 'fr' ? 'francophone' : 'anglophone';
    await app.open('home');
    await expectSection(app, bySpeech);
    await app.open('books');
    await expectSection(app, bySpeech);

    // Logs in and buys Mathématiques 3e with MTN Mobile Money.
    await app.logInWithUsername(account);
    await app.open('home');
    await sectionButton(app, 'francophone').click();
    await app.subjectCard(FR_MATHS.title).waitFor();
    await app.addToCart(FR_MATHS.title);
    await app.openCart();
    await app.payWithMtn(PAYERS.ordinary);
    await app.skipFirstPoll(E2E_MOMO.pendingMs);
    await app.acknowledgeAlert(app.t('messages.paymentSucceeded'), account.username);
    await app.waitForRoute('study-sections');

    // My subjects shows an owner the access, not the price of what they own.
    const owned = app.subjectCard(FR_MATHS.title);
    await owned.waitFor();
    expect(await owned.getByTestId('access-status').textContent()).toMatch(
      templatePattern(app.t('study.accessUntil')),
    );
    expect(await owned.getByTestId('price').count()).toBe(0);

    // Home: nothing watched yet, the first lesson of the new subject; the francophone section, whatever
    // the language.
    await app.open('home');
    await app.page.getByRole('heading', { level: 1, name: app.t('home.continue.title') }).waitFor();
    const start = app.page.getByRole('link', {
      name: new RegExp(`^${app.t('home.continue.newSubject')}\\s*${first.title}`, 'i'),
    });
    await start.waitFor();
    await expectSection(app, 'francophone');
    await shot('01-first-lesson');

    // Watches part of it, then pauses (the player saves the position on pause and on leave).
    await start.click();
    await app.page.waitForFunction(() => window.location.hash.startsWith('#/video-player'));
    await app.playVideo();
    await app.page.waitForFunction(
      () => ((document.querySelector('main video') as HTMLVideoElement | null)?.currentTime ?? 0) > 5.5,
      null,
      { timeout: 30_000 },
    );
    await app.page.locator('main video').evaluate((video: HTMLVideoElement) => video.pause());
    const { token } = await api.login(account);
    const saved = await app.until(
      () => api.read<{ position: number | null }>(`videos/video/position?videoId=${first._id}`, token),
      (answer) => (answer.position ?? 0) >= 5,
      'the position saved on the account',
    );
    const position = saved.position ?? 0;

    // Leaves, and reopens the app at its start URL: home, on Continue.
    await app.page.goto('about:blank');
    await app.page.goto('/');
    await app.page.getByRole('banner').waitFor();
    await appStarted(app.page);
    await app.waitForRoute('home');
    await app.page.getByRole('heading', { level: 1, name: app.t('home.continue.title') }).waitFor();
    const resume = app.page.getByRole('link', {
      name: new RegExp(`^${app.t('home.continue.resume')}\\s*${first.title}`, 'i'),
    });
    await resume.waitFor();
    expect(await resume.textContent()).toContain(
      app.t('home.continue.stoppedAt', {
        position: formatDuration(position),
        duration: formatDuration(first.durationSeconds),
      }),
    );
    const done = await resume
      .locator('.continue__bar-done')
      .evaluate((bar: HTMLElement) => Number.parseFloat(bar.style.width));
    expect(done).toBe(Math.round((position / first.durationSeconds) * 100));
    const next = app.page.getByRole('link', {
      name: new RegExp(`^${app.t('home.continue.nextUp')}\\s*${second.title}`, 'i'),
    });
    await next.waitFor();
    expect(await next.getAttribute('href')).toBe(`#/video-player?videoId=${second._id}`);
    await expectSection(app, 'francophone');
    await expectAccessible(app.page, `${lang}-home-continue`);
    await shot('02-continue');

    // Tapping Continue resumes the lesson where the student stopped.
    await resume.click();
    await app.page.waitForFunction(() => window.location.hash.startsWith('#/video-player'));
    await app.page.getByRole('button', { name: app.t('video.play'), exact: true }).click();
    await app.page.waitForFunction(() => {
      const video = document.querySelector('main video') as HTMLVideoElement | null;
      return video !== null && video.readyState >= 1 && video.currentTime > 0;
    });
    const resumedAt = await app.page
      .locator('main video')
      .evaluate((video: HTMLVideoElement) => video.currentTime);
    expect(resumedAt).toBeGreaterThanOrEqual(position - 1);
    await shot('03-resumed');

    // The books open on the francophone section for this student too.
    await app.open('books');
    await expectSection(app, 'francophone');

    // The francophone video page counts each subject's lessons and topics, not the first page's.
    const firstPage = await api.read<VideoPage>('videos/page?section=francophone', token);
    expect(firstPage.total).toBeGreaterThan(firstPage.videos.length);
    await app.open('francophone-videos');
    const shownSubjects = [...new Set(firstPage.videos.map((video) => video.subjectId))];
    for (const subjectId of shownSubjects) {
      const total = firstPage.subjects?.find((entry) => entry.subjectId === subjectId);
      if (!total) throw new Error(`the first page counts ${subjectId}`);
      const region = app.page.locator(`section[aria-labelledby="videos-${subjectId}"]`);
      await region.waitFor();
      expect(await region.locator('.subject-videos__meta').textContent()).toBe(
        `${counted(app, 'study.videoCount', total.lessons)} · ${counted(app, 'study.topicCount', total.topics.length)}`,
      );
    }
    // The subject cut by the page's end shows its whole count, more than the lessons listed so far.
    const cut = shownSubjects.at(-1) as string;
    const listed = firstPage.videos.filter((video) => video.subjectId === cut).length;
    expect(firstPage.subjects?.find((entry) => entry.subjectId === cut)?.lessons).toBeGreaterThan(listed);
    await shot('04-section-videos');
    expect(device.pageErrors, 'uncaught errors in the page').toEqual([]);
  });
});
