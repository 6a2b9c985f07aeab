import type { SubjectPicture } from '../rules/first-card';
import { SECTIONS } from '../screens/SectionVideos/sections';
import { dictionaryText } from './dictionary-text';

/**
 * Issue 19: home's and study-sections' largest paint is their first subject card's picture. Preloaded on the
 * catalogue's answer (src/app/first-card-preload.ts), it still waited for the card, which waited for the app's
 * code (about 150 KB gzip, run on a slow phone's CPU). This boot part draws the screen as the app will draw it
 * once its list is in, into the page's empty page area, the moment the catalogue has answered: the heading
 * and what stands above the list, then the first card (its picture with the card's very URL, srcset and
 * sizes, its level, title and description), so the student sees the subject while the code still loads.
 *
 * The app's first render puts its own top in place (the same words, the same boxes) and, while its list is
 * still loading, keeps the drawn rest (the level picker, the first card) where its skeleton would be
 * (src/app/shell-rest.ts): the picture never leaves the screen, and the app's card then takes its box. The
 * drawn rest is hidden from screen readers (aria-hidden): they hear the app's loading status, then its card.
 * The card's status line and buttons are the app's alone (they need its rules and its code to work).
 *
 * A boot part (src/app/first-screen-boot.ts): inlined into every page as its own source text, so
 * self-contained (nothing from outside but its arguments, ES2020). tests/e2e/first-screen.e2e.test.ts holds
 * the drawn boxes to the app's.
 */

/** The words the drawing needs, in the page's language (the build takes them from its dictionary). */
export interface FirstCardTexts {
  lang: string;
  homeTitle: string;
  homeIntro: string;
  sectionsLabel: string;
  sectionVideos: string;
  level: string;
  allLevels: string;
  studyTitle: string;
  /** study.intro's plural forms, `{{count}}` inside. */
  studyIntro: Record<string, string>;
  /** Every section in the screens' order: its name, its line under the chips, its videos' route. */
  sections: Array<{ id: string; title: string; summary: string; videoRoute: string }>;
}

/** The first card and what stands above it, as the screen's rules chose them (src/app/first-card-preload.ts). */
export interface ShellCard {
  picture: SubjectPicture;
  level: string;
  title: string;
  description: string;
  /** Home: the section shown, whether a student is signed in, how many levels it has, the level chosen. */
  home?: { section: string; loggedIn: boolean; levels: number; level: string };
  /** Study-sections: how many subjects the student has. */
  study?: { count: number };
}

/** Draws the screen's top and first card into the page area `main` (see above); `rest` marks what the app keeps. */
export function drawFirstCard(
  main: Element,
  card: ShellCard,
  texts: FirstCardTexts,
  keys: { restAttribute: string; path: string },
): void {
  const el = (tag: string, className?: string, text?: string, parent?: Node): HTMLElement => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  };
  const top = document.createDocumentFragment();
  const rest = el('div');
  rest.setAttribute(keys.restAttribute, keys.path);
  rest.setAttribute('aria-hidden', 'true');
  // Its children lay out as the page area's own, as the app's do.
  rest.style.display = 'contents';
  const home = card.home;
  if (home) {
    main.className = 'page home';
    el('h1', '', texts.homeTitle, top);
    el('p', 'hint', texts.homeIntro, top);
    const group = el('fieldset', 'chips-group', undefined, top);
    el('legend', 'visually-hidden', texts.sectionsLabel, group);
    const chips = el('div', 'chips', undefined, group);
    let shown = texts.sections[0];
    for (const section of texts.sections) {
      const chip = el('button', 'chip', section.title, chips);
      chip.setAttribute('type', 'button');
      chip.setAttribute('aria-pressed', String(section.id === home.section));
      if (section.id === home.section) shown = section;
    }
    const intro = el('div', 'home__section-intro', undefined, top);
    el('p', '', shown ? shown.summary : '', intro);
    if (home.loggedIn && shown) {
      el('a', 'home__videos-link', texts.sectionVideos, intro).setAttribute('href', `#/${shown.videoRoute}`);
    }
    if (home.levels > 1) {
      const label = el('label', 'home__level', undefined, rest);
      el('span', '', texts.level, label);
      const select = el('select', 'input', undefined, label);
      el('option', '', home.level || texts.allLevels, select);
    }
  } else {
    el('h1', '', texts.studyTitle, top);
    const count = card.study ? card.study.count : 1;
    const intro = texts.studyIntro[new Intl.PluralRules(texts.lang).select(count)] || texts.studyIntro.other;
    el('p', 'hint', (intro || '').replace('{{count}}', String(count)), rest);
  }
  const list = el('li', '', undefined, el('ul', 'subject-grid', undefined, rest));
  const article = el('article', 'subject-card', undefined, list);
  const image = el('img', 'subject-card__picture', undefined, article);
  image.setAttribute('src', card.picture.src);
  if (card.picture.srcSet) image.setAttribute('srcset', card.picture.srcSet);
  image.setAttribute('sizes', card.picture.sizes);
  image.setAttribute('alt', '');
  image.setAttribute('width', '320');
  image.setAttribute('height', '180');
  image.setAttribute('fetchpriority', 'high');
  const body = el('div', 'subject-card__body', undefined, article);
  el('p', 'card-eyebrow', card.level, body);
  el('h2', 'card-title', card.title, body);
  el('p', 'card-muted', card.description, body);
  main.textContent = '';
  main.appendChild(top);
  main.appendChild(rest);
}

/**
 * The words home's and study-sections' first card is drawn with before the app's code runs (issue 19,
 * src/app/first-card-shell.ts), from the page's dictionary: the very keys the screens render.
 */
export function firstCardTexts(lang: string, dictionary: Record<string, unknown>): FirstCardTexts {
  const t = dictionaryText(lang, dictionary);
  return {
    lang,
    homeTitle: t('home.title'),
    homeIntro: t('home.intro'),
    sectionsLabel: t('catalogue.sectionsLabel'),
    sectionVideos: t('catalogue.sectionVideos'),
    level: t('catalogue.level'),
    allLevels: t('catalogue.allLevels'),
    studyTitle: t('routes.study-sections'),
    studyIntro: { one: t('study.intro_one'), other: t('study.intro_other') },
    sections: SECTIONS.map((section) => ({
      id: section.id,
      title: t(`sections.${section.id}.title`),
      summary: t(`sections.${section.id}.summary`),
      videoRoute: section.videoRoute,
    })),
  };
}
