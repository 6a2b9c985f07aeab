import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  pageAfter,
  UNPAGED_LIST_CAP,
} from '../../lib/list-paging';
import { publicOrigin } from '../../lib/public-origin';
import { prepareJson, sendPreparedJson } from '../../lib/response-cache';
import { failures, type Section } from '../../lib/schemas';
import { listBooks, listSubjects } from './queries';
import { bookPage, bookSchema, filteredBooksBody, subjectSchema, subjectsBySectionBody } from './schemas';

/** SPEC.md §7's path segment for each section that has its own list call. */
const SECTION_PATHS: Record<string, Section> = {
  anglophone: 'anglophone',
  francophone: 'francophone',
  'diploma-exams': 'diploma-exams',
  'competitive-exams': 'competitive-exams',
};

const catalogueRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const subjectList = (origin: string) =>
    app.responseCache.get(`subjects|list|${origin}`, () => listSubjects(app.db, origin));
  const subjectsJson = (origin: string) =>
    app.responseCache.get(`subjects|json|${origin}`, async () => prepareJson(await subjectList(origin)));

  app.get(
    '/subjects/subject/fetch-all',
    { schema: { tags: ['catalogue'], response: { 200: z.array(subjectSchema) } } },
    async (request, reply) => sendPreparedJson(request, reply, await subjectsJson(publicOrigin(request))),
  );

  for (const [path, section] of Object.entries(SECTION_PATHS)) {
    app.post(
      `/subjects/subject/fetch/${path}`,
      {
        schema: {
          tags: ['catalogue'],
          body: subjectsBySectionBody,
          response: { 200: z.array(subjectSchema), ...failures(400) },
        },
      },
      async (request) => {
        const level = request.body?.level?.toLowerCase();
        const all = await subjectList(publicOrigin(request));
        return all.filter(
          (s) => s.section === section && (level === undefined || s.level.toLowerCase() === level),
        );
      },
    );
  }

  app.post(
    '/books/filtered-books',
    {
      schema: {
        tags: ['catalogue'],
        description:
          'Books, filtered. With `limit` or `cursor` (issue 12) the answer is one page of them; without, the whole list (at most 500 books).',
        body: filteredBooksBody,
        response: { 200: z.union([z.array(bookSchema), bookPage]), ...failures(400) },
      },
    },
    async (request) => {
      const origin = publicOrigin(request);
      const books = await app.responseCache.get(`books|list|${origin}`, () => listBooks(app.db, origin));
      const filter = request.body ?? {};
      const level = filter.level?.toLowerCase();
      const matching = books.filter(
        (book) =>
          (filter.section === undefined || book.section === filter.section) &&
          (level === undefined || book.level.toLowerCase() === level) &&
          (filter.subjectTitle === undefined || book.subjectTitle === filter.subjectTitle),
      );
      if (filter.limit === undefined && filter.cursor === undefined)
        return matching.slice(0, UNPAGED_LIST_CAP);
      const list = JSON.stringify(['books', filter.section ?? '', level ?? '', filter.subjectTitle ?? '']);
      const afterId =
        filter.cursor === undefined ? null : decodeCursor(app.config.jwtSecret, list, filter.cursor);
      const page = pageAfter(matching, afterId, filter.limit ?? DEFAULT_PAGE_SIZE);
      return {
        success: true as const,
        books: page.items,
        nextCursor: page.lastId === null ? null : encodeCursor(app.config.jwtSecret, list, page.lastId),
        total: page.total,
      };
    },
  );
};

export default catalogueRoutes;
