import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type LoadPositionOutput, playbackMachine, type VideoIdInput } from '../../../machines/playback';
import { autoQuality, type NetworkHints, QUALITIES } from '../../../machines/videoQuality';
import en from '../../../public/assets/i18n/en.json';
import fr from '../../../public/assets/i18n/fr.json';
import { loadPlayerStart } from '../../../src/actors/playback';
import { EARLY_LESSON_KEY, earlyLessonTexts } from '../../../src/app/early-lesson';
import type { DrawnLesson, EarlyConnection } from '../../../src/app/early-lesson-boot';
import {
  drawEarlyLesson,
  drawLesson,
  earlyCostText,
  earlyQuality,
  earlyRendition,
} from '../../../src/app/early-lesson-boot';
import { posterOf } from '../../../src/screens/VideoPlayer/PlayerMedia';
import { STORAGE_VERSION } from '../../../src/services/storage';
import { DataCost } from '../../../src/ui/DataCost';
import { videoTitle } from '../../../src/ui/video-title';
import { createTestI18n } from '../helpers/render-app';

// Issue 19: the page draws a paid lesson from the head script's answer and plays it before the app's code
// (src/app/early-lesson-boot.ts). Its rules are copies of the app's, each held to the original here; the
// drawing is run from its source text, as the page runs it.

/** The boot part as the page inlines it: its own source text, nothing from outside. */
const pageDraw = new Function(`return (${drawEarlyLesson.toString()})`)() as typeof drawEarlyLesson;
const pagePick = new Function(`return (${earlyQuality.toString()})`)() as typeof earlyQuality;
const pageCost = new Function(`return (${earlyCostText.toString()})`)() as typeof earlyCostText;
const PARTS = {
  earlyQuality: pagePick,
  earlyCostText: pageCost,
  earlyRendition: new Function(`return (${earlyRendition.toString()})`)() as typeof earlyRendition,
  drawLesson: new Function(`return (${drawLesson.toString()})`)() as typeof drawLesson,
  linkStyles: vi.fn(async (_hrefs: string[]) => undefined),
};
const STYLES = ['./assets/VideoPlayer-1.css'];

const KEYS = {
  earlyLessonKey: EARLY_LESSON_KEY,
  videoPreferencesKey: 'video_preferences',
  storageVersion: STORAGE_VERSION,
};
const TEXTS = { fr: earlyLessonTexts('fr', fr), en: earlyLessonTexts('en', en) };

const VIDEO = {
  _id: 'lesson-1',
  title: 'Mathematics Form 5 - Lesson 1',
  titles: { en: 'Quadratic equations', fr: 'Équations du second degré' },
  subjectTitle: 'Mathematics Form 5',
  subsection: 'Algebra',
  thumbnailUrl: '/media/t-320.jpg',
  thumbnailSrcset: '/media/t-320.jpg 320w, /media/t-640.jpg 640w',
  renditions: [
    { quality: 'saver', sizeBytes: 4_600_000, url: '/media/l1-saver.mp4?sig=1' },
    { quality: '360p', sizeBytes: 12_345_678, url: '/media/l1-360p.mp4?sig=1' },
  ],
};
const answerOf = (body: object, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
const PAID = {
  success: true,
  video: VIDEO,
  price: 2_500,
  expired: false,
  expiresAt: '2099-01-01T00:00:00.000Z',
};

function connection(value: EarlyConnection | undefined) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value });
}

let main: HTMLElement;
beforeEach(() => {
  main = document.createElement('main');
  main.setAttribute('aria-busy', 'true');
  document.body.appendChild(main);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  main.remove();
  Reflect.deleteProperty(navigator, 'connection');
  Reflect.deleteProperty(window, EARLY_LESSON_KEY);
  window.localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The page drawing the lesson from `answer` in `texts`, once its Play is there; `released()`: the code may go. */
async function drawnFrom(answer: Promise<Response>, texts: (typeof TEXTS)[keyof typeof TEXTS]) {
  let released = false;
  pageDraw(main, answer, texts, KEYS, PARTS, STYLES)?.then(() => {
    released = true;
  });
  await vi.waitFor(() => expect(main.querySelector('.player__play')).not.toBeNull());
  return { released: () => released, play: main.querySelector('.player__play') as HTMLButtonElement };
}

describe("the page's pick of the rendition", () => {
  it("is Auto's pick whenever it names one, whatever the page's own downloads would measure", () => {
    let named = 0;
    for (const saveData of [false, true])
      for (const type of [undefined, 'wifi', 'cellular', 'ethernet', 'unknown'])
        for (const effectiveType of [undefined, 'slow-2g', '2g', '3g', '4g'])
          for (const downlink of [undefined, 0, 0.35, 0.99, 1, 1.6, 10])
            for (const dataSaver of [false, true]) {
              const early = pagePick({ saveData, type, effectiveType, downlink }, dataSaver);
              if (early === null) continue;
              named += 1;
              for (const measuredKbps of [null, 300, 5_000]) {
                const hints: NetworkHints = {
                  online: true,
                  saveData,
                  type: type ?? null,
                  effectiveType: effectiveType ?? null,
                  downlinkKbps: typeof downlink === 'number' && downlink > 0 ? downlink * 1000 : null,
                  measuredKbps,
                };
                expect(early, JSON.stringify(hints)).toBe(
                  autoQuality({ hints, dataSaver, downloaded: null }),
                );
              }
            }
    expect(named).toBeGreaterThan(300);
  });

  it('names one on the links students have (a 3G phone, a 1.6 Mb/s one), none where the browser says nothing', () => {
    expect(pagePick({ effectiveType: '3g', downlink: 0.4 }, false)).toBe('saver');
    expect(pagePick({ effectiveType: '4g', downlink: 1.6 }, false)).toBe('360p');
    expect(pagePick(undefined, false)).toBeNull();
    expect(pagePick({ effectiveType: '4g' }, false)).toBeNull();
  });
});

describe("the page's cost line", () => {
  it('says what DataCost says, in both languages', () => {
    for (const lang of ['fr', 'en'] as const) {
      const i18n = createTestI18n(lang);
      for (const quality of QUALITIES)
        for (const sizeBytes of [
          null,
          0,
          999,
          460_000,
          999_999,
          4_600_000,
          12_345_678,
          1_234_567_890,
          2_000_000_000_000,
        ]) {
          const { container, unmount } = render(
            <I18nextProvider i18n={i18n}>
              <DataCost
                quality={quality}
                sizeBytes={sizeBytes}
                downloaded={false}
                pricePerGb={TEXTS[lang].pricePerGb}
              />
            </I18nextProvider>,
          );
          expect(pageCost(TEXTS[lang], quality, sizeBytes), `${lang} ${quality} ${sizeBytes}`).toBe(
            container.textContent,
          );
          unmount();
        }
    }
  });
});

describe('the lesson the page draws', () => {
  it('draws nothing, and lets the code go at once, where it cannot know what the app plays', () => {
    expect(pageDraw(main, answerOf(PAID), TEXTS.fr, KEYS, PARTS, STYLES)).toBeNull();
    connection({ effectiveType: '3g', downlink: 0.4 });
    expect(pageDraw(null, answerOf(PAID), TEXTS.fr, KEYS, PARTS, STYLES)).toBeNull();
    expect(pageDraw(main, undefined, TEXTS.fr, KEYS, PARTS, STYLES)).toBeNull();
    expect(pageDraw(main, answerOf(PAID), undefined, KEYS, PARTS, STYLES)).toBeNull();
    expect(main.childNodes).toHaveLength(0);
  });

  it('draws Play, the title and the cost in the page’s language, and holds the code until the student has not tapped for a while', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    connection({ effectiveType: '3g', downlink: 0.4 });
    const answer = answerOf(PAID);
    const page = await drawnFrom(answer, TEXTS.fr);
    expect(main.querySelector('.player__play')?.textContent).toBe('Lire');
    expect(main.hasAttribute('aria-busy')).toBe(false);
    // Drawn once the player's stylesheets apply.
    expect(PARTS.linkStyles).toHaveBeenCalledWith(STYLES);
    // The player's own rules for the title and the poster (the page's copies of videoTitle and posterOf).
    expect(main.querySelector('h1')?.textContent).toBe(videoTitle(VIDEO, 'fr'));
    expect(main.querySelector('h1')?.textContent).toBe('Équations du second degré');
    expect(main.querySelector('.player__subject')?.textContent).toBe('Mathematics Form 5 · Algebra');
    expect(main.querySelector('.data-cost')?.textContent).toBe(pageCost(TEXTS.fr, 'saver', 4_600_000));
    expect(main.querySelector('.player__play')?.getAttribute('aria-describedby')).toBe(
      main.querySelector('.data-cost')?.id,
    );
    expect(main.querySelector('img')?.getAttribute('src')).toBe(posterOf(VIDEO));
    expect(posterOf(VIDEO)).toBe('/media/t-640.jpg');
    // Nothing of the video before Play (issue 11).
    expect(main.querySelector('video')).toBeNull();
    const lesson = (window as unknown as Record<string, DrawnLesson>)[EARLY_LESSON_KEY];
    expect(lesson).toMatchObject({ videoId: 'lesson-1', url: '/media/l1-saver.mp4?sig=1', video: null });
    // The app still reads the answer itself.
    await expect((await answer).json()).resolves.toMatchObject({ price: 2_500 });
    await vi.advanceTimersByTimeAsync(2_900);
    expect(page.released()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(page.released()).toBe(true);
  });

  it('plays the rendition on a tap, and lets the code go at its first frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    connection({ effectiveType: '4g', downlink: 1.6 });
    const page = await drawnFrom(answerOf(PAID), TEXTS.en);
    page.play.click();
    const video = main.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/media/l1-360p.mp4?sig=1');
    expect(video.crossOrigin).toBe('anonymous');
    expect(video.getAttribute('aria-label')).toBe('Video: Quadratic equations');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(main.querySelector('.player__play')).toBeNull();
    expect((window as unknown as Record<string, DrawnLesson>)[EARLY_LESSON_KEY]?.video).toBe(video);
    // A tap stops the wait for a tap: the code waits for the frame.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(page.released()).toBe(false);
    video.dispatchEvent(new Event('playing'));
    await vi.waitFor(() => expect(page.released()).toBe(true));
  });

  it("plays the student's Data saver choice on a fast link", async () => {
    connection({ effectiveType: '4g', downlink: 10, type: 'wifi' });
    window.localStorage.setItem(
      'video_preferences',
      JSON.stringify({ v: STORAGE_VERSION, data: { dataSaver: true, wifiOnly: false, captions: 'off' } }),
    );
    pageDraw(main, answerOf(PAID), TEXTS.en, KEYS, PARTS, STYLES);
    await vi.waitFor(() => expect(main.querySelector('.player__play')).not.toBeNull());
    expect((window as unknown as Record<string, DrawnLesson>)[EARLY_LESSON_KEY]?.url).toBe(
      '/media/l1-saver.mp4?sig=1',
    );
  });

  it('draws nothing and lets the code go once the answer says the app must decide', async () => {
    connection({ effectiveType: '3g', downlink: 0.4 });
    const cases: Array<[string, Promise<Response>]> = [
      ['not paid', answerOf({ ...PAID, expired: true, expiresAt: null })],
      ['ended since', answerOf({ ...PAID, expiresAt: '2001-01-01T00:00:00.000Z' })],
      [
        'no such rendition',
        answerOf({ ...PAID, video: { ...VIDEO, renditions: VIDEO.renditions.slice(1) } }),
      ],
      ['a failure', answerOf({ success: false, msg: 'Erreur' }, 500)],
      ['no JSON', Promise.resolve(new Response('<html>', { status: 200 }))],
      ['no answer', Promise.reject(new TypeError('Failed to fetch'))],
    ];
    for (const [name, answer] of cases) {
      await expect(pageDraw(main, answer, TEXTS.fr, KEYS, PARTS, STYLES), name).resolves.toBeUndefined();
      expect(main.childNodes, name).toHaveLength(0);
    }
    // A stylesheet that cannot load: the page would draw a lesson without its layout.
    PARTS.linkStyles.mockRejectedValueOnce(new Error('offline'));
    await expect(pageDraw(main, answerOf(PAID), TEXTS.fr, KEYS, PARTS, STYLES)).resolves.toBeUndefined();
    expect(main.childNodes).toHaveLength(0);
    // A free subject plays without access.
    pageDraw(
      main,
      answerOf({ ...PAID, price: 0, expired: true, expiresAt: null }),
      TEXTS.fr,
      KEYS,
      PARTS,
      STYLES,
    );
    await vi.waitFor(() => expect(main.querySelector('.player__play')).not.toBeNull());
  });

  it('lets the code go after a while even when the tapped video never shows a frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    connection({ effectiveType: '3g', downlink: 0.4 });
    const page = await drawnFrom(answerOf(PAID), TEXTS.fr);
    page.play.click();
    await vi.advanceTimersByTimeAsync(7_500);
    expect(page.released()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(page.released()).toBe(true);
  });
});

describe("the page's access rule", () => {
  it('draws a lesson exactly when the player would play it, not offer its subject', async () => {
    const now = Date.now();
    for (const expired of [false, true])
      for (const expiresAt of [
        null,
        new Date(now - 60_000).toISOString(),
        new Date(now + 86_400_000).toISOString(),
      ])
        for (const price of [null, 0, 2_500]) {
          const body = { success: true as const, video: VIDEO, price, expired, expiresAt };
          // The player's own load and machine, from the same answer.
          const machine = playbackMachine.provide({
            actors: {
              loadVideo: fromPromise(({ input }) =>
                loadPlayerStart(
                  {
                    playVideo: async () => body,
                    fetchVideos: async () => [],
                    fetchSubjects: async () => [],
                  } as never,
                  input,
                  () => false,
                ),
              ),
              loadPosition: fromPromise<LoadPositionOutput, VideoIdInput>(async () => null),
            },
          });
          const actor = createActor(machine, {
            input: { videoId: VIDEO._id, userId: 'u1', quality: 'saver' },
          }).start();
          const settled = await waitFor(
            actor,
            (snapshot) => snapshot.matches('locked') || snapshot.matches('watching'),
          );
          actor.stop();
          const drawn = PARTS.earlyRendition(body, 'saver') !== null;
          expect(drawn, JSON.stringify({ expired, expiresAt, price })).toBe(settled.matches('watching'));
        }
  });
});
