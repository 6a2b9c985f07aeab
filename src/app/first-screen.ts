import { LANDING_PATH } from './landing-path';
import type { ShellView } from './shell-view';

/**
 * The prerendered first screen (issue 12): the build writes the landing route and the shell into #root for
 * each language (scripts/prerender.ts) and marks it with these attributes; a small inline script may then
 * turn it into a bare shell before the first paint (another route, a logged-in student, a cart). The app
 * hydrates the markup only when its own first render is exactly what the markup shows.
 */
export const PRERENDER_ATTRIBUTES = {
  /** 'landing': the prerendered landing as built; 'shell': the inline script reduced it to the shell. */
  state: 'data-prerendered',
  lang: 'data-lang',
  year: 'data-year',
} as const;

export interface PrerenderedMarkup {
  state: 'landing' | 'shell' | null;
  lang: string | null;
  year: number | null;
}

export function readPrerendered(root: Element): PrerenderedMarkup {
  const state = root.getAttribute(PRERENDER_ATTRIBUTES.state);
  const year = Number(root.getAttribute(PRERENDER_ATTRIBUTES.year));
  return {
    state: state === 'landing' || state === 'shell' ? state : null,
    lang: root.getAttribute(PRERENDER_ATTRIBUTES.lang),
    year: Number.isInteger(year) && year > 0 ? year : null,
  };
}

export interface FirstRender {
  /** The route path the app is about to render (hash path without its query). */
  path: string;
  /**
   * The language the app starts in (contract/rules/language.ts: the stored choice, else the browser's
   * languages): the language machine starts in it.
   */
  language: string;
  /** The footer's year. */
  year: number;
}

/**
 * Hydration must find the markup the app renders itself: the landing in the language the app starts in,
 * in the year it was built. The page's inline script already reduced the markup to the shell for a
 * logged-in student, a stored cart or another route. Anything else is rendered afresh over the shell.
 */
export function canHydrate(markup: PrerenderedMarkup, app: FirstRender): boolean {
  return (
    markup.state === 'landing' &&
    app.path === LANDING_PATH &&
    markup.lang === app.language &&
    markup.year === app.year
  );
}

/**
 * What the served page shows of the session, the cart and the language: the shell's view until the root
 * actors take over (a visitor with an empty cart, as prerendered; the inline script left it so).
 */
export function servedView(markup: PrerenderedMarkup): ShellView {
  return {
    isLoggedIn: false,
    cartCount: 0,
    language: markup.lang === 'fr' ? 'fr' : 'en',
    translated: markup.state === 'landing',
    live: false,
  };
}

/** The hash path the router will match, without '#' and the query. */
export function hashPath(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}
