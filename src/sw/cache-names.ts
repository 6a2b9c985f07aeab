/**
 * The service worker's runtime caches, named here once because the app reads them too: the offline
 * downloads live in offlineVideos and OFFLINE_BOOKS_CACHE, and logout deletes every cache except Workbox's
 * precache (the app shell belongs to nobody). So every runtime cache below is per-device data that goes on
 * logout.
 */
export const RUNTIME_CACHES = {
  /** Public catalogue lists (subjects, happenings, news, …): stale-while-revalidate. */
  catalogue: 'catalogue-lists',
  /** Video lists carry the student's own `streamUrl`/`locked`: network first, this copy only offline. */
  videoLists: 'video-lists',
  /** Pictures and thumbnails: cache first, expiring. */
  images: 'images',
  /** Videos the student downloaded for offline study, keyed by their stable URL (no signature). */
  offlineVideos: 'offline-videos',
  /** The start of downloads not finished yet (a lost connection, a pause), resumed from there. */
  offlineVideoParts: 'offline-video-parts',
} as const;

// More runtime caches, as their own constants so the first screen's script, which needs the ones above,
// does not carry their names too.
/** Books downloaded for offline reading (src/services/offline/book-downloads.ts), keyed like the videos. */
export const OFFLINE_BOOKS_CACHE = 'offline-books';
/**
 * Pages of books (POST books/filtered-books), network first like the video lists: they carry the student's
 * own `locked` and `fileUrl`.
 */
export const BOOK_LISTS_CACHE = 'book-lists';
/**
 * The first bytes (at most 128 KiB) of the last few lesson files the student streamed, so the next start of
 * one plays without the network (src/sw/lesson-heads.ts). Per student: logout deletes it.
 */
export const LESSON_HEADS_CACHE = 'lesson-heads';
/** hls.js and pdf.js, kept once used (never precached: most students never open those screens). */
export const LAZY_LIBRARIES_CACHE = 'lazy-libraries';

/**
 * Each language's page and dictionary (src/sw/language-packs.ts): the app shell too, but only the student's
 * language is downloaded.
 */
export const LANGUAGE_PACKS_CACHE = 'language-packs';

/** Workbox names its precache `workbox-precache-v2-<scope>`. */
export const PRECACHE_PREFIX = 'workbox-precache';

/**
 * The app shell's caches (the precache and the language packs): nobody's personal data, so logout keeps
 * them and the app still opens offline (the composition root's clearCaches).
 */
export const isAppShellCache = (cacheName: string): boolean =>
  cacheName.startsWith(PRECACHE_PREFIX) || cacheName === LANGUAGE_PACKS_CACHE;
