import { createReadStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import {
  applyMigration,
  CREATE_SCHEMA_MIGRATIONS,
  type Db,
  lockSchema,
  MIGRATIONS_DIR,
  migrate,
  migrationFiles,
  type Transaction,
} from '../lib/db';
import { listForeignKeys, listTables, loadOrder, quoteIdentifier } from './catalogue';
import { copyHashed, hashFile } from './data-files';
import { BackupRefused, type Manifest, readManifest } from './manifest';

/** Rows inserted per statement. */
const INSERT_ROWS = 500;

/**
 * The backup's manifest once everything in it has been checked: it was made by this version or an earlier
 * one (every migration it lists is known here), and every table and file is there with its size and
 * checksum. Anything else is a BackupRefused saying what, before anything is written anywhere.
 */
export async function verifyBackup(folder: string, migrationsDir = MIGRATIONS_DIR): Promise<Manifest> {
  const manifest = readManifest(folder);
  const known = migrationFiles(migrationsDir);
  const unknown = manifest.schema.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupRefused(
      `The backup comes from a newer StudyCam: its database has migration ${unknown.join(', ')}, which this version does not know (it knows up to ${known.at(-1) ?? '(none)'}). Restore it with that version or a newer one. Nothing was restored.`,
    );
  }
  const parts = [
    ...manifest.tables.map((table) => ({ file: table.file, bytes: table.bytes, sha256: table.sha256 })),
    ...manifest.files.map((file) => ({ file: `files/${file.path}`, bytes: file.bytes, sha256: file.sha256 })),
  ];
  for (const part of parts) {
    const path = join(folder, part.file);
    const size = statSync(path, { throwIfNoEntry: false })?.size;
    if (size === undefined) {
      throw new BackupRefused(`The backup is damaged: ${part.file} is missing. Nothing was restored.`);
    }
    if (size !== part.bytes || (await hashFile(path)).sha256 !== part.sha256) {
      throw new BackupRefused(
        `The backup is damaged: ${part.file} does not match its checksum in the manifest. Nothing was restored.`,
      );
    }
  }
  return manifest;
}

/** Refuses a database or data directory that already holds something a restore would mix with. */
export async function checkEmptyTarget(db: Db, dataDir: string, manifest: Manifest): Promise<void> {
  const tables = await listTables(db);
  const [history] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  if (tables.length > 0 || history?.present) {
    throw new BackupRefused(
      `The database is not empty (${tables.length} tables): a backup is restored into an empty database only, so that nothing of two products is mixed. Create an empty one, or use an empty DATA_DIR. Nothing was restored.`,
    );
  }
  const present = manifest.files.find((file) => existsSync(join(dataDir, file.path)));
  if (present !== undefined) {
    throw new BackupRefused(
      `DATA_DIR (${dataDir}) already holds ${present.path}: restore into an empty data directory. Nothing was restored.`,
    );
  }
}

/** The lines of a gzipped JSON-lines file, a batch at a time. */
async function* batchesOf(path: string): AsyncGenerator<string[]> {
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The columns a row can be given (generated columns are computed again). */
async function insertableColumns(tx: Transaction, table: string): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

async function loadTable(tx: Transaction, folder: string, table: Manifest['tables'][number]): Promise<void> {
  const name = quoteIdentifier(table.name);
  const columns = (await insertableColumns(tx, table.name)).map(quoteIdentifier).join(', ');
  let loaded = 0;
  for await (const batch of batchesOf(join(folder, table.file))) {
    // PostgreSQL reads each value back from the JSON row_to_json wrote, by the column's own type.
    await tx.query(
      `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE
       SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`,
      [`[${batch.join(',')}]`],
    );
    loaded += batch.length;
  }
  if (loaded !== table.rows) {
    throw new BackupRefused(
      `The backup is damaged: ${table.file} holds ${loaded} rows, the manifest says ${table.rows}. Nothing was restored.`,
    );
  }
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  /** Migrations of this version applied after the backup's data (it came from an earlier version). */
  upgradedWith: string[];
}

/**
 * Restores a verified backup into an empty database and data directory: DATA_DIR's files first (each checked
 * again as it is copied), then, in one transaction, the schema as the backup had it (its own migrations) and
 * every table's rows, loaded in foreign-key order with the tables' own triggers off (the rows are history,
 * not new events). Any failure leaves the database and DATA_DIR as they were. Migrations newer than the
 * backup run afterwards, as on an upgrade.
 */
export async function restoreBackup(options: {
  folder: string;
  db: Db;
  dataDir: string;
  migrationsDir?: string;
}): Promise<RestoreResult> {
  const { folder, db, dataDir } = options;
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const manifest = await verifyBackup(folder, migrationsDir);
  await checkEmptyTarget(db, dataDir, manifest);
  const written: string[] = [];
  try {
    for (const file of manifest.files) {
      const target = join(dataDir, file.path);
      const partial = `${target}.restoring`;
      written.push(partial);
      const copied = await copyHashed(join(folder, 'files', file.path), partial);
      if (copied.sha256 !== file.sha256) {
        throw new BackupRefused(`The backup is damaged: files/${file.path} changed while it was restored.`);
      }
      renameSync(partial, target);
      written.push(target);
    }
    await db.transaction(async (tx) => {
      await lockSchema(tx);
      await tx.exec(CREATE_SCHEMA_MIGRATIONS);
      for (const migration of manifest.schema.migrations) await applyMigration(tx, migrationsDir, migration);
      const tables = await listTables(tx);
      const missing = manifest.tables.find((table) => !tables.includes(table.name));
      if (missing !== undefined) {
        throw new BackupRefused(
          `The backup is damaged: it holds table ${missing.name}, which its own schema (${manifest.schema.version}) does not have. Nothing was restored.`,
        );
      }
      const byName = new Map(manifest.tables.map((table) => [table.name, table]));
      const order = loadOrder(tables, await listForeignKeys(tx)).filter((table) => byName.has(table));
      for (const table of order) {
        await tx.exec(`ALTER TABLE ${quoteIdentifier(table)} DISABLE TRIGGER USER`);
      }
      for (const table of order) {
        const entry = byName.get(table);
        if (entry !== undefined) await loadTable(tx, folder, entry);
      }
      for (const table of order) {
        await tx.exec(`ALTER TABLE ${quoteIdentifier(table)} ENABLE TRIGGER USER`);
      }
      for (const sequence of manifest.sequences) {
        await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [
          quoteIdentifier(sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
    });
  } catch (error) {
    for (const path of written.reverse()) rmSync(path, { force: true });
    throw error;
  }
  const upgradedWith = await migrate(db, migrationsDir);
  return {
    manifest,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    files: manifest.files.length,
    upgradedWith,
  };
}
