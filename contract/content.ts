import { z } from 'zod';
import { bilingual, idSchema, languageSchema } from './common';

// The content areas of issue 8: happenings (news of the platform), scholarships, the shop's products and
// the news service's headlines.

export const happeningSchema = z.object({
  _id: z.string(),
  title: bilingual,
  body: bilingual,
  date: z.string(),
  imageUrl: z.string(),
});
export type Happening = z.infer<typeof happeningSchema>;

export const studyLevelSchema = z.enum(['secondary', 'bachelor', 'master', 'phd']);
export type StudyLevel = z.infer<typeof studyLevelSchema>;

export const scholarshipSchema = z.object({
  _id: z.string(),
  title: bilingual,
  provider: bilingual.describe("Who offers it (an organisation's own name where it has one in French too)"),
  country: z.string().describe("ISO 3166-1 alpha-2 code of the host country, or 'INTL' for several"),
  levels: z.array(studyLevelSchema).describe('The study levels it funds'),
  amount: bilingual.describe('What it pays, in words'),
  deadline: z.string().describe('ISO 8601 date-time: the last moment to apply (end of the day in Cameroon)'),
  description: bilingual,
  eligibility: bilingual,
  link: z.string().describe('Where to apply: opens outside the app'),
  imageUrl: z.string(),
});
export type Scholarship = z.infer<typeof scholarshipSchema>;

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
export type Product = z.infer<typeof productSchema>;

/**
 * An article as this server answers it: the news service's fields (the server proxies them), with an id of
 * its own. The service gives none, and its `url` may repeat across articles or be missing, so the server
 * makes the id from the article's fields (contract/rules/news-article-id.ts): the app keys, links and
 * keeps articles by it.
 */
export const newsArticleSchema = z.object({
  id: z
    .string()
    .describe("The article's id, made by this server from its source, title, publication time and url"),
  source: z.object({ id: z.string().nullable(), name: z.string() }),
  author: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable().describe('The full article on its source; null when the service gave none'),
  urlToImage: z.string().nullable(),
  publishedAt: z.string(),
  content: z.string().nullable(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsResponse = z.object({
  status: z.string(),
  totalResults: z.number().int(),
  articles: z
    .array(newsArticleSchema)
    .describe('Each article once: an article the service repeats is left out'),
});
export type NewsResponse = z.infer<typeof newsResponse>;

export const newsQuery = z.object({
  country: z
    .string()
    .regex(/^[a-z]{2}$/)
    .default('us'),
  lang: languageSchema
    .default('en')
    .describe("The bundled set's language (this project's addition; the news service itself ignores it)"),
});

/** A scholarship or a product by its id. */
export const idParams = z.object({ id: idSchema });
