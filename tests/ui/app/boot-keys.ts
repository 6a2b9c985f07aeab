import { vi } from 'vitest';
import { REMINDER_TIMING } from '../../../machines/reminderPlan';
import { EARLY_LESSON_KEY } from '../../../src/app/early-lesson';
import { HOME_PATH, STUDY_PATH } from '../../../src/app/first-card-preload';
import type { FirstCardTexts } from '../../../src/app/first-card-shell';
import { CODE_FALLBACK_MS, type FirstScreenBootKeys } from '../../../src/app/first-screen-boot';
import type { FirstScreenRequest } from '../../../src/app/first-screen-data';
import { PLAYER_PATH } from '../../../src/app/player-path';
import { SHELL_REST_ATTRIBUTE } from '../../../src/app/shell-rest';
import { SECTION_IDS } from '../../../src/screens/SectionVideos/sections';
import { EARLY_ANSWERS_KEY } from '../../../src/services/api/early-answers';
import { PLAY_VIDEO_PATH } from '../../../src/services/api/video-endpoints';
import { STORAGE_VERSION } from '../../../src/services/storage';

/** The page's inline boot script's keys, as the boot tests build the page they run it in. */
export const BOOT_TEST_KEYS: FirstScreenBootKeys = {
  rootId: 'root',
  stateAttribute: 'data-prerendered',
  memberNavbarId: 'member-navbar',
  landingPath: '/landing',
  memberStartPath: '/home',
  playerPath: PLAYER_PATH,
  playPath: PLAY_VIDEO_PATH,
  earlyLessonKey: EARLY_LESSON_KEY,
  videoPreferencesKey: 'video_preferences',
  tokenKey: 'id_token',
  userKey: 'user',
  storageVersion: STORAGE_VERSION,
  cartKey: 'shopping_cart',
  languageKey: 'language',
  appCodeId: 'app-code',
  earlyAnswersKey: EARLY_ANSWERS_KEY,
  homePath: HOME_PATH,
  studyPath: STUDY_PATH,
  sectionIds: SECTION_IDS,
  expiryNoticeMs: REMINDER_TIMING.expiryFirstNotice,
  shellRestAttribute: SHELL_REST_ATTRIBUTE,
  codeFallbackMs: CODE_FALLBACK_MS,
};

/** The prerendered page as the build writes it, its app-code block listing the routes' first requests. */
export function servedBootPage(
  data: FirstScreenRequest[] | undefined,
  /** The words of the drawn first card (src/app/first-card-shell.ts), as the build puts them in the block. */
  firstCard?: FirstCardTexts,
  /** The app's entry, by its URL: a test can tell its own boot's from an earlier test's late fallback. */
  script = './assets/index-3.js',
): void {
  document.body.innerHTML = [
    '<div id="root" data-prerendered="landing" data-lang="en" data-year="2026">',
    '<header class="navbar"></header><main id="main" class="landing"><h1>Welcome</h1></main><footer></footer></div>',
    '<template id="member-navbar"><header class="navbar navbar--member"></header></template>',
  ].join('');
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'app-code';
  const code = { dictionaries: {}, modulepreload: [], script };
  block.textContent = JSON.stringify({
    ...code,
    ...(data ? { data } : {}),
    ...(firstCard ? { firstCard } : {}),
  });
  document.body.appendChild(block);
}

/** What a boot test leaves behind, undone: storage, the address, the head, the early answers, the stubs. */
export function resetBootPage(): void {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  document.head.innerHTML = '';
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_KEY];
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
