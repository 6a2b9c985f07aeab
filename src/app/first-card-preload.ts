import type { HomeRules, homeCatalogue, studyCards, subjectPicture } from '../rules/first-card';
import type { isPaidSubject } from '../rules/subject-access';
import type { drawFirstCard, FirstCardTexts, ShellCard } from './first-card-shell';

/**
 * Issue 19: home's and study-sections' largest paint is their first subject card's picture, and Lighthouse
 * put nearly all of its time in "load delay": the picture's request waited for the card, which waited for the
 * app's code to arrive and render, although the page's inline script had the catalogue long before
 * (src/app/first-screen-data.ts). This boot part preloads that picture the moment the catalogue's answer is
 * in: `<link rel=preload as=image>` with the card's very URL, srcset and sizes and a high priority, so the
 * card's `<img>` finds it fetched (or on its way) when the app renders it. The card is chosen by the screens'
 * own rules (src/rules/first-card.ts), inlined beside this part: a preload the card would not use is a
 * second download on a costly link, so when the choice is not the screen's first eager picture (home under
 * "Continue", a subject missing from the catalogue) nothing is preloaded.
 *
 * A boot part (src/app/first-screen-boot.ts): inlined into every page as its own source text, so
 * self-contained (nothing from outside but its arguments, ES2020).
 */

/**
 * The two screens whose first card's picture the page preloads. Not in src/app/routes.ts, which the entry
 * carries (every byte there counts against the landing's budget); their entries there spell the names out
 * (scripts/route-chunks.ts reads that file), and tests/ui/app/first-card-preload.test.ts holds the two together.
 */
export const HOME_PATH = '/home';
export const STUDY_PATH = '/study-sections';

/** Where the preload applies, and what the screens' rules need of the page (the app-code block's keys). */
export interface FirstCardKeys {
  homePath: string;
  studyPath: string;
  /** Every section's id (src/screens/SectionVideos/sections.ts), for the address's `section`. */
  sectionIds: readonly string[];
  /** Where the stored user lives (its paid subjects). */
  userKey: string;
  /** The `{ v, data }` envelope's current `v` (src/services/storage.ts's STORAGE_VERSION). */
  storageVersion: number;
  /** How long before a paid subject ends the screens show its expiry notice above the list (ms). */
  expiryNoticeMs: number;
  /** Marks the part of the drawn screen the app keeps while its list loads (src/app/shell-rest.ts). */
  shellRestAttribute: string;
}

/** The page area the screen is drawn into, the words, the screen's stylesheets (src/app/first-card-shell.ts). */
export interface FirstCardShell {
  main: Element | null;
  texts: FirstCardTexts | undefined;
  styles: string[];
}

/**
 * The visit as the boot script read it: the route, the address's query, whether a student is logged in, and
 * the stored student's paid subjects as the app reads them at start (storedPaidSubjects; none for a visitor).
 */
export interface FirstCardVisit {
  path: string;
  query: string;
  member: boolean;
  language: string;
  paid: ReturnType<FirstCardRules['studyCards']>[number]['entry'][];
}

/** The screens' rules, inlined beside this part (src/rules/first-card.ts and the rules they read). */
export interface FirstCardRules extends HomeRules {
  subjectPicture: typeof subjectPicture;
  homeCatalogue: typeof homeCatalogue;
  studyCards: typeof studyCards;
  isPaidSubject: typeof isPaidSubject;
  storedPaidSubjects: typeof storedPaidSubjects;
  drawFirstCard: typeof drawFirstCard;
  chooseFirstCard: typeof chooseFirstCard;
  linkStyles: typeof linkStyles;
  expiryNoticeDue: typeof expiryNoticeDue;
}

/**
 * Whether the screens will show an expiry notice above their list: a paid subject whose access ends within
 * `noticeMs` (machines/reminderPlan.ts's expiryNotices, written out: a boot part imports nothing;
 * tests/ui/app/first-card-preload.test.ts holds the two together).
 */
export function expiryNoticeDue(
  paid: ReadonlyArray<{ expiresAt: string }>,
  now: number,
  noticeMs: number,
): boolean {
  return paid.some((entry) => {
    const left = Date.parse(entry.expiresAt) - now;
    return left > 0 && left <= noticeMs;
  });
}

/**
 * The stored student's paid subjects as the app reads them at start (src/services/storage.ts and
 * src/services/stored-records.ts): the user in this app's `{ v, data }` envelope of the current version only,
 * else the user the app this one replaced left as plain JSON (no `v`, an id or `_id` and a username);
 * anything else (another version, corrupt JSON, a list) is no user. The entries go through isPaidSubject;
 * the rest of the user's shape is the app's schema's to check. tests/ui/app/boot-stored-user.test.ts holds
 * this copy to storage's read.
 */
export function storedPaidSubjects(
  userKey: string,
  version: number,
  isPaid: FirstCardRules['isPaidSubject'],
): ReturnType<FirstCardRules['studyCards']>[number]['entry'][] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(userKey) || 'null');
    const isObject = (value: unknown): value is Record<string, unknown> =>
      typeof value === 'object' && value !== null && !Array.isArray(value);
    if (!isObject(stored)) return [];
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const user =
      'v' in stored
        ? stored.v === version
          ? stored.data
          : null
        : (text(stored.id) || text(stored._id)) && text(stored.username)
          ? stored
          : null;
    const list = isObject(user) ? user.paidSubjects : null;
    return Array.isArray(list) ? list.filter(isPaid) : [];
  } catch {
    // Storage blocked or corrupt JSON: no student's subjects, as the app reads it.
    return [];
  }
}

/** Links the screen's stylesheets now; settles when all have loaded (rejects if one fails). */
export function linkStyles(hrefs: string[]): Promise<unknown> {
  return Promise.all(
    hrefs.map(
      (href) =>
        new Promise<void>((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.crossOrigin = 'anonymous';
          link.onload = () => resolve();
          link.onerror = reject;
          document.head.appendChild(link);
        }),
    ),
  );
}

/**
 * The card the screen draws first, by the screens' own rules, with what stands above it; undefined when its
 * picture is not the screen's first eager one (home under "Continue", a subject missing from the catalogue).
 */
export function chooseFirstCard(
  catalogue: unknown[],
  visit: FirstCardVisit,
  keys: FirstCardKeys,
  rules: FirstCardRules,
  paid: ReturnType<FirstCardRules['studyCards']>[number]['entry'][],
  now: number,
): ShellCard | undefined {
  type Entry = {
    pictureurl?: unknown;
    pictureSrcset?: unknown;
    subjectTitle?: unknown;
    level?: unknown;
    description?: Record<string, unknown>;
  };
  let subject: Entry | undefined;
  let title: unknown;
  let home: ShellCard['home'];
  if (visit.path === keys.homePath) {
    const query = new URLSearchParams(visit.query);
    const shown = rules.homeCatalogue(
      catalogue as Parameters<FirstCardRules['homeCatalogue']>[0],
      {
        requestedSection: query.get('section'),
        requestedLevel: query.get('level'),
        loggedIn: visit.member,
        paid,
        language: visit.language,
        now,
        sectionIds: keys.sectionIds,
      },
      rules,
    );
    // Under "Continue" the first card is below the fold and its picture lazy: nothing to hurry.
    subject = shown.studying ? undefined : shown.shown[0];
    title = subject?.subjectTitle;
    const levels: unknown[] = [];
    for (const entry of shown.inSection) if (levels.indexOf(entry.level) < 0) levels.push(entry.level);
    home = { section: shown.section, loggedIn: visit.member, levels: levels.length, level: shown.level };
  } else {
    // A protected screen: without a student the app leaves it, and there is no card.
    const first = visit.member
      ? rules.studyCards(paid, catalogue as Parameters<FirstCardRules['studyCards']>[1])[0]
      : undefined;
    subject = first?.subject;
    title = first?.entry.subjectTitle;
  }
  if (!subject || typeof subject.pictureurl !== 'string' || subject.pictureurl === '') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    picture: rules.subjectPicture({
      pictureurl: subject.pictureurl,
      pictureSrcset: typeof subject.pictureSrcset === 'string' ? subject.pictureSrcset : undefined,
    }),
    level: text(subject.level),
    title: text(title),
    description: text(subject.description?.[visit.language === 'fr' ? 'fr' : 'en']),
    ...(home ? { home } : { study: { count: paid.length } }),
  };
}

/**
 * On the catalogue's answer, preloads the picture of the card the screen will draw first (see above) and,
 * when the page has the screen's words in the visit's language, draws that card into the page area
 * (src/app/first-card-shell.ts) once the screen's stylesheets are in.
 */
export function preloadFirstCard(
  answer: Promise<Response> | undefined,
  visit: FirstCardVisit,
  keys: FirstCardKeys,
  rules: FirstCardRules,
  shell: FirstCardShell,
): Promise<unknown> | undefined {
  if (!answer || (visit.path !== keys.homePath && visit.path !== keys.studyPath)) return undefined;
  // Home's section and study-sections' cards depend on the student's paid subjects.
  const paid = visit.paid;
  const now = Date.now();
  // The screen draws an expiry notice above its list once the list is in: a drawn card would then sit
  // where the app's does not. Home draws only for a student without paid subjects (the others see
  // "Continue" first, or may have notices); study-sections only without a notice due.
  const noticeDue = rules.expiryNoticeDue(paid, now, keys.expiryNoticeMs);
  const drawable =
    shell.main !== null &&
    shell.texts?.lang === visit.language &&
    (visit.path === keys.homePath ? paid.length === 0 : !noticeDue);
  // The screen's stylesheets, applied now rather than once the app links them: the drawn card needs them
  // (a stylesheet added by a script does not hold the first paint back). Nothing waits on them otherwise.
  const styled = drawable ? rules.linkStyles(shell.styles) : Promise.reject(new Error('not drawn'));
  styled.catch(() => undefined);
  // Settles once the picture is in and the card drawn (or there is no picture to wait for): the app's code
  // may follow. Its 150 KB started beside the picture took the link and then the main thread, and the
  // picture, in by then, was painted only after them: on Lighthouse's mobile profile home's LCP fell on
  // either side of 2 s by which of the two came first (issue 19, docs/performance.md).
  return (
    answer
      // A copy of the body: the app's client reads the answer itself (this runs first, as the answer arrives).
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((catalogue: unknown) => {
        const card = Array.isArray(catalogue)
          ? rules.chooseFirstCard(catalogue, visit, keys, rules, paid, now)
          : undefined;
        if (!card) return;
        const link = document.createElement('link');
        const pictureIn = new Promise((resolve) => {
          link.onload = resolve;
          link.onerror = resolve;
        });
        link.rel = 'preload';
        link.setAttribute('as', 'image');
        link.href = card.picture.src;
        if (card.picture.srcSet) {
          link.setAttribute('imagesrcset', card.picture.srcSet);
          link.setAttribute('imagesizes', card.picture.sizes);
        }
        link.setAttribute('fetchpriority', 'high');
        document.head.appendChild(link);
        const drawn = styled.then(
          () => {
            const main = shell.main;
            // Only into the page area the boot emptied, still empty: the app may have drawn the screen first.
            if (!main || !shell.texts || !main.isConnected || main.childNodes.length > 0) return;
            rules.drawFirstCard(main, card, shell.texts, {
              restAttribute: keys.shellRestAttribute,
              path: visit.path,
            });
          },
          () => undefined,
        );
        return Promise.all([pictureIn, drawn]);
      })
      .catch(() => undefined)
  );
}
