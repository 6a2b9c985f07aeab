import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

interface Subject {
  _id: string;
  subjectTitle: string;
  pictureurl: string;
  price: number;
  section: string;
  level: string;
  language?: string;
  description: { en: string; fr: string };
}

describe('subjects', () => {
  it('lists every subject with the contract fields', async () => {
    const { status, body, response } = await ctx.request<Subject[]>({
      method: 'GET',
      url: '/subjects/subject/fetch-all',
    });
    expect(status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(body.length).toBeGreaterThanOrEqual(30);
    const maths = body.find((s) => s._id === 'ang-maths-f5');
    expect(maths).toEqual({
      _id: 'ang-maths-f5',
      subjectTitle: 'Mathematics Form 5',
      // inject() sends Host: localhost:80; without PUBLIC_URL the origin is the one the request came to.
      pictureurl: 'http://localhost:80/media/pictures/subject-maths.webp',
      // Issue 12: the same picture in the widths the seed media generated (tests/server/picture-sizes.test.ts).
      pictureSrcset: expect.stringContaining('http://localhost:80/media/pictures/subject-maths-80w.webp 80w'),
      price: 2500,
      section: 'anglophone',
      level: 'Form 5',
      // The language the course is taught in: its title and level are English in the French screens too.
      language: 'en',
      description: { en: expect.any(String), fr: expect.any(String) },
    });
    expect(body.find((s) => s._id === 'fr-maths-3e')?.language).toBe('fr');
    expect(new Set(body.map((s) => s.section))).toEqual(
      new Set(['anglophone', 'francophone', 'diploma-exams', 'competitive-exams', 'extra-curricular']),
    );
    for (const subject of body) expect(Number.isInteger(subject.price)).toBe(true);
  });

  it.each([
    ['anglophone', 'anglophone'],
    ['francophone', 'francophone'],
    ['diploma-exams', 'diploma-exams'],
    ['competitive-exams', 'competitive-exams'],
  ])('POST subjects/subject/fetch/%s lists that section only', async (path, section) => {
    const { status, body } = await ctx.request<Subject[]>({
      method: 'POST',
      url: `/subjects/subject/fetch/${path}`,
      payload: {},
    });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((s) => s.section === section)).toBe(true);
  });

  it('filters by level, case-insensitively, and accepts no body at all', async () => {
    const form5 = await ctx.request<Subject[]>({
      method: 'POST',
      url: '/subjects/subject/fetch/anglophone',
      payload: { level: 'form 5' },
    });
    expect(form5.body.length).toBeGreaterThan(3);
    expect(form5.body.every((s) => s.level === 'Form 5')).toBe(true);
    const none = await ctx.request<Subject[]>({ method: 'POST', url: '/subjects/subject/fetch/francophone' });
    expect(none.status).toBe(200);
    expect(none.body.some((s) => s.level === 'Terminale')).toBe(true);
  });

  it('rejects a wrong level type (400) and answers an unknown section with 404', async () => {
    const bad = await ctx.request({
      method: 'POST',
      url: '/subjects/subject/fetch/anglophone',
      payload: { level: 5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("Invalid value for field 'level'.");
    const unknown = await ctx.request({
      method: 'POST',
      url: '/subjects/subject/fetch/martian',
      payload: {},
    });
    expect(unknown.status).toBe(404);
  });

  it('concours packs cost more than school subjects, extra-curricular is free', async () => {
    const { body } = await ctx.request<Subject[]>({ method: 'GET', url: '/subjects/subject/fetch-all' });
    const prices = (section: string) => body.filter((s) => s.section === section).map((s) => s.price);
    expect(Math.min(...prices('competitive-exams'))).toBeGreaterThan(Math.max(...prices('anglophone')));
    expect(prices('extra-curricular').every((price) => price === 0)).toBe(true);
  });

  it('uses PUBLIC_URL for media URLs when configured', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://study.example.cm/' } });
    try {
      const { body } = await other.request<Subject[]>({ method: 'GET', url: '/subjects/subject/fetch-all' });
      expect(body[0]?.pictureurl).toMatch(/^https:\/\/study\.example\.cm\/media\/pictures\//);
    } finally {
      await other.close();
    }
  });
});

describe('content screens', () => {
  it('lists happenings newest first, bilingual', async () => {
    const { status, body } = await ctx.request<
      Array<{ _id: string; date: string; title: { en: string; fr: string } }>
    >({
      method: 'GET',
      url: '/happenings/fetch-all',
    });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(3);
    const dates = body.map((h) => h.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body[0]?.title.fr).toEqual(expect.any(String));
  });

  it('lists scholarships and shows one, 404 for an unknown id', async () => {
    const list = await ctx.request<Array<{ _id: string; deadline: string }>>({
      method: 'GET',
      url: '/scholarships',
    });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(3);
    // ISO 8601 date-times, nearest deadline first.
    const deadlines = list.body.map((item) => item.deadline);
    expect(deadlines.every((deadline) => new Date(deadline).toISOString() === deadline)).toBe(true);
    expect([...deadlines].sort()).toEqual(deadlines);
    const one = await ctx.request<{ _id: string }>({
      method: 'GET',
      url: `/scholarships/${list.body[0]?._id}`,
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body[0]);
    const missing = await ctx.request({
      method: 'GET',
      url: '/scholarships/nope',
      headers: { 'accept-language': 'fr' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, msg: 'Ressource introuvable.' });
  });

  it('lists shop products and shows one, 404 for an unknown id', async () => {
    const list = await ctx.request<Array<{ _id: string; price: number }>>({
      method: 'GET',
      url: '/shop/products',
    });
    expect(list.status).toBe(200);
    expect(list.body.every((p) => Number.isInteger(p.price) && p.price > 0)).toBe(true);
    const one = await ctx.request<{ _id: string }>({ method: 'GET', url: '/shop/products/prod-calculator' });
    expect(one.body).toMatchObject({ _id: 'prod-calculator', price: 8500 });
    expect((await ctx.request({ method: 'GET', url: '/shop/products/nope' })).status).toBe(404);
  });

  it('serves the bundled news set without NEWS_API_KEY', async () => {
    const { status, body } = await ctx.request<{
      status: string;
      articles: Array<{ title: string; url: string }>;
    }>({
      method: 'GET',
      url: '/news/top-headlines?country=us',
    });
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.articles.length).toBeGreaterThanOrEqual(3);
    const bad = await ctx.request({ method: 'GET', url: '/news/top-headlines?country=USA' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("Invalid value for field 'country'.");
  });
});

describe('news proxy', () => {
  let stub: Server;
  let base: string;
  const seen: Array<{ url: string; key: string | undefined }> = [];
  let fail = false;

  beforeAll(async () => {
    stub = createServer((req, res) => {
      seen.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
      if (fail) {
        res.writeHead(500).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          status: 'ok',
          totalResults: 1,
          articles: [
            {
              source: { id: 'x', name: 'Wire' },
              author: null,
              title: 'Live headline',
              description: null,
              url: 'https://news.example/1',
              urlToImage: null,
              publishedAt: '2026-03-01T00:00:00Z',
              content: null,
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v2`;
  });
  afterAll(async () => {
    await new Promise((resolve) => stub.close(resolve));
  });

  it('proxies the news service with the key kept server-side, caches, and answers 503 when it is down', async () => {
    const proxied = await createTestApp({
      seed: false,
      env: { NEWS_API_KEY: 'secret-news-key', NEWS_BASE_URL: base },
    });
    try {
      const first = await proxied.request<{ articles: Array<{ title: string }> }>({
        method: 'GET',
        url: '/news/top-headlines?country=us',
      });
      expect(first.status).toBe(200);
      expect(first.body.articles[0]?.title).toBe('Live headline');
      expect(seen).toEqual([{ url: '/v2/top-headlines?country=us', key: 'secret-news-key' }]);
      expect(JSON.stringify(first.body)).not.toContain('secret-news-key');
      await proxied.request({ method: 'GET', url: '/news/top-headlines?country=us' });
      expect(seen).toHaveLength(1);
      fail = true;
      const down = await proxied.request({ method: 'GET', url: '/news/top-headlines?country=fr' });
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        success: false,
        msg: 'The news service is unavailable. Please try again later.',
      });
    } finally {
      fail = false;
      await proxied.close();
    }
  });
});

describe('health', () => {
  it('reports the database and the mobile money provider', async () => {
    const { status, body } = await ctx.request({ method: 'GET', url: '/health' });
    expect(status).toBe(200);
    // The data directory's room and the backups' state come with them (server/README.md, "Backups").
    expect(body).toMatchObject({ ok: true, db: true, momo: true, storage: true });
  });
});
