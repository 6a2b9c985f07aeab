import type { ListedSection } from '../../../contract/common';
import type { NewsArticle } from '../../../contract/content';
import { withArticleIds } from '../../../contract/rules/news-article-id';

// How some calls are written and read beyond their path: the video lists' section spelling, a paged list's
// query (issue 12: only the fields given, in a fixed order, so each page has one cache entry however the
// caller wrote it), and the news answer's two shapes.

function givenFields(query: object): [string, unknown][] {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
}

/** A GET page's query string ('' when nothing is given). */
export function queryString(query: object): string {
  const entries = givenFields(query).map(([name, value]) => [name, String(value)]);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries)}`;
}

/** A POST page's body with the same fields in the same order. */
export function canonicalBody<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(givenFields(query)) as Partial<T>;
}

/** The video list paths spell the sections without hyphens (docs/product.md §7), unlike the subject ones. */
export const VIDEO_SECTION_PATHS = {
  anglophone: 'anglophone',
  francophone: 'francophone',
  'diploma-exams': 'diplomaexams',
  'competitive-exams': 'competitiveexams',
} as const satisfies Record<ListedSection, string>;

// The news service answers `{ status, totalResults, articles }`; accept a bare array too, so a proxy that
// unwraps it (or a backend that already does) works unchanged. An answer from before articles had ids (kept
// by the service worker, or from an older server) gets the ids this server would have given.
export function articlesOf(body: NewsArticle[] | { articles?: NewsArticle[] } | undefined): NewsArticle[] {
  return withArticleIds(Array.isArray(body) ? body : (body?.articles ?? []));
}
