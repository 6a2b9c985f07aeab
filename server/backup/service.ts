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

interface ServiceOptions {
  db: Db;
  dataDir: string;
  config: BackupConfig;
  minFreeBytes: number;
  log: FastifyBaseLogger;
  registry: Registry;
  now?: () => number;
}

/** What one backup service keeps between its steps. */
interface ServiceState {
  db: Db;
  dataDir: string;
  config: BackupConfig;
  minFreeBytes: number;
  log: FastifyBaseLogger;
  now: () => number;
  startedAt: number;
  /** The newest complete backup in BACKUP_DIR as last looked for (at knownRead). */
  known: { at: number; sizeBytes: number } | undefined;
  knownRead: number;
  /** The backups one after the other: the next waits for this one. */
  queue: Promise<unknown>;
  timer: NodeJS.Timeout | undefined;
  closed: boolean;
  runs: Counter<'outcome'>;
  lastDuration: Gauge;
}

/** The counters of this process's backups, made by runBackup. */
function backupCounters(registry: Registry): Pick<ServiceState, 'runs' | 'lastDuration'> {
  return {
    runs: new Counter({
      name: 'backups_total',
      help: 'Backups made by this process (schedule and npm run backup), by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    lastDuration: new Gauge({
      name: 'backup_last_duration_seconds',
      help: 'How long the last successful backup of this process took',
      registers: [registry],
    }),
  };
}

/** The newest backup's time and size, read from BACKUP_DIR when /metrics is scraped. */
function newestBackupGauges(registry: Registry, state: ServiceState): void {
  new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'When the newest complete backup in BACKUP_DIR was made (0: none)',
    registers: [registry],
    collect() {
      const last = newestKnown(state);
      this.set(last === undefined ? 0 : last.at / 1000);
    },
  });
  new Gauge({
    name: 'backup_last_size_bytes',
    help: 'Size of the newest complete backup in BACKUP_DIR (0: none)',
    registers: [registry],
    collect() {
      this.set(newestKnown(state)?.sizeBytes ?? 0);
    },
  });
}

/** The newest complete backup in BACKUP_DIR, looked for again once STATUS_TTL_MS has passed. */
function newestKnown(state: ServiceState): ServiceState['known'] {
  if (state.now() - state.knownRead > STATUS_TTL_MS) {
    const found = newestBackup(state.config.dir);
    state.known =
      found === undefined
        ? undefined
        : { at: Date.parse(found.manifest.createdAt), sizeBytes: found.manifest.totalBytes };
    state.knownRead = state.now();
  }
  return state.known;
}

function statusOf(state: ServiceState): BackupStatus {
  const { config } = state;
  const last = newestKnown(state);
  const reference = last?.at ?? state.startedAt;
  return {
    lastAt: last === undefined ? null : new Date(last.at).toISOString(),
    sizeBytes: last?.sizeBytes ?? null,
    everySeconds: config.everyMs === undefined ? null : config.everyMs / 1000,
    overdue: config.everyMs !== undefined && state.now() - reference > overdueAfter(config.everyMs),
  };
}

/** One backup into `target`, counted and logged; a backup into BACKUP_DIR becomes the newest known. */
async function makeOneBackup(state: ServiceState, target: string): Promise<BackupResult> {
  const { db, dataDir, config, log } = state;
  const started = state.now();
  try {
    const result = await makeBackup({ db, dataDir, folder: target, minFreeBytes: state.minFreeBytes });
    state.runs.inc({ outcome: 'success' });
    state.lastDuration.set((state.now() - started) / 1000);
    if (target === config.dir) {
      state.known = { at: Date.parse(result.manifest.createdAt), sizeBytes: result.manifest.totalBytes };
      state.knownRead = state.now();
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
    state.runs.inc({ outcome: 'failure' });
    log.error({ err: error, folder: target }, (error as Error).message);
    throw error;
  }
}

/** A backup after the one under way, if any: never two at once. */
function runBackup(state: ServiceState, folder?: string): Promise<BackupResult> {
  const target = folder ?? state.config.dir;
  const attempt = state.queue.then(() => makeOneBackup(state, target));
  state.queue = attempt.catch(() => {});
  return attempt;
}

function warnIfOverdue(state: ServiceState): void {
  const current = statusOf(state);
  if (current.overdue) {
    state.log.warn(
      { lastBackupAt: current.lastAt, everySeconds: current.everySeconds, folder: state.config.dir },
      current.lastAt === null
        ? 'no backup has been made yet, and BACKUP_EVERY asks for one: see the errors above'
        : `the last backup (${current.lastAt}) is older than BACKUP_EVERY: see the errors above`,
    );
  }
}

function schedule(state: ServiceState, delayMs: number): void {
  if (state.closed || state.config.everyMs === undefined) return;
  state.timer = setTimeout(() => tick(state), Math.max(0, delayMs));
  state.timer.unref();
}

/** A scheduled backup when one is due (then the older ones pruned), and the next one scheduled. */
async function tick(state: ServiceState): Promise<void> {
  const { config, log } = state;
  const everyMs = config.everyMs as number;
  const last = newestKnown(state);
  const due = last === undefined ? 0 : last.at + everyMs - state.now();
  if (due > 1_000) {
    schedule(state, due);
    return;
  }
  try {
    await runBackup(state);
    const removed = pruneBackups(config.dir, config.keep);
    if (removed.length > 0) log.info({ removed, keep: config.keep }, 'older backups removed');
    schedule(state, everyMs);
  } catch {
    warnIfOverdue(state);
    schedule(state, Math.min(everyMs, RETRY_AFTER_FAILURE_MS));
  }
}

/** With BACKUP_EVERY: the first scheduled backup, when the newest is due (or soon after the start). */
function startSchedule(state: ServiceState): void {
  const { config, log } = state;
  if (config.everyMs === undefined) return;
  if (state.db.kind === 'postgres') {
    log.warn(
      'BACKUP_EVERY runs a backup in every process; with PostgreSQL and several processes, schedule `npm run backup` on one machine instead (server/README.md "Backups")',
    );
  }
  const last = newestKnown(state);
  schedule(
    state,
    last === undefined ? Math.min(FIRST_DELAY_MS, config.everyMs) : last.at + config.everyMs - state.now(),
  );
  warnIfOverdue(state);
}

export function createBackupService(options: ServiceOptions): BackupService {
  const now = options.now ?? Date.now;
  const state: ServiceState = {
    db: options.db,
    dataDir: options.dataDir,
    config: options.config,
    minFreeBytes: options.minFreeBytes,
    log: options.log,
    now,
    startedAt: now(),
    known: undefined,
    knownRead: Number.NEGATIVE_INFINITY,
    queue: Promise.resolve(),
    timer: undefined,
    closed: false,
    ...backupCounters(options.registry),
  };
  newestBackupGauges(options.registry, state);
  startSchedule(state);
  return {
    run: (folder) => runBackup(state, folder),
    status: () => statusOf(state),
    async close() {
      state.closed = true;
      clearTimeout(state.timer);
      await state.queue;
    },
  };
}
