import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../../scripts/throwaway-postgres';

/**
 * Global setup of the 'server-pg' project: provides a PostgreSQL server for the suite. TEST_DATABASE_URL wins;
 * otherwise a throwaway cluster is created with Debian's server binaries and removed afterwards. No server and
 * no binaries is a failure, never a skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const provided = process.env.TEST_DATABASE_URL;
  if (provided) {
    project.provide('testDatabaseUrl', provided);
    return async () => {};
  }
  const postgres = await startThrowawayPostgres();
  project.provide('testDatabaseUrl', postgres.url);
  return async () => postgres.stop();
}
