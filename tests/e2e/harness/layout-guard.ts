import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_BOOKS, SEED_PRODUCTS, SEED_SCHOLARSHIPS } from '../../../server/seed/content';
import { PLAYER_PATH } from '../../../src/app/player-path';
import { ROUTES } from '../../../src/app/routes';
import { axeViolations, injectAxe } from './accessibility';
import { appStarted, connectBrowser, offerInstall, PHONE, pwaLayerLoaded, workerInControl } from './browser';
import { seedDeviceStorage } from './device-storage';
import { type Lang, text } from './dictionary';
import { startInProcessServer } from './in-process-server';
import { MATHS, PAYERS } from './journey';
import { layoutFindings, MIN_TARGET_PX } from './layout-checks';
import { type Check, EXEMPTIONS, type Exemption, type Who } from './layout-exemptions';
import { newStudent, type SignedInUser, StudentApi } from './student-api';

// Issue 18's layout guard (docs/layout.md): every route of docs/product.md §2 (src/app/routes.ts), in one language
// per test file (layout-guard-fr, layout-guard-en: the suite runs them side by side), on a 360 × 640 phone,
// for a visitor and for a student who has paid for a subject, each with an overlay fixed at the bottom (the
// app shows one at a time: the visitor walks under the update question, the student under the install banner).
// It fails, naming the route, the language and the element, on a page wider than the phone, text cut off in
// a control, something fixed or sticky lying on a focusable element, a tap target under 44 × 44 px, or any
// axe violation. One browser; one phone (context) for the visitor and one for the student, each walking the
// routes in the same page; every wait is for the screen's content, never for time. A screenshot of each
// route is written under test-results/layout-guard/ (not committed).

const SCREENSHOT_DIR = resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'layout-guard');

interface Finding {
  route: string;
  lang: Lang;
  who: Who;
  check: Check;
  element: string;
  detail: string;
}

// --- The routes and the seeded content they open ------------------------------------------------------

interface Seeded {
  video: { id: string; subjectTitle: string; subsection: string };
  timetableId: string | null;
}

/** A route as the guard opens it: the hash path, and the search part when the route reads a query. */
interface GuardRoute {
  /** The ROUTES pattern it covers. */
  pattern: string;
  /** What the screenshot and the findings call it. */
  name: string;
  hash: string;
  search?: string;
  protected: boolean;
}

const FREE_BOOK = SEED_BOOKS.find((book) => book.free);
const SCHOLARSHIP = SEED_SCHOLARSHIPS[0];
const PRODUCT = SEED_PRODUCTS[0];

/** The parameter routes with real seeded ids and titles; every other route is opened as it is. */
function routesFor(seeded: Seeded, who: Who): GuardRoute[] {
  if (!FREE_BOOK || !SCHOLARSHIP || !PRODUCT) throw new Error('The seed has no book, scholarship or product');
  const timetable = seeded.timetableId;
  const params: Record<string, string | null> = {
    '/sort-videos-by-topics/:subjectTitle/:subsection': `/sort-videos-by-topics/${encodeURIComponent(
      seeded.video.subjectTitle,
    )}/${encodeURIComponent(seeded.video.subsection)}`,
    '/scholarship-details/:id': `/scholarship-details/${SCHOLARSHIP.id}`,
    '/product-details/:id': `/product-details/${PRODUCT.id}`,
    '/books/:id': `/books/${FREE_BOOK.id}`,
    '/timetable/:id': timetable && `/timetable/${timetable}`,
    '/edit-timetable/:id': timetable && `/edit-timetable/${timetable}`,
    '/view-timetable/:id': timetable && `/view-timetable/${timetable}`,
  };
  return ROUTES.map((route) => {
    const path = route.path in params ? params[route.path] : route.path;
    if (path === undefined || path === null)
      throw new Error(`No seeded parameters for ${route.path} (${who})`);
    return {
      pattern: route.path,
      name: path.slice(1),
      hash: `#${path}`,
      ...(route.path === '/video-player'
        ? { search: `?videoId=${encodeURIComponent(seeded.video.id)}` }
        : {}),
      protected: route.protected,
    };
  }).sort((a, b) => Number(Boolean(a.search)) - Number(Boolean(b.search)));
}

// --- The server, its service worker, and the phones ---------------------------------------------------

let browser: Browser;
let baseUrl: string;
let staticDir: string;
let closeServer: () => Promise<void>;
let workerVersion = 0;
const contexts: BrowserContext[] = [];

async function startGuard(): Promise<void> {
  browser = await connectBrowser();
  // Its own copy of the build: the guard deploys a new service worker into it to bring the update toast.
  const server = await startInProcessServer({ ownBuildCopy: true });
  ({ baseUrl, staticDir } = server);
  closeServer = () => server.close();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
}

async function stopGuard(): Promise<void> {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await closeServer?.();
}

/** A new version of the service worker, as a deploy brings one (with its pre-compressed copies). */
function deployNewWorker(): void {
  workerVersion += 1;
  const file = join(staticDir, 'sw.js');
  const source = `${readFileSync(file, 'utf8').replace(/\n\/\/ layout guard deploy \d+\n$/, '')}\n// layout guard deploy ${workerVersion}\n`;
  writeFileSync(file, source);
  writeFileSync(`${file}.br`, brotliCompressSync(source));
  writeFileSync(`${file}.gz`, gzipSync(source));
}

interface Phone {
  page: Page;
  lang: Lang;
  who: Who;
  t(key: string): string;
}

/**
 * A phone in the language's locale (the app follows the browser's language: nobody touches the picker), with
 * the service worker allowed, a subject in the cart and, for the student, the session a login leaves.
 */
async function openPhone(lang: Lang, who: Who, session: { token: string; user: SignedInUser } | null) {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: baseUrl,
    locale: lang === 'fr' ? 'fr-CM' : 'en-CM',
    serviceWorkers: 'allow',
  });
  contexts.push(context);
  context.setDefaultTimeout(20_000);
  await injectAxe(context);
  const api = new StudentApi(baseUrl);
  const subject = await api.subject(MATHS.id);
  await seedDeviceStorage(context, {
    ...(session ? { session } : {}),
    cart: [{ ...subject, amount: 1 }],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const phone: Phone = { page, lang, who, t: (key) => text(lang, key) };
  return { phone, context, errors };
}

/**
 * The overlay a phone's routes are checked under. The visitor's: the update question, a toast that stays
 * until answered, brought by a new service worker deployed once this phone's first one controls it; the
 * browser's install offer then waits behind it (one overlay at a time at the bottom: docs/pwa.md). The
 * student's: the install banner, offered as Chromium offers it.
 */
async function showOverlay(phone: Phone): Promise<void> {
  const { page } = phone;
  await pwaLayerLoaded(page);
  if (phone.who === 'student') {
    await offerInstall(page);
    await installBanner(phone).waitFor();
    return;
  }
  await workerInControl(page);
  deployNewWorker();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await updateQuestion(phone).waitFor({ timeout: 30_000 });
  await offerInstall(page);
  // Two frames: had the offer drawn the banner, React would have rendered it by then.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await installBanner(phone).count(), 'the install banner over the update question').toBe(0);
}

/**
 * The phone's overlay is on screen (a full load brings it back; the install offer is made again), but the
 * install banner over a lesson: it waits for the next screen (docs/pwa.md).
 */
async function overlayShown(phone: Phone, route: GuardRoute): Promise<void> {
  if (phone.who === 'visitor') {
    await updateQuestion(phone).waitFor();
    return;
  }
  if ((await installBanner(phone).count()) === 0) await offerInstall(phone.page);
  if (route.pattern !== PLAYER_PATH) {
    await installBanner(phone).waitFor();
    return;
  }
  await phone.page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  expect(await installBanner(phone).count(), 'the install banner over a lesson').toBe(0);
}

const installBanner = (phone: Phone) =>
  phone.page.getByRole('complementary', { name: phone.t('pwa.bannerLabel') });
const updateQuestion = (phone: Phone) =>
  phone.page.getByRole('status').filter({ hasText: phone.t('messages.updateAvailable') });

/**
 * A route's screen has its content: the page's heading (the cart's routes: the cart's sheet), no skeleton
 * or spinner left.
 */
async function screenReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const heading = document.querySelector('main h1, [aria-modal="true"] h2');
      if (!heading || heading.getBoundingClientRect().height === 0) return false;
      return document.querySelector('.skeleton, .loader') === null;
    },
    null,
    { polling: 100, timeout: 20_000 },
  );
  // Two frames: what arrived with the content (pictures with their sizes, lazy parts) is laid out.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function open(page: Page, route: GuardRoute): Promise<void> {
  const current = new URL(page.url());
  if ((route.search ?? '') === current.search) {
    // The same document: the app routes the new hash, as a tapped link does.
    await page.evaluate((hash) => {
      window.scrollTo(0, 0);
      window.location.hash = hash;
    }, route.hash);
  } else {
    await page.goto(`/${route.search ?? ''}${route.hash}`);
    await appStarted(page);
  }
}

/** Walks every route on one phone, adding what it finds as it goes (a walk cut short keeps what it saw). */
async function walk(phone: Phone, routes: readonly GuardRoute[], findings: Finding[]): Promise<void> {
  const { page, lang, who } = phone;
  const found = (route: GuardRoute, check: Check, element: string, detail: string) =>
    findings.push({ route: route.name, lang, who, check, element, detail });
  for (const route of routes) {
    await open(page, route);
    if (route.protected && who === 'visitor') {
      // docs/product.md §2: login required, so a visitor lands on the landing page (checked on its own route).
      await page.waitForFunction(() => window.location.hash === '#/landing');
      continue;
    }
    try {
      await screenReady(page);
    } catch {
      found(route, 'content', 'main', 'no heading, or still loading, after 20 s');
    }
    if ((await page.locator('[aria-modal="true"]').count()) > 0) {
      // A dialog (the cart's routes): the overlays have stepped aside (docs/pwa.md).
      for (const overlay of [installBanner(phone), updateQuestion(phone)]) {
        if ((await overlay.count()) > 0)
          found(route, 'covered', 'the install banner or a toast', 'shown over a dialog');
      }
    } else {
      await overlayShown(phone, route);
    }
    // Named by the route's pattern (`timetable_id`), so a new run writes over the last one's.
    const file = `${who}-${lang}-${route.pattern.slice(1).replace(/[/:]+/g, '_')}.png`;
    await page.screenshot({ path: join(SCREENSHOT_DIR, file) });
    for (const finding of await page.evaluate(layoutFindings, MIN_TARGET_PX)) {
      found(route, finding.check, finding.element, finding.detail);
    }
    for (const violation of await axeViolations(page)) {
      for (const target of violation.targets) {
        found(route, 'axe', target, `${violation.id} (${violation.impact}): ${violation.help}`);
      }
    }
  }
}

// --- Seeding: a student who has paid, a timetable on each phone ---------------------------------------

async function paidStudent() {
  const api = new StudentApi(baseUrl);
  const account = newStudent('layout');
  await api.register(account);
  const { token, userId } = await api.login(account);
  await api.payFor({ token, userId, username: account.username }, MATHS, PAYERS.ordinary);
  const videos = await api.read<
    Array<{ _id: string; subjectId: string; subjectTitle: string; subsection: string; streamUrl?: string }>
  >('videos/fetchvideos', token);
  const video = videos.find((candidate) => candidate.subjectId === MATHS.id && candidate.streamUrl);
  if (!video) throw new Error('No playable Mathematics video after paying');
  return {
    session: await api.signIn(account),
    video: { id: video._id, subjectTitle: video.subjectTitle, subsection: video.subsection },
  };
}

/** A timetable made on the phone, as a student makes one (its id is the device's). */
async function makeTimetable(phone: Phone): Promise<string> {
  const { page, t } = phone;
  await page.goto('/#/time-table-home');
  await appStarted(page);
  await page.getByLabel(t('planner.timetables.name'), { exact: true }).fill('Form 5 A');
  await page.locator('input[name="days"][value="1"]').check();
  await page.getByRole('button', { name: t('planner.timetables.createSubmit') }).click();
  await page.waitForFunction(() => window.location.hash.startsWith('#/edit-timetable/'));
  return page.evaluate(() => window.location.hash.split('/')[2] ?? '');
}

// --- The guard ------------------------------------------------------------------------------------------

const describeFinding = (finding: Finding) =>
  `${finding.route} [${finding.lang}, ${finding.who}] ${finding.check}: ${finding.element} — ${finding.detail}`;

/** The guard's tests for one language: the visitor's walk, the student's, then what they found. */
export function layoutGuard(lang: Lang): void {
  let student: Awaited<ReturnType<typeof paidStudent>>;
  const findings: Finding[] = [];
  const timings: string[] = [];

  describe(`layout guard, ${lang}: every route at 360 × 640 under an overlay at the bottom`, () => {
    beforeAll(async () => {
      await startGuard();
      student = await paidStudent();
    });
    afterAll(stopGuard);

    for (const who of ['visitor', 'student'] as const) {
      it(`${lang}, ${who}: walks every route`, { timeout: 600_000 }, async () => {
        const started = Date.now();
        const { phone, errors } = await openPhone(lang, who, who === 'student' ? student.session : null);
        const timetableId = await makeTimetable(phone);
        await showOverlay(phone);
        const routes = routesFor({ video: student.video, timetableId }, who);
        await walk(phone, routes, findings);
        timings.push(`${who}: ${routes.length} routes in ${Math.round((Date.now() - started) / 1000)} s`);
        expect(errors, 'uncaught errors in the page').toEqual([]);
      });
    }

    it(`${lang}: finds nothing outside its named exemptions`, () => {
      console.info(`layout guard ${lang}: ${timings.join('; ')}`);
      const mine = EXEMPTIONS.filter((exemption) => exemption.langs.includes(lang));
      const exempted = (finding: Finding): Exemption | undefined =>
        mine.find(
          (exemption) =>
            exemption.check === finding.check &&
            exemption.route.test(finding.route) &&
            exemption.element.test(finding.element) &&
            (exemption.who ?? finding.who) === finding.who,
        );
      const used = new Set(findings.map(exempted));
      const left = findings.filter((finding) => !exempted(finding)).map(describeFinding);
      expect(left, `layout faults (screenshots in ${SCREENSHOT_DIR})`).toEqual([]);
      const unused = mine.filter((exemption) => !used.has(exemption)).map((exemption) => exemption.name);
      expect(unused, 'exemptions that match nothing any more: remove them').toEqual([]);
    });
  });
}
