import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nulCharacterPath } from '../../server/lib/input-guards';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';

let ctx: TestApp;
let student: TestStudent;
let videoId: string;
let subjectId: string;
let commentId: string;

const NUL = '\u0000';

beforeAll(async () => {
  ctx = await createTestApp();
  student = await ctx.registerAndLogin();
  const [video] = await ctx.db.query<{ id: string; subject_id: string }>(
    'SELECT v.id, v.subject_id FROM videos v JOIN subjects s ON s.id = v.subject_id WHERE s.price > 0 ORDER BY v.id LIMIT 1',
  );
  if (video === undefined) throw new Error('the seed has no paid video');
  videoId = video.id;
  subjectId = video.subject_id;
  await grantAccess(ctx.db, student.id, subjectId, new Date(Date.now() + 86_400_000));
  const comment = await ctx.request<{ comment: { _id: string } }>({
    method: 'POST',
    url: '/videos/video/comment',
    headers: student.headers,
    payload: { videoId, text: 'A first comment' },
  });
  expect(comment.status).toBe(200);
  commentId = comment.body.comment._id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('a NUL character in a string that would reach the database', () => {
  // Each of these answered 500 before: PostgreSQL text cannot hold \u0000.
  const cases: Array<{
    name: string;
    method: 'POST' | 'PUT';
    url: string;
    auth: boolean;
    body: () => object;
  }> = [
    {
      name: 'register',
      method: 'POST',
      url: '/users/register',
      auth: false,
      body: () => ({
        firstname: `Ami${NUL}na`,
        lastname: 'Nkeng',
        email: 'nul.register@example.cm',
        username: 'nul_register',
        password: 'correct-horse-battery',
        phonenumber: '237690000001',
      }),
    },
    {
      name: 'login',
      method: 'POST',
      url: '/users/authenticate/student',
      auth: false,
      body: () => ({ username: `amina${NUL}`, password: 'whatever-password' }),
    },
    {
      name: 'phone login',
      method: 'POST',
      url: '/users/authenticate/student/withphonenumber',
      auth: false,
      body: () => ({ phonenumber: '237690000002', password: `pass${NUL}word` }),
    },
    {
      name: 'profile/modify',
      method: 'PUT',
      url: '/users/profile/modify',
      auth: true,
      body: () => ({ id: student.id, firstname: `A${NUL}` }),
    },
    {
      name: 'notifications',
      method: 'POST',
      url: '/users/notifications',
      auth: true,
      body: () => ({ token: `device${NUL}token`, platform: 'android' }),
    },
    {
      name: 'check-subject-expiration',
      method: 'POST',
      url: '/users/check-subject-expiration',
      auth: true,
      body: () => ({ userId: student.id, subjectId: `${subjectId}${NUL}` }),
    },
    {
      name: 'comment',
      method: 'POST',
      url: '/videos/video/comment',
      auth: true,
      body: () => ({ videoId, text: `Hello${NUL}world` }),
    },
    {
      name: 'like',
      method: 'PUT',
      url: '/videos/video/like',
      auth: true,
      body: () => ({ videoId: `${videoId}${NUL}` }),
    },
    {
      name: 'dislike',
      method: 'PUT',
      url: '/videos/video/dislike',
      auth: true,
      body: () => ({ videoId: `${NUL}${videoId}` }),
    },
    {
      name: 'view',
      method: 'PUT',
      url: '/videos/video/view',
      auth: true,
      body: () => ({ videoId: `${videoId}${NUL}` }),
    },
    {
      name: 'comment like',
      method: 'PUT',
      url: '/videos/video/comment/like',
      auth: true,
      body: () => ({ videoId, commentId: `${commentId}${NUL}` }),
    },
    {
      name: 'forgot',
      method: 'POST',
      url: '/forgot',
      auth: false,
      body: () => ({ email: `amina${NUL}@example.cm` }),
    },
    {
      name: 'filtered videos',
      method: 'POST',
      url: '/videos/filtered-videos',
      auth: false,
      body: () => ({ subjectTitle: `Maths${NUL}` }),
    },
  ];

  for (const { name, method, url, auth, body } of cases) {
    it(`${name}: 400 naming the field, in the caller's language`, async () => {
      const payload = body();
      const field = nulCharacterPath(payload);
      const en = await ctx.request({ method, url, headers: auth ? student.headers : {}, payload });
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({ success: false, msg: `Invalid value for field '${field}'.` });
      const fr = await ctx.request({
        method,
        url,
        headers: { ...(auth ? student.headers : {}), 'accept-language': 'fr' },
        payload,
      });
      expect(fr.status).toBe(400);
      expect(fr.body.msg).toBe(`Valeur invalide pour le champ « ${field} ».`);
    });
  }

  it('in a query string or a path segment too', async () => {
    const query = await ctx.request({
      method: 'GET',
      url: `/media/videos/x.mp4?student=&subject=a%00b&exp=1&sig=abc`,
    });
    expect(query.status).toBe(400);
    const path = await ctx.request({ method: 'GET', url: '/media/pictures/a%00b.webp' });
    expect(path.status).toBe(400);
  });

  it('nested in an array, and in a key', async () => {
    expect(nulCharacterPath({ items: [{ subjectId: 'ok' }, { subjectId: `a${NUL}` }] })).toBe(
      'items.1.subjectId',
    );
    expect(nulCharacterPath({ [`ke${NUL}y`]: 'value' })).toBe(`ke${NUL}y`);
    expect(nulCharacterPath({ text: 'clean', list: ['a', 'b'] })).toBeUndefined();
    let deep: unknown = `x${NUL}`;
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(nulCharacterPath(deep)?.split('.')).toHaveLength(100_000);
  });

  it('wrote nothing: no account, comment or push token with the character', async () => {
    const rows = await ctx.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM students WHERE username = 'nul_register')::int
            + (SELECT count(*) FROM comments WHERE text LIKE 'Hello%')::int
            + (SELECT count(*) FROM push_tokens WHERE student_id = $1)::int AS n`,
      [student.id],
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('a broken multipart body on profilepicture/update', () => {
  const webp = readFileSync(join(import.meta.dirname, '../../server/seed/media/pictures/subject-maths.webp'));
  const boundary = '----studyappboundary';
  const whole = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="me.webp"\r\nContent-Type: image/webp\r\n\r\n`,
    ),
    webp,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = (contentType: string, payload: Buffer, language = 'en') =>
    ctx.request({
      method: 'PUT',
      url: '/users/profilepicture/update',
      headers: { ...student.headers, 'content-type': contentType, 'accept-language': language },
      payload,
    });

  it('without a boundary: 400, translated', async () => {
    const en = await upload('multipart/form-data', whole);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      success: false,
      msg: 'The upload is incomplete or malformed. Please choose the picture again.',
    });
    const fr = await upload('multipart/form-data', whole, 'fr');
    expect(fr.status).toBe(400);
    expect(fr.body.msg).toBe("L'envoi est incomplet ou mal formé. Veuillez choisir la photo à nouveau.");
  });

  it('with an empty boundary: 400', async () => {
    expect((await upload('multipart/form-data; boundary=', whole)).status).toBe(400);
    expect((await upload('multipart/form-data; boundary=""', whole)).status).toBe(400);
  });

  it('cut off in the middle of the file or of a header: 400', async () => {
    const type = `multipart/form-data; boundary=${boundary}`;
    expect((await upload(type, whole.subarray(0, whole.length - 200))).status).toBe(400);
    expect((await upload(type, whole.subarray(0, 40))).status).toBe(400);
    expect((await upload(type, Buffer.alloc(0))).status).toBe(400);
  });

  it('with a boundary that is not in the body: 400', async () => {
    expect((await upload('multipart/form-data; boundary=somethingelse', whole)).status).toBe(400);
  });

  it('left the previous picture in place, and a whole body still works', async () => {
    const before = await ctx.request<{ user: { profilePicture: string | null } }>({
      method: 'GET',
      url: '/users/profile',
      headers: student.headers,
    });
    expect(before.body.user.profilePicture).toBeNull();
    const ok = await upload(`multipart/form-data; boundary=${boundary}`, whole);
    expect(ok.status).toBe(200);
  });
});

describe('a path id longer than any id', () => {
  // The router cut path parameters at 100 characters: past that, a request fell through to the static
  // handler's 404 (or a 414), neither of which the API document lists. The route's schema answers now.
  const long = 'x'.repeat(101);
  const huge = 'y'.repeat(5_000);
  const cases = [
    { method: 'GET' as const, url: `/books/${long}`, field: 'id', auth: true },
    { method: 'GET' as const, url: `/scholarships/${long}`, field: 'id', auth: false },
    { method: 'GET' as const, url: `/shop/products/${huge}`, field: 'id', auth: false },
    { method: 'GET' as const, url: `/shop/orders/${long}`, field: 'referenceId', auth: true },
    { method: 'PUT' as const, url: `/planner/timetable/${long}`, field: 'id', auth: true },
    { method: 'GET' as const, url: `/media/pictures/${huge}.webp`, field: 'file', auth: false },
  ];
  for (const { method, url, field, auth } of cases) {
    it(`${method} ${url.slice(0, 40)}…: the documented 400, translated`, async () => {
      const headers = auth ? student.headers : {};
      const payload = method === 'PUT' ? { baseRevision: 0, data: { name: 'GCE' } } : undefined;
      const en = await ctx.request({ method, url, headers, payload });
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({ success: false, msg: `Invalid value for field '${field}'.` });
      const fr = await ctx.request({
        method,
        url,
        headers: { ...headers, 'accept-language': 'fr' },
        payload,
      });
      expect(fr.status).toBe(400);
      expect(fr.body.msg).toBe(`Valeur invalide pour le champ « ${field} ».`);
    });
  }

  it('and the API document lists that 400 for each of these routes', async () => {
    const document = await ctx.request<{ paths: Record<string, Record<string, { responses: object }>> }>({
      method: 'GET',
      url: '/docs/json',
    });
    for (const [path, method] of [
      ['/books/{id}', 'get'],
      ['/scholarships/{id}', 'get'],
      ['/shop/products/{id}', 'get'],
      ['/shop/orders/{referenceId}', 'get'],
      ['/planner/{kind}/{id}', 'put'],
      ['/media/pictures/{file}', 'get'],
    ] as const) {
      expect(Object.keys(document.body.paths[path]?.[method]?.responses ?? {}), path).toContain('400');
    }
  });
});
