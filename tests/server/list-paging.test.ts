import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, UNPAGED_LIST_CAP } from '../../server/lib/list-paging';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';

// Issue 12: lists that grow with the content are read a page at a time, filtered on the server; the old
// unpaged calls keep answering, capped.

interface Video {
  _id: string;
  subjectId: string;
  subjectTitle: string;
  section: string;
  subsection: string;
  level: string;
  locked: boolean;
  streamUrl?: string;
}
interface VideoPage {
  success: true;
  videos: Video[];
  nextCursor: string | null;
  total: number;
  subjects?: { subjectId: string; lessons: number; topics: { subsection: string; lessons: number }[] }[];
}
interface Book {
  _id: string;
  section: string;
  level: string;
  subjectTitle: string;
  locked: boolean;
  fileUrl?: string;
}
interface BookPage {
  success: true;
  books: Book[];
  nextCursor: string | null;
  total: number;
}

let ctx: TestApp;
let payer: TestStudent;
let everyVideo: Video[];

beforeAll(async () => {
  ctx = await createTestApp();
  payer = await ctx.registerAndLogin();
  await grantAccess(ctx.db, payer.id, 'ang-maths-f5', new Date(Date.now() + 30 * 86_400_000));
  everyVideo = (await ctx.request<Video[]>({ method: 'GET', url: '/videos/fetchvideos' })).body;
});
afterAll(async () => {
  await ctx?.close();
});

const page = (query: Record<string, string | number>, headers: Record<string, string> = {}) =>
  ctx.request<VideoPage>({
    method: 'GET',
    url: `/videos/page?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    headers,
  });

/** Follows nextCursor to the end, as the app's "more" button does. */
async function readAll(query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const seen: Video[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const { status, body } = await page(cursor === null ? query : { ...query, cursor }, headers);
    expect(status).toBe(200);
    seen.push(...body.videos);
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 100);
  return { videos: seen, pages };
}

describe('GET videos/page', () => {
  it('answers a phone-sized first page in catalogue order, with the total and a cursor', async () => {
    const { status, body } = await page({});
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.videos.map((v) => v._id)).toEqual(everyVideo.slice(0, DEFAULT_PAGE_SIZE).map((v) => v._id));
    expect(body.total).toBe(everyVideo.length);
    expect(typeof body.nextCursor).toBe('string');
  });

  it('walks a section page by page to exactly the section list, no lesson twice or missing', async () => {
    const section = everyVideo.filter((v) => v.section === 'francophone');
    const { videos, pages } = await readAll({ section: 'francophone', limit: 7 });
    expect(videos.map((v) => v._id)).toEqual(section.map((v) => v._id));
    expect(pages).toBe(Math.ceil(section.length / 7));
  });

  it('filters by subject, topic and level (level without case), on the server', async () => {
    const sample = everyVideo.find((v) => v.section === 'anglophone');
    if (!sample) throw new Error('the seed has anglophone videos');
    const bySubject = await readAll({ subjectTitle: sample.subjectTitle });
    expect(bySubject.videos.map((v) => v._id)).toEqual(
      everyVideo.filter((v) => v.subjectTitle === sample.subjectTitle).map((v) => v._id),
    );
    const byTopic = await page({ subjectTitle: sample.subjectTitle, subsection: sample.subsection });
    expect(byTopic.body.videos.length).toBeGreaterThan(0);
    expect(
      byTopic.body.videos.every(
        (v) => v.subjectTitle === sample.subjectTitle && v.subsection === sample.subsection,
      ),
    ).toBe(true);
    const byLevel = await readAll({ level: sample.level.toUpperCase(), section: 'anglophone' });
    expect(byLevel.videos.map((v) => v._id)).toEqual(
      everyVideo.filter((v) => v.section === 'anglophone' && v.level === sample.level).map((v) => v._id),
    );
  });

  it('answers an empty page for filters that match nothing', async () => {
    const { status, body } = await page({ subjectTitle: 'No such subject' });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, videos: [], nextCursor: null, total: 0, subjects: [] });
  });

  it("counts each subject's and topic's lessons under the filter on the first page, not the page's own", async () => {
    // Defect 10: "12 videos · 6 topics" counted the loaded page. The first page now carries the counts.
    const section = everyVideo.filter((v) => v.section === 'francophone');
    for (const headers of [{}, payer.headers]) {
      const first = await page({ section: 'francophone', limit: 3 }, headers);
      expect(first.body.videos).toHaveLength(3);
      const counts = first.body.subjects ?? [];
      // Every subject of the section, in catalogue order, with all its lessons and topics.
      const subjectIds = [...new Set(section.map((v) => v.subjectId))];
      expect(counts.map((c) => c.subjectId)).toEqual(subjectIds);
      for (const count of counts) {
        const lessons = section.filter((v) => v.subjectId === count.subjectId);
        expect(count.lessons).toBe(lessons.length);
        expect(count.topics).toEqual(
          [...new Set(lessons.map((v) => v.subsection))].map((subsection) => ({
            subsection,
            lessons: lessons.filter((v) => v.subsection === subsection).length,
          })),
        );
      }
      expect(counts.reduce((sum, c) => sum + c.lessons, 0)).toBe(first.body.total);
      // Later pages do not repeat them.
      const second = await page(
        { section: 'francophone', limit: 3, cursor: first.body.nextCursor ?? '' },
        headers,
      );
      expect(second.status).toBe(200);
      expect(second.body.subjects).toBeUndefined();
    }
    // A subject filter counts that subject only.
    const maths = await page({ subjectTitle: 'Mathematics Form 5', limit: 2 });
    expect(maths.body.subjects).toEqual([
      expect.objectContaining({
        subjectId: 'ang-maths-f5',
        lessons: everyVideo.filter((v) => v.subjectTitle === 'Mathematics Form 5').length,
      }),
    ]);
  });

  it('unlocks the paid subject for its student only, with a signed stream URL', async () => {
    const mine = await page({ subjectTitle: 'Mathematics Form 5', limit: 3 }, payer.headers);
    expect(mine.body.videos.every((v) => !v.locked && typeof v.streamUrl === 'string')).toBe(true);
    expect(mine.response.headers['cache-control']).toBe('private, no-store');
    const anonymous = await page({ subjectTitle: 'Mathematics Form 5', limit: 3 });
    expect(anonymous.body.videos.every((v) => v.locked && v.streamUrl === undefined)).toBe(true);
    // The anonymous page is prepared once and sent compressed to browsers.
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/videos/page?subjectTitle=Mathematics%20Form%205&limit=3',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBeDefined();
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: MAX_PAGE_SIZE + 1 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ section: 'lunar' }, 'section'],
    [{ cursor: 'forged.cursor' }, 'cursor'],
  ])('refuses %o with a translated 400 naming the field', async (query, field) => {
    for (const lang of ['en', 'fr']) {
      const { status, body } = await ctx.request<{ success: boolean; msg: string }>({
        method: 'GET',
        url: `/videos/page?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
        headers: { 'accept-language': lang },
      });
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(body.msg).toContain(field);
    }
  });

  it("refuses a cursor issued for another list (it names that list's position, not this one's)", async () => {
    const first = await page({ section: 'anglophone', limit: 2 });
    const cursor = first.body.nextCursor ?? '';
    const { status } = await page({ section: 'francophone', cursor });
    expect(status).toBe(400);
    const { status: same } = await page({ section: 'anglophone', limit: 2, cursor });
    expect(same).toBe(200);
  });
});

describe('the unpaged lists keep answering, capped', () => {
  it(`GET videos/fetchvideos answers the whole list as before, at most ${UNPAGED_LIST_CAP} lessons`, async () => {
    expect(everyVideo.length).toBeLessThanOrEqual(UNPAGED_LIST_CAP);
    // More lessons than the cap: the old call stops at the cap, the paged one still reaches every lesson.
    const extra = UNPAGED_LIST_CAP - everyVideo.length + 5;
    await ctx.db.query(
      `INSERT INTO videos (id, subject_id, title, subsection, level, section, description, thumbnail_url,
                           media_file, duration_seconds, position)
       SELECT 'bulk-' || n, 'ang-maths-f5', 'Bulk lesson ' || n, 'Bulk', 'Form 5', 'anglophone', '',
              '/media/thumbnails/none.webp', 'lesson-maths.mp4', 60, 10000 + n
         FROM generate_series(1, $1::int) AS n`,
      [extra],
    );
    ctx.app.responseCache.invalidate('videos');
    try {
      const { body } = await ctx.request<Video[]>({ method: 'GET', url: '/videos/fetchvideos' });
      expect(body).toHaveLength(UNPAGED_LIST_CAP);
      const section = await ctx.request<Video[]>({ method: 'GET', url: '/videos/fetchvideos/anglophone' });
      expect(section.body.length).toBeLessThanOrEqual(UNPAGED_LIST_CAP);
      const first = await page({ limit: MAX_PAGE_SIZE });
      expect(first.body.total).toBe(everyVideo.length + extra);
    } finally {
      await ctx.db.query("DELETE FROM videos WHERE id LIKE 'bulk-%'");
      ctx.app.responseCache.invalidate('videos');
    }
  });
});

describe('POST books/filtered-books', () => {
  const books = (body: Record<string, unknown> | undefined, headers: Record<string, string> = {}) =>
    ctx.request<Book[] | BookPage>({
      method: 'POST',
      url: '/books/filtered-books',
      payload: body ?? {},
      headers,
    });

  /** Follows nextCursor to the end, as the books screen's "Show more books" does. */
  async function readAllBooks(filter: Record<string, unknown>, limit: number) {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await books(
        cursor === null ? { ...filter, limit } : { ...filter, limit, cursor },
      );
      expect(status).toBe(200);
      const current = body as BookPage;
      expect(current.books.length).toBeLessThanOrEqual(limit);
      seen.push(...current.books.map((book) => book._id));
      cursor = current.nextCursor;
      pages += 1;
    } while (cursor !== null);
    return { seen, pages };
  }

  it('still answers the filtered list as an array without paging fields', async () => {
    const { status, body } = await books({ section: 'anglophone' });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect((body as Book[]).every((book) => book.section === 'anglophone')).toBe(true);
  });

  it('with limit, answers pages that add up to the filtered list', async () => {
    const all = (await books({})).body as Book[];
    expect(all.length).toBeGreaterThan(2);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { status, body } = await books(cursor === null ? { limit: 2 } : { limit: 2, cursor });
      expect(status).toBe(200);
      const current = body as BookPage;
      expect(current.total).toBe(all.length);
      expect(current.books.length).toBeLessThanOrEqual(2);
      seen.push(...current.books.map((book) => book._id));
      cursor = current.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.map((book) => book._id));
  });

  it('refuses a forged cursor and a page size out of bounds with a 400', async () => {
    expect((await books({ cursor: 'x.y' })).status).toBe(400);
    expect((await books({ limit: MAX_PAGE_SIZE + 1 })).status).toBe(400);
  });

  it.each([
    [{ section: 'francophone' }],
    [{ section: 'francophone', level: 'TERMINALE' }],
    [{ section: 'anglophone', level: 'form 5', subjectTitle: 'Mathematics Form 5' }],
    [{ section: 'competitive-exams' }],
  ])('filters %o on the server while paging: the pages add up to the filtered list', async (filter) => {
    const list = (await books(filter)).body as Book[];
    expect(list.length).toBeGreaterThan(0);
    const { seen, pages } = await readAllBooks(filter, 1);
    expect(seen).toEqual(list.map((book) => book._id));
    expect(pages).toBe(list.length);
    const first = (await books({ ...filter, limit: 1 })).body as BookPage;
    expect(first.total).toBe(list.length);
  });

  it('answers an empty last page for filters that match nothing', async () => {
    const { status, body } = await books({ section: 'anglophone', level: 'Terminale', limit: 5 });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, books: [], nextCursor: null, total: 0 });
  });

  it("refuses a cursor issued for another filter (it names that list's position, not this one's)", async () => {
    const first = (await books({ section: 'francophone', limit: 1 })).body as BookPage;
    const cursor = first.nextCursor ?? '';
    expect(cursor).not.toBe('');
    expect((await books({ section: 'anglophone', limit: 1, cursor })).status).toBe(400);
    expect((await books({ section: 'francophone', level: 'Terminale', limit: 1, cursor })).status).toBe(400);
    expect((await books({ section: 'francophone', limit: 1, cursor })).status).toBe(200);
  });

  it("unlocks the paid subject's books on a page for its student only, with a signed file URL", async () => {
    const filter = { section: 'anglophone', subjectTitle: 'Mathematics Form 5', limit: 12 };
    const mine = await books(filter, payer.headers);
    expect(mine.response.headers['cache-control']).toBe('private, no-store');
    const mineBooks = (mine.body as BookPage).books;
    expect(mineBooks.length).toBe(2);
    expect(mineBooks.every((book) => !book.locked && typeof book.fileUrl === 'string')).toBe(true);
    const anonymous = (await books(filter)).body as BookPage;
    const paid = anonymous.books.find((book) => book._id === 'book-maths-f5-revision');
    expect(paid?.locked).toBe(true);
    expect(paid?.fileUrl).toBeUndefined();
  });
});
