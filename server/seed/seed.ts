import { type Db, lockSchema, type Transaction } from '../lib/db';
import { SEED_BOOKS, SEED_CHANNELS, SEED_HAPPENINGS, SEED_PRODUCTS, SEED_SCHOLARSHIPS } from './content';
import { insertAll } from './insert-all';
import { seedMedia } from './seed-media';
import { backfillSeedRenditions, seedRenditions } from './seed-renditions';
import { type Clip, SEED_SUBJECTS, type SeedSubject } from './subjects';

// Tests and scripts read the seed's media folder here too; the server reads it from lib/media-roots.ts.
export { SEED_MEDIA_DIR } from '../lib/media-roots';

/** Small deterministic numbers so the seed looks lived-in and is the same on every machine. */
function stableNumber(text: string, max: number): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (hash >>> 0) % max;
}

export interface SeedVideo {
  id: string;
  subjectId: string;
  title: string;
  subsection: string;
  level: string;
  section: string;
  description: string;
  thumbnail: string;
  /** The media stem: the clip's renditions and captions (server/lib/media-files.ts). */
  clip: Clip;
  position: number;
}

export function seedVideos(subject: SeedSubject): SeedVideo[] {
  const videos: SeedVideo[] = [];
  const french =
    subject.section === 'francophone' ||
    subject.section === 'competitive-exams' ||
    subject.title.includes('Annales');
  for (const topicLine of subject.topics) {
    const [topic = '', ...lessons] = topicLine.split('|');
    for (const lesson of lessons) {
      const position = videos.length + 1;
      videos.push({
        id: `${subject.id}-v${String(position).padStart(2, '0')}`,
        subjectId: subject.id,
        title: lesson,
        subsection: topic,
        level: subject.level,
        section: subject.section,
        description: french
          ? `${subject.title} - ${topic} : ${lesson}. Leçon expliquée pas à pas, avec exercices.`
          : `${subject.title} - ${topic}: ${lesson}. A step-by-step lesson with exercises.`,
        thumbnail: `/media/thumbnails/${subject.clip}.webp`,
        clip: subject.clip,
        position,
      });
    }
  }
  return videos;
}

/**
 * Loads the seed catalogue into an empty database (first start). Each content table (books, scholarships, …)
 * is seeded on its own when empty, so a migration that rebuilds one gets its content back at the next start.
 * Seed videos of an older database get the renditions and captions they lack (issue 11).
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const subjectsSeeded = await seedSubjects(db);
  const contentSeeded = await seedContentIfEmpty(db);
  return subjectsSeeded || contentSeeded;
}

async function isEmpty(tx: Transaction, table: string): Promise<boolean> {
  const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return (row?.n ?? 0) === 0;
}

/** The subjects and their videos, with every rendition and caption; false when they were there already. */
export async function seedSubjects(db: Db): Promise<boolean> {
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM subjects');
  if ((count?.n ?? 0) > 0) {
    await backfillSeedRenditions(db);
    return false;
  }
  const media = seedMedia();
  return db.transaction(async (tx) => {
    // Another server process starting at the same moment may be seeding: the first one does it.
    await lockSchema(tx);
    const [seeded] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM subjects');
    if ((seeded?.n ?? 0) > 0) return false;
    await insertAll(
      tx,
      'subjects',
      [
        'id',
        'subject_title',
        'picture_url',
        'price',
        'section',
        'level',
        'language',
        'description_en',
        'description_fr',
        'sort_order',
      ],
      SEED_SUBJECTS.map((s, index) => [
        s.id,
        s.title,
        `/media/pictures/subject-${s.discipline}.webp`,
        s.price,
        s.section,
        s.level,
        s.language,
        s.en,
        s.fr,
        index,
      ]),
    );
    const videos = SEED_SUBJECTS.flatMap(seedVideos);
    const videoRows = videos.map((v) => {
      const views = 40 + stableNumber(v.id, 2400);
      return [
        v.id,
        v.subjectId,
        v.title,
        v.subsection,
        v.level,
        v.section,
        v.description,
        v.thumbnail,
        v.clip,
        Math.round(media.clips[v.clip].durationSeconds),
        views,
        Math.floor(views * (0.05 + stableNumber(`${v.id}l`, 10) / 100)),
        stableNumber(`${v.id}d`, 6),
        v.position,
      ];
    });
    await insertAll(
      tx,
      'videos',
      [
        'id',
        'subject_id',
        'title',
        'subsection',
        'level',
        'section',
        'description',
        'thumbnail_url',
        'media_file',
        'duration_seconds',
        'views',
        'likes',
        'dislikes',
        'position',
      ],
      videoRows,
    );
    await seedRenditions(tx, videos);
    return true;
  });
}

/** End of the deadline day in Cameroon (WAT, UTC+1, no daylight saving). */
const endOfDayInCameroon = (date: string) => `${date}T23:59:59+01:00`;

const CONTENT_SEEDS: Record<string, { columns: string[]; rows: () => unknown[][] }> = {
  books: {
    columns: [
      'id',
      'title_en',
      'title_fr',
      'author_en',
      'author_fr',
      'section',
      'level',
      'subject_id',
      'description_en',
      'description_fr',
      'cover_url',
      'file_name',
      'pages',
      'language',
      'is_free',
      'sort_order',
    ],
    rows: () =>
      SEED_BOOKS.map((b, index) => [
        b.id,
        b.en,
        b.fr,
        b.author.en,
        b.author.fr,
        b.section,
        b.level,
        b.subjectId,
        b.descriptionEn,
        b.descriptionFr,
        b.cover,
        b.file,
        b.pages,
        b.language,
        b.free,
        index,
      ]),
  },
  scholarships: {
    columns: [
      'id',
      'title_en',
      'title_fr',
      'provider_en',
      'provider_fr',
      'country',
      'levels',
      'amount_en',
      'amount_fr',
      'deadline',
      'description_en',
      'description_fr',
      'eligibility_en',
      'eligibility_fr',
      'url',
      'picture_url',
      'sort_order',
    ],
    rows: () =>
      SEED_SCHOLARSHIPS.map((s, index) => [
        s.id,
        s.en,
        s.fr,
        s.provider.en,
        s.provider.fr,
        s.country,
        s.levels,
        s.amountEn,
        s.amountFr,
        endOfDayInCameroon(s.deadline),
        s.descriptionEn,
        s.descriptionFr,
        s.eligibilityEn,
        s.eligibilityFr,
        s.url,
        s.picture,
        index,
      ]),
  },
  happenings: {
    columns: ['id', 'title_en', 'title_fr', 'body_en', 'body_fr', 'picture_url', 'happened_at'],
    rows: () => SEED_HAPPENINGS.map((h) => [h.id, h.en, h.fr, h.bodyEn, h.bodyFr, h.picture, h.date]),
  },
  products: {
    columns: [
      'id',
      'title_en',
      'title_fr',
      'description_en',
      'description_fr',
      'category',
      'price',
      'stock',
      'picture_urls',
      'sort_order',
    ],
    rows: () =>
      SEED_PRODUCTS.map((p, index) => [
        p.id,
        p.en,
        p.fr,
        p.descriptionEn,
        p.descriptionFr,
        p.category,
        p.price,
        p.stock,
        p.pictures,
        index,
      ]),
  },
  live_tv_channels: {
    columns: [
      'id',
      'name',
      'title_en',
      'title_fr',
      'description_en',
      'description_fr',
      'language',
      'logo_url',
      'local_stream',
      'website_url',
      'sort_order',
    ],
    rows: () =>
      SEED_CHANNELS.map((c, index) => [
        c.id,
        c.name,
        c.en,
        c.fr,
        c.descriptionEn,
        c.descriptionFr,
        c.language,
        c.logo,
        c.local,
        c.websiteUrl,
        index,
      ]),
  },
};

/** Seeds every content table that is empty; true when any was. */
export async function seedContentIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several processes starting at once: the first one seeds, the others then find the tables full.
    await lockSchema(tx);
    let seeded = false;
    for (const [table, seed] of Object.entries(CONTENT_SEEDS)) {
      if (!(await isEmpty(tx, table))) continue;
      await insertAll(tx, table, seed.columns, seed.rows());
      seeded = true;
    }
    return seeded;
  });
}
