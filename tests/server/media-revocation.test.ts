import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';

// A signed video URL is issued to the sessions of one student: revoking them all must stop it too.

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const SUBJECT = 'ang-maths-f5';
const VIDEO = 'ang-maths-f5-v01';

async function payingStudent(): Promise<TestStudent> {
  const student = await ctx.registerAndLogin();
  await grantAccess(ctx.db, student.id, SUBJECT, new Date(Date.now() + 30 * 86_400_000));
  return student;
}

async function streamPath(student: TestStudent, videoId = VIDEO): Promise<string> {
  const { status, body } = await ctx.request<Array<{ _id: string; streamUrl?: string }>>({
    method: 'GET',
    url: '/videos/fetchvideos',
    headers: student.headers,
  });
  expect(status).toBe(200);
  const url = new URL(body.find((video) => video._id === videoId)?.streamUrl ?? '');
  return `${url.pathname}${url.search}`;
}

const play = async (path: string) =>
  (await ctx.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=0-9' } })).statusCode;

describe('a signed video URL after every session of its owner was revoked', () => {
  it('stops with all-device logout; a URL issued to the new session plays', async () => {
    const student = await payingStudent();
    const before = await streamPath(student);
    expect(await play(before)).toBe(206);
    const logout = await ctx.request({
      method: 'POST',
      url: '/users/student/alldevicelogout',
      headers: student.headers,
      payload: {},
    });
    expect(logout.status).toBe(200);
    const denied = await ctx.app.inject({ method: 'GET', url: before, headers: { 'accept-language': 'fr' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      success: false,
      msg: "Ce lien a expiré ou vous n'avez plus accès à cette matière.",
    });
    const token = await ctx.login(student.username, student.password);
    const after = await streamPath({ ...student, headers: { authorization: `Bearer ${token}` } });
    expect(after).not.toBe(before);
    expect(await play(after)).toBe(206);
  });

  it('stops with a password change, and keeps working for the session that changed it', async () => {
    const student = await payingStudent();
    const before = await streamPath(student);
    const changed = await ctx.request<{ token: string }>({
      method: 'PUT',
      url: '/users/profile/passwordreset',
      headers: student.headers,
      payload: { id: student.id, oldPassword: student.password, newPassword: 'another-horse-battery' },
    });
    expect(changed.status).toBe(200);
    expect(await play(before)).toBe(403);
    const fresh = { ...student, headers: { authorization: `Bearer ${changed.body.token}` } };
    expect(await play(await streamPath(fresh))).toBe(206);
  });

  it('stops with a password reset by mail', async () => {
    const student = await payingStudent();
    const before = await streamPath(student);
    expect(
      (await ctx.request({ method: 'POST', url: '/forgot', payload: { email: student.email } })).status,
    ).toBe(200);
    const link = /token=([\w-]+)/.exec(ctx.mails.at(-1)?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const reset = await ctx.request({
      method: 'PUT',
      url: '/reset',
      payload: { token: link, password: 'reset-horse-battery' },
    });
    expect(reset.status).toBe(200);
    expect(await play(before)).toBe(403);
  });

  it('stops with the deletion of the account', async () => {
    const student = await payingStudent();
    const before = await streamPath(student);
    const deleted = await ctx.request({
      method: 'POST',
      url: '/users/student/delete_account',
      headers: student.headers,
      payload: { password: student.password },
    });
    expect(deleted.status).toBe(200);
    expect(await play(before)).toBe(403);
  });

  it('does not stop with the logout of one session only (the other sessions still hold)', async () => {
    const student = await payingStudent();
    const otherSession = await ctx.login(student.username, student.password);
    const before = await streamPath(student);
    const logout = await ctx.request({
      method: 'POST',
      url: '/users/student/logout',
      headers: { authorization: `Bearer ${otherSession}` },
      payload: {},
    });
    expect(logout.status).toBe(200);
    expect(await play(before)).toBe(206);
  });

  it('cannot be revived by editing the version in the URL', async () => {
    const student = await payingStudent();
    const before = await streamPath(student);
    await ctx.request({
      method: 'POST',
      url: '/users/student/alldevicelogout',
      headers: student.headers,
      payload: {},
    });
    const forged = new URL(before, 'http://localhost');
    forged.searchParams.set('v', String(Number(forged.searchParams.get('v')) + 1));
    expect(await play(`${forged.pathname}${forged.search}`)).toBe(403);
  });

  it('leaves free lessons playable by anyone', async () => {
    const student = await payingStudent();
    const free = await streamPath(student, 'ext-coding-v01');
    await ctx.request({
      method: 'POST',
      url: '/users/student/alldevicelogout',
      headers: student.headers,
      payload: {},
    });
    expect(await play(free)).toBe(206);
  });
});
