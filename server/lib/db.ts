import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Something SQL can be sent to: the database itself, or one transaction of it. */
export interface Queryable {
  /** Plain PostgreSQL with $1… parameters; returns the rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Transaction extends Queryable {
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Transaction {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN…COMMIT; any throw rolls everything back. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Embedded PostgreSQL: files under dataDir, or in memory when dataDir is undefined (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pglite.query<T>(sql, [...params]);
      return result.rows;
    },
    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return pglite.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            const result = await tx.query<R>(sql, [...params]);
            return result.rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** A PostgreSQL server through a connection pool. */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, [...params]);
      return result.rows as T[];
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            const result = await client.query(sql, [...params]);
            return result.rows as R[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}

export const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'migrations');

/**
 * Serialises schema changes and the first seed across server processes starting at once on one
 * database: taken inside a transaction, held until it ends.
 */
export const SCHEMA_LOCK = 727_274;

export async function lockSchema(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
}

/**
 * Applies server/migrations/NNN_name.sql in name order, each once and in its own transaction,
 * recording it in schema_migrations. Returns the names applied now. Several processes may run it at
 * once: each migration is applied under the schema lock by whichever gets there first.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (tx) => {
    await lockSchema(tx);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const files = readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = readFileSync(join(dir, file), 'utf8');
    const appliedNow = await db.transaction(async (tx) => {
      await lockSchema(tx);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (appliedNow) applied.push(file);
  }
  return applied;
}
