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

/** What a LISTEN subscription reports: each NOTIFY payload, and when it is lost or (re)established. */
export interface ListenHandlers {
  message(payload: string): void;
  /** false when the subscription is lost (notifications may be missed), true once it is back. */
  state(listening: boolean): void;
}

export interface Db extends Transaction {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN…COMMIT; any throw rolls everything back. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** LISTEN on a channel (a lower-case identifier) until the returned stop() is called. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid LISTEN channel '${channel}'`);
  return channel;
}

/**
 * Embedded PostgreSQL: files under dataDir, or in memory when dataDir is undefined (tests). `from` starts it
 * as a copy of a database dumped with PGlite's dumpDataDir() instead of an empty one, which skips initdb (the
 * tests start hundreds of databases from one migrated, seeded copy).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Db> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(from === undefined ? {} : { loadDataDir: from }),
  });
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
    async listen(channel, handlers) {
      // One process owns an embedded database: notifications only ever come from this process.
      const unlisten = await pglite.listen(checkChannel(channel), handlers.message);
      handlers.state(true);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** How long a connection attempt may take before the request answers 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** A query whose answer never comes (the server vanished without closing the connection) gives up then. */
const QUERY_TIMEOUT_MS = 30_000;
/** A lost LISTEN connection is tried again this often. */
const LISTEN_RETRY_MS = 1_000;

/**
 * A dedicated connection that LISTENs on a channel, reconnecting by itself while the server is away. The
 * handlers learn about every loss, since notifications sent meanwhile are lost.
 */
function postgresListener(connectionString: string, channel: string, handlers: ListenHandlers) {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      current = undefined;
      handlers.state(false);
      client.end().catch(() => {});
      retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.state(true);
  };
  return {
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    },
  };
}

/** A PostgreSQL server through a connection pool. */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
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
      // A checked-out client whose server goes away between two statements emits 'error' with no query to
      // report it to: unheard, that event would end the process. The next statement fails with it instead.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
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
        if (lost === undefined) await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onError);
        // A client that lost its connection is destroyed, never handed to the next request.
        client.release(lost);
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async listen(channel, handlers) {
      const listener = postgresListener(connectionString, checkChannel(channel), handlers);
      await listener.start();
      return listener.stop;
    },
    async close() {
      if (!pool.ended) await pool.end();
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

/** The migration files of a folder (NNN_name.sql), in the order they apply. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort();
}

/**
 * The database was migrated by a newer version of the server: it holds migrations this one has never heard
 * of, whose tables and columns this code would misuse. Nothing is changed; the start stops with this message.
 */
export class SchemaTooNewError extends Error {
  readonly unknown: readonly string[];
  constructor(unknown: readonly string[], newestKnown: string | undefined) {
    super(
      `The database was upgraded by a newer StudyCam: it has migration ${unknown.join(', ')}, and this version knows migrations up to ${newestKnown ?? '(none)'}. Start the newer version again, or restore a backup made by this version (server/README.md "Upgrading").`,
    );
    this.name = 'SchemaTooNewError';
    this.unknown = unknown;
  }
}

/** Migrations already applied to the database, oldest first (none before the first start). */
export async function appliedMigrations(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  if (!table?.present) return [];
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  return rows.map((row) => row.name);
}

/** Applied migrations named after the newest one this code has: the schema is a later version's. */
export function newerMigrations(applied: readonly string[], known: readonly string[]): string[] {
  const newestKnown = known.at(-1) ?? '';
  return applied.filter((name) => !known.includes(name) && name > newestKnown);
}

/** Runs one migration's SQL inside a transaction and records it (the caller holds the schema lock). */
export async function applyMigration(tx: Transaction, dir: string, file: string): Promise<void> {
  await tx.exec(readFileSync(join(dir, file), 'utf8'));
  await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
}

export const CREATE_SCHEMA_MIGRATIONS =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

/**
 * Applies server/migrations/NNN_name.sql in name order, each once and in its own transaction (a migration
 * that fails half-way leaves nothing of itself), recording it in schema_migrations. Returns the names
 * applied now. Several processes may run it at once: each migration is applied under the schema lock by
 * whichever gets there first. A database that a newer server has migrated is refused (SchemaTooNewError)
 * before anything is applied.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  await db.transaction(async (tx) => {
    await lockSchema(tx);
    await tx.exec(CREATE_SCHEMA_MIGRATIONS);
    const newer = newerMigrations(await appliedMigrations(tx), files);
    if (newer.length > 0) throw new SchemaTooNewError(newer, files.at(-1));
  });
  const applied: string[] = [];
  for (const file of files) {
    const appliedNow = await db.transaction(async (tx) => {
      await lockSchema(tx);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.length > 0) return false;
      await applyMigration(tx, dir, file);
      return true;
    });
    if (appliedNow) applied.push(file);
  }
  return applied;
}
