import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookFileSchema,
  filteredBooks,
  filteredBooksSchema,
  oneBook,
  oneBookSchema,
  sendBookFile,
} from './book-handlers';
import { bookSizes } from './present-book';

/** The books module: each route's handler is a named function in book-handlers.ts. */
const booksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const sizeOf = bookSizes();

  app.post(
    '/books/filtered-books',
    { preHandler: app.optionalAuth, schema: filteredBooksSchema },
    (request, reply) => filteredBooks(sizeOf, request, reply),
  );
  app.get('/books/:id', { preHandler: app.optionalAuth, schema: oneBookSchema }, (request, reply) =>
    oneBook(sizeOf, request, reply),
  );
  app.get('/books/file/:id', { schema: bookFileSchema }, sendBookFile);
};

export default booksRoutes;
