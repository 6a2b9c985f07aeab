import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

// A backup is a folder: manifest.json, one gzipped JSON-lines file a table (tables/<name>.jsonl.gz, each line
// a row as PostgreSQL's row_to_json wrote it) and a copy of the files the product keeps beside its database
// (files/: imported media, profile pictures, the kept JWT secret). The manifest lists every file with its size
// and SHA-256, so a damaged or incomplete backup is found before anything is restored.

export const BACKUP_FORMAT = 'studycam-backup';
/** Raised when the layout changes in a way an older restore could not read. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const relativePath = z
  .string()
  .min(1)
  .refine((path) => !path.startsWith('/') && !path.split('/').includes('..'), 'a path inside the backup');

const tableEntry = z.object({
  name: z.string().min(1),
  rows: z.number().int().nonnegative(),
  file: relativePath,
  bytes: z.number().int().nonnegative(),
  sha256,
});

const fileEntry = z.object({
  /** Where the file goes back to, relative to DATA_DIR (media/videos/…, uploads/…, jwt-secret). */
  path: relativePath,
  bytes: z.number().int().nonnegative(),
  sha256,
  /** When the original was last changed: the next backup links an unchanged file instead of copying it. */
  modifiedMs: z.number(),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  durationMs: z.number().nonnegative(),
  /** The database it was taken from: a backup of either restores into either. */
  database: z.enum(['pglite', 'postgres']),
  schema: z.object({
    /** The newest migration applied, e.g. 009_orders.sql. */
    version: z.string(),
    migrations: z.array(z.string()),
  }),
  tables: z.array(tableEntry),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  files: z.array(fileEntry),
  /** Every table and file of the backup together, in bytes as stored. */
  totalBytes: z.number().int().nonnegative(),
  /** SHA-256 of this manifest written without this field: a change to the manifest itself is found too. */
  manifestSha256: sha256,
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = z.infer<typeof tableEntry>;
export type FileEntry = z.infer<typeof fileEntry>;

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function serialise(manifest: Omit<Manifest, 'manifestSha256'>): string {
  return JSON.stringify(manifest, null, 2);
}

export function writeManifest(folder: string, manifest: Omit<Manifest, 'manifestSha256'>): Manifest {
  const sealed = { ...manifest, manifestSha256: digest(serialise(manifest)) };
  writeFileSync(join(folder, MANIFEST_FILE), `${JSON.stringify(sealed, null, 2)}\n`, { mode: 0o600 });
  return sealed;
}

/** A backup that must not be restored, with the reason as an operator should read it. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

/** The manifest of a backup folder, checked against its own checksum; BackupRefused when it is not sound. */
export function readManifest(folder: string): Manifest {
  let text: string;
  try {
    text = readFileSync(join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupRefused(
      `${folder} is not a complete backup: it has no ${MANIFEST_FILE} (a backup still being written, or interrupted, has none).`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupRefused(`The backup is damaged: ${MANIFEST_FILE} is not valid JSON.`);
  }
  if (typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format === BACKUP_FORMAT) {
    const version = (raw as { formatVersion?: unknown }).formatVersion;
    if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
      throw new BackupRefused(
        `The backup was written in a newer backup format (${version}; this version reads ${BACKUP_FORMAT_VERSION}): restore it with the StudyCam that made it, or a newer one.`,
      );
    }
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'its shape';
    throw new BackupRefused(`The backup is damaged: ${MANIFEST_FILE} is not a StudyCam manifest (${where}).`);
  }
  // Checked on the file's own key order (JSON.parse keeps it), which is the order it was sealed in.
  const { manifestSha256, ...rest } = raw as Manifest;
  if (digest(serialise(rest)) !== manifestSha256) {
    throw new BackupRefused(`The backup is damaged: ${MANIFEST_FILE} does not match its own checksum.`);
  }
  return parsed.data;
}
