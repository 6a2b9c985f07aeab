import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openPglite, openPostgres } from '../../../server/lib/db';

/**
 * A database for a command run as its own process (npm run content:import), on the backend of the project
 * running: PGlite files under a fresh DATA_DIR, or a fresh database on the suite's PostgreSQL server. `open`
 * reads it from the test once the command has exited (PGlite allows one process at a time).
 */
export interface CliDatabase {
  readonly dataDir: string;
  /** The environment the command needs to use it (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  readonly env: Record<string, string>;
  open(): Promise<Db>;
  drop(): Promise<void>;
}

export async function createCliDatabase(): Promise<CliDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'study-app-cli-'));
  const base = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'cli-test-secret-long-enough-0123456789abcdef',
  };
  if ((process.env.TEST_DB ?? 'pglite') === 'pglite') {
    return {
      dataDir,
      env: base,
      open: () => openPglite(join(dataDir, 'pglite')),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = inject('testDatabaseUrl');
  if (!serverUrl)
    throw new Error('TEST_DB=postgres needs the server-pg project (its global setup provides the server)');
  const name = `test_cli_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { ...base, DATABASE_URL: url.toString() },
    open: async () => openPostgres(url.toString()),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
