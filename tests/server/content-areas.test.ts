import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_NEWS, SEED_SCHOLARSHIPS } from '../../server/seed/content';
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

describe('bundled news', () => {
  interface News {
    articles: Array<{
      title: string;
      urlToImage: string | null;
      source: { name: string };
      publishedAt: string;
    }>;
  }

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
