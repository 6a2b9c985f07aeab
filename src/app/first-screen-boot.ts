import { homeCatalogue, studyCards, subjectPicture } from '../rules/first-card';
import { studentSection } from '../rules/student-section';
import { isPaidSubject, mayStudyAny } from '../rules/subject-access';
import type { EarlyLessonTexts } from './early-lesson-boot';
import {
  drawEarlyLesson,
  drawLesson,
  earlyCostText,
  earlyQuality,
  earlyRendition,
} from './early-lesson-boot';
import {
  chooseFirstCard,
  expiryNoticeDue,
  linkStyles,
  preloadFirstCard,
  storedPaidSubjects,
} from './first-card-preload';
import type { FirstCardTexts } from './first-card-shell';
import { drawFirstCard } from './first-card-shell';
import type { FirstScreenRequest } from './first-screen-data';
import { askFirstScreenData } from './first-screen-data';
import { matchRoute } from './route-lookup';

/**
 * Runs inline in the prerendered page, right after #root and before the first paint (scripts/prerender.ts
 * serialises it with `bootScript`: firstScreenBoot and each of its BOOT_PARTS are inlined as their own source
 * text, so each must stay self-contained: no imports, no helpers outside it, no syntax newer than the
 * app's own ES2020 target). The HTML holds the visitor's landing; this turns it into what this visit will show:
 *  - no route yet ('', '#/'): the landing's own route, or home for a logged-in student, as the app would
 *    redirect;
 *  - another route, or a logged-in student: the landing's content gives way to an empty page area, so the
 *    shell (navbar, footer) shows at once and the app renders the route into it;
 *  - a logged-in student gets the member navbar, a stored cart its count.
 * Whenever it changes anything it marks #root 'shell', and the app renders afresh instead of hydrating.
 * Then, once the first screen is painted, it starts the app's code (listed by the build in a JSON block):
 * the pixels arrive with the HTML, and the JavaScript, needed only to interact, comes right after them.
 * The landing as served hydrates without the root actors' code (XState and the machines), which loads
 * after it; a page made a shell renders only once they run, so their code is fetched with the app's then.
 */
export interface FirstScreenBootKeys {
  rootId: string;
  stateAttribute: string;
  memberNavbarId: string;
  landingPath: string;
  /** Where a logged-in student starts when no route is named. */
  memberStartPath: string;
  /** The lesson's route: its code starts before the first paint (below), or after the drawn lesson's first frame. */
  playerPath: string;
  /** The lesson's endpoint, as the head's lesson script asks it (src/app/lesson-start-boot.ts). */
  playPath: string;
  /** Where the drawn lesson is left for the app (src/app/early-lesson-boot.ts). */
  earlyLessonKey: string;
  /** The student's stored video settings (their Data saver setting decides the rendition). */
  videoPreferencesKey: string;
  tokenKey: string;
  userKey: string;
  /** The `{ v, data }` envelope's current version (src/services/storage.ts). */
  storageVersion: number;
  cartKey: string;
  /** Where the student's explicit choice of language is stored. */
  languageKey: string;
  /** The JSON block listing the app's code: `{ dictionaries, modulepreload, actors, files, routes, data, script }`. */
  appCodeId: string;
  /** Where the first screen's request, sent before the app's code runs, waits for the API client (issue 19). */
  earlyAnswersKey: string;
  /** The screens whose first card's picture is preloaded on the catalogue's answer (src/app/first-card-preload.ts). */
  homePath: string;
  studyPath: string;
  /** Every section's id, for home's `section` in the address. */
  sectionIds: readonly string[];
  /** How long before a paid subject ends the screens show its expiry notice (ms). */
  expiryNoticeMs: number;
  /** Marks the drawn part of the first card's screen the app keeps while its list loads. */
  shellRestAttribute: string;
  /** The longest the app's code waits for the first paint, or for home's first card (ms): CODE_FALLBACK_MS. */
  codeFallbackMs: number;
}

/** A frame that never comes, or a first card's picture that does not arrive, delays the app's code this long. */
export const CODE_FALLBACK_MS = 1000;

interface AppCode {
  /** Each language's dictionary URL, with its version (scripts/prerender.ts). */
  dictionaries: Record<string, string>;
  modulepreload: string[];
  /** The landing screen's own chunks, which a visit that opens on another listed route does not fetch. */
  landing?: string[];
  /** The root actors' chunks, which only a page made a shell needs before its first render. */
  actors?: string[];
  /** Chunk files (scripts and stylesheets) by index, and the ones each route's screen needs besides the entry's. */
  files?: string[];
  routes?: Record<string, number[]>;
  /** Each route's first request, sent by this script when the visit opens on it (src/app/first-screen-data.ts). */
  data?: FirstScreenRequest[];
  /** The words of home's and study-sections' drawn first card, in the page's language (first-card-shell.ts). */
  firstCard?: FirstCardTexts;
  /** The words of the drawn lesson, in the page's language (early-lesson-boot.ts). */
  lesson?: EarlyLessonTexts;
  script: string;
}

/**
 * Turns the landing as served into what this visit shows (see above); `path` is the route the location
 * names. Answers the route shown (the bare URL gets one) and whether the page is no longer the landing as
 * served.
 */
export function adaptToVisit(
  keys: FirstScreenBootKeys,
  named: string,
): { path: string; adapted: boolean; member: boolean } {
  let path = named;
  let member = false;
  try {
    const root = document.getElementById(keys.rootId);
    if (!root) return { path, adapted: false, member };
    const store = window.localStorage;
    const token = store.getItem(keys.tokenKey);
    if (token && store.getItem(keys.userKey)) {
      // src/rules/jwt.ts's isTokenExpired, written out (tests/ui/app/boot-token-expiry.test.ts holds it to
      // it): three parts, a base64url payload of UTF-8 JSON, `exp` a finite number of seconds still ahead.
      try {
        const parts = token.split('.');
        const part = parts[1] || '';
        const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
          c.charCodeAt(0),
        );
        const exp = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).exp;
        member =
          parts.length === 3 &&
          /^[A-Za-z0-9_-]*$/.test(part) &&
          Number.isFinite(exp) &&
          exp * 1000 > Date.now();
      } catch {
        member = false;
      }
    }
    if (path === '' || path === '/') {
      const start = member ? keys.memberStartPath : keys.landingPath;
      history.replaceState(history.state, '', `${location.pathname}${location.search}#${start}`);
      path = start;
    }
    let count = 0;
    try {
      const cart = JSON.parse(store.getItem(keys.cartKey) || 'null');
      const items = cart?.data || [];
      for (let i = 0; i < items.length; i += 1) count += Number(items[i].amount) || 0;
    } catch {
      count = 0;
    }
    if (path === keys.landingPath && !member && count === 0) return { path, adapted: false, member };

    root.setAttribute(keys.stateAttribute, 'shell');
    const template = document.getElementById(keys.memberNavbarId);
    const header = root.querySelector('header');
    if (member && template instanceof HTMLTemplateElement && header?.parentNode) {
      header.parentNode.replaceChild(template.content.cloneNode(true), header);
    }
    const badge = root.querySelector('.navbar__badge');
    if (badge) badge.textContent = String(count);
    const main = root.querySelector('main');
    if (main?.parentNode && (path !== keys.landingPath || member)) {
      const empty = document.createElement('main');
      empty.id = 'main';
      empty.className = 'page';
      empty.setAttribute('aria-busy', 'true');
      main.parentNode.replaceChild(empty, main);
    }
    return { path, adapted: true, member };
  } catch {
    // Storage blocked or an odd browser: the prerendered landing stays as served.
    return { path, adapted: false, member };
  }
}

/**
 * The language this visit is in, by the rule of contract/rules/language.ts (written out again here: the page
 * runs it before any module; tests/ui/app/first-screen.test.ts holds it to the rule): the stored choice,
 * else the first of the browser's languages that is en or fr, else en.
 */
export function visitLanguage(languageKey: string): string {
  try {
    const chosen = window.localStorage.getItem(languageKey);
    if (chosen === 'en' || chosen === 'fr') return chosen;
  } catch {
    // Storage blocked: the browser's languages decide.
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (let i = 0; i < languages.length; i += 1) {
    const primary = String(languages[i] || '')
      .toLowerCase()
      .split('-')[0];
    if (primary === 'en' || primary === 'fr') return primary;
  }
  return 'en';
}

/**
 * Adds the app's code to the page: the dictionary of the visit's language (not necessarily the page's: the
 * native shell always opens the English page, and a French-speaking phone never fetches the English one),
 * the entry's modules, the root actors' when the page was made a shell, the route's screen, the entry.
 */
export function startApp(
  code: AppCode,
  screen: string[],
  withActors: boolean,
  language: string,
  withLanding: boolean,
): void {
  const styles: string[] = [];
  const scripts: string[] = [];
  for (const href of screen) (/\.css$/.test(href) ? styles : scripts).push(href);
  const add = (element: HTMLElement) => document.head.appendChild(element);
  // What the head's lesson script already asked for (src/app/lesson-start-boot.ts) is not asked again.
  const asked: Record<string, boolean> = {};
  const links = document.head.querySelectorAll('link[rel=preload],link[rel=modulepreload]');
  for (let i = 0; i < links.length; i++) asked[links[i]?.getAttribute('href') || ''] = true;
  const dictionary = code.dictionaries[language];
  const preloads = (dictionary ? [{ href: dictionary, as: 'fetch' }] : []).concat(
    styles.map((href) => ({ href, as: 'style' })),
  );
  for (const resource of preloads) {
    if (asked[resource.href]) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.href = resource.href;
    link.as = resource.as;
    link.crossOrigin = 'anonymous';
    add(link);
  }
  const modules = code.modulepreload.concat(
    withLanding ? code.landing || [] : [],
    withActors ? code.actors || [] : [],
    scripts,
  );
  for (const href of modules) {
    if (asked[href]) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = 'anonymous';
    add(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = 'anonymous';
  script.src = code.script;
  add(script);
}

/** The functions firstScreenBoot calls, each inlined beside it as its own source text. */
export const BOOT_PARTS = {
  matchRoute,
  adaptToVisit,
  visitLanguage,
  startApp,
  askFirstScreenData,
  // Issue 19: the first card's picture, preloaded by the screens' own rules (src/rules/first-card.ts).
  preloadFirstCard,
  subjectPicture,
  homeCatalogue,
  studyCards,
  studentSection,
  mayStudyAny,
  isPaidSubject,
  storedPaidSubjects,
  chooseFirstCard,
  linkStyles,
  expiryNoticeDue,
  drawFirstCard,
  // Issue 19: a lesson's first frame before the app's code (src/app/early-lesson-boot.ts).
  drawEarlyLesson,
  earlyQuality,
  earlyCostText,
  earlyRendition,
  drawLesson,
};
type BootParts = typeof BOOT_PARTS;

export function firstScreenBoot(keys: FirstScreenBootKeys, parts: BootParts = BOOT_PARTS): void {
  const visit = parts.adaptToVisit(keys, location.hash.replace(/^#/, '').split('?')[0] || '');
  const block = document.getElementById(keys.appCodeId);
  if (!block) return;
  const code = JSON.parse(block.textContent || '{}') as AppCode;
  // Issue 19: the screen's list leaves now, while the HTML is parsed, not once the app's code has run.
  const language = parts.visitLanguage(keys.languageKey);
  // Home's "Continue" leaves with the catalogue for a student with a paid subject open (src/main.tsx's hint).
  const paid = visit.member
    ? parts.storedPaidSubjects(keys.userKey, keys.storageVersion, parts.isPaidSubject)
    : [];
  const mayStudy = parts.mayStudyAny(paid, Date.now());
  const answers = parts.askFirstScreenData(
    code.data,
    visit.path,
    keys.tokenKey,
    keys.earlyAnswersKey,
    parts.matchRoute,
    mayStudy,
  );
  // The screen's code is fetched with the entry's, not once the entry has run and asked for it: the chunks
  // of the route's screen, matched as the router does (`:name` takes one segment), if listed.
  const actual = visit.path;
  let screen: string[] = [];
  // The landing's own chunks come along unless the visit opens on another listed route (an unknown path
  // shows the landing too): a lesson's first frame does not wait behind four requests it never uses.
  let withLanding = true;
  for (const pattern in visit.adapted ? code.routes || {} : {}) {
    if (parts.matchRoute(pattern, actual)) {
      screen = (code.routes?.[pattern] || []).map((index) => (code.files || [])[index] || '').filter(Boolean);
      withLanding = actual === keys.landingPath;
      break;
    }
  }
  // And the first card's picture the moment that list is in, not once the app's code has drawn the card;
  // with the card itself, drawn into the page area the shell emptied (src/app/first-card-shell.ts).
  const hash = location.hash;
  const query = hash.indexOf('?') < 0 ? '' : hash.slice(hash.indexOf('?') + 1);
  const root = document.getElementById(keys.rootId);
  const main = visit.adapted && root ? root.querySelector('main') : null;
  const pictureShown = parts.preloadFirstCard(
    // The route's own list (the build lists a route's `data` before its `studentData`).
    answers[0]?.response,
    { path: visit.path, query, member: visit.member, language, paid },
    keys,
    parts,
    { main, texts: code.firstCard, styles: screen.filter((href) => /\.css$/.test(href)) },
  );
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    parts.startApp(code, screen, visit.adapted, language, withLanding);
  };
  // A frame callback runs just before the first paint; the task it queues runs after it. A hidden tab paints
  // nothing (and runs no frames): the code starts at once there, and a fallback covers a frame that never comes.
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  // A lesson never waits for the first paint (issue 19: its first paint is an empty shell, and waiting left a
  // slow link idle for 0.4 s). A paid lesson is drawn from the head script's answer, and its Play plays before
  // the app's code has arrived: the code waits for that first frame, or goes once nothing is drawn.
  if (visit.path === keys.playerPath) {
    const asked = (window as unknown as Record<string, unknown>)[keys.earlyAnswersKey];
    const lesson = (Array.isArray(asked) ? asked : []).filter(
      // The head script's answer. A build for another API origin (the native shell's) has no head script
      // (scripts/prerender.ts): nothing is found, nothing drawn, and the app's local code starts at once.
      (entry) => entry && typeof entry.url === 'string' && entry.url.indexOf(`${keys.playPath}?`) >= 0,
    )[0];
    const styles = screen.filter((href) => /\.css$/.test(href));
    const held = parts.drawEarlyLesson(main, lesson?.response, code.lesson, keys, parts, styles);
    if (held) held.then(start);
    else start();
    return;
  }
  // On home and study-sections the first card's picture (a few KB, the screen's largest paint) is asked for
  // on the catalogue's answer; the app's code (some 150 KB in about 27 files) follows the card's paint
  // instead of taking the connections and the main thread first, which held the picture back by a second or
  // more on a slow link. The fallback below still starts it within a second. The installed app's code comes
  // from its worker's cache, off the network: it starts at once.
  const fromWorker = !!navigator.serviceWorker?.controller;
  const after = pictureShown && !fromWorker ? pictureShown : undefined;
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  requestAnimationFrame(() => setTimeout(() => (after ? after.then(afterPaint) : start()), 0));
  setTimeout(start, keys.codeFallbackMs);
}

/** The page's inline script: firstScreenBoot called with its keys and its parts, all as source text. */
export function bootScript(keys: FirstScreenBootKeys): string {
  const parts = Object.entries(BOOT_PARTS).map(([name, part]) => `${name}: ${part.toString()}`);
  return `(${firstScreenBoot.toString()})(${JSON.stringify(keys)}, { ${parts.join(', ')} });`;
}
