// npm run restore -- <backup folder>
// Brings a backup (npm run backup, or a scheduled one) back into an empty DATA_DIR (the embedded database) or
// an empty database (DATABASE_URL): its tables row for row, and DATA_DIR's files. A damaged backup, one made
// by a newer StudyCam, or a target that already holds data is refused before anything is written; a restore
// that fails half-way leaves the target as it was. server/README.md "Restoring a backup".
// Exit status: 0 restored, 1 refused or failed.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BackupRefused } from '../server/backup/manifest';
import { serverRunning } from '../server/backup/operator-socket';
import { restoreBackup, verifyBackup } from '../server/backup/restore';
import { loadConfig } from '../server/config';
import { type Db, openPglite, openPostgres } from '../server/lib/db';
import { commandConfigEnv, formatBytes } from './operator-command';

async function main(): Promise<number> {
  const source = process.argv[2];
  if (source === undefined || source === '--help' || source === '-h' || process.argv.length > 3) {
    process.stderr.write('Usage: npm run restore -- <backup folder>\n');
    return source === '--help' || source === '-h' ? 0 : 1;
  }
  const folder = resolve(source);
  const config = loadConfig(commandConfigEnv());
  // Checked before anything is created: a refused backup leaves no trace in the target.
  const manifest = await verifyBackup(folder);
  let db: Db;
  let created: string | undefined;
  if (config.databaseUrl !== undefined) {
    db = openPostgres(config.databaseUrl);
  } else {
    const database = join(config.dataDir, 'pglite');
    if (await serverRunning(config.dataDir)) {
      throw new BackupRefused(
        `A server is running on DATA_DIR ${config.dataDir}: stop it, and restore into an empty DATA_DIR.`,
      );
    }
    if (existsSync(database) && readdirSync(database).length > 0) {
      throw new BackupRefused(
        `${database} already holds a database: restore into an empty DATA_DIR (move this one aside, or set DATA_DIR to a new folder). Nothing was restored.`,
      );
    }
    process.stdout.write(`Creating the database in ${database}…\n`);
    db = await openPglite(database);
    created = database;
  }
  let restored = false;
  try {
    const result = await restoreBackup({ folder, db, dataDir: config.dataDir });
    process.stdout.write(
      `Restored ${folder}\n  made ${manifest.createdAt} on ${manifest.database}, schema ${manifest.schema.version}\n  ${result.manifest.tables.length} tables, ${result.rows} rows, ${result.files} files (${formatBytes(manifest.totalBytes)})\n`,
    );
    if (result.upgradedWith.length > 0) {
      process.stdout.write(`  then upgraded with ${result.upgradedWith.join(', ')}\n`);
    }
    process.stdout.write('Start the server on it: npm run serve\n');
    restored = true;
    return 0;
  } finally {
    await db.close();
    // The embedded database this command created goes again: DATA_DIR is as it was.
    if (!restored && created !== undefined) rmSync(created, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
