// The first bytes of the lessons a student streamed, kept by the service worker so the next start of the same
// lesson plays without asking the network for them (issue 19; docs/pwa.md "Lesson heads").
//
// A product decision against "streaming is never cached": the student already paid for those bytes. On a
// second visit Chromium asked the network again for the file's first range (65–100 KB of the Data saver file,
// its index and first keyframe), because the first visit's range was cut when the page went away and nothing
// kept it: about 1.4 s between Play and the first frame on a poor 3G, and the same kilobytes paid for again on
// every visit. Only the head is kept (LESSON_HEAD_BYTES of the last LESSON_HEADS_KEPT files): the rest of a
// lesson still streams, and whole lessons are what the student downloads on purpose (offline-videos).
import { offlineVideoKey } from './routes';

/** How much of a file is kept: more than Chromium reads before its first frame (65–100 KB in the bench). */
export const LESSON_HEAD_BYTES = 128 * 1024;
/** How many files' heads are kept (at most 1 MiB in all); the one used least recently goes first. */
export const LESSON_HEADS_KEPT = 8;

// What a kept head says of itself, in headers of the cached response.
/** The student whose signed URL fetched it ('' for a free lesson, signed for anyone). */
const KEPT_FOR = 'x-lesson-head-student';
/** When it was kept or last served (ms), for the eviction. */
const USED_AT = 'x-lesson-head-used-at';
/** The whole file's size, for the Content-Range of the 206 served from it. */
const TOTAL = 'x-lesson-head-total';

export interface LessonHeadsOptions {
  cacheStorage: CacheStorage;
  cacheName: string;
  fetch: (request: Request) => Promise<Response>;
  now: () => number;
}

/**
 * The end of a Range that starts at the file's first byte: `bytes=0-` → null (to the end), `bytes=0-99` →
 * 99. Undefined for any other Range, or none: those go to the network.
 */
export function rangeFromStart(header: string | null): number | null | undefined {
  const match = /^bytes=0-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  return match[1] === '' ? null : Number(match[1]);
}

/**
 * Who the signed URL was made for and until when (docs/api.md: `student`, `exp` in seconds). Null for a URL
 * without an expiry: not a signed lesson URL, never kept nor served.
 */
export function grantOf(url: URL): { student: string; expiresAtMs: number } | null {
  const exp = Number(url.searchParams.get('exp'));
  if (!Number.isFinite(exp) || exp <= 0) return null;
  return { student: url.searchParams.get('student') ?? '', expiresAtMs: exp * 1000 };
}

/** The whole file's size and the bytes this answer carries from the first one, or null if it does not start there. */
function extentOf(response: Response): { total: number; fromStart: number } | null {
  if (response.status === 200) {
    const total = Number(response.headers.get('content-length'));
    return Number.isFinite(total) && total > 0 ? { total, fromStart: total } : null;
  }
  if (response.status !== 206) return null;
  const range = /^bytes 0-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (!range) return null;
  return { total: Number(range[2]), fromStart: Number(range[1]) + 1 };
}

/** The first `length` bytes of the body, or null when it ends or fails before. Stops reading there. */
async function readHead(response: Response, length: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = response.body?.getReader();
  if (!reader) return null;
  const head = new Uint8Array(length);
  let filled = 0;
  try {
    while (filled < length) {
      const { done, value } = await reader.read();
      if (done) break;
      const take = Math.min(value.byteLength, length - filled);
      head.set(value.subarray(0, take), filled);
      filled += take;
    }
  } catch {
    return null;
  } finally {
    // Only this copy of the body: the page's own keeps streaming as long as it reads.
    void reader.cancel().catch(() => undefined);
  }
  return filled === length ? head : null;
}

/** A 206 of the kept head, from its first byte to `end` or the head's last (shorter than asked is valid HTTP). */
function partialFromHead(head: ArrayBuffer, kept: Response, end: number | null): Response {
  const length = end === null ? head.byteLength : Math.min(head.byteLength, end + 1);
  const headers = new Headers({
    'content-type': kept.headers.get('content-type') ?? 'video/mp4',
    'content-range': `bytes 0-${length - 1}/${kept.headers.get(TOTAL)}`,
    'content-length': String(length),
    'accept-ranges': 'bytes',
  });
  return new Response(head.slice(0, length), { status: 206, statusText: 'Partial Content', headers });
}

/** Drops the heads used least recently beyond LESSON_HEADS_KEPT. */
async function evictOldest(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  if (keys.length <= LESSON_HEADS_KEPT) return;
  const used = await Promise.all(
    keys.map(async (key) => ({
      key,
      at: Number((await cache.match(key))?.headers.get(USED_AT) ?? 0),
    })),
  );
  used.sort((a, b) => a.at - b.at);
  await Promise.all(used.slice(0, used.length - LESSON_HEADS_KEPT).map(({ key }) => cache.delete(key)));
}

/**
 * Drops a kept head when the network says its file is another now (a lesson encoded again under the same
 * name): the next start then asks the network and keeps the new head.
 */
async function dropIfReplaced(cache: Cache, key: string, response: Response): Promise<void> {
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  if (response.status !== 206 || total === undefined) return;
  const kept = await cache.match(key);
  if (kept && kept.headers.get(TOTAL) !== total) await cache.delete(key);
}

/**
 * Answers a lesson file's request (one the student has not downloaded): a Range from the first byte with the
 * kept head, when it was kept for the student this signed URL names and the URL has not expired; anything
 * else from the network. A network answer that starts at the first byte is kept (its head only) for next
 * time, read to LESSON_HEAD_BYTES even if the page goes away first: `keep` is the worker's waitUntil.
 *
 * Access: the head plays only through a signed URL of the same student, still valid, which only the
 * server's access answer gives the player (`videos/video/play`); logout deletes this cache with the other
 * per-student ones (src/services/clear-caches.ts keeps only the app shell's). The key is the file's URL
 * without its query, so a new signature (every 10 minutes) still finds it.
 */
export async function lessonVideoFromHead(
  request: Request,
  options: LessonHeadsOptions,
  keep: (work: Promise<unknown>) => void,
): Promise<Response> {
  const url = new URL(request.url);
  const end = rangeFromStart(request.headers.get('range'));
  const grant = grantOf(url);
  if (grant === null || grant.expiresAtMs <= options.now()) return options.fetch(request);
  const cache = await options.cacheStorage.open(options.cacheName);
  const key = offlineVideoKey(url);
  if (end === undefined) {
    const response = await options.fetch(request);
    keep(dropIfReplaced(cache, key, response).catch(() => undefined));
    return response;
  }
  const kept = await cache.match(key);
  if (kept && kept.headers.get(KEPT_FOR) === grant.student) {
    const head = await kept.arrayBuffer();
    const answer = partialFromHead(head, kept, end);
    const headers = new Headers(kept.headers);
    headers.set(USED_AT, String(options.now()));
    keep(cache.put(key, new Response(head, { headers })).catch(() => undefined));
    return answer;
  }

  const response = await options.fetch(request);
  const extent = extentOf(response);
  const length = extent === null ? 0 : Math.min(LESSON_HEAD_BYTES, extent.total);
  // Only an answer that holds the whole head: a short range asked for by someone else is not one.
  if (extent !== null && extent.fromStart >= length) {
    const copy = response.clone();
    keep(
      (async () => {
        const head = await readHead(copy, length);
        if (head === null) return;
        const headers = new Headers({
          'content-type': response.headers.get('content-type') ?? 'video/mp4',
          [KEPT_FOR]: grant.student,
          [USED_AT]: String(options.now()),
          [TOTAL]: String(extent.total),
        });
        await cache.put(key, new Response(head, { headers }));
        await evictOldest(cache);
      })().catch(() => undefined),
    );
  }
  return response;
}
