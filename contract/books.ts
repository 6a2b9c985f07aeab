import { z } from 'zod';
import { cartSubjectSchema } from './catalogue';
import { bilingual, idSchema, languageSchema, pageQueryFields, sectionSchema } from './common';

// Books (docs/api.md "Books", issue 8): the library, its pages (issue 12) and one book with its signed file.

export const bookSchema = z.object({
  _id: z.string(),
  title: bilingual,
  author: bilingual.describe("The credit in each language (a person's name is the same in both)"),
  section: sectionSchema,
  level: z.string(),
  subjectId: z.string(),
  subjectTitle: z.string(),
  subjectLanguage: languageSchema
    .optional()
    .describe(
      "The language the book's subject is taught in, which its title and level are written in (absent from an answer kept from before it)",
    ),
  /** What the cart needs to sell a locked book's subject. */
  subject: cartSubjectSchema,
  description: bilingual,
  coverUrl: z.string(),
  pages: z.number().int(),
  /** The language the book is written in. */
  language: languageSchema,
  free: z.boolean().describe("Readable by everyone: a free book, or a free subject's"),
  locked: z.boolean().describe("True until the caller has current access to the book's subject"),
  sizeBytes: z.number().int().describe("The PDF's size, shown before a download"),
  fileUrl: z
    .string()
    .optional()
    .describe('A short-lived signed URL of the PDF (HTTP Range honoured), present only when not locked'),
});
export type Book = z.infer<typeof bookSchema>;

export const filteredBooksBody = z
  .object({
    section: sectionSchema.optional(),
    level: z.string().trim().min(1).max(60).optional(),
    subjectTitle: z.string().trim().min(1).max(200).optional(),
    // Issue 12, additive: with `limit` or `cursor` the answer is one page (bookPage) instead of the list.
    ...pageQueryFields,
  })
  .nullish();
/** POST books/filtered-books with or without the paging fields. */
export type BookPageQuery = NonNullable<z.input<typeof filteredBooksBody>>;
export type FilteredBooksPayload = Omit<BookPageQuery, keyof typeof pageQueryFields>;

export const bookPage = z.object({
  success: z.literal(true),
  books: z.array(bookSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  total: z.number().int().describe('Books matching the filters, on every page'),
});
export type BookPage = z.infer<typeof bookPage>;

/** The whole list (docs/product.md §7), or one page when the body asked for one. */
export const filteredBooksResponse = z.union([z.array(bookSchema), bookPage]);

export const bookParams = z.object({ id: idSchema });
