import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../server/backup/manifest';
import { openPglite, openPostgres } from '../../server/lib/db';
import { freshPostgresDatabase, testBackend } from './helpers/app';
import { registerOn, type ServerProcess, startServerProcess } from './helpers/server-process';

/**
 * Issue 22, as an operator types it: `npm run backup` while the server runs (on the embedded database the
 * server makes it, through its operator socket), the schedule (BACKUP_EVERY, BACKUP_KEEP) and what /health and
 * /metrics say of it, `npm run restore` into an empty DATA_DIR or database and a server started on it, where
 * the sessions are as they were (the kept JWT secret comes back with the data). Refusals: a damaged backup, a
 * target that is not empty, a second server on one embedded database, a schema newer than the server knows.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const METRICS_TOKEN = 'backup-cli-metrics-token';
const postgres = testBackend() === 'postgres';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(path, { recursive: true, force: true }));
  return path;
}

/** DATA_DIR, and on PostgreSQL a database of its own: the environment a server or a command runs with. */
async function target(): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = folder('study-app-cli-data-');
  if (!postgres) return { dataDir, env: { DATA_DIR: dataDir } };
  const database = await freshPostgresDatabase();
  cleanups.push(database.drop);
  return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: database.url } };
}

/** `npm run <script>` as the operator runs it (tsx on the script), with the server's environment. */
function command(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run backup and npm run restore', () => {
  let original: { dataDir: string; env: Record<string, string> };
  let server: ServerProcess;
  let scheduled: string;
  let backup: string;
  let student: { id: string; token: string };
  let loggedOut: { token: string };

  beforeAll(async () => {
    original = await target();
    scheduled = folder('study-app-scheduled-');
    server = await startServerProcess(
      {
        ...original.env,
        // Unset: the secret is generated and kept in DATA_DIR/jwt-secret, which a backup carries.
        JWT_SECRET: '',
        BACKUP_DIR: scheduled,
        BACKUP_EVERY: '2s',
        BACKUP_KEEP: '2',
        METRICS_TOKEN,
      },
      { dataDir: original.dataDir },
    );
    cleanups.push(async () => {
      await server.stop();
    });
  }, 120_000);

  it('backs up the running server on demand, and on its schedule', { timeout: 120_000 }, async () => {
    student = await registerOn(server, 'kept');
    loggedOut = await registerOn(server, 'gone');
    expect(
      (await server.call('POST', '/users/student/logout', { token: loggedOut.token, body: {} })).status,
    ).toBe(200);
    const into = folder('study-app-manual-');
    const made = await command('backup', ['--to', into], original.env);
    expect(made.out).toMatch(/^Backup written to .*studycam-backup-/m);
    expect(made.code).toBe(0);
    // On the embedded database the running server made it: the command never opened the files itself.
    expect(made.out).not.toMatch(/No server is running/);
    const [name] = readdirSync(into);
    backup = join(into, name as string);
    expect(readManifest(backup).files.map((file) => file.path)).toContain('jwt-secret');

    // The schedule: a backup every 2 s, the newest two kept; /health and /metrics tell the newest.
    const deadline = Date.now() + 60_000;
    let health: { backup: { lastAt: string | null; sizeBytes: number | null; overdue: boolean } } | undefined;
    for (;;) {
      health = (await server.call<NonNullable<typeof health>>('GET', '/health')).body;
      const kept = readdirSync(scheduled).filter((entry) => entry.startsWith('studycam-backup-'));
      if (
        kept.length === 2 &&
        health.backup.lastAt !== null &&
        server.output.some((line) => line.includes('older backups removed'))
      ) {
        break;
      }
      if (Date.now() > deadline) throw new Error(`no scheduled backups:\n${server.output.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(health.backup).toMatchObject({ overdue: false, sizeBytes: expect.any(Number) });
    expect(Date.now() - Date.parse(health.backup.lastAt as string)).toBeLessThan(30_000);
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await metrics.text();
    expect(text).toMatch(/^backup_last_success_timestamp_seconds \d+/m);
    expect(text).toMatch(/^backup_last_size_bytes [1-9]\d*/m);
    expect(text).toMatch(/^backups_total\{outcome="success"\} [1-9]/m);
  });

  it('refuses a second server on the same embedded database', { timeout: 60_000 }, async () => {
    if (postgres) {
      // Several processes on one PostgreSQL database is the supported way to run more: nothing to refuse.
      return;
    }
    const second = startServerProcess({ ...original.env }, { dataDir: original.dataDir });
    await expect(second).rejects.toThrow(/Another StudyCam server is already running on DATA_DIR/);
    // The first one still serves.
    expect((await server.call('GET', '/users/profile', { token: student.token })).status).toBe(200);
  });

  it('restores into an empty target, where the sessions are as they were', { timeout: 180_000 }, async () => {
    await server.stop();
    const fresh = await target();
    const restored = await command('restore', [backup], fresh.env);
    expect(restored.out).toMatch(/^Restored /m);
    expect(restored.code).toBe(0);
    expect(readFileSync(join(fresh.dataDir, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(join(original.dataDir, 'jwt-secret'), 'utf8'),
    );

    const again = await command('restore', [backup], fresh.env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(postgres ? /The database is not empty/ : /already holds a database/);

    const onRestored = await startServerProcess({ ...fresh.env, JWT_SECRET: '' }, { dataDir: fresh.dataDir });
    try {
      expect((await onRestored.call('GET', '/users/profile', { token: student.token })).status).toBe(200);
      expect((await onRestored.call('GET', '/users/profile', { token: loggedOut.token })).status).toBe(401);
    } finally {
      await onRestored.stop();
    }

    // Upgraded elsewhere by a newer version: this server will not start on it, and says why.
    if (postgres) {
      const db = openPostgres(fresh.env.DATABASE_URL as string);
      await db.query("INSERT INTO schema_migrations (name) VALUES ('999_from_the_future.sql')");
      await db.close();
    } else {
      const db = await openPglite(join(fresh.dataDir, 'pglite'));
      await db.query("INSERT INTO schema_migrations (name) VALUES ('999_from_the_future.sql')");
      await db.close();
    }
    await expect(startServerProcess({ ...fresh.env }, { dataDir: fresh.dataDir })).rejects.toThrow(
      /StudyCam could not start: The database was upgraded by a newer StudyCam: it has migration 999_from_the_future\.sql/,
    );
  });

  it('refuses a damaged backup and leaves the target as it was', { timeout: 120_000 }, async () => {
    const manifest = readManifest(backup);
    const table = manifest.tables.find((entry) => entry.name === 'students');
    if (table === undefined) throw new Error('no students table in the backup');
    const path = join(backup, table.file);
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, bytes.length - 7));
    const fresh = await target();
    const refused = await command('restore', [backup], fresh.env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(
      /The backup is damaged: tables\/students\.jsonl\.gz does not match its checksum/,
    );
    expect(readdirSync(fresh.dataDir)).toEqual([]);
    expect(existsSync(join(fresh.dataDir, 'pglite'))).toBe(false);
  });
});
