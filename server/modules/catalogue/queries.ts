import type { Queryable } from '../../lib/db';
import type { MediaRoots } from '../../lib/media-roots';
import { pictureSrcset } from '../../lib/picture-sizes';
import type { Section } from '../../lib/schemas';
import type { SubjectJson } from './schemas';

interface SubjectRow {
  id: string;
  subject_title: string;
  picture_url: string;
  price: number;
  section: Section;
  level: string;
  language: 'en' | 'fr';
  description_en: string;
  description_fr: string;
}

export async function listSubjects(
  db: Queryable,
  origin: string,
  mediaRoots: MediaRoots,
): Promise<SubjectJson[]> {
  const rows = await db.query<SubjectRow>(
    `SELECT id, subject_title, picture_url, price, section, level, language, description_en, description_fr
       FROM subjects ORDER BY sort_order, subject_title`,
  );
  return rows.map((row) => {
    const srcset = pictureSrcset(row.picture_url, origin, mediaRoots);
    return {
      _id: row.id,
      subjectTitle: row.subject_title,
      pictureurl: `${origin}${row.picture_url}`,
      ...(srcset === undefined ? {} : { pictureSrcset: srcset }),
      price: row.price,
      section: row.section,
      level: row.level,
      language: row.language,
      description: { en: row.description_en, fr: row.description_fr },
    };
  });
}
