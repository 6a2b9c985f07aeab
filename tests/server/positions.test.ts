import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestStudent } from './helpers/app';

// Issue 11: the resume position follows the student between the phone's browser, the PWA and the native
// shell, through their account; when two devices disagree, the newer position wins.

let ctx: TestApp;
let student: TestStudent;
const VIDEO = 'ang-maths-f5-v01';
const at = (iso: string) => new Date(iso).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  student = await ctx.registerAndLogin();
});
afterAll(async () => {
  await ctx?.close();
});

const save = (body: Record<string, unknown>, who: TestStudent = student, lang = 'en') =>
  ctx.request<{ success: boolean; position: number | null; updatedAt: string | null; msg?: string }>({
    method: 'PUT',
    url: '/videos/video/position',
    headers: { ...who.headers, 'accept-language': lang },
    payload: body,
  });
const load = (videoId: string, who: TestStudent = student) =>
  ctx.request<{ success: boolean; position: number | null; updatedAt: string | null }>({
    method: 'GET',
    url: `/videos/video/position?videoId=${encodeURIComponent(videoId)}`,
    headers: who.headers,
  });

describe('resume position on the account', () => {
  it('has none at first, then keeps what a device saved', async () => {
    expect((await load(VIDEO)).body).toEqual({ success: true, position: null, updatedAt: null });
    const saved = await save({ videoId: VIDEO, position: 42.5, updatedAt: at('2026-03-01T10:00:00Z') });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, position: 42.5, updatedAt: at('2026-03-01T10:00:00Z') });
    expect((await load(VIDEO)).body.position).toBe(42.5);
  });

  it('lets the newer position win, whichever device sends it last', async () => {
    // The phone, offline in the bus, was at 300 s at 10:30; the laptop then saved 120 s stamped 10:20.
    await save({ videoId: VIDEO, position: 300, updatedAt: at('2026-03-01T10:30:00Z') });
    const older = await save({ videoId: VIDEO, position: 120, updatedAt: at('2026-03-01T10:20:00Z') });
    expect(older.body).toEqual({ success: true, position: 300, updatedAt: at('2026-03-01T10:30:00Z') });
    const newer = await save({ videoId: VIDEO, position: 0, updatedAt: at('2026-03-01T11:00:00Z') });
    expect(newer.body.position).toBe(0);
  });

  it('does not let a clock far ahead freeze the position', async () => {
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const saved = await save({ videoId: VIDEO, position: 10, updatedAt: future });
    expect(Date.parse(saved.body.updatedAt ?? '')).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1_000);
    const later = await save({
      videoId: VIDEO,
      position: 20,
      updatedAt: new Date(Date.now() + 6 * 60_000).toISOString(),
    });
    expect(later.body.position).toBe(20);
  });

  it('keeps each student their own positions', async () => {
    const other = await ctx.registerAndLogin();
    expect((await load(VIDEO, other)).body.position).toBeNull();
    await save({ videoId: VIDEO, position: 7, updatedAt: new Date().toISOString() }, other);
    expect((await load(VIDEO)).body.position).not.toBe(7);
  });

  it('refuses bad input with a translated message, unknown videos with 404 and no token with 401', async () => {
    const negative = await save(
      { videoId: VIDEO, position: -1, updatedAt: new Date().toISOString() },
      student,
      'fr',
    );
    expect(negative.status).toBe(400);
    expect(negative.body.msg).toBe('Valeur invalide pour le champ « position ».');
    const notADate = await save({ videoId: VIDEO, position: 1, updatedAt: 'yesterday' });
    expect(notADate.status).toBe(400);
    expect(notADate.body.msg).toBe("Invalid value for field 'updatedAt'.");
    const missing = await save({ videoId: VIDEO, updatedAt: new Date().toISOString() });
    expect(missing.status).toBe(400);
    const unknown = await save({ videoId: 'nope', position: 1, updatedAt: new Date().toISOString() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Content not found.');
    expect((await load('nope')).status).toBe(404);
    const anonymous = await ctx.request({ method: 'GET', url: `/videos/video/position?videoId=${VIDEO}` });
    expect(anonymous.status).toBe(401);
  });

  it('forgets the positions of a deleted account', async () => {
    const leaving = await ctx.registerAndLogin();
    await save({ videoId: VIDEO, position: 33, updatedAt: new Date().toISOString() }, leaving);
    const deleted = await ctx.request({
      method: 'POST',
      url: '/users/student/delete_account',
      headers: leaving.headers,
      payload: { password: leaving.password },
    });
    expect(deleted.status).toBe(200);
    const rows = await ctx.db.query('SELECT 1 FROM playback_positions WHERE student_id = $1', [leaving.id]);
    expect(rows).toEqual([]);
  });
});
