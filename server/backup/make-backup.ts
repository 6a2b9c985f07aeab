import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statfsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createGzip } from 'node:zlib';
import { appliedMigrations, type Db, type Transaction } from '../lib/db';
import { listSequences, listTables, quoteIdentifier, type SequenceState } from './catalogue';
import { copyDataFiles } from './data-files';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type Manifest,
  readManifest,
  type TableEntry,
  writeManifest,
} from './manifest';

/** Rows read from the snapshot per round trip. */
const FETCH_ROWS = 2_000;
/** A complete backup's folder name: studycam-backup-2026-11-24T10-30-00Z (no colons: copies anywhere). */
export const BACKUP_NAME = /^studycam-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(?:-\d+)?$/;

export interface BackupOptions {
  db: Db;
  dataDir: string;
  /** The folder the backup is written into, as a folder of its own. */
  folder: string;
  /** Space that must stay free on the backup's file system: a backup never fills the disk (0: no check). */
  minFreeBytes?: number;
  now?: () => Date;
}

export interface BackupResult {
  path: string;
  manifest: Manifest;
  /** How long the database was held for its snapshot (PGlite: no other statement ran meanwhile). */
  snapshotMs: number;
}

/** The backup could not be made; nothing of it is left behind. */
export class BackupFailed extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupFailed';
  }
}

/** A table's rows as gzipped JSON lines, written as they come; its size and checksum once closed. */
class TableFile {
  readonly #gzip = createGzip({ level: 6 });
  readonly #hash = createHash('sha256');
  readonly #done: Promise<unknown>;
  #bytes = 0;
  rows = 0;

  constructor(readonly path: string) {
    const out = createWriteStream(path, { mode: 0o600 });
    this.#gzip.on('data', (chunk: Buffer) => {
      this.#hash.update(chunk);
      this.#bytes += chunk.length;
    });
    this.#gzip.pipe(out);
    this.#done = Promise.all([once(out, 'close'), once(this.#gzip, 'end')]);
    out.on('error', (error) => this.#gzip.destroy(error));
  }

  async write(lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    this.rows += lines.length;
    if (!this.#gzip.write(`${lines.join('\n')}\n`)) await once(this.#gzip, 'drain');
  }

  async close(): Promise<{ bytes: number; sha256: string }> {
    this.#gzip.end();
    await this.#done;
    return { bytes: this.#bytes, sha256: this.#hash.digest('hex') };
  }
}

interface Snapshot {
  migrations: string[];
  sequences: SequenceState[];
  tables: { name: string; file: TableFile }[];
}

async function readTable(tx: Transaction, table: string, each: (lines: string[]) => Promise<void>) {
  // row_to_json writes every value the way PostgreSQL reads it back (json_populate_recordset on restore):
  // timestamps with their zone and microseconds, numbers exactly, arrays and jsonb as JSON, bytea as hex.
  await tx.query(
    `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS line FROM ${quoteIdentifier(table)} t`,
  );
  for (;;) {
    const rows = await tx.query<{ line: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
    if (rows.length > 0) await each(rows.map((row) => row.line));
    if (rows.length < FETCH_ROWS) break;
  }
  await tx.query('CLOSE backup_rows');
}

/**
 * Every table read in one transaction, so the copy is the database at one instant: a registration or a
 * payment in flight is in it entirely or not at all. On PostgreSQL the snapshot (REPEATABLE READ) blocks
 * nobody, and the rows are written out as they are read. PGlite has one connection, which the snapshot holds:
 * its rows are kept in memory and written out after it, so the server pauses only for the reading.
 */
async function takeSnapshot(db: Db, tablesDir: string): Promise<{ snapshot: Snapshot; snapshotMs: number }> {
  const held = db.kind === 'pglite';
  const started = performance.now();
  const buffered = new Map<string, string[][]>();
  const snapshot = await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const migrations = await appliedMigrations(tx);
    const sequences = await listSequences(tx);
    const tables: Snapshot['tables'] = [];
    for (const name of await listTables(tx)) {
      const file = new TableFile(join(tablesDir, `${name}.jsonl.gz`));
      tables.push({ name, file });
      if (held) {
        const chunks: string[][] = [];
        buffered.set(name, chunks);
        await readTable(tx, name, async (lines) => {
          chunks.push(lines);
        });
      } else {
        await readTable(tx, name, (lines) => file.write(lines));
      }
    }
    return { migrations, sequences, tables };
  });
  const snapshotMs = performance.now() - started;
  for (const { name, file } of snapshot.tables) {
    for (const lines of buffered.get(name) ?? []) await file.write(lines);
  }
  return { snapshot, snapshotMs };
}

function stampOf(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

/** The complete backups in a folder, oldest first (a folder being written has no such name yet). */
export function listBackups(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((name) => BACKUP_NAME.test(name)).sort();
}

/** The newest backup of the folder whose manifest reads, if any. */
export function newestBackup(folder: string): { path: string; manifest: Manifest } | undefined {
  for (const name of listBackups(folder).reverse()) {
    const path = join(folder, name);
    try {
      return { path, manifest: readManifest(path) };
    } catch {
      // Damaged: an older one may do.
    }
  }
  return undefined;
}

function checkSpace(folder: string, needed: number, minFree: number): void {
  if (minFree <= 0) return;
  const stats = statfsSync(folder);
  const free = stats.bavail * stats.bsize;
  if (free - needed < minFree) {
    const mb = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;
    throw new BackupFailed(
      `Not enough space for a backup in ${folder}: ${mb(free)} free, about ${mb(needed)} needed, and ${mb(minFree)} must stay free.`,
    );
  }
}

/**
 * Writes one backup of the whole product (every table, DATA_DIR's files, a manifest) into a new folder
 * inside `folder`. It is written under a hidden name and renamed once complete, so a backup that is there is
 * whole; a failure leaves nothing behind.
 */
export async function makeBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const folder = resolve(options.folder);
  const dataDir = resolve(options.dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const previous = newestBackup(folder);
  checkSpace(folder, previous?.manifest.totalBytes ?? 0, options.minFreeBytes ?? 0);

  let name = `studycam-backup-${stampOf(started)}`;
  for (let n = 1; listBackups(folder).includes(name); n += 1)
    name = `studycam-backup-${stampOf(started)}-${n}`;
  const partial = join(folder, `.${name}.partial`);
  const final = join(folder, name);
  try {
    mkdirSync(join(partial, 'tables'), { recursive: true, mode: 0o700 });
    const { snapshot, snapshotMs } = await takeSnapshot(options.db, join(partial, 'tables'));
    const tables: TableEntry[] = [];
    for (const { name: table, file } of snapshot.tables) {
      const { bytes, sha256 } = await file.close();
      tables.push({ name: table, rows: file.rows, file: relative(partial, file.path), bytes, sha256 });
    }
    // A backup folder inside DATA_DIR is not copied into itself.
    const inside = relative(dataDir, folder);
    const skip = inside.startsWith('..') || inside === '' ? [] : [inside];
    const files = await copyDataFiles(
      dataDir,
      join(partial, 'files'),
      previous === undefined ? undefined : { folder: previous.path, files: previous.manifest.files },
      skip,
    );
    const manifest = writeManifest(partial, {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: started.toISOString(),
      durationMs: Math.round(now().getTime() - started.getTime()),
      database: options.db.kind,
      schema: { version: snapshot.migrations.at(-1) ?? '', migrations: snapshot.migrations },
      tables,
      sequences: snapshot.sequences,
      files,
      totalBytes:
        tables.reduce((sum, table) => sum + table.bytes, 0) +
        files.reduce((sum, file) => sum + file.bytes, 0),
    });
    renameSync(partial, final);
    return { path: final, manifest, snapshotMs };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (error instanceof BackupFailed) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOSPC'
        ? `the disk of ${folder} is full`
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? `${folder} cannot be written to (${code})`
          : (error as Error).message;
    throw new BackupFailed(`The backup failed: ${reason}. Nothing was kept of it.`, { cause: error });
  }
}

/** Removes the oldest complete backups beyond `keep`, and partial ones a crash left (over a day old). */
export function pruneBackups(folder: string, keep: number): string[] {
  const removed: string[] = [];
  const complete = listBackups(folder);
  for (const name of complete.slice(0, Math.max(0, complete.length - keep))) {
    rmSync(join(folder, name), { recursive: true, force: true });
    removed.push(name);
  }
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(folder)) {
    if (!/^\.studycam-backup-.*\.partial$/.test(name)) continue;
    const path = join(folder, name);
    if (statSync(path).mtimeMs < dayAgo) {
      rmSync(path, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** What a backup's maker tells the operator: where it is and what it holds. */
export function backupSummary(result: BackupResult) {
  const { manifest } = result;
  return {
    path: result.path,
    createdAt: manifest.createdAt,
    schema: manifest.schema.version,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    files: manifest.files.length,
    totalBytes: manifest.totalBytes,
    durationMs: manifest.durationMs,
    snapshotMs: Math.round(result.snapshotMs),
  };
}
export type BackupSummary = ReturnType<typeof backupSummary>;
