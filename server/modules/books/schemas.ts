import { z } from 'zod';
import { pageQueryFields } from '../../lib/list-paging';
import { bilingual, idSchema, sectionSchema } from '../../lib/schemas';

/** What the cart needs to sell a locked book's subject (SPEC.md §3's cart item without its amount). */
export const bookSubjectSchema = z.object({
  _id: z.string(),
  subjectTitle: z.string(),
  pictureurl: z.string(),
  price: z.number().int().describe('XAF for one access period'),
});

export const bookSchema = z.object({
  _id: z.string(),
  title: bilingual,
  author: z.string(),
  section: sectionSchema,
  level: z.string(),
  subjectId: z.string(),
  subjectTitle: z.string(),
  subject: bookSubjectSchema,
  description: bilingual,
  coverUrl: z.string(),
  pages: z.number().int(),
  language: z.enum(['en', 'fr']),
  free: z.boolean().describe("Readable by everyone: a free book, or a free subject's"),
  locked: z.boolean().describe("True until the caller has current access to the book's subject"),
  sizeBytes: z.number().int().describe("The PDF's size, shown before a download"),
  fileUrl: z
    .string()
    .optional()
    .describe('A short-lived signed URL of the PDF (HTTP Range honoured), present only when not locked'),
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

export const bookParams = z.object({ id: idSchema });

export const bookFileQuery = z.object({
  student: z.string().max(100).default(''),
  subject: z.string().min(1).max(100),
  exp: z.coerce.number().int().positive(),
  v: z.coerce.number().int().nonnegative().max(2_147_483_647).default(0),
  sig: z.string().min(1).max(100),
});
