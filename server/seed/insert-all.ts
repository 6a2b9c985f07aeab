import type { Transaction } from '../lib/db';

/** One multi-row INSERT per table: a first start stays quick (each statement is a round trip). */
export async function insertAll(
  tx: Transaction,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const tuples = rows.map(
    (_, rowIndex) =>
      `(${columns.map((_, columnIndex) => `$${rowIndex * columns.length + columnIndex + 1}`).join(', ')})`,
  );
  await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, rows.flat());
}
