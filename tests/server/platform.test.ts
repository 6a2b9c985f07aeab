import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { pageLanguage } from '../../server/lib/app-page';
import { openPglite } from '../../server/lib/db';
import { dictionaryVersion } from '../../server/lib/dictionary-version';
import { pickLanguage } from '../../server/lib/i18n';
import { createTestApp, TEST_JWT_SECRET, type TestApp, type TestStudent } from './helpers/app';

let ctx: TestApp;
let student: TestStudent;

beforeAll(async () => {
  ctx = await createTestApp({
    env: { RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_FORGOT_MAX: '2', BODY_LIMIT_BYTES: '4096' },
  });
  student = await ctx.registerAndLogin();
});
afterAll(async () => {
  await ctx?.close();
});

const key = (secret: string) => new TextEncoder().encode(secret);
const profileWith = (token: string) =>
  ctx.request({ method: 'GET', url: '/users/profile', headers: { authorization: `Bearer ${token}` } });

/** The names a response's Vary lists, in order, lower-cased. */
const varyOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers.vary)
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('tokens', () => {
  const claims = () => ({ username: student.username, role: 'STUDENT', tv: 0 });

  it('accepts a well-formed HS256 token of the server (control case)', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(student.id)
      .setJti('control-jti')
      .setExpirationTime('1h')
      .sign(key(TEST_JWT_SECRET));
    expect((await profileWith(token)).status).toBe(200);
  });

  it('refuses an alg:none token', async () => {
    const token = new UnsecuredJWT(claims())
      .setSubject(student.id)
      .setJti('none-jti')
      .setExpirationTime('1h')
      .encode();
    const { status, body } = await profileWith(token);
    expect(status).toBe(401);
    expect(body).toEqual({ success: false, msg: 'Authentication required.' });
  });

  it('refuses another algorithm, even with the right secret', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(student.id)
      .setJti('hs512-jti')
      .setExpirationTime('1h')
      .sign(key(TEST_JWT_SECRET));
    expect((await profileWith(token)).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(student.id)
      .setJti('other-secret-jti')
      .setExpirationTime('1h')
      .sign(key('another-secret-another-secret-another-secret'));
    expect((await profileWith(token)).status).toBe(401);
  });

  it('refuses an expired token, saying the session expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(student.id)
      .setJti('expired-jti')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(key(TEST_JWT_SECRET));
    const { status, body } = await profileWith(token);
    expect(status).toBe(401);
    expect(body.msg).toBe('Your session has expired. Please log in again.');
  });

  it('refuses a token without the token version claim, garbage and a wrong scheme', async () => {
    const token = await new SignJWT({ username: student.username })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(student.id)
      .setJti('no-tv')
      .setExpirationTime('1h')
      .sign(key(TEST_JWT_SECRET));
    expect((await profileWith(token)).status).toBe(401);
    expect((await profileWith('not.a.jwt')).status).toBe(401);
    const basic = await ctx.request({
      method: 'GET',
      url: '/users/profile',
      headers: { authorization: `Basic ${student.token}` },
    });
    expect(basic.status).toBe(401);
  });

  it('issues tokens with exp, jti and the token version', async () => {
    const [, payload = ''] = student.token.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(decoded).toMatchObject({ sub: student.id, username: student.username, role: 'STUDENT', tv: 0 });
    expect(typeof decoded.jti).toBe('string');
    expect(Number(decoded.exp) - Number(decoded.iat)).toBe(7 * 24 * 3600);
    const [header = ''] = student.token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404, in French when asked', async () => {
    const en = await ctx.request({ method: 'GET', url: '/videos/nothing-here' });
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ success: false, msg: 'Unknown path: GET /videos/nothing-here.' });
    const fr = await ctx.request({ method: 'POST', url: '/nope', headers: { 'accept-language': 'fr' } });
    expect(fr.status).toBe(404);
    expect(fr.body).toEqual({ success: false, msg: 'Chemin inconnu : POST /nope.' });
  });

  it('answers a body over the limit with 413', async () => {
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/register',
      payload: { firstname: 'x'.repeat(8000) },
    });
    expect(status).toBe(413);
    expect(body).toEqual({ success: false, msg: 'The request is too large.' });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const { status, body, response } = await ctx.request({
      method: 'POST',
      url: '/users/authenticate/student',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, msg: 'The request body is not valid JSON.' });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a wrong type (array for object) with 400 naming the body', async () => {
    const { status, body } = await ctx.request({
      method: 'POST',
      url: '/users/authenticate/student',
      payload: [1, 2],
    });
    expect(status).toBe(400);
    expect(body.msg).toBe("Invalid value for field 'body'.");
  });

  it('answers a database failure with 503 and a translated msg', async () => {
    const broken = await createTestApp({ seed: false });
    try {
      await broken.db.close();
      const { status, body } = await broken.request({
        method: 'GET',
        url: '/subjects/subject/fetch-all',
        headers: { 'accept-language': 'fr' },
      });
      expect(status).toBe(503);
      expect(body).toEqual({
        success: false,
        msg: 'Un service dont nous dépendons est indisponible. Veuillez réessayer plus tard.',
      });
      const health = await broken.request({ method: 'GET', url: '/health' });
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ ok: false, db: false });
    } finally {
      await broken.app.close();
    }
  });
});

describe('rate limits', () => {
  it('limits login attempts with 429, Retry-After and a translated msg', async () => {
    const attempt = () =>
      ctx.request({
        method: 'POST',
        url: '/users/authenticate/student',
        headers: { 'accept-language': 'fr' },
        // Limits are per client address; this one has made no request yet.
        remoteAddress: '10.0.0.21',
        payload: { username: 'someone', password: 'wrong-password' },
      });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers['retry-after'])).toBeGreaterThan(0);
    // The window is 15 minutes: the wait is said in minutes.
    expect(limited.body.msg).toMatch(/^Trop de tentatives\. Veuillez réessayer dans 1[45] min\.$/);
  });

  it('limits the forgot-password form', async () => {
    const forgot = () =>
      ctx.request({
        method: 'POST',
        url: '/forgot',
        remoteAddress: '10.0.0.22',
        payload: { email: 'someone@example.cm' },
      });
    expect((await forgot()).status).toBe(200);
    expect((await forgot()).status).toBe(200);
    const limited = await forgot();
    expect(limited.status).toBe(429);
    expect(limited.response.headers['retry-after']).toBeDefined();
  });

  it('does not limit the catalogue', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await ctx.request({ method: 'GET', url: '/subjects/subject/fetch-all' })).status).toBe(200);
    }
  });
});

describe('HTTP surface', () => {
  it("gives a JSON answer the security headers that apply to it, not a document's", async () => {
    for (const url of ['/health', '/videos/page?section=anglophone', '/no-such-call']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      // Opened as a page, it runs and loads nothing, and no page frames it.
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      for (const documentOnly of [
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'x-xss-protection',
      ]) {
        expect(response.headers[documentOnly], `${documentOnly} on ${url}`).toBeUndefined();
      }
    }
  });

  it('keeps the API docs page its own content security policy', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // swagger-ui's own policy (its inline scripts by hash, its validator's badge), not the app's.
    expect(String(page.headers['content-security-policy'])).toContain('validator.swagger.io');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("keeps CORS's Vary: Origin on every list answer, so no shared cache hands one origin's answer to another", async () => {
    const origin = { origin: 'capacitor://localhost', 'accept-encoding': 'br' };
    const answers = [];
    for (const url of ['/subjects/subject/fetch-all', '/videos/page?section=anglophone']) {
      const prepared = await ctx.app.inject({ method: 'GET', url, headers: origin });
      const revalidated = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...origin, 'if-none-match': String(prepared.headers.etag) },
      });
      expect(revalidated.statusCode, url).toBe(304);
      answers.push(prepared, revalidated);
    }
    // A paying student's page is built for them (signed URLs): the personal answer keeps it too.
    await ctx.app.db.query(
      `INSERT INTO subject_access (student_id, subject_id, expires_at) VALUES ($1, 'ang-maths-f5', now() + interval '30 days')`,
      [student.id],
    );
    const personal = await ctx.app.inject({
      method: 'GET',
      url: '/videos/page?section=anglophone',
      headers: { ...origin, ...student.headers },
    });
    expect(personal.headers['cache-control']).toBe('private, no-store');
    answers.push(personal);
    for (const answer of answers) {
      expect(answer.headers['access-control-allow-origin']).toBe('capacitor://localhost');
      expect(varyOf(answer)).toEqual(['origin', 'accept-encoding', 'authorization']);
      // A JSON answer's security headers, a 304 included (a browser merges them into the copy it keeps).
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('answers CORS preflights for the native shell', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/users/profile',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('capacitor://localhost');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const { status, body } = await ctx.request<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>({
      method: 'GET',
      url: '/docs/json',
    });
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/users/register',
        '/videos/fetchvideos',
        '/media/videos/{file}',
        '/health',
        '/forgot',
      ]),
    );
    const register = body.paths['/users/register']?.post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
    };
    expect(register.requestBody.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['firstname', 'lastname', 'email', 'username', 'password', 'phonenumber']),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('says clearly that the app is not built when dist/ is missing, and keeps the API running', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await ctx.request({ method: 'GET', url: '/health' })).status).toBe(200);
  });
});

describe('serving the built app', () => {
  const FRENCH = '{"nav":{"home":"Accueil"}}';
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'study-app-dist-'));
    mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
    writeFileSync(
      join(dir, 'dist', 'index.html'),
      '<!doctype html><title>Study app</title><div id="root"></div>',
    );
    writeFileSync(join(dir, 'dist', 'assets', 'index-AbCdEf12.js'), 'console.log("app")');
    writeFileSync(join(dir, 'dist', 'assets', 'index-AbCdEf12.css'), 'body{margin:0}');
    writeFileSync(
      join(dir, 'dist', 'assets', 'logo-AbCdEf12.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    writeFileSync(join(dir, 'dist', 'sw.js'), 'self.skipWaiting()');
    mkdirSync(join(dir, 'dist', 'icons'));
    writeFileSync(join(dir, 'dist', 'icons', 'icon-80.png'), 'png');
    mkdirSync(join(dir, 'dist', 'assets', 'i18n'));
    writeFileSync(join(dir, 'dist', 'assets', 'i18n', 'fr.json'), FRENCH);
    writeFileSync(join(dir, 'dist', 'assets', 'i18n', 'fr.json.br'), brotliCompressSync(FRENCH));
    // What scripts/precompress.ts leaves next to each text file of the build.
    writeFileSync(
      join(dir, 'dist', 'assets', 'index-AbCdEf12.js.br'),
      brotliCompressSync('console.log("app")'),
    );
    const config = loadConfig({
      DATA_DIR: dir,
      STATIC_DIR: join(dir, 'dist'),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      SEED: 'false',
    });
    app = await buildApp(config, { db: await openPglite() });
  });
  afterAll(async () => {
    await app?.close();
    await app?.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / and for unknown page URLs, never for API paths', async () => {
    const root = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const deep = await app.inject({ method: 'GET', url: '/some/page', headers: { accept: 'text/html,*/*' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
    // One copy per language choice in a shared cache, and CORS's Origin kept.
    expect(varyOf(deep)).toEqual(['origin', 'accept-encoding', 'accept-language', 'cookie']);
    expect(deep.body).toContain('<div id="root">');
    const api = await app.inject({ method: 'GET', url: '/videos/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
  });

  it("sends the app's pages, its service worker and SVG with the document's security headers and a CSP that allows the app itself", async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    // A worker's CSP is the one its own script came with; an SVG opened on its own runs its scripts.
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    const svg = await app.inject({ method: 'GET', url: '/assets/logo-AbCdEf12.svg' });
    for (const response of [page, worker, svg]) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    }
  });

  it("sends the files a page loads without a page's headers (issue 19: 1.35 KB of each over HTTP/1.1)", async () => {
    for (const url of ['/assets/index-AbCdEf12.js', '/assets/index-AbCdEf12.css']) {
      const file = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(file.statusCode, url).toBe(200);
      // The native shell loads from another origin; sniffing and plain HTTP stay refused.
      expect(file.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(file.headers['x-content-type-options'], url).toBe('nosniff');
      expect(file.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      for (const pageOnly of [
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
      ]) {
        expect(file.headers[pageOnly], `${pageOnly} on ${url}`).toBeUndefined();
      }
    }
  });

  it('serves hashed assets as immutable', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the pre-compressed copy to a browser that accepts it, still immutable', async () => {
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log("app")');
  });

  it("lets a browser keep the app's icons for a day: the logo is drawn several times a page (issue 19)", async () => {
    const icon = await app.inject({ method: 'GET', url: '/icons/icon-80.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    // Not what merely sits next to them: the page's other unhashed files are asked again each time.
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('lets a browser keep a dictionary asked for under its current version, and only then (issue 19)', async () => {
    const current = dictionaryVersion(FRENCH);
    const ask = (query: string, encoding = 'identity') =>
      app.inject({
        method: 'GET',
        url: `/assets/i18n/fr.json${query}`,
        headers: { 'accept-encoding': encoding },
      });
    for (const encoding of ['identity', 'br']) {
      const kept = await ask(`?v=${current}`, encoding);
      expect(kept.statusCode, encoding).toBe(200);
      expect(kept.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    expect((await ask(`?v=${current}`)).body).toBe(FRENCH);
    // No version, or a page from before a deploy: today's text, asked again next time.
    for (const query of ['', '?v=000000000000', `?v=${current}x`, `?w=${current}`]) {
      const answer = await ask(query);
      expect(answer.statusCode, query).toBe(200);
      expect(answer.body, query).toBe(FRENCH);
      expect(answer.headers['cache-control'], query).toBe('no-cache');
    }
  });
});

describe('configuration', () => {
  it('has safe defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'study-app-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      expect(first).toMatchObject({
        port: 8080,
        host: '0.0.0.0',
        accessPeriodDays: 365,
        databaseUrl: undefined,
      });
      expect(first.momo).toMatchObject({
        baseUrl: 'http://127.0.0.1:8080/momo-sandbox',
        usesBuiltInSandbox: true,
        currency: 'XAF',
        targetEnvironment: 'sandbox',
      });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(readdirSync(dir)).toContain('jwt-secret');
      expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
      expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects invalid values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: TEST_JWT_SECRET })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: 'forever' })).toThrow(/JWT_TTL/);
  });

  it('points MOMO_BASE_URL elsewhere without code change', () => {
    const config = loadConfig({
      JWT_SECRET: TEST_JWT_SECRET,
      MOMO_BASE_URL: 'https://sandbox.momodeveloper.mtn.com/',
      MOMO_CURRENCY: 'EUR',
    });
    expect(config.momo).toMatchObject({
      baseUrl: 'https://sandbox.momodeveloper.mtn.com',
      usesBuiltInSandbox: false,
      currency: 'EUR',
    });
  });

  it('picks en or fr from Accept-Language, anything else en', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('fr-CM')).toBe('fr');
    expect(pickLanguage('de-DE,fr;q=0.8,en;q=0.9')).toBe('en');
    expect(pickLanguage('de-DE,fr;q=0.8')).toBe('fr');
    expect(pickLanguage('es')).toBe('en');
  });

  it('writes its messages in the language of the page it sends, for any Accept-Language (one rule, issue 21)', () => {
    // A q of 0 is "not this one" (RFC 9110): a French student whose browser says so gets no French message.
    expect(pickLanguage('fr;q=0, en')).toBe('en');
    expect(pickLanguage('fr;q=0')).toBe('en');
    const tag = fc.constantFrom('en', 'fr', 'fr-CM', 'EN-gb', 'de', '*', '', ' fr ');
    const q = fc.constantFrom('', ';q=0', ';q=0.5', ';q=1', ';q=0.9', ';q=x', ';level=1');
    const header = fc
      .array(fc.tuple(tag, q), { maxLength: 5 })
      .map((parts) => parts.map((p) => p.join('')).join(','));
    fc.assert(
      fc.property(header, (accept) => {
        expect(pickLanguage(accept), accept).toBe(pageLanguage(undefined, accept));
      }),
      { numRuns: 5_000 },
    );
  });
});
