import { describe, expect, it } from 'vitest';
import { createTestApp, testBackend } from './helpers/app';

// The database unavailable, as inject() can show it on either backend: the app's database closed under it.
// The process-level outage and recovery on PostgreSQL is database-outage.pg.test.ts.

describe(`the database unavailable (${testBackend()})`, () => {
  it('API calls answer 503 with Retry-After and a translated JSON body; /health says so', async () => {
    const ctx = await createTestApp({ seed: false });
    const student = await ctx.registerAndLogin();
    try {
      await ctx.db.close();
      for (const [method, url, payload] of [
        ['GET', '/subjects/subject/fetch-all', undefined],
        ['GET', '/users/profile', undefined],
        ['POST', '/users/authenticate/student', { username: student.username, password: student.password }],
        [
          'POST',
          '/users/register',
          {
            firstname: 'A',
            lastname: 'B',
            email: 'a@example.cm',
            username: 'abc',
            password: 'long-enough-pass',
            phonenumber: '237690000111',
          },
        ],
        ['PUT', '/videos/video/like', { videoId: 'any-video' }],
      ] as const) {
        const response = await ctx.request({
          method,
          url,
          headers: { ...student.headers, 'accept-language': 'fr' },
          ...(payload === undefined ? {} : { payload }),
        });
        expect(response.status, url).toBe(503);
        expect(response.response.headers['retry-after'], url).toBe('5');
        expect(response.response.headers['content-type']).toContain('application/json');
        expect(response.body).toEqual({
          success: false,
          msg: 'Un service dont nous dépendons est indisponible. Veuillez réessayer plus tard.',
        });
      }
      const health = await ctx.request({ method: 'GET', url: '/health' });
      expect(health.status).toBe(503);
      expect(health.response.headers['retry-after']).toBe('5');
      expect(health.body).toMatchObject({ ok: false, db: false });
      const metrics = await ctx.app.metrics.databaseUnavailable.get();
      expect(metrics.values[0]?.value).toBeGreaterThanOrEqual(5);
    } finally {
      await ctx.close();
    }
  });
});
