import { constants } from 'node:fs';
import { access, mkdir, statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from './errors';
import { addMessages } from './i18n';

// A full disk or a data directory that became read-only (a disk remounted so after errors) must not leave
// half-written records or hang the server. PostgreSQL and PGlite fail a write that finds no room for a table
// (disk_full, 53100) and roll its transaction back; but PGlite, finding no room for its next write-ahead log
// segment (16 MB), never returns: its process spins until killed, even once space is back. So writes are
// refused here first, with a 503, while DATA_DIR has less free space than DISK_MIN_FREE_MB or cannot be
// written to, and accepted again as soon as it can (checked at most once a second).

addMessages({
  en: {
    storageUnavailable:
      "StudyCam cannot save anything right now: the server's storage is full or unavailable. Nothing was changed; please try again later.",
  },
  fr: {
    storageUnavailable:
      "StudyCam ne peut rien enregistrer pour le moment : l'espace de stockage du serveur est plein ou indisponible. Rien n'a été modifié ; veuillez réessayer plus tard.",
  },
});

/** A client told the storage is full is asked to come back in a minute, not in 5 s: space takes a person. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;
const RECHECK_MS = 1_000;

export type StorageProblem = 'full' | 'unwritable';

export interface StorageState {
  problem: StorageProblem | null;
  /** Free bytes for the server's user on DATA_DIR's file system (null: not known). */
  freeBytes: number | null;
}

export interface DiskGuard {
  /** Throws the 503 when DATA_DIR cannot take a write now. */
  check(): Promise<void>;
  /** The last state seen (for /health). */
  state(): StorageState;
}

export function storageUnavailable(): HttpError {
  return new HttpError(503, 'storageUnavailable', {}, { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) });
}

/** Errors that mean the storage, not the request, is at fault: a full disk, a read-only one, a quota. */
export function isStorageError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'ENOSPC' || code === 'EROFS' || code === 'EDQUOT' || code === '53100';
}

export function createDiskGuard(dir: string, minFreeBytes: number, log: FastifyBaseLogger): DiskGuard {
  let current: StorageState = { problem: null, freeBytes: null };
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<StorageState> | undefined;

  const measure = async (): Promise<StorageState> => {
    await mkdir(dir, { recursive: true }).catch(() => {});
    let freeBytes: number | null = null;
    try {
      const stats = await statfs(dir);
      freeBytes = stats.bavail * stats.bsize;
    } catch {
      // Not measurable (a file system without statfs): only writability is checked.
    }
    const writable = await access(dir, constants.W_OK).then(
      () => true,
      () => false,
    );
    const problem: StorageProblem | null = !writable
      ? 'unwritable'
      : freeBytes !== null && freeBytes < minFreeBytes
        ? 'full'
        : null;
    return { problem, freeBytes };
  };

  const refresh = async (): Promise<StorageState> => {
    const next = await measure();
    if (next.problem !== current.problem) {
      const freeMb = next.freeBytes === null ? null : Math.floor(next.freeBytes / 1024 / 1024);
      if (next.problem === 'full') {
        log.error(
          { dataDir: dir, freeMb, minFreeMb: minFreeBytes / 1024 / 1024 },
          `storage full: DATA_DIR has ${freeMb} MB free, under DISK_MIN_FREE_MB; writes are refused (503) until space is freed`,
        );
      } else if (next.problem === 'unwritable') {
        log.error(
          { dataDir: dir },
          'storage unwritable: DATA_DIR cannot be written to (read-only or permissions); writes are refused (503) until it can',
        );
      } else {
        log.info({ dataDir: dir, freeMb }, 'storage available again: writes are accepted');
      }
    }
    current = next;
    checkedAt = Date.now();
    return next;
  };

  return {
    async check() {
      if (Date.now() - checkedAt > RECHECK_MS) {
        pending ??= refresh().finally(() => {
          pending = undefined;
        });
        await pending;
      }
      if (current.problem !== null) throw storageUnavailable();
    },
    state: () => current,
  };
}
