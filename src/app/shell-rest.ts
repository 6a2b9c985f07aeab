import { useState } from 'react';

/**
 * Issue 19: on home and study-sections the page's inline script draws the first card before the app's code
 * runs (src/app/first-card-shell.ts). The app's first render replaces the page's content, and its list then
 * loads for a moment (its resource starts once mounted): in that moment the screen keeps the drawn rest (the
 * level picker, the first card) where its skeleton would be, so the picture never leaves the screen. The
 * drawn rest carries this attribute, its value the screen's route.
 */
export const SHELL_REST_ATTRIBUTE = 'data-shell-rest';

/**
 * The rest the page drew for the screen at `path`, if any: looked up in the screen's first render, while the
 * page's content is still there (the root's commit then takes it out of the page, and DrawnPlaceholder puts
 * it back in place). Null on any later mount: the placeholder drops the mark when it shows the rest.
 */
export function useShellRest(path: string): Element | null {
  const [rest] = useState(() =>
    typeof document === 'undefined' ? null : document.querySelector(`[${SHELL_REST_ATTRIBUTE}="${path}"]`),
  );
  return rest;
}
