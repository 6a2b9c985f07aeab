import { z } from 'zod';
import { bilingual, idSchema, languageSchema } from './common';
import * as stored from './stored';

// The content areas of issue 8: happenings (news of the platform), scholarships, the shop's products and
// the news service's headlines.

// The happenings, scholarships and headlines the app keeps on the device: their fields are spelled in
// stored.ts, which the app reads them back with; here the same fields as the API's full-zod objects.
export const happeningSchema = z.object(stored.happeningSchema.shape);
export const studyLevelSchema = stored.studyLevelSchema;
export const scholarshipSchema = z.object(stored.scholarshipSchema.shape);
export const newsArticleSchema = z.object(stored.newsArticleSchema.shape);
export type Happening = z.infer<typeof happeningSchema>;
export type StudyLevel = z.infer<typeof studyLevelSchema>;
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
