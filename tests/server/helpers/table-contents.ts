import { listTables, quoteIdentifier } from '../../../server/backup/catalogue';
import type { Queryable } from '../../../server/lib/db';

/**
 * Every row of every table of the database, each as PostgreSQL's row_to_json text, sorted: two databases
 * compare row for row with toEqual, whatever tables a later migration adds.
 */
export async function tableContents(db: Queryable): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const rows = await db.query<{ line: string }>(
      `SELECT row_to_json(t)::text AS line FROM ${quoteIdentifier(table)} t`,
    );
    contents[table] = rows.map((row) => row.line).sort();
  }
  return contents;
}
