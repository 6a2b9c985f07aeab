/**
 * The build's server side (scripts/prerender.ts): renders the landing route inside the shell, in one
 * language, with the very components the browser then hydrates (AppRoot). Nothing here runs in the browser.
 */
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import type { Language } from '../../machines/language';
import { REMINDER_TIMING } from '../../machines/reminderPlan';
import { SECTION_IDS } from '../screens/SectionVideos/sections';
import { EARLY_ANSWERS_KEY } from '../services/api/early-answers';
import { PLAY_VIDEO_PATH } from '../services/api/video-endpoints';
import { STORAGE_KEYS, STORAGE_VERSION } from '../services/storage';
import { Navbar } from '../ui/Navbar';
import { AppRoot } from './AppRoot';
import { preloadScreenFor, useHashPath } from './AppRoutes';
import type { AppShell } from './actors-context';
import type { AppActors, AppApi } from './create-app-actors';
import { EARLY_LESSON_KEY } from './early-lesson';
import { HOME_PATH, STUDY_PATH } from './first-card-preload';
import { PRERENDER_ATTRIBUTES, servedView } from './first-screen';
import { bootScript, CODE_FALLBACK_MS } from './first-screen-boot';
import type { FirstScreenRequest } from './first-screen-data';
import { firstScreenRequests } from './first-screen-data';
import { LANDING_PATH, MEMBER_START_PATH } from './landing-path';
import type { Lazy } from './lazy-load';
import { lessonStartScript } from './lesson-start-boot';

export { earlyLessonTexts } from './early-lesson';
export { firstCardTexts } from './first-card-shell';
export { withLessonStartScript } from './lesson-start-boot';

import { PLAYER_PATH } from './player-path';
import { ROUTES } from './routes';
import { SHELL_REST_ATTRIBUTE } from './shell-rest';
import { createShellViewStore } from './shell-view';
import { createUiStore } from './ui-store';

export const MEMBER_NAVBAR_ID = 'member-navbar';
export const APP_CODE_ID = 'app-code';
export type { FirstScreenRequest };
export { PRERENDER_ATTRIBUTES };

/** The inline script of the prerendered page, with its keys: it runs before the app's own code. */
export const BOOT_SCRIPT = bootScript({
  rootId: 'root',
  stateAttribute: PRERENDER_ATTRIBUTES.state,
  memberNavbarId: MEMBER_NAVBAR_ID,
  landingPath: LANDING_PATH,
  memberStartPath: MEMBER_START_PATH,
  playerPath: PLAYER_PATH,
  playPath: PLAY_VIDEO_PATH,
  earlyLessonKey: EARLY_LESSON_KEY,
  videoPreferencesKey: STORAGE_KEYS.videoPreferences,
  tokenKey: STORAGE_KEYS.token,
  userKey: STORAGE_KEYS.user,
  storageVersion: STORAGE_VERSION,
  cartKey: STORAGE_KEYS.cart,
  languageKey: STORAGE_KEYS.language,
  appCodeId: APP_CODE_ID,
  earlyAnswersKey: EARLY_ANSWERS_KEY,
  homePath: HOME_PATH,
  studyPath: STUDY_PATH,
  sectionIds: SECTION_IDS,
  expiryNoticeMs: REMINDER_TIMING.expiryFirstNotice,
  shellRestAttribute: SHELL_REST_ATTRIBUTE,
  codeFallbackMs: CODE_FALLBACK_MS,
});

/** The page's lesson request (issue 19), in its own inline script in the head (src/app/lesson-start-boot.ts). */
export const LESSON_START_KEYS = {
  playerPath: PLAYER_PATH,
  playPath: PLAY_VIDEO_PATH,
  tokenKey: STORAGE_KEYS.token,
  answersKey: EARLY_ANSWERS_KEY,
};
/** The head's lesson script, which also fetches `code`: the player's first render's code, as the build lists it. */
export const lessonStartScriptWith = (code: string[]): string =>
  lessonStartScript({ ...LESSON_START_KEYS, code });

/** Each route's first request, for the page's inline script to send (issue 19: src/app/first-screen-data.ts). */
export function routeRequests(apiBaseUrl: string): Promise<FirstScreenRequest[]> {
  return firstScreenRequests(ROUTES, apiBaseUrl);
}

export interface PrerenderedScreen {
  /** #root's inner HTML: the visitor's shell around the landing route. */
  landing: string;
  /** The navbar a logged-in student sees, swapped in before the first paint by the page's inline script. */
  memberNavbar: string;
}

/** Nothing is fetched at build time: a screen's data shows as loading, exactly as on a first paint. */
const unansweredApi = new Proxy({} as AppApi, {
  get: (_target, name) => (name === 'clearCache' ? () => undefined : () => new Promise(() => undefined)),
});

/** The root actors never load at build time: the first screen renders without them, as it hydrates. */
const actorsNeverLoaded: Lazy<AppActors> = {
  current: null,
  load: () => new Promise(() => undefined),
  subscribe: () => () => undefined,
};

export async function prerenderFirstScreen(
  lang: Language,
  dictionary: Record<string, unknown>,
): Promise<PrerenderedScreen> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: lang,
    resources: { [lang]: { translation: dictionary } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await preloadScreenFor(`#${LANDING_PATH}`);
  // Exactly what the browser hydrates with: the shell's view of the page as served (src/main.tsx).
  const shell: AppShell = {
    services: {
      ui: createUiStore(),
      now: () => Date.now(),
      navigate: () => undefined,
      api: unansweredApi,
      describeError: (error: unknown) => String(error),
    },
    actors: actorsNeverLoaded,
    view: createShellViewStore(servedView({ state: 'landing', lang, year: new Date().getFullYear() })),
  };

  const landing = renderToString(<AppRoot shell={shell} i18n={i18n} ssrPath={LANDING_PATH} />);
  const memberNavbar = renderToString(
    <I18nextProvider i18n={i18n}>
      <Router hook={useHashPath} ssrPath={LANDING_PATH}>
        <Navbar
          isLoggedIn
          cartCount={0}
          language={lang}
          onLanguageChange={() => undefined}
          onOpenCart={() => undefined}
          onLogout={() => undefined}
        />
      </Router>
    </I18nextProvider>,
  );
  return { landing, memberNavbar };
}
