import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';

interface Video {
  _id: string;
  title: string;
  subjectId: string;
  subjectTitle: string;
  section: string;
  subsection: string;
  locked: boolean;
  streamUrl?: string;
  views: number;
  likes: number;
  dislikes: number;
  comments: Array<{ _id: string; userId: string | null; username: string; text: string; likes: number }>;
}

let ctx: TestApp;
let payer: TestStudent;
let visitor: TestStudent;
// streamUrl is the data-saver rendition (the cheapest, and what an app without rendition support plays).
const clip = readFileSync(join(import.meta.dirname, '../../server/seed/media/videos/lesson-maths-saver.mp4'));

beforeAll(async () => {
  ctx = await createTestApp();
  payer = await ctx.registerAndLogin();
  visitor = await ctx.registerAndLogin();
  await grantAccess(ctx.db, payer.id, 'ang-maths-f5', new Date(Date.now() + 30 * 86_400_000));
});
afterAll(async () => {
  await ctx?.close();
});

const list = (url: string, headers: Record<string, string> = {}) =>
  ctx.request<Video[]>({ method: 'GET', url, headers });
const pathOf = (url: string | undefined) => {
  const parsed = new URL(url ?? '');
  return `${parsed.pathname}${parsed.search}`;
};

describe('video lists', () => {
  it('lists every video, extra-curricular included, locked for an anonymous visitor except free ones', async () => {
    const { status, body } = await list('/videos/fetchvideos');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(100);
    expect(body.some((v) => v.section === 'extra-curricular')).toBe(true);
    const paid = body.filter((v) => v.section !== 'extra-curricular');
    expect(paid.every((v) => v.locked && v.streamUrl === undefined)).toBe(true);
    const free = body.filter((v) => v.section === 'extra-curricular');
    expect(free.every((v) => !v.locked && typeof v.streamUrl === 'string')).toBe(true);
  });

  it.each([
    ['anglophone', 'anglophone'],
    ['francophone', 'francophone'],
    ['diplomaexams', 'diploma-exams'],
    ['competitiveexams', 'competitive-exams'],
  ])('GET videos/fetchvideos/%s lists that section', async (path, section) => {
    const { status, body } = await list(`/videos/fetchvideos/${path}`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((v) => v.section === section)).toBe(true);
  });

  it('unlocks the paid subject, and only it, for a student with current access', async () => {
    const { body } = await list('/videos/fetchvideos/anglophone', payer.headers);
    const maths = body.filter((v) => v.subjectId === 'ang-maths-f5');
    expect(maths.length).toBeGreaterThan(5);
    expect(
      maths.every((v) => !v.locked && v.streamUrl?.includes('/media/videos/lesson-maths-saver.mp4?')),
    ).toBe(true);
    expect(body.filter((v) => v.subjectId !== 'ang-maths-f5').every((v) => v.locked)).toBe(true);
    const other = await list('/videos/fetchvideos/anglophone', visitor.headers);
    expect(other.body.every((v) => v.locked)).toBe(true);
  });

  it('keeps subjects locked once access has expired', async () => {
    const expired = await ctx.registerAndLogin();
    await grantAccess(ctx.db, expired.id, 'ang-physics-f5', new Date(Date.now() - 1000));
    const { body } = await list('/videos/fetchvideos', expired.headers);
    expect(body.filter((v) => v.subjectId === 'ang-physics-f5').every((v) => v.locked)).toBe(true);
  });

  it('filters by subject title and topic', async () => {
    const { status, body } = await ctx.request<Video[]>({
      method: 'POST',
      url: '/videos/filtered-videos',
      payload: { subjectTitle: 'Mathematics Form 5', subsection: 'Quadratic equations' },
    });
    expect(status).toBe(200);
    expect(body.map((v) => v.title)).toEqual([
      'Solving by factorisation',
      'The quadratic formula',
      'Word problems with quadratics',
    ]);
    const all = await ctx.request<Video[]>({
      method: 'POST',
      url: '/videos/filtered-videos',
      payload: { subjectTitle: 'Mathematics Form 5' },
    });
    expect(new Set(all.body.map((v) => v.subsection)).size).toBeGreaterThanOrEqual(6);
    const missing = await ctx.request({ method: 'POST', url: '/videos/filtered-videos', payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Field 'subjectTitle' is required.");
  });

  it('lists what comes next in the same subject', async () => {
    const { body } = await ctx.request<Video[]>({
      method: 'POST',
      url: '/videos/upnext-videos',
      payload: { videoId: 'ang-maths-f5-v03' },
    });
    expect(body[0]?._id).toBe('ang-maths-f5-v04');
    expect(body.every((v) => v.subjectId === 'ang-maths-f5')).toBe(true);
    const last = await ctx.request<Video[]>({
      method: 'POST',
      url: '/videos/upnext-videos',
      payload: { videoId: 'ext-careers-v03' },
    });
    expect(last.body).toEqual([]);
    const unknown = await ctx.request({
      method: 'POST',
      url: '/videos/upnext-videos',
      payload: { videoId: 'nope' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Content not found.');
  });
});

describe('GET videos/video/play (issue 19: the player in one round trip)', () => {
  interface PlayAnswer {
    success: true;
    video: Video & { renditions: { quality: string; url?: string }[] };
    price: number | null;
    expired: boolean;
    expiresAt: string | null;
  }
  const play = (videoId: string, headers: Record<string, string> = {}) =>
    ctx.request<PlayAnswer>({
      method: 'GET',
      url: `/videos/video/play?videoId=${encodeURIComponent(videoId)}`,
      headers,
    });

  it('gives a paying student the lesson with its signed URLs, the price and the access, privately', async () => {
    const answer = await play('ang-maths-f5-v01', payer.headers);
    expect(answer.status).toBe(200);
    expect(answer.body.expired).toBe(false);
    expect(Date.parse(answer.body.expiresAt ?? '')).toBeGreaterThan(Date.now());
    expect(answer.body.price).toBeGreaterThan(0);
    expect(answer.body.video._id).toBe('ang-maths-f5-v01');
    expect(answer.body.video.locked).toBe(false);
    expect(answer.body.video.renditions.every((rendition) => typeof rendition.url === 'string')).toBe(true);
    // The signed URL plays (Range), as the list's would.
    const media = await ctx.app.inject({
      method: 'GET',
      url: pathOf(answer.body.video.streamUrl),
      headers: { range: 'bytes=0-9' },
    });
    expect(media.statusCode).toBe(206);
    expect(answer.response.headers['cache-control']).toBe('private, no-store');
  });

  it('locks the lesson without a URL for a student who never paid, one whose access ran out, and a visitor', async () => {
    const lapsed = await ctx.registerAndLogin();
    await grantAccess(ctx.db, lapsed.id, 'ang-maths-f5', new Date(Date.now() - 1000));
    for (const headers of [visitor.headers, lapsed.headers, {}]) {
      const { status, body } = await play('ang-maths-f5-v01', headers);
      expect(status).toBe(200);
      expect(body.expired).toBe(true);
      expect(body.video.locked).toBe(true);
      expect(body.video.streamUrl).toBeUndefined();
      expect(body.video.renditions.every((rendition) => rendition.url === undefined)).toBe(true);
    }
    expect((await play('ang-maths-f5-v01', lapsed.headers)).body.expiresAt).not.toBeNull();
    expect((await play('ang-maths-f5-v01', visitor.headers)).body.expiresAt).toBeNull();
  });

  it('opens a free lesson to everyone, and answers 404 and 400 for an unknown or malformed id', async () => {
    const lessons = await list('/videos/fetchvideos');
    const free = lessons.body.find((video) => video.section === 'extra-curricular');
    const answer = await play(free?._id ?? '', visitor.headers);
    expect(answer.body.price).toBe(0);
    expect(answer.body.video.locked).toBe(false);
    expect(typeof answer.body.video.streamUrl).toBe('string');
    expect((await play('no-such-lesson', payer.headers)).status).toBe(404);
    expect((await play('', payer.headers)).status).toBe(400);
  });
});

describe('video actions', () => {
  const act = (url: string, student: TestStudent, payload: Record<string, unknown>) =>
    ctx.request<{ likes: number; dislikes: number; views: number }>({
      method: 'PUT',
      url,
      headers: student.headers,
      payload,
    });

  it('toggles like and dislike per student', async () => {
    const video = 'ang-maths-f5-v01';
    const before = (await list('/videos/fetchvideos')).body.find((v) => v._id === video);
    const liked = await act('/videos/video/like', payer, { videoId: video });
    expect(liked.status).toBe(200);
    expect(liked.body).toMatchObject({
      success: true,
      likes: (before?.likes ?? 0) + 1,
      dislikes: before?.dislikes,
    });
    const disliked = await act('/videos/video/dislike', payer, { videoId: video });
    expect(disliked.body).toMatchObject({ likes: before?.likes, dislikes: (before?.dislikes ?? 0) + 1 });
    const undone = await act('/videos/video/dislike', payer, { videoId: video });
    expect(undone.body).toMatchObject({ likes: before?.likes, dislikes: before?.dislikes });
    // The public list reflects the change (its cache is invalidated on write).
    await act('/videos/video/like', payer, { videoId: video });
    const after = (await list('/videos/fetchvideos')).body.find((v) => v._id === video);
    expect(after?.likes).toBe((before?.likes ?? 0) + 1);
  });

  it('counts a view once per student per hour', async () => {
    const video = 'ang-maths-f5-v02';
    const first = await act('/videos/video/view', payer, { videoId: video });
    const second = await act('/videos/video/view', payer, { videoId: video });
    expect(second.body.views).toBe(first.body.views);
    await ctx.db.query(
      "UPDATE video_views SET viewed_at = now() - interval '61 minutes' WHERE student_id = $1",
      [payer.id],
    );
    const later = await act('/videos/video/view', payer, { videoId: video });
    expect(later.body.views).toBe(first.body.views + 1);
  });

  it('refuses actions without a token (401), on a locked video (403) and on an unknown one (404)', async () => {
    const anonymous = await ctx.request({
      method: 'PUT',
      url: '/videos/video/like',
      payload: { videoId: 'ang-maths-f5-v01' },
    });
    expect(anonymous.status).toBe(401);
    expect((await act('/videos/video/like', visitor, { videoId: 'ang-maths-f5-v01' })).status).toBe(403);
    expect((await act('/videos/video/view', payer, { videoId: 'nope' })).status).toBe(404);
    expect((await act('/videos/video/dislike', payer, { videoId: 42 })).status).toBe(400);
  });

  it('comments, shows the comment in the lists, and toggles comment likes', async () => {
    const posted = await ctx.request<{
      comment: { _id: string; userId: string; username: string; text: string; likes: number };
    }>({
      method: 'POST',
      url: '/videos/video/comment',
      headers: payer.headers,
      payload: { videoId: 'ang-maths-f5-v05', text: '  Merci, very clear!  ' },
    });
    expect(posted.status).toBe(200);
    expect(posted.body.comment).toMatchObject({
      userId: payer.id,
      username: payer.username,
      text: 'Merci, very clear!',
      likes: 0,
    });
    const { body } = await list('/videos/fetchvideos/anglophone');
    expect(body.find((v) => v._id === 'ang-maths-f5-v05')?.comments.map((c) => c._id)).toContain(
      posted.body.comment._id,
    );

    const like = () =>
      ctx.request<{ likes: number }>({
        method: 'PUT',
        url: '/videos/video/comment/like',
        headers: payer.headers,
        payload: { videoId: 'ang-maths-f5-v05', commentId: posted.body.comment._id },
      });
    expect((await like()).body).toEqual({ success: true, likes: 1 });
    expect((await like()).body).toEqual({ success: true, likes: 0 });
    const wrongVideo = await ctx.request({
      method: 'PUT',
      url: '/videos/video/comment/like',
      headers: payer.headers,
      payload: { videoId: 'ang-maths-f5-v06', commentId: posted.body.comment._id },
    });
    expect(wrongVideo.status).toBe(404);
  });

  it('validates comments: 1 to 1000 characters, only on a watchable video', async () => {
    const post = (student: TestStudent, payload: Record<string, unknown>) =>
      ctx.request({ method: 'POST', url: '/videos/video/comment', headers: student.headers, payload });
    expect((await post(payer, { videoId: 'ang-maths-f5-v01', text: '   ' })).status).toBe(400);
    expect((await post(payer, { videoId: 'ang-maths-f5-v01', text: 'x'.repeat(1001) })).status).toBe(400);
    expect((await post(visitor, { videoId: 'ang-maths-f5-v01', text: 'hello' })).status).toBe(403);
    expect((await post(visitor, { videoId: 'ext-coding-v01', text: 'Free and great' })).status).toBe(200);
  });
});

describe('media', () => {
  const streamFor = async (student: TestStudent, videoId: string) => {
    const { body } = await list('/videos/fetchvideos', student.headers);
    return body.find((v) => v._id === videoId)?.streamUrl;
  };

  it('plays a signed URL: 200 in full, 206 with Content-Range for a range', async () => {
    const url = pathOf(await streamFor(payer, 'ang-maths-f5-v01'));
    const full = await ctx.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.equals(clip)).toBe(true);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${clip.length}`);
    expect(part.rawPayload.equals(clip.subarray(100, 200))).toBe(true);
    const tail = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-50' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(clip.subarray(clip.length - 50))).toBe(true);
  });

  it('answers an unsatisfiable range with 416', async () => {
    const url = pathOf(await streamFor(payer, 'ang-maths-f5-v01'));
    const bad = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${clip.length + 10}-${clip.length + 20}` },
    });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${clip.length}`);
  });

  it('refuses a tampered signature, another student, a forged expiry and a missing signature (403/400)', async () => {
    const url = new URL((await streamFor(payer, 'ang-maths-f5-v01')) ?? '');
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')?.slice(0, -2)}AA`);
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(tampered.toString()) })).statusCode).toBe(403);
    const otherStudent = new URL(url);
    otherStudent.searchParams.set('student', visitor.id);
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(otherStudent.toString()) })).statusCode).toBe(
      403,
    );
    const later = new URL(url);
    later.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(later.toString()) })).statusCode).toBe(403);
    const otherFile = pathOf(url.toString()).replace('lesson-maths-saver.mp4', 'lesson-science-saver.mp4');
    expect((await ctx.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(403);
    const unsigned = await ctx.app.inject({ method: 'GET', url: '/media/videos/lesson-maths-saver.mp4' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ success: false });
  });

  it('refuses a still-valid URL once the student lost access to the subject', async () => {
    const student = await ctx.registerAndLogin();
    await grantAccess(ctx.db, student.id, 'fr-maths-3e', new Date(Date.now() + 86_400_000));
    const url = pathOf(await streamFor(student, 'fr-maths-3e-v01'));
    expect((await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(
      206,
    );
    await grantAccess(ctx.db, student.id, 'fr-maths-3e', new Date(Date.now() - 1000));
    const denied = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      success: false,
      msg: "Ce lien a expiré ou vous n'avez plus accès à cette matière.",
    });
  });

  it('plays free lessons for anyone', async () => {
    const { body } = await list('/videos/fetchvideos');
    const url = pathOf(body.find((v) => v._id === 'ext-coding-v01')?.streamUrl);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
  });

  it('serves pictures and thumbnails publicly with caching, and refuses path tricks', async () => {
    const picture = await ctx.app.inject({ method: 'GET', url: '/media/pictures/subject-maths.webp' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toBe('public, max-age=86400');
    const thumbnail = await ctx.app.inject({ method: 'GET', url: '/media/thumbnails/lesson-maths.webp' });
    expect(thumbnail.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/media/pictures/nope.webp' })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/media/pictures/..%2F..%2Fseed.ts' })).statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/media/pictures/.hidden' })).statusCode).toBe(400);
  });
});
