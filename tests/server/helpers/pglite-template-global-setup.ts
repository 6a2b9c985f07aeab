import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate, openPglite } from '../../../server/lib/db';
import { seedIfEmpty } from '../../../server/seed/seed';

/**
 * Global setup of the PGlite server project: one migrated database and one migrated and seeded database,
 * made once and dumped to files. Each test app then starts as a copy of one of them (helpers/app.ts) instead
 * of running initdb, the migrations and the seed again: about a second instead of three or four, a hundred
 * times a run. The tests of the migrations and the seed themselves start from empty databases.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding the dumped databases: migrated only, and migrated and seeded. */
    pgliteTemplates: { migrated: string; seeded: string };
  }
}

/** A migrated (and seeded) PGlite database dumped to `<folder>/<name>.tar`; the e2e global setup uses it too. */
export async function dumpDatabase(folder: string, name: string, seeded: boolean): Promise<string> {
  const dataDir = join(folder, name);
  const db = await openPglite(dataDir);
  await migrate(db);
  if (seeded) await seedIfEmpty(db);
  await db.close();
  const pglite = await PGlite.create({ dataDir });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = join(folder, `${name}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  rmSync(dataDir, { recursive: true, force: true });
  return file;
}

export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'pglite-templates-'));
  const [migrated, seeded] = await Promise.all([
    dumpDatabase(folder, 'migrated', false),
    dumpDatabase(folder, 'seeded', true),
  ]);
  project.provide('pgliteTemplates', { migrated, seeded });
  return () => rmSync(folder, { recursive: true, force: true });
}
