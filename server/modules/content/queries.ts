import type { Queryable } from '../../lib/db';

type Row = Record<string, unknown>;
const text = (row: Row, column: string) => String(row[column] ?? '');
const bilingual = (row: Row, prefix: string) => ({
  en: text(row, `${prefix}_en`),
  fr: text(row, `${prefix}_fr`),
});

const iso = (value: unknown) => new Date(value as Date | string).toISOString();

export async function listHappenings(db: Queryable, origin: string) {
  const rows = await db.query<Row>('SELECT * FROM happenings ORDER BY happened_at DESC, id');
  return rows.map((row) => ({
    _id: text(row, 'id'),
    title: bilingual(row, 'title'),
    body: bilingual(row, 'body'),
    date: iso(row.happened_at),
    imageUrl: `${origin}${text(row, 'picture_url')}`,
  }));
}

const STUDY_LEVELS = ['secondary', 'bachelor', 'master', 'phd'] as const;
const isStudyLevel = (value: string): value is (typeof STUDY_LEVELS)[number] =>
  (STUDY_LEVELS as readonly string[]).includes(value);

export async function listScholarships(db: Queryable, origin: string) {
  const rows = await db.query<Row>('SELECT * FROM scholarships ORDER BY deadline, sort_order, id');
  return rows.map((row) => ({
    _id: text(row, 'id'),
    title: bilingual(row, 'title'),
    provider: bilingual(row, 'provider'),
    country: text(row, 'country'),
    levels: ((row.levels as string[] | null) ?? []).filter(isStudyLevel),
    amount: bilingual(row, 'amount'),
    deadline: iso(row.deadline),
    description: bilingual(row, 'description'),
    eligibility: bilingual(row, 'eligibility'),
    link: text(row, 'url'),
    imageUrl: `${origin}${text(row, 'picture_url')}`,
  }));
}

export async function listProducts(db: Queryable, origin: string) {
  const rows = await db.query<Row>('SELECT * FROM products ORDER BY sort_order, id');
  return rows.map((row) => {
    const pictures = ((row.picture_urls as string[] | null) ?? []).map((path) => `${origin}${path}`);
    return {
      _id: text(row, 'id'),
      title: bilingual(row, 'title'),
      description: bilingual(row, 'description'),
      category: text(row, 'category'),
      price: Number(row.price),
      stock: Number(row.stock),
      imageUrl: pictures[0] ?? '',
      pictures,
    };
  });
}
