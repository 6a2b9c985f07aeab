// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { isAppShellCache, LESSON_HEADS_CACHE } from '../../../src/sw/cache-names';
import {
  LESSON_HEAD_BYTES,
  LESSON_HEADS_KEPT,
  lessonVideoFromHead,
  rangeFromStart,
} from '../../../src/sw/lesson-heads';
import { createFakeCacheStorage } from './fake-cache-storage';

// Issue 19: the service worker keeps the first bytes of the lessons a student streamed, so a second start
// plays its first second without asking the network for them; everything else still streams.

const NOW_MS = 1_800_000_000_000;
const LATER_S = NOW_MS / 1000 + 3600;
const signed = (file: string, { student = 's1', sig = 'a', exp = LATER_S } = {}) =>
  `https://study.example/media/videos/${file}?student=${student}&subject=math&exp=${exp}&v=0&sig=${sig}`;
const fileOf = (size: number, seed = 0) => new Uint8Array(size).map((_, i) => (i * 7 + seed) % 256);

/** The server: files answered in 16 KB chunks, Range → 206; each request it received, with its Range. */
function network(files: Record<string, Uint8Array>) {
  const asked: { file: string; range: string | null }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const file = new URL(request.url).pathname.split('/').pop() ?? '';
    const range = request.headers.get('range');
    asked.push({ file, range });
    const bytes = files[file];
    if (!bytes) return new Response('not found', { status: 404 });
    const match = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
    const start = match ? Number(match[1]) : 0;
    const end = match?.[2] ? Math.min(Number(match[2]), bytes.length - 1) : bytes.length - 1;
    const body = bytes.slice(start, end + 1);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 16_384) controller.enqueue(body.slice(at, at + 16_384));
        controller.close();
      },
    });
    const headers = new Headers({ 'content-type': 'video/mp4', 'content-length': String(body.length) });
    if (!match) return new Response(stream, { status: 200, headers });
    headers.set('content-range', `bytes ${start}-${end}/${bytes.length}`);
    return new Response(stream, { status: 206, headers });
  });
  return { fetch, asked, fromStart: () => asked.filter((request) => request.range?.startsWith('bytes=0-')) };
}

function worker(files: Record<string, Uint8Array>) {
  const { storage, caches } = createFakeCacheStorage();
  const server = network(files);
  const pending: Promise<unknown>[] = [];
  let now = NOW_MS;
  const options = { cacheStorage: storage, cacheName: 'lesson-heads', fetch: server.fetch, now: () => now };
  return {
    server,
    kept: () => [...(caches.get('lesson-heads')?.keys() ?? [])],
    tick: (ms: number) => {
      now += ms;
    },
    /** The media element's request, as Chromium sends it, through the worker. */
    get: (url: string, range: string | null = 'bytes=0-') =>
      lessonVideoFromHead(new Request(url, range ? { headers: { range } } : {}), options, (work) =>
        pending.push(work),
      ),
    /** Lets the worker finish what it keeps (its waitUntil). */
    settle: async () => {
      while (pending.length > 0) await pending.shift();
    },
  };
}

describe('the head of a streamed lesson, kept for its next start', () => {
  it('answers the second start from the first byte without the network, with any new signature', async () => {
    const file = fileOf(300_000);
    const w = worker({ 'algebra-saver.mp4': file });
    const first = await w.get(signed('algebra-saver.mp4'));
    expect(first.status).toBe(206);
    // The page goes away before reading the range to its end: the worker still reads the head.
    await first.body?.cancel();
    await w.settle();
    expect(w.kept()).toEqual(['https://study.example/media/videos/algebra-saver.mp4']);

    const second = await w.get(signed('algebra-saver.mp4', { sig: 'b', exp: LATER_S + 600 }));
    expect(second.status).toBe(206);
    expect(second.headers.get('content-range')).toBe(`bytes 0-${LESSON_HEAD_BYTES - 1}/300000`);
    expect(second.headers.get('content-length')).toBe(String(LESSON_HEAD_BYTES));
    expect(second.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(file.slice(0, LESSON_HEAD_BYTES));
    // Only the first start asked the network for the first byte.
    expect(w.server.fromStart()).toHaveLength(1);

    // The rest comes from the network, as before.
    const rest = await w.get(signed('algebra-saver.mp4', { sig: 'b' }), `bytes=${LESSON_HEAD_BYTES}-`);
    expect(rest.headers.get('content-range')).toBe(`bytes ${LESSON_HEAD_BYTES}-299999/300000`);
    expect(w.server.asked).toHaveLength(2);
  });

  it('answers a shorter range from the first byte with just that much', async () => {
    const w = worker({ 'a-saver.mp4': fileOf(200_000) });
    await (await w.get(signed('a-saver.mp4'))).arrayBuffer();
    await w.settle();
    const head = await w.get(signed('a-saver.mp4'), 'bytes=0-1');
    expect(head.headers.get('content-range')).toBe('bytes 0-1/200000');
    expect((await head.arrayBuffer()).byteLength).toBe(2);
    expect(w.server.asked).toHaveLength(1);
  });

  it('keeps a file smaller than the head whole', async () => {
    const file = fileOf(40_000);
    const w = worker({ 'short-saver.mp4': file });
    await (await w.get(signed('short-saver.mp4'))).arrayBuffer();
    await w.settle();
    const again = await w.get(signed('short-saver.mp4'));
    expect(again.headers.get('content-range')).toBe('bytes 0-39999/40000');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(file);
    expect(w.server.asked).toHaveLength(1);
  });

  it('never plays one student’s head for another on the same phone: theirs asks the network', async () => {
    const w = worker({ 'algebra-saver.mp4': fileOf(300_000) });
    await (await w.get(signed('algebra-saver.mp4', { student: 's1' }))).arrayBuffer();
    await w.settle();
    await (await w.get(signed('algebra-saver.mp4', { student: 's2' }))).arrayBuffer();
    expect(w.server.fromStart()).toHaveLength(2);
    // A URL that names no student is a free lesson's: it does not find a paid student's head either.
    await (await w.get(signed('algebra-saver.mp4', { student: '' }))).arrayBuffer();
    expect(w.server.fromStart()).toHaveLength(3);
  });

  it('is a per-student cache, which logout deletes (it keeps only the app shell’s)', () => {
    expect(isAppShellCache(LESSON_HEADS_CACHE)).toBe(false);
  });

  it('sends an expired URL, or one that is not signed, to the network', async () => {
    const w = worker({ 'algebra-saver.mp4': fileOf(300_000) });
    await (await w.get(signed('algebra-saver.mp4'))).arrayBuffer();
    await w.settle();
    w.tick(3600 * 1000 + 1);
    await (await w.get(signed('algebra-saver.mp4'))).arrayBuffer();
    await (await w.get('https://study.example/media/videos/algebra-saver.mp4')).arrayBuffer();
    // The first start, then both of these: each asked the network from the first byte.
    expect(w.server.fromStart()).toHaveLength(3);
  });

  it('keeps nothing from an answer that does not hold the whole head, or fails before it', async () => {
    const w = worker({ 'algebra-saver.mp4': fileOf(300_000) });
    await (await w.get(signed('algebra-saver.mp4'), 'bytes=0-999')).arrayBuffer();
    await (await w.get(signed('gone-saver.mp4'))).arrayBuffer();
    await w.settle();
    expect(w.kept()).toEqual([]);
  });

  it('drops a head whose file the network now says is another (encoded again under the same name)', async () => {
    const files = { 'algebra-saver.mp4': fileOf(300_000) };
    const w = worker(files);
    await (await w.get(signed('algebra-saver.mp4'))).arrayBuffer();
    await w.settle();
    files['algebra-saver.mp4'] = fileOf(310_000, 3);
    await (await w.get(signed('algebra-saver.mp4'), 'bytes=200000-')).arrayBuffer();
    await w.settle();
    expect(w.kept()).toEqual([]);
  });

  it(`keeps the last ${LESSON_HEADS_KEPT} files, dropping the one used least recently`, async () => {
    const names = Array.from({ length: LESSON_HEADS_KEPT + 1 }, (_, i) => `l${i}-saver.mp4`);
    const w = worker(Object.fromEntries(names.map((name, i) => [name, fileOf(150_000, i)])));
    for (const name of names.slice(0, LESSON_HEADS_KEPT)) {
      await (await w.get(signed(name))).arrayBuffer();
      await w.settle();
      w.tick(1000);
    }
    // The first lesson started again (from its head) is now the most recent.
    await (await w.get(signed('l0-saver.mp4'))).arrayBuffer();
    await w.settle();
    w.tick(1000);
    await (await w.get(signed(names[LESSON_HEADS_KEPT] ?? ''))).arrayBuffer();
    await w.settle();
    const kept = w.kept().map((url) => url.split('/').pop());
    expect(kept).toHaveLength(LESSON_HEADS_KEPT);
    expect(kept).toContain('l0-saver.mp4');
    expect(kept).not.toContain('l1-saver.mp4');
  });
});

describe('rangeFromStart', () => {
  it('reads only ranges from the first byte', () => {
    expect(rangeFromStart('bytes=0-')).toBeNull();
    expect(rangeFromStart('bytes=0-99')).toBe(99);
    expect(rangeFromStart('bytes=100-')).toBeUndefined();
    expect(rangeFromStart('bytes=0-1,5-9')).toBeUndefined();
    expect(rangeFromStart(null)).toBeUndefined();
  });
});
