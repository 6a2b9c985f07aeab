import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContinueWatching } from '../../contract/videos';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';

// Issue 18: a paying student's home opens on "Continue" (the lesson watched last, where they stopped) and
// "Next up", from the positions on their account, in one small answer (docs/home.md).

let ctx: TestApp;
const DAY = 86_400_000;
const inAMonth = () => new Date(Date.now() + 30 * DAY);

interface Listed {
  _id: string;
  subjectId: string;
  title: string;
  section: string;
  subsection: string;
  durationSeconds: number;
}
// The seed's lessons are short clips (12 s): a position past the end counts as finished.
let lessons: Listed[];
const lessonsOf = (subjectId: string) => lessons.filter((lesson) => lesson.subjectId === subjectId);
const nth = (subjectId: string, index: number): Listed => {
  const lesson = lessonsOf(subjectId)[index];
  if (!lesson) throw new Error(`the seed has a lesson ${index} in ${subjectId}`);
  return lesson;
};

beforeAll(async () => {
  ctx = await createTestApp();
  lessons = (await ctx.request<Listed[]>({ method: 'GET', url: '/videos/fetchvideos' })).body;
});
afterAll(async () => {
  await ctx?.close();
});

const home = (who: TestStudent | null, lang = 'en') =>
  ctx.request<ContinueWatching & { msg?: string }>({
    method: 'GET',
    url: '/videos/continue',
    headers: { ...(who?.headers ?? {}), 'accept-language': lang },
  });

/** A position as the player saves it, `minutesAgo` before now. */
async function watched(who: TestStudent, videoId: string, position: number, minutesAgo: number) {
  const { status } = await ctx.request({
    method: 'PUT',
    url: '/videos/video/position',
    headers: who.headers,
    payload: { videoId, position, updatedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() },
  });
  expect(status).toBe(200);
}

describe('GET videos/continue', () => {
  it('asks for a token, in the student’s language', async () => {
    const fr = await home(null, 'fr');
    expect(fr.status).toBe(401);
    expect(fr.body.success).toBe(false);
    expect(fr.body.msg).toMatch(/[a-zé]/);
    const en = await home(null, 'en');
    expect(en.status).toBe(401);
    expect(en.body.msg).not.toBe(fr.body.msg);
  });

  it('has nothing to offer a student who paid for nothing and watched nothing', async () => {
    const student = await ctx.registerAndLogin();
    const { status, body, response } = await home(student);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, resume: null, nextUp: null });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('offers the first lesson of a subject just paid for, then the lesson watched and the one after it', async () => {
    const student = await ctx.registerAndLogin();
    await grantAccess(ctx.db, student.id, 'fr-maths-3e', inAMonth());
    const first = nth('fr-maths-3e', 0);
    const fresh = await home(student);
    expect(fresh.body.resume).toBeNull();
    expect(fresh.body.nextUp).toMatchObject({
      lesson: { _id: first._id },
      position: 0,
      reason: 'newSubject',
    });

    const second = nth('fr-maths-3e', 1);
    await watched(student, first._id, 0, 30);
    await watched(student, second._id, 7.5, 5);
    const { body } = await home(student);
    expect(body.resume).toEqual({
      lesson: expect.objectContaining({
        _id: second._id,
        title: second.title,
        subjectId: 'fr-maths-3e',
        subjectTitle: 'Mathématiques 3e',
        section: 'francophone',
        subsection: second.subsection,
        durationSeconds: second.durationSeconds,
        thumbnailUrl: expect.stringMatching(/^http.*\.webp$/),
      }),
      position: 7.5,
      updatedAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(body.resume?.updatedAt ?? '')).toBeGreaterThan(4 * 60_000);
    expect(body.nextUp).toMatchObject({
      lesson: { _id: nth('fr-maths-3e', 2)._id },
      position: 0,
      reason: 'nextInSubject',
    });
    // A summary, not the player's data: no signed URL, no comments.
    expect(JSON.stringify(body)).not.toMatch(/streamUrl|renditions|comments|token=/);
  });

  it('offers the next unfinished lesson once the last one watched is finished', async () => {
    const student = await ctx.registerAndLogin();
    await grantAccess(ctx.db, student.id, 'fr-maths-3e', inAMonth());
    await watched(student, nth('fr-maths-3e', 3)._id, 0, 60);
    await watched(student, nth('fr-maths-3e', 4)._id, 6, 50);
    await watched(student, nth('fr-maths-3e', 2)._id, 0, 1);
    const { body } = await home(student);
    expect(body.resume).toBeNull();
    // Lesson 3 was finished before: lesson 4, started, is next, with what was already watched of it.
    expect(body.nextUp).toMatchObject({
      lesson: { _id: nth('fr-maths-3e', 4)._id },
      position: 6,
      reason: 'nextInSubject',
    });
  });

  it('moves to a paid subject not started yet after the last lesson of a subject, its section first', async () => {
    const student = await ctx.registerAndLogin();
    for (const subjectId of ['ang-maths-f5', 'fr-maths-3e', 'fr-pct-3e'])
      await grantAccess(ctx.db, student.id, subjectId, inAMonth());
    const maths = lessonsOf('fr-maths-3e');
    await watched(student, (maths.at(-1) as Listed)._id, 0, 1);
    const { body } = await home(student);
    expect(body.resume).toBeNull();
    // Mathematics Form 5 comes first in the catalogue, but the student studies in the francophone section.
    expect(body.nextUp).toMatchObject({ lesson: { _id: nth('fr-pct-3e', 0)._id }, reason: 'newSubject' });
  });

  it('leaves out the lessons of a subject whose access has ended', async () => {
    const student = await ctx.registerAndLogin();
    await grantAccess(ctx.db, student.id, 'fr-maths-3e', inAMonth());
    await grantAccess(ctx.db, student.id, 'ang-maths-f5', new Date(Date.now() - DAY));
    await watched(student, nth('fr-maths-3e', 1)._id, 5, 60);
    await watched(student, nth('ang-maths-f5', 1)._id, 8, 1);
    const { body } = await home(student);
    expect(body.resume).toMatchObject({ lesson: { _id: nth('fr-maths-3e', 1)._id }, position: 5 });
  });

  it("keeps each student's own", async () => {
    const one = await ctx.registerAndLogin();
    const other = await ctx.registerAndLogin();
    for (const who of [one, other]) await grantAccess(ctx.db, who.id, 'fr-maths-3e', inAMonth());
    await watched(one, nth('fr-maths-3e', 5)._id, 4, 1);
    expect((await home(one)).body.resume?.lesson._id).toBe(nth('fr-maths-3e', 5)._id);
    expect((await home(other)).body.resume).toBeNull();
  });
});
