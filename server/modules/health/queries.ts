import type { Queryable } from '../../lib/db';

/** Whether the database answers a trivial statement now. */
export function databaseAnswers(db: Queryable): Promise<boolean> {
  return db
    .query('SELECT 1')
    .then(() => true)
    .catch(() => false);
}
