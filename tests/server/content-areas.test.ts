import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_NEWS } from '../../server/modules/content/bundled-news';
import { SEED_SCHOLARSHIPS } from '../../server/seed/content';
import { createTestApp, type TestApp } from './helpers/app';

// Issue 8: what the scholarships, shop and news screens need from the server.

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

interface Scholarship {
  _id: string;
  provider: { en: string; fr: string };
  country: string;
  levels: string[];
  amount: { en: string; fr: string };
  eligibility: { en: string; fr: string };
  deadline: string;
  link: string;
}

describe('scholarships', () => {
  it('give eligibility and amount in both languages, study levels and country codes to filter by', async () => {
    const { body } = await ctx.request<Scholarship[]>({ method: 'GET', url: '/scholarships' });
    expect(body).toHaveLength(SEED_SCHOLARSHIPS.length);
    for (const item of body) {
      expect(item.country).toMatch(/^([A-Z]{2}|INTL)$/);
      expect(item.levels.length).toBeGreaterThan(0);
      expect(item.levels.every((level) => ['secondary', 'bachelor', 'master', 'phd'].includes(level))).toBe(
        true,
      );
      expect(item.eligibility.en).not.toBe('');
      expect(item.eligibility.fr).not.toBe(item.eligibility.en);
      expect(item.amount.fr).not.toBe('');
      expect(item.link).toMatch(/^https:\/\//);
    }
  });

  it('close at the end of the deadline day in Cameroon (23:59:59 WAT)', async () => {
    const { body } = await ctx.request<Scholarship>({ method: 'GET', url: '/scholarships/sch-chevening' });
    expect(body.deadline).toBe('2027-11-04T22:59:59.000Z');
  });

  it("name their provider in each language, an organisation's own name kept", async () => {
    const { body } = await ctx.request<Scholarship>({ method: 'GET', url: '/scholarships/sch-chevening' });
    expect(body.provider).toEqual({ en: 'UK Government', fr: 'Gouvernement britannique' });
    const eiffel = await ctx.request<Scholarship>({ method: 'GET', url: '/scholarships/sch-eiffel' });
    expect(eiffel.body.provider).toEqual({ en: 'Campus France', fr: 'Campus France' });
  });
});

describe('shop products', () => {
  interface Product {
    _id: string;
    category: string;
    stock: number;
    imageUrl: string;
    pictures: string[];
  }

  it('come by category with their pictures, stock included when it is zero', async () => {
    const { body } = await ctx.request<Product[]>({ method: 'GET', url: '/shop/products' });
    expect(new Set(body.map((p) => p.category))).toEqual(
      new Set(['textbooks', 'past-papers', 'calculators', 'stationery', 'uniforms', 'accessories']),
    );
    for (const product of body) {
      expect(product.pictures.length).toBeGreaterThanOrEqual(2);
      expect(product.imageUrl).toBe(product.pictures[0]);
      const picture = await ctx.app.inject({ method: 'GET', url: new URL(product.imageUrl).pathname });
      expect(picture.statusCode, product.imageUrl).toBe(200);
    }
    expect(body.find((p) => p._id === 'prod-calculator-solar')?.stock).toBe(0);
  });
});

interface News {
  totalResults: number;
  articles: Array<{
    id: string;
    title: string;
    url: string | null;
    urlToImage: string | null;
    source: { name: string };
    publishedAt: string;
  }>;
}

describe('bundled news', () => {
  it('serves Cameroon education news in the language asked for, with pictures from this server', async () => {
    const fr = await ctx.request<News>({ method: 'GET', url: '/news/top-headlines?country=us&lang=fr' });
    expect(fr.status).toBe(200);
    expect(fr.body.articles.map((a) => a.title)).toEqual(BUNDLED_NEWS.fr.map((a) => a.title));
    expect(fr.body.articles[0]?.urlToImage).toMatch(/^http:\/\/localhost(:\d+)?\/media\/pictures\/.+\.webp$/);
    const en = await ctx.request<News>({ method: 'GET', url: '/news/top-headlines?country=us' });
    expect(en.body.articles.map((a) => a.title)).toEqual(BUNDLED_NEWS.en.map((a) => a.title));
    expect(en.body.articles.every((a) => a.source.name !== '')).toBe(true);
    const dates = en.body.articles.map((a) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('gives every article an id of its own, the same on every call, and each its own source', async () => {
    for (const lang of ['en', 'fr'] as const) {
      const first = await ctx.request<News>({
        method: 'GET',
        url: `/news/top-headlines?country=us&lang=${lang}`,
      });
      const ids = first.body.articles.map((a) => a.id);
      expect(
        ids.every((id) => /^[a-z0-9]+$/.test(id)),
        lang,
      ).toBe(true);
      expect(new Set(ids).size, lang).toBe(BUNDLED_NEWS[lang].length);
      const again = await ctx.request<News>({
        method: 'GET',
        url: `/news/top-headlines?country=us&lang=${lang}`,
      });
      expect(again.body.articles.map((a) => a.id)).toEqual(ids);
      // Three headlines once shared one address, and the app opened the first of them for all three.
      const sources = first.body.articles.map((a) => `${a.source.name} ${a.url}`);
      expect(new Set(sources).size, lang).toBe(sources.length);
    }
  });

  it('rejects another language with a translated 400', async () => {
    const bad = await ctx.request({
      method: 'GET',
      url: '/news/top-headlines?country=us&lang=de',
      headers: { 'accept-language': 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, msg: 'Valeur invalide pour le champ « lang ».' });
  });
});

describe("the news service's articles", () => {
  const article = (over: Record<string, unknown>) => ({
    source: { id: null, name: 'Wire' },
    author: null,
    title: 'Headline',
    description: null,
    url: 'https://news.example/front-page',
    urlToImage: null,
    publishedAt: '2026-11-20T08:00:00Z',
    content: null,
    ...over,
  });
  // A front page listed under several headlines, an article without an address, and one listed twice.
  const served = [
    article({ title: 'Exams start on Monday' }),
    article({ title: 'Coding clubs open' }),
    article({ title: 'No address', url: null }),
    article({ title: 'Empty address', url: '' }),
    article({ title: 'Exams start on Monday' }),
  ];

  it('get an id each, different under one address, without one, and the same on every answer', async () => {
    const service: typeof fetch = async () =>
      new Response(JSON.stringify({ status: 'ok', totalResults: 40, articles: served }), {
        headers: { 'content-type': 'application/json' },
      });
    const proxied = await createTestApp({
      seed: false,
      fetch: service,
      env: { NEWS_API_KEY: 'key', NEWS_BASE_URL: 'http://news.example/v2' },
    });
    try {
      const { status, body } = await proxied.request<News>({
        method: 'GET',
        url: '/news/top-headlines?country=cm',
      });
      expect(status).toBe(200);
      // The one listed twice is one article.
      expect(body.articles.map((a) => a.title)).toEqual([
        'Exams start on Monday',
        'Coding clubs open',
        'No address',
        'Empty address',
      ]);
      expect(body.totalResults).toBe(39);
      expect(body.articles.map((a) => a.url)).toEqual([
        'https://news.example/front-page',
        'https://news.example/front-page',
        null,
        null,
      ]);
      const ids = body.articles.map((a) => a.id);
      expect(new Set(ids).size).toBe(4);
      // Another server (or this one tomorrow) names the same articles alike.
      const other = await proxied.request<News>({ method: 'GET', url: '/news/top-headlines?country=ng' });
      expect(other.body.articles.map((a) => a.id)).toEqual(ids);
    } finally {
      await proxied.close();
    }
  });
});
