import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  pageAfter,
  UNPAGED_LIST_CAP,
} from '../../lib/list-paging';
import { type MediaGrant, signedMediaQuery, verifyMediaSignature } from '../../lib/media-signing';
import { publicOrigin } from '../../lib/public-origin';
import { failures, fileResponses } from '../../lib/schemas';
import { currentAccess } from '../../lib/subject-access';
import { SEED_MEDIA_DIR } from '../../seed/seed';
import { sendFile } from '../media/routes';
import { type CatalogueBook, findBook, listBooks, mayRead } from './queries';
import {
  type BookJson,
  bookFileQuery,
  bookParams,
  bookSchema,
  filteredBooksBody,
  filteredBooksResponse,
} from './schemas';

const BOOKS_DIR = join(SEED_MEDIA_DIR, 'books');

/** Signed URLs expire on 10-minute boundaries, so the same student gets the same URL for a while. */
const EXPIRY_STEP_SECONDS = 600;

/**
 * What a signed book URL vouches for: this book, for this student (or anyone, when free), until exp, while
 * the student's sessions are not all revoked (their token version; 0 for anyone).
 */
const grantFor = (
  bookId: string,
  student: { id: string; tokenVersion: number } | null,
  subjectId: string,
  expiresAt: number,
): MediaGrant => ({
  file: `book/${bookId}`,
  studentId: student?.id ?? '',
  subjectId,
  expiresAt,
  tokenVersion: student?.tokenVersion ?? 0,
});

const booksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['books'];

  // Books change only with a migration or a deploy: their sizes are read from disk once.
  const sizes = new Map<string, number>();
  const sizeOf = (fileName: string): number => {
    let size = sizes.get(fileName);
    if (size === undefined) {
      try {
        size = statSync(join(BOOKS_DIR, fileName)).size;
      } catch {
        size = 0;
      }
      sizes.set(fileName, size);
    }
    return size;
  };

  const catalogue = () => app.responseCache.get('books|list', () => listBooks(app.db));

  const present = (
    book: CatalogueBook,
    access: ReadonlySet<string>,
    student: { id: string; tokenVersion: number } | null,
    origin: string,
  ): BookJson => {
    const json: BookJson = {
      _id: book.id,
      title: { en: book.titleEn, fr: book.titleFr },
      author: { en: book.authorEn, fr: book.authorFr },
      section: book.section,
      level: book.level,
      subjectId: book.subjectId,
      subjectTitle: book.subjectTitle,
      subjectLanguage: book.subjectLanguage,
      subject: {
        _id: book.subjectId,
        subjectTitle: book.subjectTitle,
        pictureurl: `${origin}${book.subjectPicture}`,
        price: book.subjectPrice,
      },
      description: { en: book.descriptionEn, fr: book.descriptionFr },
      coverUrl: `${origin}${book.coverUrl}`,
      pages: book.pages,
      language: book.language,
      free: book.free,
      locked: !book.free && !access.has(book.subjectId),
      sizeBytes: sizeOf(book.fileName),
    };
    if (json.locked) return json;
    const now = Math.floor(Date.now() / 1000);
    const expiresAt =
      Math.ceil((now + app.config.mediaUrlTtlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    // Free books are signed for anyone, so one URL serves every reader (and every cache).
    const grant = grantFor(book.id, book.free ? null : student, book.subjectId, expiresAt);
    const query = signedMediaQuery(app.config.jwtSecret, grant);
    return { ...json, fileUrl: `${origin}/books/file/${encodeURIComponent(book.id)}?${query}` };
  };

  const presenter = async (request: FastifyRequest) => {
    const student = request.student;
    const access = student === null ? new Set<string>() : await currentAccess(app.db, student.id);
    const origin = publicOrigin(request);
    return (book: CatalogueBook) => present(book, access, student, origin);
  };

  app.post(
    '/books/filtered-books',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        description:
          "Books by section, level (case-insensitive) and subject title. A bearer token is optional: with one, the books of the student's paid subjects are unlocked and carry a signed fileUrl. With `limit` or `cursor` (issue 12) the answer is one page of them; without, the whole list (at most 500 books).",
        body: filteredBooksBody,
        response: { 200: filteredBooksResponse, ...failures(400, 401) },
      },
    },
    async (request, reply) => {
      const filter = request.body ?? {};
      const level = filter.level?.toLowerCase();
      const books = (await catalogue()).filter(
        (book) =>
          (filter.section === undefined || book.section === filter.section) &&
          (level === undefined || book.level.toLowerCase() === level) &&
          (filter.subjectTitle === undefined || book.subjectTitle === filter.subjectTitle),
      );
      const show = await presenter(request);
      // Signed URLs are personal: never stored by a shared cache.
      reply.header('cache-control', 'private, no-store');
      if (filter.limit === undefined && filter.cursor === undefined)
        return books.slice(0, UNPAGED_LIST_CAP).map(show);
      const list = JSON.stringify(['books', filter.section ?? '', level ?? '', filter.subjectTitle ?? '']);
      const afterId =
        filter.cursor === undefined ? null : decodeCursor(app.config.jwtSecret, list, filter.cursor);
      const page = pageAfter(books, afterId, filter.limit ?? DEFAULT_PAGE_SIZE, (book) => book.id);
      return {
        success: true as const,
        books: page.items.map(show),
        nextCursor: page.lastId === null ? null : encodeCursor(app.config.jwtSecret, list, page.lastId),
        total: page.total,
      };
    },
  );

  app.get(
    '/books/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        description: 'One book, as in the filtered list (the reader asks again for a fresh signed URL).',
        params: bookParams,
        response: { 200: bookSchema, ...failures(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const book = await findBook(app.db, request.params.id);
      if (book === null) throw new HttpError(404, 'notFound');
      reply.header('cache-control', 'private, no-store');
      return (await presenter(request))(book);
    },
  );

  app.get(
    '/books/file/:id',
    {
      schema: {
        tags,
        description:
          "A book's PDF, through the signed URL found in its fileUrl. Honours Range (206); 403 when the signature is wrong or expired, or the access to the subject ended since.",
        params: bookParams,
        querystring: bookFileQuery,
        response: { ...fileResponses('application/pdf'), ...failures(400, 403, 404, 416) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { student, subject, exp, v, sig } = request.query;
      const grant = grantFor(id, student === '' ? null : { id: student, tokenVersion: v }, subject, exp);
      if (!verifyMediaSignature(app.config.jwtSecret, grant, sig) || exp * 1000 < Date.now()) {
        throw new HttpError(403, 'mediaForbidden');
      }
      const book = await findBook(app.db, id);
      if (book === null) throw new HttpError(404, 'notFound');
      // The URL may outlive the access or the sessions that earned it (expiry, logout everywhere, deletion).
      if (!(await mayRead(app.db, grant, id))) throw new HttpError(403, 'mediaForbidden');
      const secondsLeft = Math.max(0, exp - Math.floor(Date.now() / 1000));
      return sendFile(request, reply, BOOKS_DIR, book.fileName, `private, max-age=${secondsLeft}`);
    },
  );
};

export default booksRoutes;
