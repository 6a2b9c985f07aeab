import type { FastifyReply } from 'fastify';
import { HttpError } from '../../lib/errors';
import {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  pageAfter,
  UNPAGED_LIST_CAP,
} from '../../lib/list-paging';
import { verifyMediaSignature } from '../../lib/media-signing';
import type { RouteRequest } from '../../lib/route-types';
import { failures } from '../../lib/schemas';
import { sendFile } from '../../lib/send-file';
import { BOOKS_DIR, type BookSizes, bookPresenter, grantFor } from './present-book';
import { findBook, listBooks, mayRead } from './queries';
import { bookFileQuery, bookParams, bookSchema, filteredBooksBody, filteredBooksResponse } from './schemas';

const tags = ['books'];

export const filteredBooksSchema = {
  tags,
  description:
    "Books by section, level (case-insensitive) and subject title. A bearer token is optional: with one, the books of the student's paid subjects are unlocked and carry a signed fileUrl. With `limit` or `cursor` (issue 12) the answer is one page of them; without, the whole list (at most 500 books).",
  body: filteredBooksBody,
  response: { 200: filteredBooksResponse, ...failures(400, 401) },
};

/** POST books/filtered-books: the books under the filters, the whole list or one page of it. */
export async function filteredBooks(
  sizeOf: BookSizes,
  request: RouteRequest<typeof filteredBooksSchema>,
  reply: FastifyReply,
) {
  const app = request.server;
  const filter = request.body ?? {};
  const level = filter.level?.toLowerCase();
  const books = (await app.responseCache.get('books|list', () => listBooks(app.db))).filter(
    (book) =>
      (filter.section === undefined || book.section === filter.section) &&
      (level === undefined || book.level.toLowerCase() === level) &&
      (filter.subjectTitle === undefined || book.subjectTitle === filter.subjectTitle),
  );
  const show = await bookPresenter(request, sizeOf);
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
}

export const oneBookSchema = {
  tags,
  description: 'One book, as in the filtered list (the reader asks again for a fresh signed URL).',
  params: bookParams,
  response: { 200: bookSchema, ...failures(400, 401, 404) },
};

/** GET books/{id}: one book, with a fresh signed URL when the student may read it. */
export async function oneBook(
  sizeOf: BookSizes,
  request: RouteRequest<typeof oneBookSchema>,
  reply: FastifyReply,
) {
  const book = await findBook(request.server.db, request.params.id);
  if (book === null) throw new HttpError(404, 'notFound');
  reply.header('cache-control', 'private, no-store');
  return (await bookPresenter(request, sizeOf))(book);
}

export const bookFileSchema = {
  tags,
  description:
    "A book's PDF, through the signed URL found in its fileUrl. Honours Range (206); 403 when the signature is wrong or expired, or the access to the subject ended since.",
  params: bookParams,
  querystring: bookFileQuery,
  response: failures(400, 403, 404, 416),
};

/** GET books/file/{id}: the PDF, while the signed URL and the access behind it both hold. */
export async function sendBookFile(request: RouteRequest<typeof bookFileSchema>, reply: FastifyReply) {
  const app = request.server;
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
}
