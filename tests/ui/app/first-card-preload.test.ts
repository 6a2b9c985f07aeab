import { readFileSync } from 'node:fs';
import { act, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Subject } from '../../../contract/catalogue';
import { expiryNotices, REMINDER_TIMING } from '../../../machines/reminderPlan';
import { expiryNoticeDue, HOME_PATH, STUDY_PATH } from '../../../src/app/first-card-preload';
import { firstCardTexts } from '../../../src/app/first-card-shell';
import { firstScreenBoot } from '../../../src/app/first-screen-boot';
import type { FirstScreenRequest } from '../../../src/app/first-screen-data';
import { ROUTES } from '../../../src/app/routes';
import Home from '../../../src/screens/Home';
import StudySections from '../../../src/screens/StudySections';
import { createApiClient } from '../../../src/services/api/client';
import { earlyAnswers } from '../../../src/services/api/early-answers';
import { renderWithApp } from '../helpers/render-app';
import { DAY, loggedInStorage, SUBJECTS, subject } from '../screens/catalogue-fixtures';
import { createFakeFetch, type FakeReply } from '../services/api/fakeFetch';
import { BOOT_TEST_KEYS, resetBootPage, servedBootPage } from './boot-keys';

// Issue 19: home's and study-sections' largest paint is the first card's picture. The page's inline script
// preloads it as soon as the catalogue's answer is in, before the app's code has drawn the card; the
// preload must be the very picture the screen then draws (URL, srcset and sizes), or it is a second download.

const CATALOGUE_URL = 'subjects/subject/fetch-all';
const DICTIONARIES = {
  en: JSON.parse(readFileSync('public/assets/i18n/en.json', 'utf8')) as Record<string, unknown>,
  fr: JSON.parse(readFileSync('public/assets/i18n/fr.json', 'utf8')) as Record<string, unknown>,
};
const DATA: FirstScreenRequest[] = [
  { route: HOME_PATH, url: CATALOGUE_URL, protected: false },
  { route: STUDY_PATH, url: CATALOGUE_URL, protected: true },
];
const withSrcset = (entry: Subject): Subject => ({
  ...entry,
  pictureSrcset: `${entry.pictureurl.replace('.webp', '-160w.webp')} 160w, ${entry.pictureurl} 320w`,
});
const CATALOGUE: Subject[] = [
  ...SUBJECTS.map(withSrcset),
  withSrcset(
    subject({ _id: 'fr-pct-2nde', subjectTitle: 'PCT 2nde', section: 'francophone', level: '2nde' }),
  ),
];

/** The prerendered page with its app-code block, opened at `url`; its inline script run with the network's reply. */
async function bootAt(
  url: string,
  storage: Record<string, string>,
  reply: FakeReply | (() => Promise<Response>) = { status: 200, body: CATALOGUE },
  /** The page's language, whose words the build gave the page to draw the first card with (none: no words). */
  pageLang?: 'en' | 'fr',
) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
  servedBootPage(DATA, pageLang ? firstCardTexts(pageLang, DICTIONARIES[pageLang]) : undefined);
  const network = createFakeFetch(typeof reply === 'function' ? [] : [reply]);
  vi.stubGlobal('fetch', typeof reply === 'function' ? reply : network.fetch);
  window.history.replaceState(null, '', url);
  // The app's code does not start: what is looked at is what the page did on its own.
  vi.stubGlobal('requestAnimationFrame', () => 0);
  firstScreenBoot(BOOT_TEST_KEYS);
  // The answer's body is read in a few promise steps.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return network;
}

const imagePreloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
const picture = (element: Element | undefined) => ({
  href: element?.getAttribute('href') ?? element?.getAttribute('src'),
  srcset: element?.getAttribute('imagesrcset') ?? element?.getAttribute('srcset'),
  sizes: element?.getAttribute('imagesizes') ?? element?.getAttribute('sizes'),
});

/** The picture the screen draws first (its one eager picture), rendered from the same catalogue and storage. */
async function firstCardOf(
  ui: 'home' | 'study',
  path: string,
  storage: Record<string, string>,
  lang: 'en' | 'fr' = 'en',
) {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  renderWithApp(createElement(ui === 'home' ? Home : StudySections), {
    path,
    lang,
    storage,
    api: {
      fetchSubjects: async () => CATALOGUE,
      fetchHappenings: async () => [],
      fetchContinue: async () => ({ success: true, resume: null, nextUp: null }),
    },
  });
  await screen.findAllByRole('article');
  const eager = document.querySelectorAll('img[loading="eager"]');
  return eager.length === 1 ? picture(eager[0]) : null;
}

afterEach(resetBootPage);
// The boot's fallback start (1 s after each boot here, frames never coming) runs while the page still exists:
// the last one, left pending, fired after the file's environment was gone (an unhandled error in the run).
afterAll(() => new Promise((resolve) => setTimeout(resolve, 1_100)));

const NOW = Date.now();
const owning = (entries: Array<{ id: string; days: number }>) =>
  loggedInStorage(
    {
      paidSubjects: entries.map(({ id, days }) => {
        const entry = CATALOGUE.find((candidate) => candidate._id === id) as Subject;
        return {
          subjectId: id,
          subjectTitle: entry.subjectTitle,
          section: entry.section,
          expiresAt: new Date(NOW + days * DAY).toISOString(),
        };
      }),
    },
    NOW,
  );

describe("the first card's picture, preloaded by the page on the catalogue's answer", () => {
  const visits: Array<{
    name: string;
    ui: 'home' | 'study';
    hash: string;
    storage: Record<string, string>;
    lang?: 'en' | 'fr';
    /** The subject whose picture it is. */
    first: string;
  }> = [
    { name: 'home, an English visitor', ui: 'home', hash: '#/home', first: 'ang-maths-f5', storage: {} },
    {
      name: 'home, a French visitor',
      ui: 'home',
      hash: '#/home',
      first: 'fr-maths-3e',
      storage: { language: 'fr' },
      lang: 'fr',
    },
    {
      name: "home, the address's section and level",
      ui: 'home',
      first: 'fr-pct-2nde',
      hash: '#/home?section=francophone&level=2nde',
      storage: {},
    },
    {
      name: 'home, a level the section does not have',
      ui: 'home',
      first: 'ang-maths-f5',
      hash: '#/home?section=anglophone&level=2nde',
      storage: {},
    },
    {
      name: 'home, a student whose every access ended: their section, no "Continue"',
      ui: 'home',
      first: 'fr-maths-3e',
      hash: '#/home',
      storage: owning([{ id: 'fr-maths-3e', days: -3 }]),
    },
    {
      name: 'study-sections: the soonest expiry first',
      ui: 'study',
      first: 'fr-pct-2nde',
      hash: '#/study-sections',
      storage: owning([
        { id: 'ang-maths-f5', days: 90 },
        { id: 'fr-pct-2nde', days: 5 },
      ]),
    },
  ];

  for (const visit of visits) {
    it(`is exactly the picture the screen draws first: ${visit.name}`, async () => {
      await bootAt(`/${visit.hash}`, visit.storage);
      const preloads = imagePreloads();
      expect(preloads).toHaveLength(1);
      expect(preloads[0]?.getAttribute('fetchpriority')).toBe('high');
      const preloaded = picture(preloads[0]);
      expect(preloaded.href).toBe(`https://cdn.test/${visit.first}.webp`);
      const drawn = await firstCardOf(visit.ui, visit.hash.slice(1), visit.storage, visit.lang);
      expect(preloaded).toEqual(drawn);
    });
  }

  it('preloads nothing when home puts "Continue" first: the first card is then below the fold, lazy', async () => {
    const storage = owning([{ id: 'ang-maths-f5', days: 30 }]);
    await bootAt('/#/home', storage);
    expect(imagePreloads()).toEqual([]);
    expect(await firstCardOf('home', '/home', storage)).toBeNull();
  });

  it('preloads nothing before the answer, after a failed one, or on a screen without cards', async () => {
    let answer: (reply: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    await bootAt('/#/home', {}, () => pending);
    expect(imagePreloads()).toEqual([]);
    answer(new Response(JSON.stringify(CATALOGUE), { status: 200 }));
    await waitFor(() => expect(imagePreloads()).toHaveLength(1));
    document.head.innerHTML = '';
    await bootAt('/#/home', {}, { status: 500, body: { msg: 'down' } });
    await bootAt('/#/home', {}, 'network-failure');
    await bootAt('/#/study-sections', {});
    await bootAt('/#/profile', owning([{ id: 'ang-maths-f5', days: 30 }]));
    expect(imagePreloads()).toEqual([]);
  });

  it("leaves the answer whole for the app's client, which still fetches the catalogue once", async () => {
    const network = await bootAt('/#/home', {});
    const client = createApiClient({ baseUrl: '', fetch: network.fetch, takeEarlyAnswer: earlyAnswers() });
    await expect(client.request({ method: 'GET', path: CATALOGUE_URL })).resolves.toEqual(CATALOGUE);
    expect(network.calls).toHaveLength(1);
    expect(imagePreloads()).toHaveLength(1);
  });

  it('applies to the routes whose first request is the catalogue: home and study-sections', () => {
    for (const path of [HOME_PATH, STUDY_PATH]) {
      expect(ROUTES.find((route) => route.path === path)?.data, path).toBeDefined();
    }
  });
});

/** What the page drew before the app's code: its heading, pressed chip, first card, and what is hidden. */
function drawnScreen() {
  const rest = document.querySelector('[data-shell-rest]');
  const image = rest?.querySelector('img.subject-card__picture') ?? undefined;
  return {
    heading: document.querySelector('main h1')?.textContent,
    pressed: document.querySelector('main .chip[aria-pressed="true"]')?.textContent ?? null,
    picture: picture(image),
    title: rest?.querySelector('.subject-card .card-title')?.textContent,
    hidden: rest?.getAttribute('aria-hidden'),
  };
}

/** What the app draws from the same catalogue and storage: heading, pressed chip, first card's title. */
async function appScreen(
  ui: 'home' | 'study',
  path: string,
  storage: Record<string, string>,
  lang: 'en' | 'fr',
) {
  const first = await firstCardOf(ui, path, storage, lang);
  return {
    heading: document.querySelector('main h1')?.textContent,
    pressed: document.querySelector('main .chip[aria-pressed="true"]')?.textContent ?? null,
    picture: first,
    title: document.querySelector('.subject-card .card-title')?.textContent,
  };
}

describe("the first card, drawn by the page on the catalogue's answer before the app's code runs", () => {
  const visits: Array<{
    name: string;
    ui: 'home' | 'study';
    hash: string;
    storage: Record<string, string>;
    lang: 'en' | 'fr';
  }> = [
    { name: 'home, an English visitor', ui: 'home', hash: '#/home', storage: {}, lang: 'en' },
    { name: 'home, a French visitor', ui: 'home', hash: '#/home', storage: { language: 'fr' }, lang: 'fr' },
    {
      name: "home, the address's section and level",
      ui: 'home',
      hash: '#/home?section=francophone&level=2nde',
      storage: {},
      lang: 'en',
    },
    {
      name: 'home, a signed-in student without subjects',
      ui: 'home',
      hash: '#/home',
      storage: { ...owning([]), language: 'fr' },
      lang: 'fr',
    },
    {
      name: 'study-sections, in French',
      ui: 'study',
      hash: '#/study-sections',
      storage: {
        ...owning([
          { id: 'ang-maths-f5', days: 90 },
          { id: 'fr-pct-2nde', days: 40 },
        ]),
        language: 'fr',
      },
      lang: 'fr',
    },
  ];

  for (const visit of visits) {
    it(`is the card the screen then draws, in the page's words, hidden from screen readers: ${visit.name}`, async () => {
      await bootAt(`/${visit.hash}`, visit.storage, undefined, visit.lang);
      const drawn = drawnScreen();
      expect(drawn.hidden).toBe('true');
      expect(drawn.picture.href).toMatch(/^https:\/\/cdn\.test\//);
      const { hidden: _hidden, ...shown } = drawn;
      expect(shown).toEqual(await appScreen(visit.ui, visit.hash.slice(1), visit.storage, visit.lang));
    });
  }

  it("draws nothing in another language than the visit's, or where the app drew first; the picture is still preloaded", async () => {
    await bootAt('/#/home', { language: 'fr' }, undefined, 'en');
    expect(document.querySelector('[data-shell-rest]')).toBeNull();
    expect(imagePreloads()).toHaveLength(1);
    let answer: (reply: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    await bootAt('/#/home', {}, () => pending, 'en');
    document.querySelector('main')?.append(document.createElement('h1'));
    answer(new Response(JSON.stringify(CATALOGUE), { status: 200 }));
    await waitFor(() => expect(imagePreloads()).toHaveLength(1));
    expect(document.querySelector('[data-shell-rest]')).toBeNull();
  });

  it('draws nothing where the screen will show an expiry notice or "Continue" above its list', async () => {
    await bootAt('/#/study-sections', owning([{ id: 'ang-maths-f5', days: 3 }]), undefined, 'en');
    expect(document.querySelector('[data-shell-rest]')).toBeNull();
    expect(imagePreloads()).toHaveLength(1);
    document.head.innerHTML = '';
    await bootAt('/#/home', owning([{ id: 'ang-maths-f5', days: -3 }]), undefined, 'en');
    expect(document.querySelector('[data-shell-rest]')).toBeNull();
    expect(imagePreloads()).toHaveLength(1);
  });

  it("stays on screen while the app's list loads (the very picture, no skeleton), then gives way to the app's card", async () => {
    for (const ui of ['home', 'study'] as const) {
      const storage = ui === 'home' ? {} : owning([{ id: 'ang-maths-f5', days: 90 }]);
      const path = ui === 'home' ? HOME_PATH : STUDY_PATH;
      await bootAt(`/#${path}`, storage, undefined, 'en');
      const drawnImage = document.querySelector('[data-shell-rest] img');
      expect(drawnImage, ui).not.toBeNull();
      let answer: (subjects: Subject[]) => void = () => undefined;
      const { container } = renderWithApp(createElement(ui === 'home' ? Home : StudySections), {
        path,
        lang: 'en',
        storage,
        api: {
          fetchSubjects: () =>
            new Promise<Subject[]>((resolve) => {
              answer = resolve;
            }),
          fetchHappenings: async () => [],
        },
      });
      // The app's loading screen holds the page's own nodes: the picture is never taken off the screen.
      await waitFor(() => expect(container.contains(drawnImage)).toBe(true));
      expect(container.querySelector('.skeleton')).toBeNull();
      // Screen readers hear the loading status, as with the skeleton.
      const loading = String((DICTIONARIES.en.catalogue as Record<string, string>).loading);
      expect(screen.getByText(loading).getAttribute('role')).toBe('status');
      await act(async () => answer(CATALOGUE));
      await waitFor(() => expect(container.contains(drawnImage)).toBe(false));
      const card = container.querySelector('.subject-card__picture');
      expect(picture(card ?? undefined)).toEqual(picture(drawnImage ?? undefined));
      document.body.innerHTML = '';
    }
  });
});

describe("the app's code after the first card's picture", () => {
  // Each test's own entry: an earlier test's boot may still start its app (its fallback) meanwhile.
  let entry = '';
  const entryScript = () => document.head.querySelector(`script[type="module"][src="${entry}"]`);
  /** The page opened at `path` (an English page), the network answering with `reply`, frames at once. */
  const bootFramed = (path: string, reply: () => Promise<Response>, storage: Record<string, string> = {}) => {
    window.localStorage.clear();
    for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
    entry = `./assets/index-${Math.random().toString(36).slice(2)}.js`;
    servedBootPage(DATA, firstCardTexts('en', DICTIONARIES.en), entry);
    vi.stubGlobal('fetch', reply);
    window.history.replaceState(null, '', `/#${path}`);
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frame(0));
    // The fallback is kept out of the way: what is looked at is what the code waits for before it.
    firstScreenBoot({ ...BOOT_TEST_KEYS, codeFallbackMs: 60_000 });
  };
  /** Right after the frame, long before the catalogue's answer or the fallback. */
  const addedAfterTheFrame = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return entryScript() !== null;
  };
  const never = () => new Promise<Response>(() => undefined);

  it('is added once the picture is in and the card drawn, not before: neither queues behind it', async () => {
    let answer: (reply: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    bootFramed(HOME_PATH, () => pending);
    expect(await addedAfterTheFrame()).toBe(false);
    answer(new Response(JSON.stringify(CATALOGUE), { status: 200 }));
    await waitFor(() => expect(document.querySelector('main .subject-card__picture')).not.toBeNull());
    const picture = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(picture).not.toBeNull();
    // Asked for and drawn, not yet in: the code still waits.
    expect(await addedAfterTheFrame()).toBe(false);
    picture?.dispatchEvent(new Event('load'));
    await waitFor(() => expect(entryScript()).not.toBeNull());
    const order = [...document.head.children];
    expect(order.indexOf(picture as Element)).toBeLessThan(order.indexOf(entryScript() as Element));
  });

  it('is added when the picture fails as when it is in: a broken picture holds nothing back', async () => {
    bootFramed(HOME_PATH, async () => new Response(JSON.stringify(CATALOGUE), { status: 200 }));
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull(),
    );
    expect(await addedAfterTheFrame()).toBe(false);
    document.head.querySelector('link[rel="preload"][as="image"]')?.dispatchEvent(new Event('error'));
    await waitFor(() => expect(entryScript()).not.toBeNull());
  });

  it("is added after the first frame as before for the installed app, whose code comes from its worker's cache", async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    try {
      bootFramed(HOME_PATH, never);
      expect(await addedAfterTheFrame()).toBe(true);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('is added after the first frame as before where no card is drawn, or when the catalogue fails', async () => {
    bootFramed('/profile', never, owning([{ id: 'ang-maths-f5', days: 30 }]));
    expect(await addedAfterTheFrame()).toBe(true);
    document.head.innerHTML = '';
    bootFramed(HOME_PATH, async () => Promise.reject(new TypeError('offline')));
    expect(await addedAfterTheFrame()).toBe(true);
  });
});

describe("the page's copy of the expiry notices' rule", () => {
  it('finds a notice due exactly when the screens show one (machines/reminderPlan.ts expiryNotices)', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const offsets = [
      -DAY,
      -1,
      0,
      1,
      DAY,
      REMINDER_TIMING.expiryFirstNotice,
      REMINDER_TIMING.expiryFirstNotice + 1,
      30 * DAY,
    ];
    for (const offset of offsets) {
      const paid = [
        { subjectId: 's1', subjectTitle: 'Maths', expiresAt: new Date(now + offset).toISOString() },
      ];
      expect(expiryNoticeDue(paid, now, REMINDER_TIMING.expiryFirstNotice), String(offset)).toBe(
        expiryNotices(paid, now).length > 0,
      );
    }
    const unreadable = [{ subjectId: 's1', subjectTitle: 'Maths', expiresAt: 'soon' }];
    expect(expiryNoticeDue(unreadable, now, REMINDER_TIMING.expiryFirstNotice)).toBe(
      expiryNotices(unreadable, now).length > 0,
    );
  });
});
