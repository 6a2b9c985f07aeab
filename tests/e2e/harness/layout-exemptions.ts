import type { Lang } from './dictionary';
import type { LayoutCheck } from './layout-checks';

export type Who = 'visitor' | 'student';
/** What the guard checks; `content` is a route whose screen never showed its content. */
export type Check = LayoutCheck | 'axe' | 'content';

/**
 * A finding the layout guard knows and leaves to its owner (docs/layout.md lists them), named so that the
 * lead can remove it once that work is merged. A finding is dropped only when the route, the check and the
 * element all match; an exemption that matches nothing in its languages fails the guard, so none outlives
 * its reason.
 */
export interface Exemption {
  name: string;
  langs: readonly Lang[];
  /** Only for the visitor or only for the student; both when absent. */
  who?: Who;
  /** Matched against the route as the guard names it, e.g. `books/book-maths-f5-formulas`. */
  route: RegExp;
  check: Check;
  /** Matched against the element as the finding describes it, e.g. `select.input "Tous les niveaux…"`. */
  element: RegExp;
  why: string;
}

export const EXEMPTIONS: readonly Exemption[] = [];
