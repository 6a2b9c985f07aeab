import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileEntry } from './manifest';

// The files the product keeps beside its database in DATA_DIR: what is copied into a backup, and back.

/**
 * What in DATA_DIR is not copied as a file, and why. Everything else is (imported media, profile pictures,
 * the kept JWT secret, and whatever a later version keeps there), so a new folder is backed up by default.
 */
const NOT_COPIED: Record<string, string> = {
  pglite: 'the embedded database: its tables are in the backup, read from one snapshot',
  run: "the running server's operator socket",
  outbox: 'password-reset mails already written out; their links expire within the hour',
};

/** The files of DATA_DIR that a backup holds, as paths relative to it ('/' separated), sorted. */
export function listDataFiles(dataDir: string, alsoSkip: readonly string[] = []): string[] {
  const skipped = new Set(alsoSkip.map((path) => join(dataDir, path)));
  const found: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (skipped.has(path)) continue;
      if (dir === dataDir && name in NOT_COPIED) continue;
      // Partial files of an upload or import in progress are not the product's data yet.
      if (name.endsWith('.part') || name.endsWith('.tmp')) continue;
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat?.isFile()) found.push(relative(dataDir, path).split(sep).join('/'));
    }
  };
  walk(dataDir);
  return found.sort();
}

/** Copies a file while hashing it (one read for both); the copy's directory is created. */
export async function copyHashed(source: string, target: string): Promise<{ bytes: number; sha256: string }> {
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    createReadStream(source),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(target, { mode: 0o600 }),
  );
  return { bytes, sha256: hash.digest('hex') };
}

export async function hashFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Copies DATA_DIR's files into `target`. A file unchanged since the previous backup (same size and change
 * time) is hard-linked to that backup's copy instead, so keeping seven backups of gigabytes of lessons costs
 * the lessons once; where links are impossible (another file system), it is copied.
 */
export async function copyDataFiles(
  dataDir: string,
  target: string,
  previous: { folder: string; files: readonly FileEntry[] } | undefined,
  alsoSkip: readonly string[] = [],
): Promise<FileEntry[]> {
  const before = new Map((previous?.files ?? []).map((entry) => [entry.path, entry]));
  const entries: FileEntry[] = [];
  for (const path of listDataFiles(dataDir, alsoSkip)) {
    const source = join(dataDir, path);
    const stat = lstatSync(source, { throwIfNoEntry: false });
    // Removed since it was listed (a picture replaced meanwhile): the database snapshot may not name it.
    if (!stat?.isFile()) continue;
    const copy = join(target, path);
    const kept = before.get(path);
    if (
      previous !== undefined &&
      kept !== undefined &&
      kept.bytes === stat.size &&
      kept.modifiedMs === stat.mtimeMs &&
      existsSync(join(previous.folder, 'files', path))
    ) {
      mkdirSync(dirname(copy), { recursive: true, mode: 0o700 });
      try {
        linkSync(join(previous.folder, 'files', path), copy);
        entries.push(kept);
        continue;
      } catch {
        // Another file system, or links not allowed: copied below.
      }
    }
    try {
      const { bytes, sha256 } = await copyHashed(source, copy);
      entries.push({ path, bytes, sha256, modifiedMs: stat.mtimeMs });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
  }
  return entries;
}
