import type { Queryable } from '../lib/db';

// The database's own description of itself (pg_catalog), read the same way on PGlite and PostgreSQL: what a
// backup copies and in which order a restore loads it. Nothing here names a table of the product, so a table
// added by a later migration is backed up and restored without a change to this code.

/** schema_migrations is the schema's history, written by the migrations themselves, not data to copy. */
export const SCHEMA_HISTORY_TABLE = 'schema_migrations';

export interface ForeignKey {
  /** The table holding the reference. */
  table: string;
  columns: string[];
  /** The table referred to. */
  references: string;
  referencedColumns: string[];
}

/** The product's tables (ordinary tables of the current schema), by name. */
export async function listTables(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> $1
      ORDER BY c.relname`,
    [SCHEMA_HISTORY_TABLE],
  );
  return rows.map((row) => row.name);
}

/** Every foreign key between the product's tables, columns in the key's own order. */
export async function listForeignKeys(db: Queryable): Promise<ForeignKey[]> {
  const rows = await db.query<{
    table: string;
    references: string;
    columns: string[];
    referenced_columns: string[];
  }>(
    `SELECT src.relname AS table, dst.relname AS references,
            ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY AS u(n, i)
                    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i) AS columns,
            ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY AS u(n, i)
                    JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i)
              AS referenced_columns
       FROM pg_constraint k
       JOIN pg_class src ON src.oid = k.conrelid
       JOIN pg_class dst ON dst.oid = k.confrelid
      WHERE k.contype = 'f' AND src.relnamespace = current_schema()::regnamespace
      ORDER BY src.relname, k.conname`,
  );
  return rows.map((row) => ({
    table: row.table,
    references: row.references,
    columns: row.columns,
    referencedColumns: row.referenced_columns,
  }));
}

export interface Column {
  name: string;
  /** As PostgreSQL names it: text, jsonb, timestamp with time zone, ARRAY… */
  type: string;
  nullable: boolean;
}

/** A table's columns in their order. */
export async function listColumns(db: Queryable, table: string): Promise<Column[]> {
  const rows = await db.query<{ name: string; type: string; nullable: boolean }>(
    `SELECT column_name AS name, data_type AS type, is_nullable = 'YES' AS nullable
       FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1
      ORDER BY ordinal_position`,
    [table],
  );
  return rows;
}

/** The table's primary key columns (empty when it has none). */
export async function primaryKey(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT a.attname AS name
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN unnest(i.indkey) WITH ORDINALITY AS u(n, position) ON true
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = u.n
      WHERE i.indisprimary AND c.relname = $1 AND c.relnamespace = current_schema()::regnamespace
      ORDER BY u.position`,
    [table],
  );
  return rows.map((row) => row.name);
}

/**
 * The tables in an order in which each comes after every table it refers to, so rows can be inserted with
 * their foreign keys checked as they go. A table referring to itself is fine (its rows are inserted in one
 * statement); a cycle between tables would need deferred keys and is refused here, loudly.
 */
export function loadOrder(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string, path: readonly string[]) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) {
      throw new Error(`Foreign keys form a cycle (${[...path, table].join(' → ')}): no load order exists`);
    }
    visiting.add(table);
    for (const key of keys) {
      if (key.table === table && key.references !== table && tables.includes(key.references)) {
        visit(key.references, [...path, table]);
      }
    }
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return ordered;
}

/** An identifier quoted for SQL (table names come from the catalogue, never from a request). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** The sequences of the current schema and where each stands (none today: every key is a text id). */
export async function listSequences(db: Queryable): Promise<SequenceState[]> {
  const sequences = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const states: SequenceState[] = [];
  for (const { name } of sequences) {
    const [row] = await db.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${quoteIdentifier(name)}`,
    );
    if (row) states.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return states;
}
