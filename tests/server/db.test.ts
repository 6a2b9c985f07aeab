import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPostgres } from '../../server/lib/db';
import { seedContentIfEmpty, seedSubjects } from '../../server/seed/seed';
import { createTestApp, freshDatabase, type TestApp } from './helpers/app';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(async () => {
  await ctx?.close();
});

describe('database layer', () => {
  it('lets several servers start at once on one empty database: each migration and the seed happen once', async () => {
    const fresh = await freshDatabase();
    // On PostgreSQL, a second pool is what a second server process has: its own connections.
    const second = fresh.url === undefined ? fresh.db : openPostgres(fresh.url);
    try {
      const startups = [fresh.db, second, fresh.db, second].map(async (db) => {
        const applied = await migrate(db);
        // The two halves of seedIfEmpty(), apart: two processes may each do one half, never the same one.
        const subjects = await seedSubjects(db);
        const content = await seedContentIfEmpty(db);
        return { applied: applied.length, subjects, content };
      });
      const results = await Promise.all(startups);
      const migrations = await fresh.db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(results.reduce((sum, result) => sum + result.applied, 0)).toBe(migrations.length);
      expect(results.filter((result) => result.subjects)).toHaveLength(1);
      expect(results.filter((result) => result.content)).toHaveLength(1);
    } finally {
      if (second !== fresh.db) await second.close();
      await fresh.db.close();
      await fresh.drop();
    }
  });

  it('records applied migrations and applies nothing twice', async () => {
    const applied = await ctx.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.map((row) => row.name)[0]).toBe('001_init.sql');
    expect(await migrate(ctx.db)).toEqual([]);
  });

  it('applies a new migration in order, and rolls a failing one back entirely', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'study-app-migrations-'));
    try {
      writeFileSync(
        join(dir, '900_extra.sql'),
        'CREATE TABLE extra_one (id int); CREATE TABLE extra_two (id int);',
      );
      writeFileSync(
        join(dir, '901_broken.sql'),
        'CREATE TABLE extra_three (id int); SELECT * FROM no_such_table;',
      );
      await expect(migrate(ctx.db, dir)).rejects.toThrow(/no_such_table/);
      const tables = await ctx.db.query<{ name: string | null }>(
        "SELECT to_regclass('extra_one')::text AS name UNION ALL SELECT to_regclass('extra_three')::text",
      );
      expect(tables.map((row) => row.name)).toEqual(['extra_one', null]);
      const recorded = await ctx.db.query<{ name: string }>(
        "SELECT name FROM schema_migrations WHERE name LIKE '9%'",
      );
      expect(recorded.map((row) => row.name)).toEqual(['900_extra.sql']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls a transaction back when its function throws', async () => {
    await ctx.db.query('CREATE TABLE tx_probe (id int)');
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe (id) VALUES ($1)', [1]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe (id) VALUES ($1)', [2]);
    });
    expect(await ctx.db.query('SELECT id FROM tx_probe')).toEqual([{ id: 2 }]);
  });

  it('returns timestamps as dates and integers as numbers on this backend', async () => {
    const [row] = await ctx.db.query<{ at: Date; n: number }>('SELECT now() AS at, 41 + $1::int AS n', [1]);
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.n).toBe(42);
  });
});
