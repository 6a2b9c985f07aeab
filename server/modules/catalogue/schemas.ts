import { z } from 'zod';
import { pageQueryFields } from '../../lib/list-paging';
import { bilingual, sectionSchema } from '../../lib/schemas';

export const subjectSchema = z.object({
  _id: z.string(),
  subjectTitle: z.string(),
  pictureurl: z.string(),
  pictureSrcset: z
    .string()
    .optional()
    .describe(
      'The picture in several widths, for <img srcset> (issue 12); absent for a picture without them',
    ),
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
    // Issue 12, additive: with `limit` or `cursor` the answer is one page (bookPage) instead of the list.
    ...pageQueryFields,
  })
  .nullish();

export const bookPage = z.object({
  success: z.literal(true),
  books: z.array(bookSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  total: z.number().int().describe('Books matching the filters, on every page'),
});
