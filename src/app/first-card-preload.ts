import type { HomeRules, homeCatalogue, studyCards, subjectPicture } from '../rules/first-card';
import type { isPaidSubject } from '../rules/subject-access';

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
}

/** The visit as the boot script read it: the route, the address's query, whether a student is logged in. */
export interface FirstCardVisit {
  path: string;
  query: string;
  member: boolean;
  language: string;
}

/** The screens' rules, inlined beside this part (src/rules/first-card.ts and the rules they read). */
export interface FirstCardRules extends HomeRules {
  subjectPicture: typeof subjectPicture;
  homeCatalogue: typeof homeCatalogue;
  studyCards: typeof studyCards;
  isPaidSubject: typeof isPaidSubject;
  storedPaidSubjects: typeof storedPaidSubjects;
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

/** On the catalogue's answer, preloads the picture of the card the screen will draw first (see above). */
export function preloadFirstCard(
  answer: Promise<Response> | undefined,
  visit: FirstCardVisit,
  keys: FirstCardKeys,
  rules: FirstCardRules,
): void {
  if (!answer || (visit.path !== keys.homePath && visit.path !== keys.studyPath)) return;
  // The stored student's paid subjects, as the app reads them: home's section and study-sections' cards
  // depend on them.
  const paid = visit.member
    ? rules.storedPaidSubjects(keys.userKey, keys.storageVersion, rules.isPaidSubject)
    : [];
  answer
    // A copy of the body: the app's client reads the answer itself (this runs first, as the answer arrives).
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((catalogue: unknown) => {
      if (!Array.isArray(catalogue)) return;
      let subject: { pictureurl?: unknown; pictureSrcset?: unknown } | undefined;
      if (visit.path === keys.homePath) {
        const query = new URLSearchParams(visit.query);
        const home = rules.homeCatalogue(
          catalogue,
          {
            requestedSection: query.get('section'),
            requestedLevel: query.get('level'),
            loggedIn: visit.member,
            paid,
            language: visit.language,
            now: Date.now(),
            sectionIds: keys.sectionIds,
          },
          rules,
        );
        // Under "Continue" the first card is below the fold and its picture lazy: nothing to hurry.
        subject = home.studying ? undefined : home.shown[0];
      } else {
        // A protected screen: without a student the app leaves it, and there is no card.
        const first = visit.member ? rules.studyCards(paid, catalogue)[0] : undefined;
        subject = first ? first.subject : undefined;
      }
      if (!subject || typeof subject.pictureurl !== 'string' || subject.pictureurl === '') return;
      const picture = rules.subjectPicture({
        pictureurl: subject.pictureurl,
        pictureSrcset: typeof subject.pictureSrcset === 'string' ? subject.pictureSrcset : undefined,
      });
      const link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'image');
      link.href = picture.src;
      if (picture.srcSet) {
        link.setAttribute('imagesrcset', picture.srcSet);
        link.setAttribute('imagesizes', picture.sizes);
      }
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    })
    .catch(() => undefined);
}
