import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantAccess, type TestApp, type TestStudent } from './helpers/app';
import { multipart } from './helpers/multipart';

let ctx: TestApp;
let amina: TestStudent;

beforeAll(async () => {
  ctx = await createTestApp();
  amina = await ctx.registerAndLogin({ firstname: 'Amina', lastname: 'Nkeng' });
});
afterAll(async () => {
  await ctx?.close();
});

type UserBody = {
  success: boolean;
  user: Record<string, unknown> & { paidSubjects: unknown[] };
  msg?: string;
};

describe('POST /users/register', () => {
  const valid = (suffix: string) => ({
    firstname: 'Brice',
    lastname: 'Tchoupo',
    email: `Brice.${suffix}@Example.CM`,
    username: `brice_${suffix}`,
    password: 'a-long-password',
    phonenumber: `+237 6 77 ${suffix.padStart(6, '0').slice(-6)}`,
  });

  it('creates the account (201) and stores the e-mail lowercased and the phone normalised', async () => {
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/register',
      payload: valid('100001'),
    });
    expect(status).toBe(201);
    expect(body).toEqual({ success: true, msg: 'Your account has been created. You can now log in.' });
    const [row] = await ctx.db.query<{ email: string; phonenumber: string; password_hash: string }>(
      'SELECT email, phonenumber, password_hash FROM students WHERE username = $1',
      ['brice_100001'],
    );
    expect(row?.email).toBe('brice.100001@example.cm');
    expect(row?.phonenumber).toBe('237677100001');
    // argon2id with the configured parameters (the production defaults are checked in password-hashing.test.ts),
    // never the password itself.
    const { memoryKib, timeCost } = ctx.config.passwordHashing;
    expect(row?.password_hash).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryKib},p=1,t=${timeCost}\\$`),
    );
  });

  it('answers in French when asked', async () => {
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/register',
      headers: { 'accept-language': 'fr-CM,fr;q=0.9,en;q=0.5' },
      payload: valid('100002'),
    });
    expect(status).toBe(201);
    expect(body.msg).toBe('Votre compte a été créé. Vous pouvez maintenant vous connecter.');
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['username', { username: 'a b' }],
    ['password', { password: 'short' }],
    ['phonenumber', { phonenumber: '12' }],
    ['firstname', { firstname: 42 }],
  ])('rejects an invalid %s with a 400 naming the field', async (field, change) => {
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/register',
      payload: { ...valid('100003'), ...change },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, msg: `Invalid value for field '${field}'.` });
  });

  it('names a missing field, in French too', async () => {
    const { lastname: _omitted, ...rest } = valid('100004');
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/register',
      headers: { 'accept-language': 'fr' },
      payload: rest,
    });
    expect(status).toBe(400);
    expect(body.msg).toBe('Le champ « lastname » est obligatoire.');
  });

  it.each([
    [
      'username',
      { username: 'brice_100001', email: 'other1@example.cm', phonenumber: '237699000001' },
      'This username is already taken.',
    ],
    [
      'email',
      { username: 'other_2', email: 'BRICE.100001@example.cm', phonenumber: '237699000002' },
      'This e-mail address is already registered.',
    ],
    [
      'phone',
      { username: 'other_3', email: 'other3@example.cm', phonenumber: '677100001' },
      'This phone number already has an account. If it is yours, log in with it; if you share this phone, register with another number: one Mobile Money number can still pay for several accounts.',
    ],
  ])('rejects a taken %s with 409', async (_what, change, msg) => {
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/register',
      payload: { ...valid('100005'), ...change },
    });
    expect(status).toBe(409);
    expect(body).toEqual({ success: false, msg });
  });
});

describe('login', () => {
  it('logs in with the username and returns a token and the client user', async () => {
    const { status, body } = await ctx.request<{ token: string } & UserBody>({
      method: 'POST',
      url: '/users/authenticate/student',
      payload: { username: amina.username, password: amina.password },
    });
    expect(status).toBe(200);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      id: amina.id,
      username: amina.username,
      role: 'STUDENT',
      paidSubjects: [],
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('tokenVersion');
  });

  it('logs in with the phone number, whatever its formatting', async () => {
    const local = amina.phonenumber.slice(3);
    const { status, body } = await ctx.request<{ token: string }>({
      method: 'POST',
      url: '/users/authenticate/student/withphonenumber',
      payload: { phonenumber: `+237 ${local}`, password: amina.password },
    });
    expect(status).toBe(200);
    expect(typeof body.token).toBe('string');
  });

  it('gives the same generic 401 for a wrong password and an unknown user', async () => {
    const wrong = await ctx.request({
      method: 'POST',
      url: '/users/authenticate/student',
      payload: { username: amina.username, password: 'wrong-password' },
    });
    const unknown = await ctx.request({
      method: 'POST',
      url: '/users/authenticate/student',
      payload: { username: 'nobody_here', password: 'wrong-password' },
    });
    const unknownPhone = await ctx.request({
      method: 'POST',
      url: '/users/authenticate/student/withphonenumber',
      payload: { phonenumber: '237600000000', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknownPhone.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(unknownPhone.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ success: false, msg: 'Invalid credentials.' });
  });

  it('rejects a login without password (400)', async () => {
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/authenticate/student',
      payload: { username: amina.username },
    });
    expect(status).toBe(400);
    expect(body.msg).toBe("Field 'password' is required.");
  });
});

describe('profile', () => {
  it('GET /users/profile returns the caller', async () => {
    const { status, body } = await ctx.request<UserBody>({
      method: 'GET',
      url: '/users/profile',
      headers: amina.headers,
    });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({
      id: amina.id,
      email: amina.email,
      firstname: 'Amina',
      profilePicture: null,
    });
  });

  it('GET /users/profile without a token is 401', async () => {
    const { status, body } = await ctx.request({ method: 'GET', url: '/users/profile' });
    expect(status).toBe(401);
    expect(body).toEqual({ success: false, msg: 'Authentication required.' });
  });

  it('lists paid subjects with their expiry', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000);
    const student = await ctx.registerAndLogin();
    await grantAccess(ctx.db, student.id, 'ang-maths-f5', expiresAt);
    const { body } = await ctx.request<UserBody>({
      method: 'GET',
      url: '/users/profile',
      headers: student.headers,
    });
    expect(body.user.paidSubjects).toEqual([
      {
        subjectId: 'ang-maths-f5',
        subjectTitle: 'Mathematics Form 5',
        expiresAt: expiresAt.toISOString(),
        // The section the app opens its lists on for this student (issue 18).
        section: 'anglophone',
      },
    ]);
  });

  it('fetchStudentDetail returns only the caller (403 for another id)', async () => {
    const own = await ctx.request<UserBody>({
      method: 'POST',
      url: '/users/fetchStudentDetail',
      headers: amina.headers,
      payload: { id: amina.id },
    });
    expect(own.status).toBe(200);
    expect(own.body.user.id).toBe(amina.id);
    const other = await ctx.request({
      method: 'POST',
      url: '/users/fetchStudentDetail',
      headers: amina.headers,
      payload: { id: 'someone-else' },
    });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ success: false, msg: 'Access denied.' });
  });

  it('modifies the own profile', async () => {
    const student = await ctx.registerAndLogin();
    const { status, body } = await ctx.request<UserBody>({
      method: 'PUT',
      url: '/users/profile/modify',
      headers: student.headers,
      payload: { id: student.id, firstname: 'Chantal', email: `New.${student.username}@Example.cm` },
    });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({
      firstname: 'Chantal',
      email: `new.${student.username}@example.cm`,
      lastname: 'Nkeng',
    });
  });

  it('refuses to modify another student (403), a taken e-mail (409) and a bad e-mail (400)', async () => {
    const student = await ctx.registerAndLogin();
    const other = await ctx.request({
      method: 'PUT',
      url: '/users/profile/modify',
      headers: student.headers,
      payload: { id: amina.id, firstname: 'Hacker' },
    });
    expect(other.status).toBe(403);
    const taken = await ctx.request({
      method: 'PUT',
      url: '/users/profile/modify',
      headers: student.headers,
      payload: { id: student.id, email: amina.email },
    });
    expect(taken.status).toBe(409);
    const bad = await ctx.request({
      method: 'PUT',
      url: '/users/profile/modify',
      headers: student.headers,
      payload: { id: student.id, email: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("Invalid value for field 'email'.");
  });
});

describe('PUT /users/profilepicture/update', () => {
  const webp = readFileSync(join(import.meta.dirname, '../../server/seed/media/pictures/subject-maths.webp'));

  it('stores a WebP picture and serves it under media/uploads', async () => {
    const student = await ctx.registerAndLogin();
    const form = multipart('picture', 'me.webp', webp, 'image/webp');
    const { status, body } = await ctx.request<UserBody>({
      method: 'PUT',
      url: '/users/profilepicture/update',
      headers: { ...student.headers, ...form.headers },
      payload: form.payload,
    });
    expect(status).toBe(200);
    const url = String(body.user.profilePicture);
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/media\/uploads\/[0-9a-f-]+\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(webp)).toBe(true);
  });

  it('checks the content, not the name: a text file called .png is refused', async () => {
    const student = await ctx.registerAndLogin();
    const form = multipart('picture', 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const { status, body } = await ctx.request({
      method: 'PUT',
      url: '/users/profilepicture/update',
      headers: { ...student.headers, ...form.headers },
      payload: form.payload,
    });
    expect(status).toBe(400);
    expect(body.msg).toBe('The picture must be a JPEG, PNG or WebP image.');
  });

  it('refuses a picture over 2 MB with 413', async () => {
    const student = await ctx.registerAndLogin();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const form = multipart('picture', 'big.jpg', big, 'image/jpeg');
    const { status, body } = await ctx.request({
      method: 'PUT',
      url: '/users/profilepicture/update',
      headers: { ...student.headers, ...form.headers },
      payload: form.payload,
    });
    expect(status).toBe(413);
    expect(body).toEqual({ success: false, msg: 'The picture is too large (2 MB at most).' });
  });

  it('needs the picture field (400) and a token (401)', async () => {
    const student = await ctx.registerAndLogin();
    const wrongField = multipart('avatar', 'me.webp', webp, 'image/webp');
    const missing = await ctx.request({
      method: 'PUT',
      url: '/users/profilepicture/update',
      headers: { ...student.headers, ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(missing.status).toBe(400);
    const anonymous = await ctx.request({
      method: 'PUT',
      url: '/users/profilepicture/update',
      headers: wrongField.headers,
      payload: wrongField.payload,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('password change', () => {
  it('changes the password, revokes other sessions and keeps this one with a fresh token', async () => {
    const student = await ctx.registerAndLogin();
    const otherDevice = await ctx.login(student.username, student.password);
    const { status, body } = await ctx.request<{ token: string; msg: string }>({
      method: 'PUT',
      url: '/users/profile/passwordreset',
      headers: student.headers,
      payload: { id: student.id, oldPassword: student.password, newPassword: 'a-brand-new-password' },
    });
    expect(status).toBe(200);
    const other = await ctx.request({
      method: 'GET',
      url: '/users/profile',
      headers: { authorization: `Bearer ${otherDevice}` },
    });
    expect(other.status).toBe(401);
    const fresh = await ctx.request({
      method: 'GET',
      url: '/users/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(fresh.status).toBe(200);
    await expect(ctx.login(student.username, student.password)).rejects.toThrow(/401/);
    await expect(ctx.login(student.username, 'a-brand-new-password')).resolves.toEqual(expect.any(String));
  });

  it('refuses a wrong old password (401), another id (403) and a short new one (400)', async () => {
    const student = await ctx.registerAndLogin();
    const wrong = await ctx.request({
      method: 'PUT',
      url: '/users/profile/passwordreset',
      headers: student.headers,
      payload: { id: student.id, oldPassword: 'not-it-at-all', newPassword: 'a-brand-new-password' },
    });
    expect(wrong.status).toBe(401);
    const other = await ctx.request({
      method: 'PUT',
      url: '/users/profile/passwordreset',
      headers: student.headers,
      payload: { id: amina.id, oldPassword: student.password, newPassword: 'a-brand-new-password' },
    });
    expect(other.status).toBe(403);
    const short = await ctx.request({
      method: 'PUT',
      url: '/users/profile/passwordreset',
      headers: student.headers,
      payload: { id: student.id, oldPassword: student.password, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe("Invalid value for field 'newPassword'.");
  });
});

describe('forgot and reset', () => {
  it('always answers the same message, and mails a single-use link only for a real account', async () => {
    const student = await ctx.registerAndLogin();
    const before = ctx.mails.length;
    const unknown = await ctx.request({
      method: 'POST',
      url: '/forgot',
      payload: { email: 'nobody@example.cm' },
    });
    const known = await ctx.request({
      method: 'POST',
      url: '/forgot',
      payload: { email: student.email.toUpperCase() },
    });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await waitUntil(() => ctx.mails.length === before + 1);
    const mail = ctx.mails.at(-1);
    expect(mail?.to).toBe(student.email);
    const token = /#\/resetpassword\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();

    const reset = await ctx.request({
      method: 'PUT',
      url: '/reset',
      payload: { token, password: 'reset-password-123' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe('Your password has been reset. You can now log in.');
    // Old sessions die with the old password.
    const old = await ctx.request({ method: 'GET', url: '/users/profile', headers: student.headers });
    expect(old.status).toBe(401);
    await expect(ctx.login(student.username, 'reset-password-123')).resolves.toEqual(expect.any(String));

    const again = await ctx.request({
      method: 'PUT',
      url: '/reset',
      payload: { token, password: 'another-password-1' },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('This reset link is invalid, expired or already used.');
  });

  it('refuses an expired link', async () => {
    const student = await ctx.registerAndLogin();
    const before = ctx.mails.length;
    await ctx.request({
      method: 'POST',
      url: '/forgot',
      headers: { 'accept-language': 'fr' },
      payload: { email: student.email },
    });
    await waitUntil(() => ctx.mails.length === before + 1);
    const mail = ctx.mails.at(-1);
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe');
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    await ctx.db.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE student_id = $1",
      [student.id],
    );
    const { status } = await ctx.request({
      method: 'PUT',
      url: '/reset',
      payload: { token, password: 'reset-password-123' },
    });
    expect(status).toBe(400);
  });

  it('validates the e-mail (400)', async () => {
    const { status, body } = await ctx.request({ method: 'POST', url: '/forgot', payload: { email: 'x' } });
    expect(status).toBe(400);
    expect(body.msg).toBe("Invalid value for field 'email'.");
  });
});

describe('the student’s language (issue 18)', () => {
  const profile = (student: TestStudent) =>
    ctx.request<UserBody>({ method: 'GET', url: '/users/profile', headers: student.headers });
  const chooseLanguage = (student: TestStudent, language: unknown) =>
    ctx.request<UserBody>({
      method: 'PUT',
      url: '/users/profile/modify',
      headers: student.headers,
      payload: { id: student.id, language },
    });

  it('is null until chosen, then saved with the account and returned at the next login', async () => {
    const student = await ctx.registerAndLogin({ firstname: 'Chantal' });
    expect((await profile(student)).body.user.language).toBeNull();

    const saved = await chooseLanguage(student, 'fr');
    expect(saved.status).toBe(200);
    // The language only: the rest of the profile stays as it was.
    expect(saved.body.user).toMatchObject({ language: 'fr', firstname: 'Chantal', email: student.email });
    const login = await ctx.request<UserBody & { token: string }>({
      method: 'POST',
      url: '/users/authenticate/student',
      payload: { username: student.username, password: student.password },
    });
    expect(login.body.user.language).toBe('fr');

    expect((await chooseLanguage(student, 'en')).body.user.language).toBe('en');
    // A later profile change without the language keeps it.
    await ctx.request({
      method: 'PUT',
      url: '/users/profile/modify',
      headers: student.headers,
      payload: { id: student.id, firstname: 'Chantale' },
    });
    expect((await profile(student)).body.user.language).toBe('en');
  });

  it('refuses a language other than en or fr, naming the field', async () => {
    const student = await ctx.registerAndLogin();
    const refused = await chooseLanguage(student, 'de');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe("Invalid value for field 'language'.");
    expect((await profile(student)).body.user.language).toBeNull();
  });

  it('writes the server’s messages in the account’s language, else in Accept-Language', async () => {
    const student = await ctx.registerAndLogin();
    const takenEmail = (headers: Record<string, string>) =>
      ctx.request({
        method: 'PUT',
        url: '/users/profile/modify',
        headers: { ...student.headers, ...headers },
        payload: { id: student.id, email: amina.email },
      });
    expect((await takenEmail({ 'accept-language': 'fr' })).body.msg).toBe(
      'Cette adresse e-mail est déjà enregistrée.',
    );
    await chooseLanguage(student, 'fr');
    expect((await takenEmail({ 'accept-language': 'en-US,en;q=0.9' })).body.msg).toBe(
      'Cette adresse e-mail est déjà enregistrée.',
    );
    await chooseLanguage(student, 'en');
    expect((await takenEmail({ 'accept-language': 'fr' })).body.msg).toBe(
      'This e-mail address is already registered.',
    );
    // Input refused before the token is checked (a 400) can only follow Accept-Language, which the app
    // sends in the language it shows.
    const bad = await ctx.request({
      method: 'PUT',
      url: '/users/profile/modify',
      headers: { ...student.headers, 'accept-language': 'fr' },
      payload: { id: student.id, email: 'nope' },
    });
    expect(bad.body.msg).toBe('Valeur invalide pour le champ « email ».');
  });

  it('sends the reset mail in the account’s language, else in Accept-Language', async () => {
    const chose = await ctx.registerAndLogin();
    await chooseLanguage(chose, 'fr');
    const never = await ctx.registerAndLogin();
    const mailFor = async (student: TestStudent, acceptLanguage: string) => {
      const before = ctx.mails.length;
      const answer = await ctx.request({
        method: 'POST',
        url: '/forgot',
        headers: { 'accept-language': acceptLanguage },
        payload: { email: student.email },
      });
      await waitUntil(() => ctx.mails.length === before + 1);
      return { answer, mail: ctx.mails.at(-1) };
    };
    const french = await mailFor(chose, 'en');
    expect(french.mail?.subject).toBe('Réinitialisez votre mot de passe');
    expect(french.mail?.text).toContain('Bonjour');
    // The answer itself names no account, so it stays in the request's language.
    expect(french.answer.body.msg).toBe(
      'If an account exists for this e-mail address, a reset link has been sent to it.',
    );
    expect((await mailFor(never, 'fr-CM')).mail?.subject).toBe('Réinitialisez votre mot de passe');
    expect((await mailFor(never, 'en')).mail?.subject).toBe('Reset your password');
  });

  it('goes with a deleted account', async () => {
    const student = await ctx.registerAndLogin();
    await chooseLanguage(student, 'fr');
    await ctx.request({
      method: 'POST',
      url: '/users/student/delete_account',
      headers: student.headers,
      payload: { password: student.password },
    });
    const [row] = await ctx.db.query<{ language: string | null }>(
      'SELECT language FROM students WHERE id = $1',
      [student.id],
    );
    expect(row?.language).toBeNull();
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(condition()).toBe(true);
}

describe('notifications and subject expiration', () => {
  it('registers a push token, moving it away from a previous owner', async () => {
    const first = await ctx.registerAndLogin();
    const second = await ctx.registerAndLogin();
    for (const student of [first, second]) {
      const { status, body } = await ctx.request({
        method: 'POST',
        url: '/users/notifications',
        headers: student.headers,
        payload: { token: 'device-token-1', platform: 'android' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({ success: true });
    }
    const rows = await ctx.db.query<{ student_id: string }>(
      'SELECT student_id FROM push_tokens WHERE token = $1',
      ['device-token-1'],
    );
    expect(rows).toEqual([{ student_id: second.id }]);
    const bad = await ctx.request({
      method: 'POST',
      url: '/users/notifications',
      headers: first.headers,
      payload: { token: 'x', platform: 'windows' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("Invalid value for field 'platform'.");
  });

  it('reports whether a subject is expired for the caller', async () => {
    const student = await ctx.registerAndLogin();
    const check = (subjectId: string, userId = student.id) =>
      ctx.request<{ expired: boolean; expiresAt: string | null }>({
        method: 'POST',
        url: '/users/check-subject-expiration',
        headers: student.headers,
        payload: { userId, subjectId },
      });
    expect((await check('ang-physics-f5')).body).toEqual({ success: true, expired: true, expiresAt: null });
    const future = new Date(Date.now() + 3_600_000);
    await grantAccess(ctx.db, student.id, 'ang-physics-f5', future);
    expect((await check('ang-physics-f5')).body).toEqual({
      success: true,
      expired: false,
      expiresAt: future.toISOString(),
    });
    const past = new Date(Date.now() - 1000);
    await grantAccess(ctx.db, student.id, 'ang-physics-f5', past);
    expect((await check('ang-physics-f5')).body).toEqual({
      success: true,
      expired: true,
      expiresAt: past.toISOString(),
    });
    expect((await check('no-such-subject')).status).toBe(404);
    expect((await check('ang-physics-f5', amina.id)).status).toBe(403);
  });
});

describe('logout and account deletion', () => {
  it('logout revokes this token only', async () => {
    const student = await ctx.registerAndLogin();
    const other = await ctx.login(student.username, student.password);
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/student/logout',
      headers: student.headers,
      payload: {},
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });
    expect(
      (await ctx.request({ method: 'GET', url: '/users/profile', headers: student.headers })).status,
    ).toBe(401);
    const stillIn = await ctx.request({
      method: 'GET',
      url: '/users/profile',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(stillIn.status).toBe(200);
  });

  it('all-device logout revokes every token of the student', async () => {
    const student = await ctx.registerAndLogin();
    const other = await ctx.login(student.username, student.password);
    const { status } = await ctx.request({
      method: 'POST',
      url: '/users/student/alldevicelogout',
      headers: student.headers,
    });
    expect(status).toBe(200);
    for (const token of [student.token, other]) {
      const { status: after, body } = await ctx.request({
        method: 'GET',
        url: '/users/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after).toBe(401);
      expect(body.msg).toBe('Your session has expired. Please log in again.');
    }
    // A new login works again.
    await expect(ctx.login(student.username, student.password)).resolves.toEqual(expect.any(String));
  });

  it('deletes the account: personal data, comment authorship and push tokens erased, payments anonymised', async () => {
    const student = await ctx.registerAndLogin();
    await ctx.request({
      method: 'POST',
      url: '/users/notifications',
      headers: student.headers,
      payload: { token: 'delete-me-token', platform: 'ios' },
    });
    const comment = await ctx.request<{ comment: { _id: string } }>({
      method: 'POST',
      url: '/videos/video/comment',
      headers: student.headers,
      payload: { videoId: 'ext-study-skills-v01', text: 'Very useful, thank you!' },
    });
    expect(comment.status).toBe(200);
    const [payments] = await ctx.db.query<{ present: boolean }>(
      "SELECT to_regclass('payments') IS NOT NULL AS present",
    );
    if (payments?.present) {
      await ctx.db.query(
        `INSERT INTO payments (reference_id, external_id, student_id, items, total_cost, currency, msisdn, status)
         VALUES ('0b6c2f1e-9a1d-4c3e-8f2a-1d2e3f4a5b6c', $2, $1, '[{"subjectId":"ang-maths-f5","amount":1}]', 2500, 'XAF', '237677000000', 'SUCCESSFUL')`,
        [student.id, `ORDER_${student.id}_1`],
      );
    }

    const wrong = await ctx.request({
      method: 'POST',
      url: '/users/student/delete_account',
      headers: student.headers,
      payload: { password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/student/delete_account',
      headers: student.headers,
      payload: { password: student.password },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });

    const [row] = await ctx.db.query<Record<string, unknown>>('SELECT * FROM students WHERE id = $1', [
      student.id,
    ]);
    expect(row).toMatchObject({
      email: null,
      username: null,
      phonenumber: null,
      firstname: null,
      password_hash: null,
    });
    expect(row?.deleted_at).not.toBeNull();
    const [kept] = await ctx.db.query<{ student_id: string | null; username: string | null; text: string }>(
      'SELECT student_id, username, text FROM comments WHERE id = $1',
      [comment.body.comment._id],
    );
    expect(kept).toEqual({ student_id: null, username: null, text: 'Very useful, thank you!' });
    expect(await ctx.db.query('SELECT 1 FROM push_tokens WHERE student_id = $1', [student.id])).toEqual([]);
    if (payments?.present) {
      const [payment] = await ctx.db.query<{
        student_id: string | null;
        msisdn: string | null;
        total_cost: number;
      }>(
        "SELECT student_id, msisdn, total_cost FROM payments WHERE reference_id = '0b6c2f1e-9a1d-4c3e-8f2a-1d2e3f4a5b6c'",
      );
      expect(payment).toEqual({ student_id: null, msisdn: null, total_cost: 2500 });
    }
    // The token is dead and the login is gone; the comment stays, without its author.
    expect(
      (await ctx.request({ method: 'GET', url: '/users/profile', headers: student.headers })).status,
    ).toBe(401);
    await expect(ctx.login(student.username, student.password)).rejects.toThrow(/401/);
    const list = await ctx.request<
      Array<{ _id: string; comments: Array<{ _id: string; userId: string | null; username: string }> }>
    >({
      method: 'GET',
      url: '/videos/fetchvideos',
    });
    const shown = list.body
      .find((video) => video._id === 'ext-study-skills-v01')
      ?.comments.find((c) => c._id === comment.body.comment._id);
    expect(shown).toMatchObject({ userId: null, username: '' });
  });
});
