/**
 * Writes the seed books (server/seed/media/books/*.pdf) from scripts/seed-books/books.ts with a tiny PDF
 * writer, so regenerating them needs only Node. Run: npx tsx scripts/generate-seed-books.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEED_BOOK_FILES } from './seed-books/books';
import { writePdf } from './seed-books/pdf-writer';

const OUT = resolve(import.meta.dirname, '..', 'server', 'seed', 'media', 'books');
mkdirSync(OUT, { recursive: true });
for (const [file, book] of Object.entries(SEED_BOOK_FILES)) {
  const bytes = writePdf(book);
  writeFileSync(join(OUT, file), bytes);
  console.log(`${file}: ${book.pages.length} pages, ${bytes.length} bytes`);
}
