import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listTables, quoteIdentifier } from '../../server/backup/catalogue';
import { type Db, MIGRATIONS_DIR, migrate, migrationFiles, SchemaTooNewError } from '../../server/lib/db';
import { createTestApp, emptyDatabase } from './helpers/app';

/**
 * Issue 22, safe upgrades. The database is walked through every migration of server/migrations in order,
 * holding realistic rows at each step (tests/server/migration-fixtures/NNN_name.sql, inserted right after
 * migration NNN when such a file exists). Before each migration:
 * - it is run once with a failure added at its very end: the database, rows and schema, must be exactly as
 *   before (a migration runs in one transaction, so one that fails half-way leaves nothing of itself);
 * - then for real: every row there before must still be there, with the same value in every column it had,
 *   apart from the changes a migration is meant to make (listed below, each with its reason).
 * A new migration file is walked like the others without a change here; its own fixture is optional (add one
 * when it brings a table, so the migrations after it start from rows of it). At the end a server starts on
 * the upgraded database and the fixture's student logs in and finds what she had.
 */

const FIXTURES = join(import.meta.dirname, 'migration-fixtures');

interface Change {
  why: string;
  /** Tables the migration drops and makes again, empty (the seed fills them on the next start). */
  rebuilt?: string[];
  /** A column's old value as the migration leaves it. */
  rewritten?: Record<string, (value: unknown) => unknown>;
  /** A column kept under another name ('table.old' → 'new'): its values are compared there. */
  renamed?: Record<string, string>;
}

/** What a migration is meant to change in rows that were already there. Anything else is data lost. */
const INTENDED_CHANGES: Record<string, Change> = {
  '005_content.sql': {
    why: 'the content tables only ever held the seed catalogue; they are rebuilt and seeded again',
    rebuilt: ['books', 'scholarships', 'products', 'live_tv_channels'],
  },
  '007_renditions.sql': {
    why: "a video's media_file becomes its media stem (the renditions are <stem>-<quality>.mp4)",
    rewritten: { 'videos.media_file': (value) => String(value).replace(/\.mp4$/, '') },
  },
  '011_content_languages.sql': {
    why: "a book's author and a scholarship's provider get a French twin: the old column is the English one, and the seed team's credit, written in either language, reads 'StudyCam teachers' in it",
    renamed: { 'books.author': 'author_en', 'scholarships.provider': 'provider_en' },
    rewritten: {
      'books.author': (value) => (value === 'Équipe pédagogique StudyCam' ? 'StudyCam teachers' : value),
    },
  },
};

type Row = Record<string, unknown>;
type Contents = Map<string, { columns: string[]; rows: Row[] }>;

async function contents(db: Db): Promise<Contents> {
  const all: Contents = new Map();
  for (const table of await listTables(db)) {
    const columns = await db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    const rows = await db.query<{ line: string }>(
      `SELECT row_to_json(t)::text AS line FROM ${quoteIdentifier(table)} t`,
    );
    all.set(table, {
      columns: columns.map((column) => column.name),
      rows: rows.map((row) => JSON.parse(row.line) as Row),
    });
  }
  return all;
}

/** Tables, columns, keys, indexes, functions and triggers, and the migrations recorded: the whole schema. */
async function schema(db: Db): Promise<unknown> {
  return {
    columns: await db.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
        WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    ),
    constraints: await db.query(
      `SELECT conrelid::regclass::text AS on_table, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    ),
    indexes: await db.query(
      'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname',
    ),
    functions: await db.query(
      `SELECT proname, prosrc FROM pg_proc WHERE pronamespace = current_schema()::regnamespace ORDER BY proname`,
    ),
    triggers: await db.query(
      'SELECT tgrelid::regclass::text AS on_table, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2',
    ),
    migrations: await db.query('SELECT name FROM schema_migrations ORDER BY name'),
  };
}

/** Each row reduced to the columns it had before, as comparable text, in a stable order. */
function projected(rows: readonly Row[], columns: readonly string[]): string[] {
  return rows.map((row) => JSON.stringify(columns.map((column) => row[column] ?? null))).sort();
}

/** What must still be there after `migration`: the rows before it, changed only as INTENDED_CHANGES says. */
function expectKept(before: Contents, after: Contents, migration: string): void {
  const change = INTENDED_CHANGES[migration] ?? { why: '' };
  for (const [table, { columns, rows }] of before) {
    if (change.rebuilt?.includes(table)) continue;
    const now = after.get(table);
    expect(now, `${migration} dropped table ${table}`).toBeDefined();
    if (now === undefined) continue;
    const nameNow = (column: string) => change.renamed?.[`${table}.${column}`] ?? column;
    for (const column of columns) {
      expect(now.columns, `${migration} dropped column ${table}.${column}`).toContain(nameNow(column));
    }
    const expected = rows.map((row) => {
      const copy = { ...row };
      for (const [qualified, rewrite] of Object.entries(change.rewritten ?? {})) {
        const [onTable, column] = qualified.split('.');
        if (onTable === table && column !== undefined) copy[column] = rewrite(copy[column]);
      }
      return copy;
    });
    expect(projected(now.rows, columns.map(nameNow)), `${migration} changed rows of ${table}`).toEqual(
      projected(expected, columns),
    );
  }
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A migrations folder holding the first `count` migrations, the last one with a failure added at its end. */
function folderUpTo(files: readonly string[], count: number, failing: boolean): string {
  const folder = mkdtempSync(join(tmpdir(), 'study-app-migrations-'));
  folders.push(folder);
  for (const file of files.slice(0, count)) copyFileSync(join(MIGRATIONS_DIR, file), join(folder, file));
  const last = files[count - 1];
  if (failing && last !== undefined) {
    const sql = readFileSync(join(MIGRATIONS_DIR, last), 'utf8');
    writeFileSync(join(folder, last), `${sql}\n;\nSELECT 1 / 0;\n`);
  }
  return folder;
}

describe('upgrading a populated database, migration by migration', () => {
  const files = migrationFiles();

  it('keeps every row through each migration, and a failing one changes nothing', {
    timeout: 180_000,
  }, async () => {
    const database = await emptyDatabase();
    let handedOver = false;
    try {
      const { db } = database;
      for (let index = 0; index < files.length; index += 1) {
        const migration = files[index] as string;
        const before = index === 0 ? new Map() : await contents(db);
        const shape = index === 0 ? undefined : await schema(db);

        await expect(migrate(db, folderUpTo(files, index + 1, true)), migration).rejects.toThrow(
          /division by zero/,
        );
        if (shape !== undefined) {
          expect(await schema(db), `${migration} failing left schema changes`).toEqual(shape);
          expect(await contents(db), `${migration} failing left data changes`).toEqual(before);
        }

        expect(await migrate(db, folderUpTo(files, index + 1, false))).toEqual([migration]);
        expectKept(before, await contents(db), migration);

        const fixture = join(FIXTURES, migration);
        if (existsSync(fixture)) await db.exec(readFileSync(fixture, 'utf8'));
      }

      // A server started on the upgraded database: the student of 001 logs in and finds her subject and comment.
      handedOver = true;
      const app = await createTestApp({ database });
      try {
        const token = await app.login('amina', 'correct-horse-battery');
        const profile = await app.request<{ user: { paidSubjects: { subjectId: string }[] } }>({
          method: 'GET',
          url: '/users/profile',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(profile.body.user.paidSubjects.map((subject) => subject.subjectId)).toContain('ang-maths-f5');
        const [comment] = await app.db.query<{ text: string }>(
          "SELECT text FROM comments WHERE id = 'cmt-1'",
        );
        expect(comment?.text).toMatch(/factorisation/);
      } finally {
        await app.close();
      }
    } finally {
      if (!handedOver) {
        await database.db.close();
        await database.drop();
      }
    }
  });

  it('finds data lost by a migration (a check that can fail)', async () => {
    const before: Contents = new Map([
      ['comments', { columns: ['id', 'text'], rows: [{ id: 'c1', text: 'kept?' }] }],
    ]);
    const emptied: Contents = new Map([['comments', { columns: ['id', 'text'], rows: [] }]]);
    const narrowed: Contents = new Map([['comments', { columns: ['id'], rows: [{ id: 'c1' }] }]]);
    expect(() => expectKept(before, emptied, '999_lossy.sql')).toThrow(/changed rows of comments/);
    expect(() => expectKept(before, narrowed, '999_lossy.sql')).toThrow(/dropped column comments.text/);
    expect(() => expectKept(before, new Map(), '999_lossy.sql')).toThrow(/dropped table comments/);
  });
});

describe('a database migrated by a newer version', () => {
  it('is refused at start with a message naming the migration, and left as it was', {
    timeout: 60_000,
  }, async () => {
    const database = await emptyDatabase();
    try {
      await migrate(database.db);
      await database.db.query("INSERT INTO schema_migrations (name) VALUES ('999_from_the_future.sql')");
      const attempt = migrate(database.db);
      await expect(attempt).rejects.toBeInstanceOf(SchemaTooNewError);
      await expect(attempt).rejects.toThrow(
        /upgraded by a newer StudyCam: it has migration 999_from_the_future\.sql, and this version knows migrations up to \d{3}_/,
      );
      await expect(createTestApp({ database: { db: database.db, drop: async () => {} } })).rejects.toThrow(
        SchemaTooNewError,
      );
    } finally {
      await database.db.close();
      await database.drop();
    }
  });
});
