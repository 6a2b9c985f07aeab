import type { Queryable } from '../../lib/db';
import type { Section } from '../../lib/schemas';

/** A book as stored, with what its access rule needs from its subject. */
export interface CatalogueBook {
  id: string;
  titleEn: string;
  titleFr: string;
  authorEn: string;
  authorFr: string;
  section: Section;
  level: string;
  subjectId: string;
  subjectTitle: string;
  subjectLanguage: 'en' | 'fr';
  subjectPicture: string;
  subjectPrice: number;
  descriptionEn: string;
  descriptionFr: string;
  coverUrl: string;
  fileName: string;
  pages: number;
  language: 'en' | 'fr';
  /** Free to everyone: marked free, or its subject costs nothing. */
  free: boolean;
}

interface BookRow {
  id: string;
  title_en: string;
  title_fr: string;
  author_en: string;
  author_fr: string;
  section: Section;
  level: string;
  subject_id: string;
  subject_title: string;
  subject_language: 'en' | 'fr';
  subject_picture: string;
  subject_price: number;
  description_en: string;
  description_fr: string;
  cover_url: string;
  file_name: string;
  pages: number;
  language: 'en' | 'fr';
  free: boolean;
}

const SELECT_BOOKS = `
  SELECT b.id, b.title_en, b.title_fr, b.author_en, b.author_fr, b.section, b.level, b.subject_id,
         s.subject_title, s.language AS subject_language, s.picture_url AS subject_picture,
         s.price AS subject_price,
         b.description_en, b.description_fr, b.cover_url, b.file_name, b.pages, b.language,
         (b.is_free OR s.price = 0) AS free
    FROM books b JOIN subjects s ON s.id = b.subject_id`;

const toBook = (row: BookRow): CatalogueBook => ({
  id: row.id,
  titleEn: row.title_en,
  titleFr: row.title_fr,
  authorEn: row.author_en,
  authorFr: row.author_fr,
  section: row.section,
  level: row.level,
  subjectId: row.subject_id,
  subjectTitle: row.subject_title,
  subjectLanguage: row.subject_language,
  subjectPicture: row.subject_picture,
  subjectPrice: row.subject_price,
  descriptionEn: row.description_en,
  descriptionFr: row.description_fr,
  coverUrl: row.cover_url,
  fileName: row.file_name,
  pages: row.pages,
  language: row.language,
  free: row.free,
});

export async function listBooks(db: Queryable): Promise<CatalogueBook[]> {
  const rows = await db.query<BookRow>(`${SELECT_BOOKS} ORDER BY b.sort_order, b.title_en`);
  return rows.map(toBook);
}

export async function findBook(db: Queryable, id: string): Promise<CatalogueBook | null> {
  const [row] = await db.query<BookRow>(`${SELECT_BOOKS} WHERE b.id = $1`, [id]);
  return row === undefined ? null : toBook(row);
}

/**
 * The book access rule: a free book (or a free subject's) opens for everyone; any other book for a
 * student with unexpired access to its subject. False for an unknown book.
 */
export async function mayRead(
  db: Queryable,
  grant: { studentId: string; tokenVersion: number },
  bookId: string,
): Promise<boolean> {
  // As for videos (lib/subject-access.ts mayStream): a paid book's URL also ends with the sessions it was
  // issued to (the token version) or the account.
  const [row] = await db.query<{ allowed: boolean }>(
    `SELECT (b.is_free OR s.price = 0 OR EXISTS (
              SELECT 1 FROM subject_access a
               WHERE a.student_id = $1 AND a.subject_id = s.id AND a.expires_at > now()))
        AND ($1 = '' OR EXISTS (
              SELECT 1 FROM students st
               WHERE st.id = $1 AND st.deleted_at IS NULL AND st.token_version = $3)) AS allowed
       FROM books b JOIN subjects s ON s.id = b.subject_id WHERE b.id = $2`,
    [grant.studentId, bookId, grant.tokenVersion],
  );
  return row?.allowed === true;
}
