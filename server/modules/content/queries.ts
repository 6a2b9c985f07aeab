import type { Queryable } from '../../lib/db';

type Row = Record<string, unknown>;
const text = (row: Row, column: string) => String(row[column] ?? '');
const bilingual = (row: Row, prefix: string) => ({
  en: text(row, `${prefix}_en`),
  fr: text(row, `${prefix}_fr`),
});

export async function listHappenings(db: Queryable, origin: string) {
  const rows = await db.query<Row>('SELECT * FROM happenings ORDER BY happened_at DESC, id');
  return rows.map((row) => ({
    _id: text(row, 'id'),
    title: bilingual(row, 'title'),
    body: bilingual(row, 'body'),
    date: new Date(row.happened_at as Date).toISOString(),
    imageUrl: `${origin}${text(row, 'picture_url')}`,
  }));
}

/** A date column as YYYY-MM-DD whatever the driver returns (Date at local midnight, or text). */
function isoDate(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}

export async function listScholarships(db: Queryable, origin: string) {
  const rows = await db.query<Row>('SELECT * FROM scholarships ORDER BY sort_order, id');
  return rows.map((row) => ({
    _id: text(row, 'id'),
    title: bilingual(row, 'title'),
    provider: text(row, 'provider'),
    country: text(row, 'country'),
    level: text(row, 'level'),
    amountText: text(row, 'amount'),
    deadline: isoDate(row.deadline),
    description: bilingual(row, 'description'),
    link: text(row, 'url'),
    imageUrl: `${origin}${text(row, 'picture_url')}`,
  }));
}

export async function listProducts(db: Queryable, origin: string) {
  const rows = await db.query<Row>('SELECT * FROM products ORDER BY sort_order, id');
  return rows.map((row) => ({
    _id: text(row, 'id'),
    title: bilingual(row, 'title'),
    description: bilingual(row, 'description'),
    category: text(row, 'category'),
    price: Number(row.price),
    stock: Number(row.stock),
    imageUrl: `${origin}${text(row, 'picture_url')}`,
  }));
}

export async function listChannels(db: Queryable, origin: string) {
  const rows = await db.query<Row>('SELECT * FROM live_tv_channels ORDER BY sort_order, id');
  return rows.map((row) => ({
    _id: text(row, 'id'),
    name: text(row, 'name'),
    title: bilingual(row, 'title'),
    description: bilingual(row, 'description'),
    language: text(row, 'language'),
    logoUrl: `${origin}${text(row, 'logo_url')}`,
    streamUrl: text(row, 'stream_url'),
    websiteUrl: row.website_url === null ? null : text(row, 'website_url'),
  }));
}
