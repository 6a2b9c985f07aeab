import type { Queryable } from '../../lib/db';
import { pictureSrcset } from '../../lib/picture-sizes';
import type { Section } from '../../lib/schemas';
import type { BookJson, SubjectJson } from './schemas';

interface SubjectRow {
  id: string;
  subject_title: string;
  picture_url: string;
  price: number;
  section: Section;
  level: string;
  description_en: string;
  description_fr: string;
}

export async function listSubjects(db: Queryable, origin: string): Promise<SubjectJson[]> {
  const rows = await db.query<SubjectRow>(
    `SELECT id, subject_title, picture_url, price, section, level, description_en, description_fr
       FROM subjects ORDER BY sort_order, subject_title`,
  );
  return rows.map((row) => {
    const srcset = pictureSrcset(row.picture_url, origin);
    return {
      _id: row.id,
      subjectTitle: row.subject_title,
      pictureurl: `${origin}${row.picture_url}`,
      ...(srcset === undefined ? {} : { pictureSrcset: srcset }),
      price: row.price,
      section: row.section,
      level: row.level,
      description: { en: row.description_en, fr: row.description_fr },
    };
  });
}

interface BookRow {
  id: string;
  title_en: string;
  title_fr: string;
  author: string;
  section: Section;
  level: string;
  subject_title: string;
  description_en: string;
  description_fr: string;
  cover_url: string;
  file_url: string;
  pages: number;
  language: string;
}

export async function listBooks(db: Queryable, origin: string): Promise<BookJson[]> {
  const rows = await db.query<BookRow>('SELECT * FROM books ORDER BY sort_order, title_en');
  return rows.map((row) => ({
    _id: row.id,
    title: { en: row.title_en, fr: row.title_fr },
    author: row.author,
    section: row.section,
    level: row.level,
    subjectTitle: row.subject_title,
    description: { en: row.description_en, fr: row.description_fr },
    coverUrl: `${origin}${row.cover_url}`,
    fileUrl: `${origin}${row.file_url}`,
    pages: row.pages,
    language: row.language,
  }));
}
