import { z } from 'zod';
import { bilingual, idSchema } from '../../lib/schemas';

export const happeningSchema = z.object({
  _id: z.string(),
  title: bilingual,
  body: bilingual,
  date: z.string(),
  imageUrl: z.string(),
});

export const scholarshipSchema = z.object({
  _id: z.string(),
  title: bilingual,
  provider: z.string(),
  country: z.string(),
  level: z.string(),
  amountText: z.string(),
  deadline: z.string().describe('YYYY-MM-DD'),
  description: bilingual,
  link: z.string(),
  imageUrl: z.string(),
});

export const productSchema = z.object({
  _id: z.string(),
  title: bilingual,
  description: bilingual,
  category: z.string(),
  price: z.number().int().describe('XAF'),
  stock: z.number().int(),
  imageUrl: z.string(),
});

export const channelSchema = z.object({
  _id: z.string(),
  name: z.string(),
  title: bilingual,
  description: bilingual,
  language: z.string(),
  logoUrl: z.string(),
  streamUrl: z.string().describe("The channel's own live page"),
  websiteUrl: z.string().nullable(),
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
});

export const idParams = z.object({ id: idSchema });
