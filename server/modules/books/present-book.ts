import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SEED_MEDIA_DIR } from '../../lib/media-roots';
import { type MediaGrant, signedMediaQuery } from '../../lib/media-signing';
import { publicOrigin } from '../../lib/public-origin';
import { studentAccess } from '../../lib/subject-access';
import type { CatalogueBook } from './queries';
import type { BookJson } from './schemas';

/** Where the books' PDFs are. */
export const BOOKS_DIR = join(SEED_MEDIA_DIR, 'books');

/** Signed URLs expire on 10-minute boundaries, so the same student gets the same URL for a while. */
const EXPIRY_STEP_SECONDS = 600;

/**
 * What a signed book URL vouches for: this book, for this student (or anyone, when free), until exp, while
 * the student's sessions are not all revoked (their token version; 0 for anyone).
 */
export function grantFor(
  bookId: string,
  student: { id: string; tokenVersion: number } | null,
  subjectId: string,
  expiresAt: number,
): MediaGrant {
  return {
    file: `book/${bookId}`,
    studentId: student?.id ?? '',
    subjectId,
    expiresAt,
    tokenVersion: student?.tokenVersion ?? 0,
  };
}

/** A PDF's size in bytes (0 when missing), by file name. */
export type BookSizes = (fileName: string) => number;

/** Books change only with a migration or a deploy: their sizes are read from disk once. */
export function bookSizes(): BookSizes {
  const sizes = new Map<string, number>();
  return (fileName) => {
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
}

/** A book as the API shows it: locked, or open with a signed fileUrl. */
function presentBook(
  app: FastifyInstance,
  sizeOf: BookSizes,
  book: CatalogueBook,
  viewer: {
    access: ReadonlySet<string>;
    student: { id: string; tokenVersion: number } | null;
    origin: string;
  },
): BookJson {
  const { access, student, origin } = viewer;
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
}

/** How books are shown to this request's student (or to anyone, when anonymous). */
export async function bookPresenter(
  request: FastifyRequest,
  sizeOf: BookSizes,
): Promise<(book: CatalogueBook) => BookJson> {
  const student = request.student;
  const access = await studentAccess(request.server.db, student);
  const origin = publicOrigin(request);
  return (book: CatalogueBook) => presentBook(request.server, sizeOf, book, { access, student, origin });
}
