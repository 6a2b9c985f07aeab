import { z } from 'zod';
import { LANGUAGES } from './rules/language';
import { bilingualSchema, SECTIONS } from './stored';

// The API's shared words: languages, sections, ids, paging and the plain answers (README.md: this folder).

export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** Spelled in stored.ts (the app keeps bilingual texts on the device). */
export const bilingual = z.object(bilingualSchema.shape);
export type Bilingual = z.infer<typeof bilingual>;

export const sectionSchema = z.enum(SECTIONS);
export type Section = z.infer<typeof sectionSchema>;
/** The sections with their own list calls (extra-curricular content only appears in the full lists). */
export type ListedSection = Exclude<Section, 'extra-curricular'>;

export const idSchema = z.string().trim().min(1).max(100);

/**
 * Every failure: the status says what kind, msg says it in the caller's language, requestId names the
 * request in the server's log (X-Request-Id).
 */
export const failureSchema = z.object({
  success: z.literal(false),
  msg: z.string(),
  requestId: z.string().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

export const messageSchema = z.object({ success: z.literal(true), msg: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;
export const successSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successSchema>;

/** One phone screen shows three or four cards; a page is about three screens (issue 12). */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;

/** The paging fields of the lists that grow with the content: a page starts after the previous one's last. */
export const pageQueryFields = {
  // A number for the app (a GET query string carries it as text, which the server coerces).
  limit: z.coerce
    .number<number>()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .optional()
    .describe(`Entries per page, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`),
  // The shape of the cursors the server hands out (a payload and its 22-character signature, base64url):
  // anything else is refused like a forged one.
  cursor: z
    .string()
    .trim()
    .max(400)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/)
    .optional()
    .describe("The previous page's nextCursor; absent for the first page"),
};
