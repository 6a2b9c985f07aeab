// Which request goes to which cache, as pure functions of the URL so they are unit-tested outside a worker.
// Paths are those of docs/api.md, relative to the app's scope (the server serves the app and the API together).

import { isApiRoot } from '../../contract/rules/api-roots';

/** Public lists, the same for every student: stale-while-revalidate (docs/product.md §7 "cached"). */
const CATALOGUE_LISTS = [
  /^subjects\/subject\/fetch-all$/,
  /^happenings\/fetch-all$/,
  /^news\/top-headlines$/,
  /^livetv\/channels$/,
  /^scholarships(\/[^/]+)?$/,
  /^shop\/products(\/[^/]+)?$/,
];

/**
 * The video lists and pages: public shape, but each video's `streamUrl` and `locked` are the caller's. And a
 * lesson's player answer (issue 19, `videos/video/play?videoId=…`, one entry per lesson): the player reads
 * nothing else, so its last copy is what opens a downloaded lesson offline.
 */
const VIDEO_LISTS =
  /^videos\/(fetchvideos(\/(anglophone|francophone|diplomaexams|competitiveexams))?|page|video\/play)$/;

/** The book lists and pages: POSTs, so kept under a key made of their body (postListKey). */
const BOOK_LISTS = /^books\/filtered-books$/;

/** Public pictures: subject pictures, video thumbnails, profile pictures (random names, never rewritten). */
const PICTURES = /^media\/(pictures|thumbnails|uploads)\/[^/]+$/;

const LESSON_VIDEO = /^media\/videos\/[^/]+$/;

/**
 * The big libraries of two screens only (hls.js for live TV, pdf.js and its worker for the reader): not in
 * the precache, which every installed app downloads, but kept once a student has used them, so a
 * downloaded book still opens offline. `LAZY_LIBRARY_GLOBS` are the same files for the precache's ignores.
 */
const LAZY_LIBRARY = /^assets\/(hls|pdf\.min|pdf\.worker\.min)-[\w-]{8,}\.m?js$/;
export const LAZY_LIBRARY_GLOBS = [
  'assets/hls-*.js',
  'assets/pdf.min-*.mjs',
  'assets/pdf.worker.min-*.mjs',
] as const;

/**
 * The request's path relative to the app's scope, without a leading slash ('' when outside the scope's
 * origin or path: such requests are left to the network).
 */
export function scopedPath(url: URL, scope: URL): string | null {
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  return url.pathname.slice(scope.pathname.length);
}

export const isCatalogueList = (path: string): boolean =>
  CATALOGUE_LISTS.some((pattern) => pattern.test(path));
export const isVideoList = (path: string): boolean => VIDEO_LISTS.test(path);
export const isBookList = (path: string): boolean => BOOK_LISTS.test(path);
export const isPicture = (path: string): boolean => PICTURES.test(path);
export const isLessonVideo = (path: string): boolean => LESSON_VIDEO.test(path);
export const isLazyLibrary = (path: string): boolean => LAZY_LIBRARY.test(path);

/** A navigation the app answers (hash routing: every page is index.html), unless it is a server path. */
export function isAppNavigation(path: string): boolean {
  const first = path.split('/')[0] ?? '';
  return !isApiRoot(first);
}

/**
 * The key an offline video is stored under: its URL without the query. A `streamUrl` is signed and expires
 * (docs/api.md), so the signed URL would never match again; the file path does, whichever signature asks for it.
 */
export function offlineVideoKey(url: string | URL, base?: string): string {
  const parsed = new URL(url, base);
  return `${parsed.origin}${parsed.pathname}`;
}

/**
 * The key a POSTed list is kept under: the Cache API keys only GETs, so the body's fields become the query
 * of the request's URL, in a fixed order (the same page asked twice is one entry). Null for a body that is
 * not a JSON object: such an answer is not kept.
 */
export function postListKey(url: string | URL, body: string): string | null {
  let fields: unknown;
  try {
    fields = body.trim() === '' ? {} : JSON.parse(body);
  } catch {
    return null;
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return null;
  const parsed = new URL(url);
  const query = new URLSearchParams(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
  return `${parsed.origin}${parsed.pathname}?${query}`;
}

/** The prerendered page of each language (scripts/prerender.ts). */
export const APP_PAGES = { en: 'index.html', fr: 'index.fr.html' } as const;
