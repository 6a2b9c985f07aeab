import { describe, expect, it } from 'vitest';
import {
  BOOK_LISTS_CACHE,
  isAppShellCache,
  LANGUAGE_PACKS_CACHE,
  RUNTIME_CACHES,
} from '../../../src/sw/cache-names';
import {
  isAppNavigation,
  isBookList,
  isCatalogueList,
  isLazyLibrary,
  isLessonVideo,
  isPicture,
  isVideoList,
  offlineVideoKey,
  postListKey,
  scopedPath,
} from '../../../src/sw/routes';

describe('service worker routing rules', () => {
  const scope = new URL('https://study.example/app/');

  it('reads paths relative to the scope, and leaves other origins alone', () => {
    expect(scopedPath(new URL('https://study.example/app/subjects/subject/fetch-all'), scope)).toBe(
      'subjects/subject/fetch-all',
    );
    expect(scopedPath(new URL('https://cdn.example/app/x'), scope)).toBeNull();
    expect(scopedPath(new URL('https://study.example/other'), scope)).toBeNull();
  });

  it('caches the public catalogue lists, never per-student answers', () => {
    for (const path of [
      'subjects/subject/fetch-all',
      'happenings/fetch-all',
      'news/top-headlines',
      'livetv/channels',
      'scholarships',
      'shop/products/p1',
    ]) {
      expect(isCatalogueList(path), path).toBe(true);
    }
    for (const path of [
      'users/profile',
      'transactions',
      'payments/momo/requesttopay/abc',
      'users/fetchStudentDetail',
      'videos/fetchvideos',
    ]) {
      expect(isCatalogueList(path), path).toBe(false);
      expect(isPicture(path), path).toBe(false);
    }
    expect(isVideoList('videos/fetchvideos')).toBe(true);
    expect(isVideoList('videos/fetchvideos/diplomaexams')).toBe(true);
    // Pages of lessons (issue 12): the query is not part of the path the rule reads.
    expect(isVideoList('videos/page')).toBe(true);
    // A lesson's player answer (issue 19): the last copy opens a downloaded lesson offline.
    expect(isVideoList('videos/video/play')).toBe(true);
    expect(isVideoList('videos/video/position')).toBe(false);
    expect(isVideoList('videos/filtered-videos')).toBe(false);
  });

  it('keeps the book lists and pages under a key made of their body, whatever its order', () => {
    expect(isBookList('books/filtered-books')).toBe(true);
    expect(isBookList('books/book-1')).toBe(false);
    expect(isBookList('books/file/book-1')).toBe(false);
    const url = 'https://study.example/app/books/filtered-books';
    const key = postListKey(url, '{"section":"anglophone","limit":12,"cursor":"c.1"}');
    expect(key).toBe(`${url}?cursor=c.1&limit=12&section=anglophone`);
    expect(postListKey(url, '{"cursor":"c.1","limit":12,"level":"","section":"anglophone"}')).toBe(key);
    expect(postListKey(url, '{"section":"anglophone","limit":12}')).not.toBe(key);
    expect(postListKey(url, '')).toBe(`${url}?`);
    // A body that is no JSON object is never kept.
    expect(postListKey(url, 'not json')).toBeNull();
    expect(postListKey(url, '[1]')).toBeNull();
  });

  it('tells pictures from lesson videos', () => {
    expect(isPicture('media/thumbnails/a.jpg')).toBe(true);
    expect(isPicture('media/videos/a.mp4')).toBe(false);
    expect(isLessonVideo('media/videos/a.mp4')).toBe(true);
    // Renditions and their captions: a downloaded lesson's captions are served offline like its video.
    expect(isLessonVideo('media/videos/lesson-maths-saver.mp4')).toBe(true);
    expect(isLessonVideo('media/videos/lesson-maths-fr.vtt')).toBe(true);
    expect(isLessonVideo('media/pictures/a.jpg')).toBe(false);
  });

  it('answers app pages with index.html but not the server’s own pages', () => {
    expect(isAppNavigation('')).toBe(true);
    expect(isAppNavigation('index.html')).toBe(true);
    expect(isAppNavigation('docs')).toBe(false);
    expect(isAppNavigation('docs/static/index.html')).toBe(false);
    expect(isAppNavigation('media/books/b.pdf')).toBe(false);
  });

  it('tells the two big screen libraries from the app shell, whatever their hash', () => {
    expect(isLazyLibrary('assets/hls-hL5p1nWu.js')).toBe(true);
    expect(isLazyLibrary('assets/pdf.min-C0ffee12.mjs')).toBe(true);
    expect(isLazyLibrary('assets/pdf.worker.min-FHbmGBN0.mjs')).toBe(true);
    expect(isLazyLibrary('assets/index-Dbqy_DOK.js')).toBe(false);
    expect(isLazyLibrary('assets/LiveTv-Dbqy_DOK.js')).toBe(false);
    expect(isLazyLibrary('media/books/hls-12345678.js')).toBe(false);
  });

  it('keys an offline video by its URL without the expiring signature', () => {
    expect(offlineVideoKey('https://s.example/media/videos/a.mp4?exp=1&sig=x')).toBe(
      'https://s.example/media/videos/a.mp4',
    );
    expect(offlineVideoKey('/media/videos/a.mp4?sig=y', 'https://s.example/#/video-player')).toBe(
      'https://s.example/media/videos/a.mp4',
    );
  });

  it('keeps only the app shell (the precache and the language packs) on logout', () => {
    expect(isAppShellCache('workbox-precache-v2-https://study.example/')).toBe(true);
    expect(isAppShellCache(LANGUAGE_PACKS_CACHE)).toBe(true);
    for (const name of Object.values(RUNTIME_CACHES)) expect(isAppShellCache(name)).toBe(false);
    expect(isAppShellCache(BOOK_LISTS_CACHE)).toBe(false);
  });
});
