import { z } from 'zod';
import { bilingual, sectionSchema } from '../../lib/schemas';

export const subjectSchema = z.object({
  _id: z.string(),
  subjectTitle: z.string(),
  pictureurl: z.string(),
  price: z.number().int().describe('XAF for one access period'),
  section: sectionSchema,
  level: z.string(),
  description: bilingual,
});
export type SubjectJson = z.infer<typeof subjectSchema>;

export const subjectsBySectionBody = z
  .object({ level: z.string().trim().min(1).max(60).optional() })
  .nullish()
  .describe('An optional class or exam level, e.g. "Form 5", "Terminale", "BEPC".');

export const bookSchema = z.object({
  _id: z.string(),
  title: bilingual,
  author: z.string(),
  section: sectionSchema,
  level: z.string(),
  subjectTitle: z.string(),
  description: bilingual,
  coverUrl: z.string(),
  fileUrl: z.string(),
  pages: z.number().int(),
  language: z.string(),
});
export type BookJson = z.infer<typeof bookSchema>;

export const filteredBooksBody = z
  .object({
    section: sectionSchema.optional(),
    level: z.string().trim().min(1).max(60).optional(),
    subjectTitle: z.string().trim().min(1).max(200).optional(),
  })
  .nullish();
