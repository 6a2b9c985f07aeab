import { z } from 'zod';
import { bilingual, idSchema } from '../../lib/schemas';

export const happeningSchema = z.object({
  _id: z.string(),
  title: bilingual,
  body: bilingual,
  date: z.string(),
  imageUrl: z.string(),
});

export const studyLevelSchema = z.enum(['secondary', 'bachelor', 'master', 'phd']);

export const scholarshipSchema = z.object({
  _id: z.string(),
  title: bilingual,
  provider: z.string(),
  country: z.string().describe("ISO 3166-1 alpha-2 code of the host country, or 'INTL' for several"),
  levels: z.array(studyLevelSchema).describe('The study levels it funds'),
  amount: bilingual.describe('What it pays, in words'),
  deadline: z.string().describe('ISO 8601 date-time: the last moment to apply (end of the day in Cameroon)'),
  description: bilingual,
  eligibility: bilingual,
  link: z.string().describe('Where to apply: opens outside the app'),
  imageUrl: z.string(),
});

export const productSchema = z.object({
  _id: z.string(),
  title: bilingual,
  description: bilingual,
  category: z
    .string()
    .describe('textbooks, past-papers, calculators, stationery, uniforms, accessories, or a new one'),
  price: z.number().int().describe('XAF'),
  stock: z.number().int().describe('Items left; 0 is out of stock'),
  imageUrl: z.string().describe('The card picture: the first of pictures'),
  pictures: z.array(z.string()),
});

export const newsArticleSchema = z.object({
  source: z.object({ id: z.string().nullable(), name: z.string() }),
  author: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  url: z.string(),
  urlToImage: z.string().nullable(),
  publishedAt: z.string(),
  content: z.string().nullable(),
});

export const newsResponse = z.object({
  status: z.string(),
  totalResults: z.number().int(),
  articles: z.array(newsArticleSchema),
});

export const newsQuery = z.object({
  country: z
    .string()
    .regex(/^[a-z]{2}$/)
    .default('us'),
  lang: z
    .enum(['en', 'fr'])
    .default('en')
    .describe("The bundled set's language (this project's addition; the news service itself ignores it)"),
});

export const idParams = z.object({ id: idSchema });
