import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { BackupConfig } from '../config';
import type { Db } from '../lib/db';
import { type BackupResult, makeBackup, newestBackup, pruneBackups } from './make-backup';

// The server's side of backups: one at a time (the operator socket's and the schedule's), the schedule itself
// (BACKUP_EVERY, BACKUP_KEEP), and what /health and /metrics say about the last one.

export interface BackupStatus {
  /** The newest complete backup in BACKUP_DIR (made by the schedule or by `npm run backup`). */
  lastAt: string | null;
  sizeBytes: number | null;
  /** BACKUP_EVERY in seconds; null without a schedule. */
  everySeconds: number | null;
  /** A schedule is set and the newest backup is older than it (or there is none since the start). */
  overdue: boolean;
}

export interface BackupService {
  /** Makes a backup now into `folder` (BACKUP_DIR by default); a second call waits for the first. */
  run(folder?: string): Promise<BackupResult>;
  status(): BackupStatus;
  /** Stops the schedule and waits for a backup under way. */
  close(): Promise<void>;
}

/** How long the folder's newest backup is remembered before it is looked for again. */
const STATUS_TTL_MS = 30_000;
/** After a failed scheduled backup, the next try comes this soon (or at the schedule, if sooner). */
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
/** The first scheduled backup after a start, when none is due earlier: the start is not slowed by it. */
const FIRST_DELAY_MS = 60_000;

/** A backup older than its schedule, with some slack for the backup's own duration. */
function overdueAfter(everyMs: number): number {
  return everyMs + Math.max(60_000, everyMs / 10);
}

export function createBackupService(options: {
  db: Db;
  dataDir: string;
  config: BackupConfig;
  minFreeBytes: number;
  log: FastifyBaseLogger;
  registry: Registry;
  now?: () => number;
}): BackupService {
  const { db, dataDir, config, log } = options;
  const now = options.now ?? Date.now;
  const startedAt = now();
  let known: { at: number; sizeBytes: number } | undefined;
  let knownRead = Number.NEGATIVE_INFINITY;
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const runs = new Counter({
    name: 'backups_total',
    help: 'Backups made by this process (schedule and npm run backup), by outcome',
    labelNames: ['outcome'] as const,
    registers: [options.registry],
  });
  const lastDuration = new Gauge({
    name: 'backup_last_duration_seconds',
    help: 'How long the last successful backup of this process took',
    registers: [options.registry],
  });

  const newest = () => {
    if (now() - knownRead > STATUS_TTL_MS) {
      const found = newestBackup(config.dir);
      known =
        found === undefined
          ? undefined
          : { at: Date.parse(found.manifest.createdAt), sizeBytes: found.manifest.totalBytes };
      knownRead = now();
    }
    return known;
  };

  const status = (): BackupStatus => {
    const last = newest();
    const reference = last?.at ?? startedAt;
    return {
      lastAt: last === undefined ? null : new Date(last.at).toISOString(),
      sizeBytes: last?.sizeBytes ?? null,
      everySeconds: config.everyMs === undefined ? null : config.everyMs / 1000,
      overdue: config.everyMs !== undefined && now() - reference > overdueAfter(config.everyMs),
    };
  };

  new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'When the newest complete backup in BACKUP_DIR was made (0: none)',
    registers: [options.registry],
    collect() {
      const last = newest();
      this.set(last === undefined ? 0 : last.at / 1000);
    },
  });
  new Gauge({
    name: 'backup_last_size_bytes',
    help: 'Size of the newest complete backup in BACKUP_DIR (0: none)',
    registers: [options.registry],
    collect() {
      this.set(newest()?.sizeBytes ?? 0);
    },
  });

  const run = (folder?: string): Promise<BackupResult> => {
    const target = folder ?? config.dir;
    const attempt = queue.then(async () => {
      const started = now();
      try {
        const result = await makeBackup({ db, dataDir, folder: target, minFreeBytes: options.minFreeBytes });
        runs.inc({ outcome: 'success' });
        lastDuration.set((now() - started) / 1000);
        if (target === config.dir) {
          known = { at: Date.parse(result.manifest.createdAt), sizeBytes: result.manifest.totalBytes };
          knownRead = now();
        }
        log.info(
          {
            backup: result.path,
            bytes: result.manifest.totalBytes,
            durationMs: result.manifest.durationMs,
            snapshotMs: Math.round(result.snapshotMs),
          },
          'backup written',
        );
        return result;
      } catch (error) {
        runs.inc({ outcome: 'failure' });
        log.error({ err: error, folder: target }, (error as Error).message);
        throw error;
      }
    });
    queue = attempt.catch(() => {});
    return attempt;
  };

  const warnIfOverdue = () => {
    const current = status();
    if (current.overdue) {
      log.warn(
        { lastBackupAt: current.lastAt, everySeconds: current.everySeconds, folder: config.dir },
        current.lastAt === null
          ? 'no backup has been made yet, and BACKUP_EVERY asks for one: see the errors above'
          : `the last backup (${current.lastAt}) is older than BACKUP_EVERY: see the errors above`,
      );
    }
  };

  const schedule = (delayMs: number) => {
    if (closed || config.everyMs === undefined) return;
    timer = setTimeout(tick, Math.max(0, delayMs));
    timer.unref();
  };

  async function tick() {
    const everyMs = config.everyMs as number;
    const last = newest();
    const due = last === undefined ? 0 : last.at + everyMs - now();
    if (due > 1_000) {
      schedule(due);
      return;
    }
    try {
      await run();
      const removed = pruneBackups(config.dir, config.keep);
      if (removed.length > 0) log.info({ removed, keep: config.keep }, 'older backups removed');
      schedule(everyMs);
    } catch {
      warnIfOverdue();
      schedule(Math.min(everyMs, RETRY_AFTER_FAILURE_MS));
    }
  }

  if (config.everyMs !== undefined) {
    if (db.kind === 'postgres') {
      log.warn(
        'BACKUP_EVERY runs a backup in every process; with PostgreSQL and several processes, schedule `npm run backup` on one machine instead (server/README.md "Backups")',
      );
    }
    const last = newest();
    schedule(
      last === undefined ? Math.min(FIRST_DELAY_MS, config.everyMs) : last.at + config.everyMs - now(),
    );
    warnIfOverdue();
  }

  return {
    run,
    status,
    async close() {
      closed = true;
      clearTimeout(timer);
      await queue;
    },
  };
}
