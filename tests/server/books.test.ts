import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../server/lib/db';
import { SEED_BOOKS } from '../../server/seed/content';
import { SEED_MEDIA_DIR } from '../../server/seed/seed';
import { createTestApp, freshDatabase, grantAccess, type TestApp } from './helpers/app';

// Issue 8, books: the list through POST books/filtered-books, the access rule (free books and free
// subjects for everyone, the rest with the subject's access), and the PDF behind a signed URL.

interface Book {
  _id: string;
  author: { en: string; fr: string };
  section: string;
  level: string;
  subjectId: string;
  subjectTitle: string;
  subjectLanguage: string;
  subject: { _id: string; subjectTitle: string; pictureurl: string; price: number };
  pages: number;
  language: string;
  free: boolean;
  locked: boolean;
  sizeBytes: number;
  fileUrl?: string;
  title: { en: string; fr: string };
}

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const list = async (payload: unknown = {}, headers: Record<string, string> = {}) =>
  ctx.request<Book[]>({ method: 'POST', url: '/books/filtered-books', payload: payload as object, headers });
const pathOf = (url: string | undefined) => {
  const parsed = new URL(url ?? 'http://missing/');
  return `${parsed.pathname}${parsed.search}`;
};
const fileOf = (id: string) =>
  readFileSync(join(SEED_MEDIA_DIR, 'books', SEED_BOOKS.find((b) => b.id === id)?.file ?? ''));

describe('the book list', () => {
  it('lists every book with cover, author, pages, language, its size and its subject for the cart', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.map((b) => b._id)).toEqual(SEED_BOOKS.map((b) => b.id));
    for (const book of body) {
      expect(book.sizeBytes).toBe(fileOf(book._id).length);
      expect(book.subject._id).toBe(book.subjectId);
      expect(book.subject.pictureurl).toMatch(/^http:\/\/localhost(:\d+)?\/media\/pictures\//);
      expect(['en', 'fr']).toContain(book.language);
    }
  });

  it("credits its authors in both languages, and says the language its subject's name is in", async () => {
    const { body } = await list();
    const byId = new Map(body.map((book) => [book._id, book]));
    expect(byId.get('book-maths-f5-formulas')).toMatchObject({
      author: { en: 'StudyCam teachers', fr: 'Équipe pédagogique StudyCam' },
      subjectTitle: 'Mathematics Form 5',
      subjectLanguage: 'en',
    });
    expect(byId.get('book-pct-tle-c-fiches')).toMatchObject({
      author: { en: 'StudyCam teachers', fr: 'Équipe pédagogique StudyCam' },
      subjectLanguage: 'fr',
    });
    expect(byId.get('book-gce-ol-maths-papers')?.subjectLanguage).toBe('en');
    expect(byId.get('book-concours-culture')?.subjectLanguage).toBe('fr');
  });

  it('opens free books and free subjects to everyone and locks the others, with no file URL', async () => {
    const { body } = await list();
    const byId = new Map(body.map((book) => [book._id, book]));
    // Marked free although its subject is paid: a formula sheet.
    expect(byId.get('book-maths-f5-formulas')).toMatchObject({ free: true, locked: false });
    // Free because its subject (extra-curricular) costs nothing.
    expect(byId.get('book-study-skills')).toMatchObject({ free: true, locked: false });
    const paid = byId.get('book-maths-f5-revision');
    expect(paid).toMatchObject({ free: false, locked: true, subject: { price: 2500 } });
    expect(paid?.fileUrl).toBeUndefined();
    for (const book of body) expect(book.fileUrl === undefined).toBe(book.locked);
  });

  it("unlocks a paid book for a student with the subject's access only, and never caches it", async () => {
    const student = await ctx.registerAndLogin();
    const before = await list({}, student.headers);
    expect(before.body.find((b) => b._id === 'book-maths-f5-revision')?.locked).toBe(true);
    await grantAccess(ctx.db, student.id, 'ang-maths-f5', new Date(Date.now() + 86_400_000));
    const after = await list({}, student.headers);
    expect(after.response.headers['cache-control']).toBe('private, no-store');
    const book = after.body.find((b) => b._id === 'book-maths-f5-revision');
    expect(book?.locked).toBe(false);
    expect(new URL(book?.fileUrl ?? '').searchParams.get('student')).toBe(student.id);
    // Another subject's paid book stays locked.
    expect(after.body.find((b) => b._id === 'book-pct-tle-c-fiches')?.locked).toBe(true);
  });

  it('filters by section, level (any case) and subject title, and accepts no body', async () => {
    const concours = await list({ section: 'competitive-exams' });
    expect(concours.body.length).toBeGreaterThan(0);
    expect(concours.body.every((b) => b.section === 'competitive-exams')).toBe(true);
    const bySubject = await list({ subjectTitle: 'Physique-Chimie Terminale C', level: 'terminale' });
    expect(bySubject.body.map((b) => b._id).sort()).toEqual(['book-bac-c-physique', 'book-pct-tle-c-fiches']);
    const noBody = await ctx.request<Book[]>({ method: 'POST', url: '/books/filtered-books' });
    expect(noBody.status).toBe(200);
    expect(noBody.body).toHaveLength(SEED_BOOKS.length);
  });

  it('rejects bad filters with a translated 400', async () => {
    const section = await ctx.request({
      method: 'POST',
      url: '/books/filtered-books',
      payload: { section: 'mars' },
      headers: { 'accept-language': 'fr' },
    });
    expect(section.status).toBe(400);
    expect(section.body).toEqual({ success: false, msg: 'Valeur invalide pour le champ « section ».' });
    const level = await list({ level: 42 });
    expect(level.status).toBe(400);
  });

  it('gives one book by id, and 404 for an unknown one', async () => {
    const one = await ctx.request<Book>({ method: 'GET', url: '/books/book-concours-iric' });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _id: 'book-concours-iric', locked: true, pages: 3 });
    const missing = await ctx.request({ method: 'GET', url: '/books/nope' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, msg: 'Resource not found.' });
  });

  it('states page counts that match the PDFs', () => {
    for (const book of SEED_BOOKS) {
      const pdf = readFileSync(join(SEED_MEDIA_DIR, 'books', book.file), 'latin1');
      expect(pdf.startsWith('%PDF-'), book.file).toBe(true);
      expect(pdf.match(/\/Type \/Page\b/g)?.length, book.file).toBe(book.pages);
    }
  });
});

describe('the book file', () => {
  it('serves a free book to anyone as a PDF, with Range', async () => {
    const { body } = await list();
    const url = pathOf(body.find((b) => b._id === 'book-maths-f5-formulas')?.fileUrl);
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(fileOf('book-maths-f5-formulas'))).toBe(true);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(fileOf('book-maths-f5-formulas').subarray(0, 100))).toBe(true);
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(Number(head.headers['content-length'])).toBe(fileOf('book-maths-f5-formulas').length);
  });

  it('is no longer public under /media/books', async () => {
    const file = await ctx.request({ method: 'GET', url: '/media/books/maths-form5-revision.pdf' });
    expect(file.status).toBe(404);
  });

  it("refuses a tampered, an expired or another book's signature with a translated 403", async () => {
    const { body } = await list();
    const url = new URL(body.find((b) => b._id === 'book-maths-f5-formulas')?.fileUrl ?? '');
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')?.slice(0, -2)}xx`);
    const expired = new URL(url);
    expired.searchParams.set('exp', '1700000000');
    const otherBook = new URL(url);
    otherBook.pathname = '/books/file/book-maths-f5-revision';
    for (const attempt of [tampered, expired, otherBook]) {
      const response = await ctx.request({
        method: 'GET',
        url: `${attempt.pathname}${attempt.search}`,
        headers: { 'accept-language': 'fr' },
      });
      expect(response.status, attempt.toString()).toBe(403);
      expect(response.body.msg).toBe("Ce lien a expiré ou vous n'avez plus accès à cette matière.");
    }
    const missing = await ctx.request({ method: 'GET', url: '/books/file/book-maths-f5-formulas' });
    expect(missing.status).toBe(400);
  });

  it("stops serving a paid book once the student's access has ended, even through a URL issued before", async () => {
    const student = await ctx.registerAndLogin();
    await grantAccess(ctx.db, student.id, 'fr-pct-tle-c', new Date(Date.now() + 86_400_000));
    const { body } = await list({}, student.headers);
    const url = pathOf(body.find((b) => b._id === 'book-pct-tle-c-fiches')?.fileUrl);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await grantAccess(ctx.db, student.id, 'fr-pct-tle-c', new Date(Date.now() - 1000));
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    const relisted = await list({}, student.headers);
    expect(relisted.body.find((b) => b._id === 'book-pct-tle-c-fiches')?.locked).toBe(true);
  });
});

describe('a database from before the texts in two languages (migration 011)', () => {
  it("gives the seed team's credit and providers both names, keeps other names, and each subject its language", async () => {
    const fresh = await freshDatabase();
    const before = mkdtempSync(join(tmpdir(), 'migrations-before-011-'));
    try {
      for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < '011')) {
        copyFileSync(join(MIGRATIONS_DIR, file), join(before, file));
      }
      await migrate(fresh.db, before);
      const subject = (id: string, section: string, level: string) =>
        fresh.db.query(
          `INSERT INTO subjects (id, subject_title, picture_url, price, section, level, description_en, description_fr)
           VALUES ($1, $1, '/p.webp', 1000, $2, $3, '', '')`,
          [id, section, level],
        );
      await subject('gce-maths', 'anglophone', 'Form 5');
      await subject('bepc-maths', 'diploma-exams', 'BEPC');
      await subject('gce-papers', 'diploma-exams', 'GCE O Level');
      await subject('enam', 'competitive-exams', 'ENAM');
      await subject('skills', 'extra-curricular', 'All levels');
      const book = (id: string, author: string) =>
        fresh.db.query(
          `INSERT INTO books (id, title_en, title_fr, author, section, level, subject_id, description_en,
                              description_fr, cover_url, file_name, pages, language)
           VALUES ($1, $1, $1, $2, 'anglophone', 'Form 5', 'gce-maths', '', '', '/c.webp', 'f.pdf', 1, 'en')`,
          [id, author],
        );
      await book('team-en', 'StudyCam teachers');
      await book('team-fr', 'Équipe pédagogique StudyCam');
      await book('person', 'Mme Ngo Bassa');
      const scholarship = (id: string, provider: string) =>
        fresh.db.query(
          `INSERT INTO scholarships (id, title_en, title_fr, provider, country, levels, amount_en, amount_fr,
                                     deadline, description_en, description_fr, eligibility_en, eligibility_fr,
                                     url, picture_url)
           VALUES ($1, $1, $1, $2, 'GB', '{master}', '', '', now(), '', '', '', '', 'https://x', '/p.webp')`,
          [id, provider],
        );
      await scholarship('chevening', 'UK Government');
      await scholarship('other', 'Fondation Ngoa');
      expect(await migrate(fresh.db)).toContain('011_content_languages.sql');
      const credits = await fresh.db.query('SELECT id, author_en, author_fr FROM books ORDER BY id');
      expect(credits).toEqual([
        { id: 'person', author_en: 'Mme Ngo Bassa', author_fr: 'Mme Ngo Bassa' },
        { id: 'team-en', author_en: 'StudyCam teachers', author_fr: 'Équipe pédagogique StudyCam' },
        { id: 'team-fr', author_en: 'StudyCam teachers', author_fr: 'Équipe pédagogique StudyCam' },
      ]);
      const providers = await fresh.db.query(
        'SELECT id, provider_en, provider_fr FROM scholarships ORDER BY id',
      );
      expect(providers).toEqual([
        { id: 'chevening', provider_en: 'UK Government', provider_fr: 'Gouvernement britannique' },
        { id: 'other', provider_en: 'Fondation Ngoa', provider_fr: 'Fondation Ngoa' },
      ]);
      const languages = await fresh.db.query('SELECT id, language FROM subjects ORDER BY id');
      expect(languages).toEqual([
        { id: 'bepc-maths', language: 'fr' },
        { id: 'enam', language: 'fr' },
        { id: 'gce-maths', language: 'en' },
        { id: 'gce-papers', language: 'en' },
        { id: 'skills', language: 'en' },
      ]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
