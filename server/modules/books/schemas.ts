import { z } from 'zod';

/** The books' routes take their shapes from the contract; the signed file URL's query is the server's own. */
export {
  type Book as BookJson,
  bookParams,
  bookSchema,
  filteredBooksBody,
  filteredBooksResponse,
} from '../../../contract/books';

export const bookFileQuery = z.object({
  student: z.string().max(100).default(''),
  subject: z.string().min(1).max(100),
  exp: z.coerce.number().int().positive(),
  v: z.coerce.number().int().nonnegative().max(2_147_483_647).default(0),
  sig: z.string().min(1).max(100),
});
