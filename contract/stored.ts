import * as z from 'zod/mini';
import { LANGUAGES } from './rules/language';

// The API's shapes that the app also keeps on the device (the cart, the signed-in student, a payment in
// progress), spelled once here in zod/mini: the app reads its storage back through these schemas, and the
// API's schemas (catalogue.ts, users.ts, payments.ts, written in full zod) are built from them, so the shape
// the server sends and the shape the app keeps cannot drift. zod/mini because the app loads this module:
// full zod would put about 25 KB gzip into its chunks (zod/mini's core is about 7 KB, shared with the other
// schema the app reads, src/rules/saved-scholarship.ts). This file imports only zod/mini and
// contract/rules/ (`npm run layers`: `stored-shapes-stay-mini`), so full zod never follows it into the app.

/**
 * The entries of a stored list that `schema` reads; the others are left out, so one bad entry never costs
 * the good ones beside it. Not a list: none.
 */
export function entriesOf<T>(list: unknown, schema: z.ZodMiniType<T>): T[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The sections of the catalogue (docs/product.md §2); common.ts's `sectionSchema` is built from this list. */
export const SECTIONS = [
  'anglophone',
  'francophone',
  'diploma-exams',
  'competitive-exams',
  'extra-curricular',
] as const;

/** What the cart needs to sell a subject: docs/product.md §3's cart item without its amount. */
export const cartSubjectSchema = z.object({
  _id: z.string(),
  subjectTitle: z.string(),
  pictureurl: z.string(),
  price: z.int().register(z.globalRegistry, { description: 'XAF for one access period' }),
});

/** docs/product.md §3: a cart line is a subject plus a quantity of access periods (starts at 1). */
export const cartItemSchema = z.extend(cartSubjectSchema, { amount: z.int().check(z.minimum(1)) });

/** A mobile money payment requested but not yet settled, kept so that a reload resumes it (docs/design.md). */
export const pendingPaymentSchema = z.object({
  referenceId: z.string().check(z.minLength(1)),
  /** Epoch ms when it was requested: the polling deadline is derived from it, never kept as a timer. */
  startedAt: z.number(),
  phone: z.string(),
  items: z.readonly(z.array(cartItemSchema)),
  /** Total in XAF. */
  amount: z.number(),
});

export const roleSchema = z.literal('STUDENT');

export const paidSubjectSchema = z.object({
  subjectId: z.string(),
  subjectTitle: z.string(),
  expiresAt: z.string(),
  section: z.optional(z.enum(SECTIONS)).register(z.globalRegistry, {
    description:
      "the subject's section, which the app opens its lists on (absent in a user stored by an older app)",
  }),
});

/** The account's own fields, as the user object and the data export both give them. */
export const accountSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  username: z.string(),
  phonenumber: z.string(),
  role: roleSchema,
  /** The picture's address, or null. */
  profilePicture: z.nullable(z.string()),
  createdAt: z.string(),
});

/**
 * The student as the app sees it (docs/api.md "student"): never the password hash, never the token version.
 * paidSubjects lists every subject bought, with its expiry (past ones included, so the app offers renewal).
 */
export const clientUserSchema = z.extend(accountSchema, {
  paidSubjects: z.array(paidSubjectSchema),
  /**
   * The language the student chose, saved with the account (issue 18): the app applies it at login; the
   * server's messages and mails use it. null: never chosen, the browser's languages decide.
   */
  language: z.nullable(z.enum(LANGUAGES)),
});

/** A text in both of the app's languages. */
export const bilingualSchema = z.object({ en: z.string(), fr: z.string() });

// The content the app keeps to read offline (src/services/content/): the happenings and headlines the
// student opened, the scholarships they saved with their full text.

export const happeningSchema = z.object({
  _id: z.string(),
  title: bilingualSchema,
  body: bilingualSchema,
  date: z.string(),
  imageUrl: z.string(),
});

export const studyLevelSchema = z.enum(['secondary', 'bachelor', 'master', 'phd']);

export const scholarshipSchema = z.object({
  _id: z.string(),
  title: bilingualSchema,
  provider: bilingualSchema.check(
    z.describe("Who offers it (an organisation's own name where it has one in French too)"),
  ),
  country: z.string().check(z.describe("ISO 3166-1 alpha-2 code of the host country, or 'INTL' for several")),
  levels: z.array(studyLevelSchema).check(z.describe('The study levels it funds')),
  amount: bilingualSchema.check(z.describe('What it pays, in words')),
  deadline: z
    .string()
    .check(z.describe('ISO 8601 date-time: the last moment to apply (end of the day in Cameroon)')),
  description: bilingualSchema,
  eligibility: bilingualSchema,
  link: z.string().check(z.describe('Where to apply: opens outside the app')),
  imageUrl: z.string(),
});

/**
 * An article as this server answers it: the news service's fields (the server proxies them), with an id of
 * its own. The service gives none, and its `url` may repeat across articles or be missing, so the server
 * makes the id from the article's fields (contract/rules/news-article-id.ts): the app keys, links and
 * keeps articles by it.
 */
export const newsArticleSchema = z.object({
  id: z
    .string()
    .check(
      z.describe("The article's id, made by this server from its source, title, publication time and url"),
    ),
  source: z.object({ id: z.nullable(z.string()), name: z.string() }),
  author: z.nullable(z.string()),
  title: z.string(),
  description: z.nullable(z.string()),
  url: z
    .nullable(z.string())
    .check(z.describe('The full article on its source; null when the service gave none')),
  urlToImage: z.nullable(z.string()),
  publishedAt: z.string(),
  content: z.nullable(z.string()),
});

// The planner's documents, kept on the device first (src/services/planner/planner-store.ts).

/** The planner's kinds of document (contract/planner.ts's `kindSchema`). */
export const PLANNER_KINDS = ['timetable', 'list', 'item'] as const;

/**
 * Why a timetable was refused (contract/rules/timetable-rules.ts): two of its periods overlap, in the write itself
 * (400) or once merged with another device's edit (409). Nothing of the write is stored; the device keeps the
 * reason with its copy, to show the student where.
 */
export const overlapSchema = z.object({
  day: z.int().check(z.minimum(1), z.maximum(7), z.describe('The ISO weekday of the two periods')),
  periodId: z.string().check(z.describe('The period of this write at fault, to show the student where')),
  other: z
    .object({ id: z.string(), subject: z.string(), start: z.string(), end: z.string() })
    .check(z.describe('The period it overlaps')),
  fromOtherDevice: z
    .boolean()
    .check(z.describe('true: the other period comes from another device’s edit (a merge)')),
});
