// npm run backup [-- --to <folder>]
// A consistent copy of the whole product (every table from one snapshot, DATA_DIR's files, a manifest with
// sizes and checksums) in a new folder inside <folder> (default BACKUP_DIR, ./backups). With the embedded
// database the running server makes it (through its operator socket, while it keeps serving); with no server
// running, or with DATABASE_URL, this command makes it itself. server/README.md "Backups".
// Exit status: 0 written, 1 failed (nothing is left of a failed backup).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BackupSummary, backupSummary, makeBackup } from '../server/backup/make-backup';
import { askServer } from '../server/backup/operator-socket';
import { loadConfig } from '../server/config';
import { type Db, openPglite, openPostgres } from '../server/lib/db';
import { commandConfigEnv, formatBytes } from './operator-command';

function usage(): string {
  return 'Usage: npm run backup [-- --to <folder>]   (default: BACKUP_DIR, ./backups)\n';
}

async function makeItHere(db: Db, dataDir: string, folder: string, minFree: number): Promise<BackupSummary> {
  try {
    return backupSummary(await makeBackup({ db, dataDir, folder, minFreeBytes: minFree }));
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(usage());
    return 0;
  }
  const toAt = args.indexOf('--to');
  const folderArg = toAt >= 0 ? args[toAt + 1] : undefined;
  if ((toAt >= 0 && folderArg === undefined) || args.length > (toAt >= 0 ? 2 : 0)) {
    process.stderr.write(usage());
    return 1;
  }
  const config = loadConfig(commandConfigEnv());
  const folder = resolve(folderArg ?? config.backup.dir);
  let summary: BackupSummary;
  if (config.databaseUrl !== undefined) {
    summary = await makeItHere(
      openPostgres(config.databaseUrl),
      config.dataDir,
      folder,
      config.diskMinFreeBytes,
    );
  } else {
    const database = join(config.dataDir, 'pglite');
    if (!existsSync(database)) {
      process.stderr.write(`There is no database in ${database}: check DATA_DIR (or set DATABASE_URL).\n`);
      return 1;
    }
    const answer = await askServer(config.dataDir, { command: 'backup', folder });
    if (answer === undefined) {
      process.stdout.write(
        'No server is running on this DATA_DIR: the backup is made from its files directly.\n',
      );
      summary = await makeItHere(await openPglite(database), config.dataDir, folder, config.diskMinFreeBytes);
    } else if (!answer.ok) {
      process.stderr.write(`${answer.error}\n`);
      return 1;
    } else {
      summary = answer.result as BackupSummary;
    }
  }
  process.stdout.write(
    `Backup written to ${summary.path}\n  ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files, ${formatBytes(summary.totalBytes)}, schema ${summary.schema}\n  made in ${(summary.durationMs / 1000).toFixed(1)} s (the database was held ${(summary.snapshotMs / 1000).toFixed(2)} s)\n`,
  );
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
